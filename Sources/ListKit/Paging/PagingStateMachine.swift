import Foundation

/// The rules of a paged list as a value: which request to make, and what a response does.
///
/// Every method is a pure transition that returns the ``Action``s its owner (``PagedList``) then
/// performs; nothing here does I/O, reads a clock or starts a task, so every race rule is a
/// plain value transition a test can drive in any order. The machine composes four parts, each
/// with its own invariants:
///
/// - ``PagingRequests``, the request protocol: one request per direction; a next or previous page
///   only after a first page of the current generation, and never while a refresh is loading or
///   failed; the next and previous directions never wait for each other, nor does a failure in
///   one block the other; `refresh()` cancels in-flight next and previous pages and starts a new
///   generation; a response whose ticket is not the one in flight for its direction is dropped;
///   `retry()` repeats the failed requests in the same generation; a cache answer is applied only
///   to the read in flight and only before a first page came from the loader;
/// - ``PagePositions``: an empty page, `hasMore == false`, a missing or already-seen cursor end
///   paging in the direction of the page; the previous direction also ends at page index
///   `firstIndex`, offset 0, or a first page without a ``Page/previousCursor``; a list started
///   at an anchor (``PagingAnchor``) loads its first page there and pages both ways;
/// - ``PagingItemStore``: items never hold two entries with one id (``DuplicateIDPolicy``),
///   checked in O(1) per item;
/// - ``HeldPages``: with a ``PagingConfiguration/maximumItemCount``, a page that takes the items
///   over it drops whole pages at the far end (the top after a next page, the bottom after a
///   previous page), cancels that direction's load and re-opens it at the first dropped page.
///
/// - ``PagingProgress``: pages that add no new item while claiming more end their direction with a
///   ``PagingNoProgressError`` after ``PagingNoProgressError/pageBound`` in a row.
///
/// Only a list started at the top reads and saves the cached first page; after a failure, a
/// display event (prefetch) starts nothing until `retry()` or `refresh()`;
/// `switchContext(to:query:hasCache:)` cancels everything in flight and forgets the items and the
/// total, so nothing of an old context is applied or saved under the new key — unless the new
/// context is a new token for the same account (a rotation), which changes nothing but the
/// token; `signOut(removingCachedEntries:)` stops everything and starts nothing until a context
/// is set again.
package struct PagingStateMachine<Item: Identifiable> {
  /// Identifies one request.
  package typealias Ticket = PagingRequests.Ticket

  /// Why `loadNextPage` is called.
  package enum Trigger: Hashable, Sendable {
    /// The app asked (a button, a test); after a failure this repeats the failed request.
    case explicit
    /// A row near the end was displayed; does nothing after a failure.
    case prefetch
  }

  /// What the owner must do after a transition, in order.
  package enum Action {
    /// Read the cached first page under this key and pass the answer, with the ticket, to
    /// ``cacheLoaded(_:_:now:)``.
    case readCache(Ticket, PageCacheKey)
    /// Start loading `request`; pass the result to ``succeeded(_:with:)`` or ``failed(_:with:)``.
    case load(Ticket, PageRequest)
    /// Cancel the load or cache read started under this ticket (its answer will be dropped
    /// anyway).
    case cancel(Ticket)
    /// Save this first page to the cache under this key, off the main actor.
    case saveFirstPage(Page<Item>, PageCacheKey)
    /// The items changed outside a load or cache report (a context switch emptied them).
    case changeItems(ItemsChange)
    /// Remove the cached entries of the user of this key (sign-out), after every save before.
    case removeCachedEntries(PageCacheKey)
    /// A request ended: report it, and what it did to the items.
    case reportRequest(RequestCompletion, ItemsChange?)
    /// The cache read ended: report it, and what it did to the items.
    case reportCache(CacheLoadCompletion, ItemsChange?)
  }

  /// The style, sizes, prefetch distance and duplicate policy.
  package let configuration: PagingConfiguration
  /// The context every request carries; ``switchContext(to:query:hasCache:)`` changes it.
  package private(set) var context: RequestContext
  /// The key the first page is read from and saved under: it follows the context.
  package private(set) var cacheKey: PageCacheKey
  /// Where the list started: what its refreshes load.
  package private(set) var anchor: PagingAnchor = .top
  /// The item a refresh in place reloads around, which the view then keeps on screen; `nil` for
  /// other first pages.
  package private(set) var focusItemID: Item.ID?
  /// The age of the shown cached page, or `nil` when the items are not from the cache.
  package private(set) var cachedPageAge: Duration?
  /// The number of items on the server, as the last page that said so said, or `nil` when unknown.
  package private(set) var totalCount: Int?
  /// The requests in flight and failed, tickets and generations.
  package private(set) var requests = PagingRequests()
  /// Where the next and previous pages start.
  package private(set) var positions: PagePositions
  /// The items the pages brought, with the edits kept.
  package internal(set) var store = PagingItemStore<Item>()
  var pages: HeldPages
  private var progress = PagingProgress()
  /// The edits shown on top of the items, oldest first (see `PagingStateMachine+Edits.swift`).
  var edits = PagingEdits<Item>()
  /// The items shown while `hasEdits`: `items` with the edits applied.
  var shown: [Item] = []
  /// Whether `edits` holds any: a plain flag, read on every page without touching the generic
  /// overlay.
  var hasEdits = false
  /// Whether the list was signed out: nothing is requested until a context is set.
  package private(set) var isSignedOut = false

  /// Creates a machine with nothing loaded.
  /// - Parameters:
  ///   - configuration: The style, sizes, prefetch distance and duplicate policy.
  ///   - context: The context every request carries.
  ///   - listName: The list's name in the cache key.
  ///   - query: The query in the cache key.
  package init(
    configuration: PagingConfiguration, context: RequestContext = RequestContext(), listName: String = "list",
    query: String? = nil
  ) {
    self.configuration = configuration
    self.context = context
    self.cacheKey = PageCacheKey(listName: listName, context: context, query: query)
    self.positions = PagePositions(configuration)
    self.pages = HeldPages(
      maximumItemCount: configuration.maximumItemCount,
      recordsEveryPage: configuration.refreshMode == .aroundLastViewedItem)
  }

  /// Checks the invariants of every part.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  package func checkInvariants() throws(PagingInvariantViolation) {
    try requests.checkInvariants()
    try positions.checkInvariants()
    try store.checkInvariants()
    try pages.checkInvariants(itemCount: items.count)
    try checkEditInvariants()
    try progress.checkInvariants()
    if isSignedOut {
      try PagingInvariantViolation.check(
        !hasLoadInFlight && items.isEmpty && context == RequestContext(),
        "signed out, yet something is loaded, in flight or known of the user")
    }
  }
}

