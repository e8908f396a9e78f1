/// Everything about a ``PagedList`` except its items, as one value: an element of
/// ``PagedList/stateChanges()``.
public struct PagedListState: Hashable, Sendable {
  /// The state of the refresh (first page) direction.
  public var refreshState: LoadState
  /// The state of the next-page direction.
  public var nextPageState: LoadState
  /// The number of items held.
  public var itemCount: Int
  /// Whether the list has loaded and holds no items.
  public var isBlank: Bool
  /// How old the shown cached first page is, or `nil` when the items are not from the cache.
  public var cachedPageAge: Duration?
  /// What the step that produced this state did to the items, or `nil` when they did not change.
  public var itemsChange: ItemsChange?
  /// The number of items on the server, or `nil` when unknown (``PagedList/totalCount``).
  public var totalCount: Int?
  /// The state of the previous-page direction (``PagedList/previousPageState``).
  public var previousPageState: LoadState

  /// Whether the items shown are the cached first page (no network answer yet).
  public var isShowingCachedPage: Bool { cachedPageAge != nil }

  /// Creates a state.
  /// - Parameters:
  ///   - refreshState: The refresh direction's state.
  ///   - nextPageState: The next-page direction's state.
  ///   - itemCount: The number of items.
  ///   - isBlank: Whether the loaded list is empty.
  ///   - cachedPageAge: The age of the shown cached page.
  ///   - itemsChange: What the last step did to the items.
  ///   - totalCount: The number of items on the server, or `nil` when unknown.
  ///   - previousPageState: The previous-page direction's state.
  public init(
    refreshState: LoadState, nextPageState: LoadState, itemCount: Int, isBlank: Bool,
    cachedPageAge: Duration?, itemsChange: ItemsChange?, totalCount: Int? = nil,
    previousPageState: LoadState = .idle
  ) {
    self.previousPageState = previousPageState
    self.refreshState = refreshState
    self.nextPageState = nextPageState
    self.itemCount = itemCount
    self.isBlank = isBlank
    self.cachedPageAge = cachedPageAge
    self.itemsChange = itemsChange
    self.totalCount = totalCount
  }
}
