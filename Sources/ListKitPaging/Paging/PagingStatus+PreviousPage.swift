extension PagingStatus {
  /// What the status row above a ``PagedSection``'s items shows for the previous-page direction.
  ///
  /// While older items remain it says they load (a row near the top on screen asks for them at
  /// once, so the row is there before the user reaches it, rather than appearing above what they
  /// read); it says "no older items" only at the top of a list that did not start there (a chat, a
  /// list opened at an item): a list started at the top has no earlier items from its first page
  /// on, which is nothing to announce.
  /// - Parameters:
  ///   - previousPageState: The state of the previous-page direction.
  ///   - hasPrevious: Whether a previous page can be loaded.
  ///   - startsAtTop: Whether the list started at the top.
  init(previousPageState: LoadState, hasPrevious: Bool, startsAtTop: Bool) {
    switch previousPageState {
    case .idle: self = hasPrevious ? .loading : .hidden
    case .loading: self = .loading
    case .failed(let error): self = .failed(error)
    case .reachedEnd: self = startsAtTop ? .hidden : .reachedEnd(totalCount: nil)
    }
  }
}