// MARK: - Transitions

extension PagingStateMachine {
  /// Starts the list: asks the cache and the network at once (a slow disk holds back nothing).
  ///
  /// The newest start wins: a first page loading elsewhere (a jump, a refresh in place) is
  /// replaced, its answer dropped; only the same top page already loading is kept.
  /// - Parameters:
  ///   - hasCache: Whether the owner has a cache to read.
  ///   - anchor: Where to start; refreshes load there from now on. The cache is read only for
  ///     ``PagingAnchor/top``: it holds the top page.
  /// - Returns: `.readCache` (once in the machine's life, and only before a first page loaded),
  ///   then the refresh's actions.
  package mutating func start(hasCache: Bool, at anchor: PagingAnchor = .top) -> [Action] {
    guard !isSignedOut else { return [] }
    self.anchor = anchor
    var actions: [Action] = []
    if hasCache, startsAtTop, let ticket = requests.startCacheRead() {
      actions.append(.readCache(ticket, cacheKey))
    }
    return actions + startFirstPage(at: positions.first(at: anchor), focus: nil)
  }

  /// Applies the cache's answer to the read started under `ticket`, or drops it when stale.
  ///
  /// A cache that answers after the network is reported as superseded.
  /// - Parameters:
  ///   - ticket: The ticket of the read.
  ///   - lookup: The cache's answer.
  ///   - now: The current time, for the page's age.
  /// - Returns: The cache report, or nothing for a dropped answer.
  package mutating func cacheLoaded(_ ticket: Ticket, _ lookup: PageCacheLookup<Item>, now: Date) -> [Action]
  {
    guard requests.finishCacheRead(ticket) else { return [] }
    switch lookup {
    // The cache holds the top page: not shown once the list jumped elsewhere.
    case .hit(let cached) where !requests.hasLoadedFirstPage && startsAtTop:
      // A saved date comes from disk: a clock set back gives a negative age, a corrupt entry
      // any double at all; clamp both (at about 31,700 years) so that the conversion cannot trap.
      let seconds = now.timeIntervalSince(cached.savedAt)
      let bounded = seconds.isNaN ? 0 : min(max(0, seconds), 1e12)
      let age = Duration.milliseconds(Int64((bounded * 1000).rounded()))
      replaceItems(with: cached.page.items)
      cachedPageAge = age
      totalCount = Self.validTotal(cached.page.totalCount)
      let change = showEdits(after: .reloaded(count: items.count))
      return [.reportCache(CacheLoadCompletion(.shown(age: age, itemCount: shownCount)), change)]
    case .hit:
      return [.reportCache(CacheLoadCompletion(.superseded), nil)]
    case .miss(let reason):
      return [.reportCache(CacheLoadCompletion(.missed(reason)), nil)]
    }
  }

