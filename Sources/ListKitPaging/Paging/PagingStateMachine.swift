import Foundation

/// The rules of a paged list as a value: which request to make, and what a response does.
///
/// Every method is a pure transition that returns the ``Action``s its owner (``PagedList``) then
/// performs: no I/O, clock or task, so every race rule is a value transition a test can drive in
/// any order. The machine sequences its parts, each holding its own state and rules:
///
/// - ``PagingRequests``: one request per direction, tickets, generations, retries, the cache race;
/// - ``PagePositions``: where the first, next and previous pages start, and where paging ends;
/// - ``PagingProgress``: pages that add nothing while claiming more end their direction;
/// - ``PagingContent``: what the list holds and shows, itself the loaded items
///   (``PagingItemStore``, never two with one id), the pages they came in (``HeldPages``: what
///   ``PagingConfiguration/maximumItemCount`` drops, what a refresh in place reloads) and the
///   edits shown on top (``PagingEdits``).
///
/// The machine's own rules: only a list started at the top reads and saves the cached first page;
/// nothing of an old context is applied or saved under a new key; a signed-out list starts
/// nothing until a context is set again.
package struct PagingStateMachine<Item: Identifiable> {
  /// The style, sizes, prefetch distance and duplicate policy.
  package let configuration: PagingConfiguration
  /// The context every request carries; ``switchContext(to:query:hasCache:)`` changes it.
  package private(set) var context: RequestContext
  /// The key the first page is read from and saved under: it follows the context.
  package private(set) var cacheKey: PageCacheKey
  /// Where the list started: what its refreshes load.
  package private(set) var anchor: PagingAnchor<Item.ID> = .top
  /// The item a refresh in place reloads around, which the view then keeps on screen; `nil` for
  /// other first pages.
  package private(set) var focusItemID: Item.ID?
  /// The rows the view showed above ``focusItemID`` (items only pending edits show), which it
  /// shows above it again.
  package private(set) var focusRowsAbove = 0
  /// Whether the list was signed out: nothing is requested until a context is set.
  package private(set) var isSignedOut = false
  /// The requests in flight and failed, tickets and generations.
  package private(set) var requests = PagingRequests()
  /// Where the next and previous pages start.
  package private(set) var positions: PagePositions
  /// The items held and shown, their pages and the edits.
  private(set) var content: PagingContent<Item>
  /// Next and previous pages in a row that added nothing.
  private(set) var progress = PagingProgress()
  /// Where the next and previous pages started before the refresh in flight or failed: a refresh
  /// that fails puts them back, so the list pages on from the items it keeps.
  private var positionsBeforeRefresh: (positions: PagePositions, progress: PagingProgress)?

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
    self.content = PagingContent(configuration)
  }

  /// Starts the list: asks the cache and the network at once (a slow disk holds back nothing).
  ///
  /// The newest start wins over a first page loading elsewhere; the same top page loading is kept.
  /// - Parameters:
  ///   - hasCache: Whether the owner has a cache to read.
  ///   - anchor: Where to start; refreshes load there from now on. The cache is read only for
  ///     ``PagingAnchor/top``: it holds the top page.
  /// - Returns: `.readCache` (once in the machine's life, and only before a first page loaded),
  ///   then the refresh's actions.
  package mutating func start(hasCache: Bool, at anchor: PagingAnchor<Item.ID> = .top) -> [Action] {
    guard !isSignedOut else { return [] }
    self.anchor = anchor
    var actions: [Action] = []
    if hasCache, startsAtTop, let ticket = requests.startCacheRead() {
      actions.append(.readCache(ticket, cacheKey))
    }
    return actions + startFirstPage(at: positions.first(at: anchor), focus: nil)
  }

  /// Applies the cache's answer to the read started under `ticket`, or drops it when stale; one
  /// that answers after the network is reported as superseded.
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
      let age = Self.age(of: cached, now: now)
      let record = HeldPages<Item>.Page(
        count: 0, before: .unknown, after: .unknown, cursors: [], position: positions.top)
      let change = content.replaceAll(with: cached.page, recording: record, age: age)
      return [.reportCache(.shown(age: age, itemCount: shownItems.count), change)]
    case .hit:
      return [.reportCache(.superseded, nil)]
    case .miss(let reason):
      return [.reportCache(.missed(reason), nil)]
    }
  }

  /// Changes the context on a live list (another user, another query, a sign-in after
  /// ``signOut(removingCachedEntries:)``): forgets everything, then starts as
  /// ``start(hasCache:at:)`` does.
  ///
  /// A new token for the same account, values and query (``RequestContext/isRotation(to:)``) only
  /// changes the token the next request (or retry) carries.
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
    isSignedOut = false
    let actions = forgetEverything(switchingTo: context, query: query)
    return actions + start(hasCache: hasCache, at: anchor)
  }

  /// Signs out: forgets everything (``forgetEverything(switchingTo:query:)``) and the context, and
  /// starts nothing until ``switchContext(to:query:hasCache:)`` sets a context again.
  /// - Parameter removingCachedEntries: Whether the signed-out user's cached entries go too.
  /// - Returns: The cancellations, the emptied items, then `.removeCachedEntries` of the
  ///   signed-out key when asked.
  package mutating func signOut(removingCachedEntries: Bool) -> [Action] {
    let signedOutKey = cacheKey
    isSignedOut = true
    var actions = forgetEverything(switchingTo: RequestContext(), query: nil)
    if removingCachedEntries { actions.append(.removeCachedEntries(signedOutKey)) }
    return actions
  }

  /// Cancels the loads and the cache read in flight: their answers are dropped, unreported; the
  /// items and failures stay.
  /// - Returns: `.cancel` for each of them.
  package mutating func cancel() -> [Action] {
    requests.cancelAll().map(Action.cancel)
  }

  /// Starts loading the first page in a new generation, cancelling in-flight next and previous
  /// pages.
  ///
  /// The anchor's page, or, in ``PagingRefreshMode/aroundLastViewedItem`` mode, the page of the
  /// item displayed last (when one was and is still held). A jump or another first page loading
  /// is replaced; the same top page loading is kept (nothing starts).
  /// - Returns: `.cancel` for the replaced first page and in-flight next and previous pages, then
  ///   `.load` of the first page.
  package mutating func refresh() -> [Action] {
    guard !isSignedOut else { return [] }
    if let viewed = content.lastViewedPage {
      defer { focusRowsAbove = content.rowsAbovePlace }
      return startFirstPage(at: viewed.position, focus: viewed.id)
    }
    return startFirstPage(at: positions.first(at: anchor), focus: nil)
  }

  /// Repeats the failed requests in the same generation: the refresh if it failed, else the next
  /// and the previous page, whichever failed.
  /// - Returns: `.load` of each failed request, or nothing when nothing failed.
  package mutating func retry() -> [Action] {
    guard !isSignedOut else { return [] }
    let (cancelled, started) = requests.retry()
    if started.contains(where: { $0.1.direction == .refresh }) { setAsidePositions() }
    return cancelled.map(Action.cancel) + started.map { Action.load($0, $1) }
  }

  /// Starts a first page at `position`; see ``refresh()`` for what it replaces.
  private mutating func startFirstPage(at position: PageRequest.Position, focus: Item.ID?) -> [Action] {
    let request = PageRequest(
      position: position, context: context, direction: .refresh, isAnchored: position != positions.top)
    let isRefreshing = requests.refreshRequest != nil
    guard let (cancelled, ticket) = requests.startRefresh(request) else { return [] }
    if !isRefreshing { setAsidePositions() }
    focusItemID = focus
    focusRowsAbove = 0
    return cancelled.map(Action.cancel) + [.load(ticket, request)]
  }

  /// Keeps where the pages around the items start, for a refresh that fails, and forgets them
  /// for the first page: it places the pages anew.
  private mutating func setAsidePositions() {
    positionsBeforeRefresh = requests.hasLoadedFirstPage ? (positions, progress) : nil
    positions.reset()
    progress.reset()
  }

  /// Cancels everything in flight (its answers are dropped, unreported), forgets the items, edits,
  /// pages, failures, cached-page age and total, and takes `context` and its cache key.
  /// - Returns: The cancellations, then the emptied items.
  private mutating func forgetEverything(switchingTo context: RequestContext, query: String?) -> [Action] {
    let cancelled = requests.reset().map(Action.cancel)
    self.context = context
    cacheKey = PageCacheKey(listName: cacheKey.listName, context: context, query: query)
    content.removeAll()
    positions.reset()
    progress.reset()
    positionsBeforeRefresh = nil
    return cancelled + [.changeItems(.reloaded(count: 0))]
  }

  /// Starts loading the next page, when there is one and ``PagingRequests`` allows it (after a
  /// failure, nothing: ``retry()`` repeats it).
  /// - Returns: `.load` of the next page, or nothing.
  package mutating func loadNextPage() -> [Action] {
    loadPage(before: false)
  }

  /// Starts loading the page before the first item: the rules of ``loadNextPage(_:)`` in the
  /// other direction, and independent of it.
  /// - Returns: `.load` of the previous page, or nothing.
  package mutating func loadPreviousPage() -> [Action] {
    loadPage(before: true)
  }

  /// Records the row about to be displayed, and asks for the next page when it is within the
  /// prefetch distance of the end, and for the previous page when within it of the top.
  /// - Parameters:
  ///   - index: The index of the row among the items shown; out of range does nothing.
  ///   - onScreen: The indexes of the items the view shows now, when it says; a page dropped to
  ///     stay within the maximum never holds one of them.
  /// - Returns: `.load` of the next page, then of the previous page, or nothing.
  package mutating func itemWillDisplay(at index: Int, onScreen: ClosedRange<Int>? = nil) -> [Action] {
    let shown = shownItems
    guard index >= 0, index < shown.count else { return [] }
    content.viewed(shown[index])
    if let onScreen { _ = screenShows(onScreen) }
    var actions: [Action] = []
    if shown.count - 1 - index <= configuration.prefetchDistance { actions += loadNextPage() }
    if index <= configuration.prefetchDistance { actions += loadPreviousPage() }
    return actions
  }

  /// Records the items the view shows now (see ``itemWillDisplay(at:onScreen:)``), without a row
  /// displayed: where a refresh in place brings the user back to.
  /// - Parameter onScreen: The indexes of the items on screen, among the items shown; out of
  ///   range does nothing.
  /// - Returns: Nothing: it starts no load.
  package mutating func screenShows(_ onScreen: ClosedRange<Int>) -> [Action] {
    if onScreen.lowerBound >= 0, onScreen.upperBound < shownItems.count { content.onScreen(onScreen) }
    return []
  }

  /// Applies a page that arrived for `ticket`, or drops it when the ticket is not in flight.
  ///
  /// A next or previous page may drop pages at the other end, which re-opens that direction there.
  /// - Parameters:
  ///   - ticket: The ticket the request was started under.
  ///   - page: The page.
  /// A next or previous page that lands while the screen a view reported
  /// (``itemWillDisplay(at:onScreen:)``) still shows an item within the prefetch distance of that
  /// end loads the page after it at once.
  /// - Returns: For a first page at the top `.saveFirstPage` then the report; for a dropping page
  ///   `.cancel` of the far end's load, if any, then the report; otherwise the report; then the
  ///   `.load` of the page after it when the screen is still near its end; nothing for a dropped
  ///   response.
  package mutating func succeeded(_ ticket: Ticket, with page: Page<Item>) -> [Action] {
    guard let (direction, request) = requests.succeed(ticket) else { return [] }
    let edges = positions.place(request, page)
    guard direction == .refresh else {
      let added = content.add(
        page, loadedBy: request, edges: edges, keepingWithin: configuration.prefetchDistance)
      let stalled = noProgress(added.loaded, page: page, direction: direction)
      var actions: [Action] = []
      if let drop = added.drop {
        let farEnd: PagingDirection = direction == .nextPage ? .previousPage : .nextPage
        positions.reopen(farEnd, at: drop.edge, forgetting: drop.cursors)
        actions += requests.reopen(farEnd).map { [.cancel($0)] } ?? []
      }
      actions.append(.reportRequest(completion(direction, error: stalled), added.shown))
      // The screen still shows the end this page loaded at: the direction loads on at once, so
      // it never stops loading while the view shows its end (its status row stays).
      if stalled == nil,
        content.screenIsNearEnd(before: direction == .previousPage, within: configuration.prefetchDistance)
      {
        actions += loadPage(before: direction == .previousPage)
      }
      return actions
    }
    let record = HeldPages.Page(
      count: 0, of: page, before: edges.before, after: edges.after, at: request.position)
    // A refresh in place brings back the item the user is at now, when the page holds it: the
    // user may have scrolled since it started.
    if focusItemID != nil, let place = content.placeItemID, page.items.contains(where: { $0.id == place }) {
      focusItemID = place
      focusRowsAbove = content.rowsAbovePlace
    }
    let change = content.replaceAll(with: page, recording: record)
    let report = Action.reportRequest(completion(.refresh, error: nil), change)
    // The cache holds the top page; a page opened in the middle (a jump, a refresh in place) is not
    // one, whatever the list does now.
    return request.isAnchored ? [report] : [.saveFirstPage(Self.cacheable(page), cacheKey), report]
  }

  /// Records the failure of the request started under `ticket`, or drops it when not in flight.
  /// - Parameters:
  ///   - ticket: The ticket the request was started under.
  ///   - error: The failure.
  /// - Returns: The report, or nothing for a dropped response.
  package mutating func failed(_ ticket: Ticket, with error: PagingError) -> [Action] {
    guard let direction = requests.fail(ticket, with: error) else { return [] }
    // The items stay: the pages around them load as before the refresh.
    if direction == .refresh, let (kept, keptProgress) = positionsBeforeRefresh {
      positions = kept
      progress = keptProgress
      positionsBeforeRefresh = nil
    }
    return [.reportRequest(completion(direction, error: error), nil)]
  }

  /// The rules ``loadNextPage(_:)`` and ``loadPreviousPage(_:)`` share, for the direction after
  /// the items or, when `before`, before them.
  private mutating func loadPage(before: Bool) -> [Action] {
    guard !isSignedOut, case .at(let position) = before ? positions.previous : positions.next,
      let (ticket, request) = requests.startPage(
        PageRequest(position: position, context: context, direction: before ? .previousPage : .nextPage))
    else { return [] }
    return [.load(ticket, request)]
  }

  /// Counts a next or previous page that added no item although more follow; at the bound, fails
  /// its direction at the position it would load next.
  /// - Returns: The error that ended the direction, or `nil`.
  private mutating func noProgress(_ change: ItemsChange, page: Page<Item>, direction: PagingDirection)
    -> PagingError?
  {
    let before = direction == .previousPage
    guard case .at(let position) = before ? positions.previous : positions.next,
      let cause = progress.record(change, claimsMore: page.hasMore, direction: direction)
    else { return nil }
    let error = PagingError(loaderError: cause, direction: direction, redacting: nil)
    requests.failPage(
      PageRequest(position: position, context: context, direction: before ? .previousPage : .nextPage),
      with: error)
    return error
  }

  /// Shows an edit, pending or kept at once (see Guides/Editing.md and ``PagingEdits``).
  /// - Parameters:
  ///   - edit: The edit.
  ///   - pending: Whether it waits for the server's answer.
  /// - Returns: Its handle, and `.changeItems` when the items shown changed.
  package mutating func applyEdit(_ edit: ItemEdit<Item>, pending: Bool) -> (
    handle: PendingEdit, actions: [Action]
  ) {
    let (handle, edited) = content.apply(edit, pending: pending)
    return (handle, follow(edited))
  }

  /// Keeps a pending edit: the server's copy of its item, when given, takes its place.
  /// - Returns: `.changeItems` when the items shown changed (only a server's copy changes them),
  ///   and a next page asked again where the edit moved it.
  package mutating func confirmEdit(_ edit: PendingEdit, serverItem: Item?) -> [Action] {
    follow(content.confirm(edit, serverItem: serverItem))
  }

  /// Undoes a pending edit.
  /// - Returns: `.changeItems` when the items shown changed.
  package mutating func rollBackEdit(_ edit: PendingEdit) -> [Action] {
    follow(content.rollBack(edit))
  }

  /// The actions of an edit step: `.changeItems` when the items shown changed; and when the
  /// edits the server has moved its items after the loaded ones (see ``PagePositions/shift(by:)``),
  /// the next page in flight, asked at the old position, `.cancel`led and asked again (`.load`)
  /// at the new one; a failed one is retried there.
  private mutating func follow(_ edited: PagingContent<Item>.Edited) -> [Action] {
    let actions = edited.change.map { [Action.changeItems($0)] } ?? []
    guard edited.serverShift != 0 else { return actions }
    positionsBeforeRefresh?.positions.shift(by: edited.serverShift)
    guard positions.shift(by: edited.serverShift), case .at(let position) = positions.next,
      let (cancelled, started) = requests.moveNextPage(to: position)
    else { return actions }
    return actions + [.cancel(cancelled), .load(started.0, started.1)]
  }
}
