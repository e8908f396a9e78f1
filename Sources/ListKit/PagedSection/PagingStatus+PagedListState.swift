extension PagingStatus {
  /// The status of a paged list, from one of its states: what a footer or an empty-state view
  /// bound to ``PagedList/stateChanges()`` shows.
  ///
  /// Agrees with the status row of a ``PagedSection`` showing the same list, so a refresh resets
  /// a footer exactly as it resets the row ("no more data" becomes hidden again).
  /// - Parameter state: A state of the list.
  public init(_ state: PagedListState) {
    self.init(
      isBlank: state.isBlank, hasItems: state.itemCount > 0, refreshState: state.refreshState,
      nextPageState: state.nextPageState, totalCount: state.totalCount)
  }
}