  /// Changes the context on a live list (another user, another query, a sign-in after
  /// ``signOut(removingCachedEntries:)``): cancels everything in flight, empties the items,
  /// forgets the cached-page age, the total and failures, switches the cache key, then starts as
  /// ``start(hasCache:at:)`` does.
  ///
  /// A new token for the same account, values and query (``RequestContext/isRotation(to:)``) is a
  /// rotation: only the token changes. The items, positions, loads in flight and the cache key
  /// stay, nothing starts, and the next request (or retry of a failed one) carries the new token.
  /// - Parameters:
  ///   - context: The new context.
  ///   - query: The query of the new cache key.
  ///   - hasCache: Whether the owner has a cache to read.
  /// - Returns: The cancellations, the emptied items, the cache read and the refresh; nothing for
  ///   a rotation.
  package mutating func switchContext(to context: RequestContext, query: String?, hasCache: Bool) -> [Action]
  {
    if !isSignedOut, self.context.isRotation(to: context), query == cacheKey.query {
      self.context = context
      requests.replaceContextOfFailedRequests(with: context)
      return []
    }
    var actions: [Action] = requests.reset().map(Action.cancel)
    isSignedOut = false
    cachedPageAge = nil
    totalCount = nil
    self.context = context
    cacheKey = PageCacheKey(listName: cacheKey.listName, context: context, query: query)
    forgetEdits()
    replaceItems(with: [])
    actions.append(.changeItems(.reloaded(count: 0)))
    return actions + start(hasCache: hasCache, at: anchor)
  }

  /// Signs out: cancels everything in flight (whatever it still answers is dropped, unreported),
  /// empties the items, forgets the context, the total and failures, and starts nothing until
  /// ``switchContext(to:query:hasCache:)`` sets a context again.
  /// - Parameter removingCachedEntries: Whether the signed-out user's cached entries go too.
  /// - Returns: The cancellations, the emptied items, then `.removeCachedEntries` of the
  ///   signed-out key when asked.
  package mutating func signOut(removingCachedEntries: Bool) -> [Action] {
    var actions: [Action] = requests.reset().map(Action.cancel)
    let signedOutKey = cacheKey
    isSignedOut = true
    cachedPageAge = nil
    totalCount = nil
    context = RequestContext()
    cacheKey = PageCacheKey(listName: cacheKey.listName, context: context)
    positions.reset()
    progress.reset()
    forgetEdits()
    replaceItems(with: [])
    actions.append(.changeItems(.reloaded(count: 0)))
    if removingCachedEntries { actions.append(.removeCachedEntries(signedOutKey)) }
    return actions
  }

  /// Cancels the loads and the cache read in flight.
  ///
  /// Whatever they still answer is dropped, and nothing is reported for them. The items and
  /// failures stay.
  /// - Returns: `.cancel` for each of them.
  package mutating func cancel() -> [Action] {
    requests.cancelAll().map(Action.cancel)
  }

  /// Starts loading the first page in a new generation, cancelling in-flight next and previous
  /// pages.
  ///
  /// The first page is the anchor's, or, in ``PagingRefreshMode/aroundLastViewedItem`` mode, the
  /// page of the item displayed last (when one was). A jump or another first page loading is
  /// replaced; the same top page loading is kept (nothing starts).
  /// - Returns: `.cancel` for the replaced first page and in-flight next and previous pages, then
  ///   `.load` of the first page.
  package mutating func refresh() -> [Action] {
    guard !isSignedOut else { return [] }
    if configuration.refreshMode == .aroundLastViewedItem, let viewed = pages.lastViewedPage,
      items.indices.contains(viewed.index)
    {
      return startFirstPage(at: viewed.position, focus: items[viewed.index].id)
    }
    return startFirstPage(at: positions.first(at: anchor), focus: nil)
  }

  /// Starts a first page at `position`; see ``refresh()`` for what it replaces.
  private mutating func startFirstPage(at position: PageRequest.Position, focus: Item.ID?) -> [Action] {
    let request = PageRequest(
      position: position, context: context, isFirstPage: true, isAnchored: position != positions.top)
    // The newest jump wins: only the very same top page already loading is kept.
    let replacing = requests.refreshRequest.map { $0.isAnchored || $0.position != position } ?? false
    guard let (cancelled, ticket) = requests.startRefresh(request, replacing: replacing) else { return [] }
    positions.reset()
    focusItemID = focus
    progress.reset()
    return cancelled.map(Action.cancel) + [.load(ticket, request)]
  }

