import Foundation

// What a `PagingStateMachine`'s owner reads: derived from its parts, never stored twice.
extension PagingStateMachine {
  /// The loaded items, without two entries of one id: what the pages brought, with the edits kept.
  package var items: [Item] { content.items }

  /// The items shown: the loaded items with the pending edits applied.
  package var shownItems: [Item] { content.shownItems }

  /// The item shown at `index`, or `nil` out of range.
  package func shownItem(at index: Int) -> Item? {
    let items = shownItems
    return index >= 0 && index < items.count ? items[index] : nil
  }

  /// Whether an edit waits for its confirmation or roll-back.
  package func isPending(_ edit: PendingEdit) -> Bool {
    content.isPending(edit)
  }

  /// The id of the item the user is at: the first a view reported on screen, else the one it
  /// displayed last; `nil` before one was displayed since the items were replaced.
  package var placeItemID: Item.ID? { content.placeItemID }

  /// The number of items on the server, as the last page that said so said, or `nil` when unknown.
  package var totalCount: Int? { content.totalCount }

  /// The age of the shown cached page, or `nil` when the items are not from the cache.
  package var cachedPageAge: Duration? { content.cachedPageAge }

  /// The number of refreshes started.
  package var generation: Int { requests.generation }

  /// Whether a refresh, a next or previous page, or a cache read that can still be shown is under
  /// way.
  package var hasLoadInFlight: Bool { requests.hasLoadInFlight }

  /// The in-flight ticket of a direction, if any.
  package func ticket(of direction: PagingDirection) -> Ticket? {
    requests.ticket(of: direction)
  }

  /// The public state of the refresh direction.
  package var refreshState: LoadState { Self.state(requests.refresh, edge: .unknown) }

  /// The public state of the next-page direction.
  package var nextPageState: LoadState { Self.state(requests.nextPage, edge: positions.next) }

  /// The public state of the previous-page direction; ``LoadState/reachedEnd`` is "no earlier
  /// items".
  package var previousPageState: LoadState { Self.state(requests.previousPage, edge: positions.previous) }

  /// The three directions' states, as ``PagedList/loadStates`` shows them.
  package var loadStates: PagingLoadStates {
    PagingLoadStates(refresh: refreshState, next: nextPageState, previous: previousPageState)
  }

  /// Whether a first page has loaded and no item is held.
  package var isBlank: Bool { requests.hasLoadedFirstPage && cachedPageAge == nil && shownItems.isEmpty }

  /// Whether a next page can be asked for now (or is being loaded).
  package var hasMore: Bool {
    if case .at = positions.next { true } else { false }
  }

  /// Whether a previous page can be asked for now (or is being loaded).
  package var hasPrevious: Bool {
    if case .at = positions.previous { true } else { false }
  }

  /// Whether refreshes load the top page: the one page the cache holds.
  package var startsAtTop: Bool { positions.first(at: anchor) == positions.top }

  /// What the status row, footer or empty state shows: ``PagedList/status``.
  package var status: PagingStatus {
    PagingStatus(
      isBlank: isBlank, hasItems: !shownItems.isEmpty, refreshState: refreshState,
      nextPageState: nextPageState, totalCount: totalCount)
  }

  /// What the row above the items shows: ``PagedList/previousPageStatus``.
  package var previousPageStatus: PagingStatus {
    PagingStatus(previousPageState: previousPageState, hasPrevious: hasPrevious, startsAtTop: startsAtTop)
  }

  /// Checks the invariants of every part.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  package func checkInvariants() throws(PagingInvariantViolation) {
    try requests.checkInvariants()
    try positions.checkInvariants()
    try content.checkInvariants()
    try progress.checkInvariants()
    if isSignedOut {
      try PagingInvariantViolation.check(
        !hasLoadInFlight && items.isEmpty && context == RequestContext(),
        "signed out, yet something is loaded, in flight or known of the user")
    }
  }

  /// The report of a request of `direction` that ended, with `error` when it failed.
  func completion(_ direction: PagingDirection, error: PagingError?) -> RequestCompletion {
    RequestCompletion(
      direction: direction, error: error, hasMore: hasMore, isBlank: isBlank, hasPrevious: hasPrevious)
  }

  /// The age of a cached page at `now`.
  ///
  /// A saved date comes from disk: a clock set back gives a negative age, a corrupt entry any
  /// double at all; both are clamped (at about 31,700 years) so that the conversion cannot trap.
  static func age(of cached: CachedPage<Item>, now: Date) -> Duration {
    let seconds = now.timeIntervalSince(cached.savedAt)
    let bounded = seconds.isNaN ? 0 : min(max(0, seconds), 1e12)
    return Duration.milliseconds(Int64((bounded * 1000).rounded()))
  }

  /// `page` as the cache saves it: without its cursors, since a cached page is only shown, never
  /// paged from, and a server may put the token in a next link (`.queryParameter` authentication).
  static func cacheable(_ page: Page<Item>) -> Page<Item> {
    var saved = page
    saved.nextCursor = nil
    saved.previousCursor = nil
    return saved
  }

  private static func state(_ load: PagingRequests.Load, edge: PagePositions.Edge) -> LoadState {
    switch load {
    case .loading: .loading
    case .failed(let error, _): .failed(error)
    case .idle: edge == .end ? .reachedEnd : .idle
    }
  }
}
