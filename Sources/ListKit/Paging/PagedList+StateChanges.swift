extension PagedList {
  /// A stream of the list's states: the current one first, then one after every change.
  ///
  /// Each call makes a new stream; it ends when the consuming task is cancelled. States are
  /// buffered without limit, so stop iterating (cancel the task) when no longer interested.
  /// - Returns: The stream.
  public func stateChanges() -> AsyncStream<PagedListState> {
    let (stream, continuation) = AsyncStream.makeStream(of: PagedListState.self)
    let id = nextSubscriberID
    nextSubscriberID += 1
    subscribers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.subscribers[id] = nil }
    }
    continuation.yield(state)
    return stream
  }

  func publish(_ state: PagedListState) {
    for continuation in subscribers.values { continuation.yield(state) }
  }
}