  /// Starts loading the next page, when there is one and nothing forbids it.
  ///
  /// Not while a next page is in flight, while a refresh is in flight or failed, before a first
  /// page, or at the end. After a next-page failure an explicit call repeats it and a prefetch
  /// does nothing.
  /// - Parameter trigger: Why it is called.
  /// - Returns: `.load` of the next page, or nothing.
  package mutating func loadNextPage(_ trigger: Trigger = .explicit) -> [Action] {
    loadPage(before: false, trigger)
  }

  /// Starts loading the page before the first item: the rules of ``loadNextPage(_:)`` in the
  /// other direction, and independent of it.
  /// - Parameter trigger: Why it is called.
  /// - Returns: `.load` of the previous page, or nothing.
  package mutating func loadPreviousPage(_ trigger: Trigger = .explicit) -> [Action] {
    loadPage(before: true, trigger)
  }

  /// Asks for the next page when the displayed row is within the prefetch distance of the end,
  /// and for the previous page when it is within the prefetch distance of the top.
  /// - Parameter index: The index of the row about to be displayed; out-of-range indexes do nothing.
  /// - Returns: `.load` of the next page, then of the previous page, or nothing.
  package mutating func itemWillDisplay(at index: Int) -> [Action] {
    let count = shownCount
    guard index >= 0, index < count else { return [] }
    // The page record counts loaded items; an item only a pending edit shows has no page.
    if let loaded = hasEdits ? shownItem(at: index).flatMap({ store.index(of: $0.id) }) : index {
      pages.viewed(loaded)
    }
    var actions: [Action] = []
    if count - 1 - index <= configuration.prefetchDistance { actions += loadNextPage(.prefetch) }
    if index <= configuration.prefetchDistance { actions += loadPreviousPage(.prefetch) }
    return actions
  }

  /// Repeats the failed requests in the same generation: the refresh if it failed, else the next
  /// and the previous page, whichever failed.
  /// - Returns: `.load` of each failed request, or nothing when nothing failed.
  package mutating func retry() -> [Action] {
    guard !isSignedOut else { return [] }
    return requests.retry().map { Action.load($0, $1) }
  }

  /// Applies a page that arrived for `ticket`, or drops it when the ticket is not in flight.
  /// - Parameters:
  ///   - ticket: The ticket the request was started under.
  ///   - page: The page.
  /// - Returns: For a first page at the top `.saveFirstPage` then the report; for any other page
  ///   the report; nothing for a dropped response.
  package mutating func succeeded(_ ticket: Ticket, with page: Page<Item>) -> [Action] {
    guard let (direction, request) = requests.succeed(ticket) else { return [] }
    guard direction == .refresh else { return applyPage(page, loadedBy: request) }
    cachedPageAge = nil
    totalCount = Self.validTotal(page.totalCount)
    replaceItems(with: page.items)
    positions.placeFirstPage(request, page)
    pages.reset(
      to: heldPage(items.count, page, before: positions.previous, after: positions.next, at: request.position)
    )
    let change = showEdits(after: .reloaded(count: items.count))
    let report = Action.reportRequest(completion(.refresh, error: nil), change)
    // The cache holds the top page; a page opened in the middle (a jump, a refresh in place) is not
    // one, whatever the list does now. Its cursors stay out: a cached page is only shown, never
    // paged from, and a server may put the token in a next link (`.queryParameter` authentication).
    var saved = page
    saved.nextCursor = nil
    saved.previousCursor = nil
    return request.isAnchored ? [report] : [.saveFirstPage(saved, cacheKey), report]
  }

  /// Records the failure of the request started under `ticket`, or drops it when not in flight.
  /// - Parameters:
  ///   - ticket: The ticket the request was started under.
  ///   - error: The failure.
  /// - Returns: The report, or nothing for a dropped response.
  package mutating func failed(_ ticket: Ticket, with error: PagingError) -> [Action] {
    guard let direction = requests.fail(ticket, with: error) else { return [] }
    return [.reportRequest(completion(direction, error: error), nil)]
  }
}

// MARK: - Helpers

