extension PagedList {
  /// A stream of the list's events, from now on: items changed, status changed, request or
  /// cache read ended, in the order they happened.
  ///
  /// The channel for code that awaits: the same events the callbacks receive, delivered later.
  /// Read the current state from the list itself (``status``, ``items``…). Each call makes a new
  /// stream; it ends when the consuming task is cancelled. Events are buffered without limit, so
  /// stop iterating (cancel the task) when no longer interested.
  ///
  /// ```swift
  /// for await event in photos.events() {
  ///   if case .requestCompleted(let completion) = event, completion.direction == .refresh { break }
  /// }
  /// ```
  /// - Returns: The stream.
  public func events() -> AsyncStream<PagedListEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: PagedListEvent.self)
    let id = receivers.add(.app, owner: self) { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.receivers.remove(id) }
    }
    return stream
  }
}
