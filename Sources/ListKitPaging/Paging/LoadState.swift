/// The state of one load direction of a ``PagedList``.
public enum LoadState: Hashable, Sendable {
  /// Nothing in flight, more may be loaded.
  case idle
  /// A request is in flight.
  case loading
  /// The last request failed; ``PagedList/retry()`` repeats it.
  case failed(PagingError)
  /// No more pages: the server said so, sent an empty page, or repeated a cursor.
  ///
  /// The next-page direction reaches it at the last page ("no more data"), the previous-page
  /// direction at the first ("no earlier items"); a refresh resets both.
  case reachedEnd

  /// Whether a request is in flight.
  public var isLoading: Bool { self == .loading }

  /// The error of a failed load, or `nil`.
  public var error: PagingError? {
    if case .failed(let error) = self { error } else { nil }
  }
}