extension PagingStateMachine {
  /// The rules ``loadNextPage(_:)`` and ``loadPreviousPage(_:)`` share, for the direction after
  /// the items or, when `before`, before them.
  private mutating func loadPage(before: Bool, _ trigger: Trigger) -> [Action] {
    guard !isSignedOut, case .at(let position) = before ? positions.previous : positions.next,
      requests.canStartPage(before: before)
    else { return [] }
    if let failed = requests.failedPage(before: before) {
      return trigger == .explicit ? [.load(requests.startPage(failed), failed)] : []
    }
    let request = PageRequest(
      position: position, context: context, isFirstPage: false, isPreviousPage: before)
    return [.load(requests.startPage(request), request)]
  }

  /// Adds a next page below the items, or a previous page above them (the request says which),
  /// then drops pages at the other end when over the maximum.
  private mutating func applyPage(_ page: Page<Item>, loadedBy request: PageRequest) -> [Action] {
    let above = request.isPreviousPage
    totalCount = Self.validTotal(page.totalCount) ?? totalCount
    let heldBefore = items.count
    let change: ItemsChange
    if above {
      change = store.prepend(page.items, policy: configuration.duplicatePolicy)
      positions.retreat(past: request, page)
      let below = positions.edge(below: request, page)
      pages.add(
        heldPage(
          items.count - heldBefore, page, before: positions.previous, after: below, at: request.position),
        above: true)
    } else {
      change = store.append(page.items, policy: configuration.duplicatePolicy)
      positions.advance(past: request, page)
      let before = positions.edge(before: request, page)
      pages.add(
        heldPage(items.count - heldBefore, page, before: before, after: positions.next, at: request.position),
        above: false)
    }
    let direction: PagingDirection = above ? .previousPage : .nextPage
    let stalled = noProgress(change, page: page, direction: direction)
    guard
      let drop = pages.drop(
        fromTop: !above, itemCount: items.count, keepingWithin: configuration.prefetchDistance)
    else {
      let shownChange = showEdits(after: change)
      return [.reportRequest(completion(direction, error: stalled), shownChange)]
    }
    if above { store.removeLast(drop.removed.count) } else { store.removeFirst(drop.removed.count) }
    let farEnd: PagingDirection = above ? .nextPage : .previousPage
    positions.reopen(farEnd, at: drop.edge, forgetting: drop.cursors)
    let stale = requests.reopen(farEnd)
    let shownChange = showEdits(after: drop.applied(to: change))
    let report = Action.reportRequest(completion(direction, error: stalled), shownChange)
    return (stale.map { [.cancel($0)] } ?? []) + [report]
  }

  /// Counts a next or previous page that added no item although more follow; at the bound, fails
  /// its direction at the position it would load next.
  /// - Returns: The error that ended the direction, or `nil`.
  private mutating func noProgress(_ change: ItemsChange, page: Page<Item>, direction: PagingDirection)
    -> PagingError?
  {
    let before = direction == .previousPage
    let added: Int
    switch change {
    case .appended(let inserted, _), .prepended(let inserted, _): added = inserted.count
    case .reloaded, .dropped, .edited: added = 1
    }
    let edge = before ? positions.previous : positions.next
    guard case .at(let position) = edge,
      let cause = progress.record(added: added, claimsMore: page.hasMore, direction: direction)
    else { return nil }
    let error = PagingError(loaderError: cause, direction: direction, redacting: nil)
    let request = PageRequest(
      position: position, context: context, isFirstPage: false, isPreviousPage: before)
    requests.failPage(request, with: error)
    return error
  }

  /// Replaces every item (a first page, a cached page, a context switch).
  private mutating func replaceItems(with newItems: [Item]) {
    store.replaceAll(with: newItems, policy: configuration.duplicatePolicy)
    pages.reset(
      to: heldPage(
        items.count, Page(items: [], hasMore: false), before: .unknown, after: .unknown, at: positions.top))
  }

  private func heldPage(
    _ count: Int, _ page: Page<Item>, before: PagePositions.Edge, after: PagePositions.Edge,
    at position: PageRequest.Position
  ) -> HeldPages.Page {
    HeldPages.Page(
      count: count, before: before, after: after,
      cursors: [page.nextCursor, page.previousCursor].compactMap { $0 },
      position: position)
  }

  /// A server's total, or `nil` for none or a negative one (a total is a count of items).
  private static func validTotal(_ total: Int?) -> Int? {
    total.flatMap { $0 >= 0 ? $0 : nil }
  }

  private func completion(_ direction: PagingDirection, error: PagingError?) -> RequestCompletion {
    RequestCompletion(
      direction: direction, error: error, hasMore: hasMore, isBlank: isBlank, hasPrevious: hasPrevious)
  }
}
