import Foundation

/// The rules of a paged list as a value: which request to make, and what a response does.
///
/// Every method is a pure transition that returns the ``Action``s its owner (``PagedList``) then
/// performs; nothing here does I/O, reads a clock or starts a task, so every race rule is a
/// plain value transition a test can drive in any order:
///
/// - one request per direction (refresh, next page, previous page); a next or previous page only
///   after a first page of the current generation, and never while a refresh is loading or
///   failed; the next and previous directions never wait for each other, nor does a failure in
///   one block the other;
/// - `refresh()` cancels in-flight next and previous pages and starts a new generation; a
///   response whose ticket is not the one in flight for its direction (an older generation, a
///   cancelled request, a context switched away from) is dropped, never applied;
/// - `retry()` repeats the failed requests, in the same generation;
/// - an empty page, `hasMore == false`, a missing or already-seen cursor end paging in the
///   direction of the page; the previous direction also ends at page index `firstIndex`, offset 0,
///   or a first page without a ``Page/previousCursor``; "reached end" resets when a refresh
///   starts;
/// - a list started at an anchor (``PagingAnchor``) loads its first page there and pages both
///   ways; only a list started at the top reads and saves the cached first page;
/// - items never hold two entries with one id (``DuplicateIDPolicy``), checked in O(1) per item;
/// - with a ``PagingConfiguration/maximumItemCount``, a page that takes the items over it drops
///   whole pages at the far end (the top after a next page, the bottom after a previous page),
///   cancels that direction's load and re-opens it at the first dropped page;
/// - after a failure, a display event (prefetch) starts nothing until `retry()` or `refresh()`;
/// - `start(hasCache:)` reads the cache and loads the first page in one step; a cache answer is
///   applied only to the read in flight and only before a first page came from the loader;
/// - `switchContext(to:query:hasCache:)` cancels everything in flight and forgets the items and
///   the total; loads and cache reads carry the cache key of their context, so nothing of an old
///   context is applied or saved under the new key.
package struct PagingStateMachine<Item: Identifiable> {
  /// Identifies one request (a type of its own, not nested: see ``PagingTicket``).
  package typealias Ticket = PagingTicket
  /// The state of one direction.
  package typealias State = PagingDirectionLoad
  /// Where the next (or previous) page starts.
  package typealias NextPage = PagingNextPage

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

  /// The items, without two entries of one id.
  package internal(set) var items: [Item] = []
  /// The key (index + `firstIndexKey`) of every item, by id: the O(1) duplicate check of both
  /// policies, which also finds the held entry that ``DuplicateIDPolicy/replaceWithNewest``
  /// replaces.
  var heldIDs = HeldIDTable()
  /// The hashes of the page being appended; kept to reuse its storage.
  var hashes: [Int] = []

  /// The refresh direction.
  package private(set) var refreshLoad: State = .idle
  /// The next-page direction.
  package internal(set) var nextPageLoad: State = .idle
  /// Where the next page starts.
  package internal(set) var next: NextPage = .unknown
  /// The previous-page direction.
  package internal(set) var previousPageLoad: State = .idle
  /// Where the previous page starts.
  package internal(set) var previous: NextPage = .unknown
  /// Where the list started: what its refreshes load.
  package private(set) var anchor: PagingAnchor = .top
  /// The number of refreshes started.
  package private(set) var generation = 0
  /// Whether a first page from the loader has arrived in this machine's life.
  package private(set) var hasLoadedFirstPage = false
  /// The age of the shown cached page, or `nil` when the items are not from the cache.
  package private(set) var cachedPageAge: Duration?
  /// The number of items on the server, as the last page that said so said, or `nil` when unknown.
  package private(set) var totalCount: Int?

  private var sequence = 0
  private var cacheRead = CacheRead.notStarted
  /// Cursors returned in this generation: one seen twice ends paging instead of looping.
  var seenCursors: Set<String> = []
  /// Previous cursors returned in this generation, for the same reason.
  var seenPreviousCursors: Set<String> = []
  /// The key in `heldIDs` of `items[0]`: prepending lowers it and dropping top pages raises it
  /// instead of renumbering every held item.
  var firstIndexKey = 0
  /// The pages the items came from, top to bottom, with where their neighbours load: what lets
  /// ``PagingConfiguration/maximumItemCount`` drop whole pages and re-open the exact position.
  ///
  /// Without a maximum, only the first page is recorded.
  var heldPages: [HeldPage] = []
  /// The items the last drop removed, as indexes of the items after the load; empty when the
  /// last load dropped nothing.
  var lastDrop: Range<Int> = 0..<0

  private enum CacheRead {
    case notStarted
    case reading(Ticket)
    case done
  }

  /// The largest cached-page age reported, in seconds (about 31,700 years).
  private static var longestAge: Double { 1e12 }

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
    self.cacheKey = PageCacheKey(listName: listName, userToken: context.userToken, query: query)
  }
}

// MARK: - Derived state

extension PagingStateMachine {
  /// Whether a refresh, a next or previous page, or a cache read that can still be shown is under
  /// way.
  ///
  /// A cache read stops counting once a first page has come from the loader: its answer would be
  /// dropped then, so nobody needs to wait for it (a stuck disk holds back nothing).
  package var hasLoadInFlight: Bool {
    if refreshState.isLoading || nextPageState.isLoading || previousPageState.isLoading { return true }
    if case .reading = cacheRead { return !hasLoadedFirstPage }
    return false
  }

  /// The public state of the refresh direction.
  package var refreshState: LoadState {
    switch refreshLoad {
    case .idle: .idle
    case .loading: .loading
    case .failed(let error, _): .failed(error)
    }
  }

  /// The public state of the next-page direction.
  package var nextPageState: LoadState {
    switch nextPageLoad {
    case .loading: .loading
    case .failed(let error, _): .failed(error)
    case .idle: next == .end ? .reachedEnd : .idle
    }
  }

  /// Whether a first page has loaded and no item is held.
  // NB: `count == 0`, not `isEmpty`: in unspecialized code `isEmpty` goes through `Collection`
  // and looks up `[Item]`'s metadata, on every page (about 570 instructions; `count` does not).
  package var isBlank: Bool { hasLoadedFirstPage && cachedPageAge == nil && items.count == 0 }

  /// Whether a next page can be asked for now (or is being loaded).
  package var hasMore: Bool {
    if case .at = next { true } else { false }
  }

  /// The public state of the previous-page direction; ``LoadState/reachedEnd`` is "no earlier
  /// items".
  package var previousPageState: LoadState {
    switch previousPageLoad {
    case .loading: .loading
    case .failed(let error, _): .failed(error)
    case .idle: previous == .end ? .reachedEnd : .idle
    }
  }

  /// Whether a previous page can be asked for now (or is being loaded).
  package var hasPrevious: Bool {
    if case .at = previous { true } else { false }
  }

  /// The in-flight ticket of a direction, if any.
  package func ticket(of direction: PagingDirection) -> Ticket? {
    let state =
      switch direction {
      case .refresh: refreshLoad
      case .nextPage: nextPageLoad
      case .previousPage: previousPageLoad
      }
    if case .loading(let ticket, _) = state { return ticket }
    return nil
  }
}

// MARK: - Transitions

extension PagingStateMachine {
  /// Starts the list: asks the cache and the network at once.
  ///
  /// Nothing waits for the cache: the first page is requested in the same step, so a slow or
  /// stuck disk read holds back nothing.
  /// - Parameters:
  ///   - hasCache: Whether the owner has a cache to read.
  ///   - anchor: Where to start; refreshes load there from now on. The cache is read only for
  ///     ``PagingAnchor/top``: it holds the top page.
  /// - Returns: `.readCache` (once in the machine's life, and only before a first page loaded),
  ///   then the refresh's actions.
  package mutating func start(hasCache: Bool, at anchor: PagingAnchor = .top) -> [Action] {
    var actions: [Action] = []
    self.anchor = anchor
    if hasCache, startsAtTop, case .notStarted = cacheRead, !hasLoadedFirstPage {
      let ticket = makeTicket()
      cacheRead = .reading(ticket)
      actions.append(.readCache(ticket, cacheKey))
    }
    return actions + refresh()
  }

  /// Applies the cache's answer to the read started under `ticket`, or drops it when that read is
  /// no longer current.
  ///
  /// A cached page is shown only while no first page has come from the loader: a cache that
  /// answers after the network never replaces fresh items (it is reported as superseded).
  /// - Parameters:
  ///   - ticket: The ticket of the read.
  ///   - lookup: The cache's answer.
  ///   - now: The current time, for the page's age.
  /// - Returns: The cache report, or nothing for a dropped answer.
  package mutating func cacheLoaded(_ ticket: Ticket, _ lookup: PageCacheLookup<Item>, now: Date) -> [Action]
  {
    guard case .reading(let current) = cacheRead, current == ticket else { return [] }
    cacheRead = .done
    switch lookup {
    case .hit(let cached) where !hasLoadedFirstPage:
      // A saved date comes from disk: a clock set back gives a negative age, a corrupt entry
      // any double at all; clamp both so that the conversion cannot trap.
      let seconds = now.timeIntervalSince(cached.savedAt)
      let bounded = seconds.isNaN ? 0 : min(max(0, seconds), Self.longestAge)
      let age = Duration.milliseconds(Int64((bounded * 1000).rounded()))
      replaceItems(with: cached.page.items)
      cachedPageAge = age
      totalCount = Self.validTotal(cached.page.totalCount)
      return [
        .reportCache(
          CacheLoadCompletion(.shown(age: age, itemCount: items.count)), .reloaded(count: items.count))
      ]
    case .hit:
      return [.reportCache(CacheLoadCompletion(.superseded), nil)]
    case .miss(let reason):
      return [.reportCache(CacheLoadCompletion(.missed(reason)), nil)]
    }
  }

  /// Changes the context on a live list (sign-out, another user, another query).
  ///
  /// Cancels both directions and the cache read (their answers are dropped when they still
  /// come), empties the items, forgets the cached-page age and "reached end", switches the cache
  /// key, then starts as ``start(hasCache:)`` does under the new key: that context's own cached
  /// page (read once) and a refresh in a new generation. Nothing of the previous context is
  /// shown, reported or saved afterwards: every answer it still gets carries an old ticket.
  /// - Parameters:
  ///   - context: The new context.
  ///   - query: The query of the new cache key.
  ///   - hasCache: Whether the owner has a cache to read.
  /// - Returns: The cancellations, the emptied items, the cache read and the refresh.
  package mutating func switchContext(to context: RequestContext, query: String?, hasCache: Bool) -> [Action]
  {
    var actions: [Action] = []
    for direction in [refreshLoad, nextPageLoad, previousPageLoad] {
      if case .loading(let ticket, _) = direction { actions.append(.cancel(ticket)) }
    }
    if case .reading(let ticket) = cacheRead { actions.append(.cancel(ticket)) }
    refreshLoad = .idle
    nextPageLoad = .idle
    previousPageLoad = .idle
    cacheRead = .notStarted
    hasLoadedFirstPage = false
    cachedPageAge = nil
    totalCount = nil
    self.context = context
    cacheKey = PageCacheKey(listName: cacheKey.listName, userToken: context.userToken, query: query)
    replaceItems(with: [])
    actions.append(.changeItems(.reloaded(count: 0)))
    return actions + start(hasCache: hasCache, at: anchor)
  }

  /// Cancels the loads and the cache read in flight; whatever they still answer is dropped.
  ///
  /// Nothing is reported for them. The items stay; a later ``refresh()`` or ``loadNextPage(_:)``
  /// asks again, and a later ``start(hasCache:)`` reads the cache again if its read was cancelled.
  /// - Returns: `.cancel` for each of them.
  package mutating func cancel() -> [Action] {
    var actions: [Action] = []
    for direction in [refreshLoad, nextPageLoad, previousPageLoad] {
      if case .loading(let ticket, _) = direction { actions.append(.cancel(ticket)) }
    }
    if case .loading = refreshLoad { refreshLoad = .idle }
    if case .loading = nextPageLoad { nextPageLoad = .idle }
    if case .loading = previousPageLoad { previousPageLoad = .idle }
    if case .reading(let ticket) = cacheRead {
      actions.append(.cancel(ticket))
      cacheRead = .notStarted
    }
    return actions
  }

  /// Starts loading the first page (at the anchor the list started at) in a new generation,
  /// cancelling in-flight next and previous pages.
  ///
  /// Does nothing while a refresh is in flight (one request per direction).
  /// - Returns: `.cancel` for in-flight next and previous pages, then `.load` of the first page.
  package mutating func refresh() -> [Action] {
    if case .loading = refreshLoad { return [] }
    var actions: [Action] = []
    if case .loading(let ticket, _) = nextPageLoad { actions.append(.cancel(ticket)) }
    if case .loading(let ticket, _) = previousPageLoad { actions.append(.cancel(ticket)) }
    nextPageLoad = .idle
    previousPageLoad = .idle
    next = .unknown
    previous = .unknown
    seenCursors.removeAll()
    seenPreviousCursors.removeAll()
    generation += 1
    let request = PageRequest(
      position: anchorPosition, context: context, isFirstPage: true, isAnchored: !startsAtTop)
    let ticket = makeTicket()
    refreshLoad = .loading(ticket, request)
    actions.append(.load(ticket, request))
    return actions
  }

  /// Starts loading the next page, when there is one and nothing forbids it.
  ///
  /// Does nothing while a next page is in flight, while a refresh is in flight or failed, before
  /// a first page has loaded, or at the end. After a next-page failure an explicit call repeats
  /// the failed request and a prefetch does nothing.
  /// - Parameter trigger: Why it is called.
  /// - Returns: `.load` of the next page, or nothing.
  package mutating func loadNextPage(_ trigger: Trigger = .explicit) -> [Action] {
    loadPage(before: false, trigger)
  }

  /// Starts loading the page before the first item, when there is one and nothing forbids it.
  ///
  /// The same rules as ``loadNextPage(_:)``, in the other direction, and independent of it: does
  /// nothing while a previous page is in flight, while a refresh is in flight or failed, before a
  /// first page has loaded, or at the top. After a previous-page failure an explicit call repeats
  /// the failed request and a prefetch does nothing.
  /// - Parameter trigger: Why it is called.
  /// - Returns: `.load` of the previous page, or nothing.
  package mutating func loadPreviousPage(_ trigger: Trigger = .explicit) -> [Action] {
    loadPage(before: true, trigger)
  }

  /// The rules ``loadNextPage(_:)`` and ``loadPreviousPage(_:)`` share, for the direction after
  /// the items or, when `before`, before them.
  private mutating func loadPage(before: Bool, _ trigger: Trigger) -> [Action] {
    guard case .idle = refreshLoad, case .at(let position) = before ? previous : next else { return [] }
    switch before ? previousPageLoad : nextPageLoad {
    case .loading:
      return []
    case .failed(_, let request):
      guard trigger == .explicit else { return [] }
      return startPage(request)
    case .idle:
      return startPage(
        PageRequest(position: position, context: context, isFirstPage: false, isPreviousPage: before))
    }
  }

  /// Asks for the next page when the displayed row is within the prefetch distance of the end,
  /// and for the previous page when it is within the prefetch distance of the top.
  ///
  /// - Parameter index: The index of the row about to be displayed; out-of-range indexes do nothing.
  /// - Returns: `.load` of the next page, then of the previous page, or nothing.
  package mutating func itemWillDisplay(at index: Int) -> [Action] {
    guard index >= 0, index < items.count else { return [] }
    var actions: [Action] = []
    if items.count - 1 - index <= configuration.prefetchDistance { actions += loadNextPage(.prefetch) }
    if index <= configuration.prefetchDistance { actions += loadPreviousPage(.prefetch) }
    return actions
  }

  /// Repeats the failed requests in the same generation: the refresh if it failed, else the next
  /// and the previous page, whichever failed.
  ///
  /// - Returns: `.load` of each failed request, or nothing when nothing failed.
  package mutating func retry() -> [Action] {
    if case .failed(_, let request) = refreshLoad {
      let ticket = makeTicket()
      refreshLoad = .loading(ticket, request)
      return [.load(ticket, request)]
    }
    var actions: [Action] = []
    if case .failed(_, let request) = nextPageLoad { actions += startPage(request) }
    if case .failed(_, let request) = previousPageLoad { actions += startPage(request) }
    return actions
  }

  /// Applies a page that arrived for `ticket`, or drops it when the ticket is not in flight.
  ///
  /// - Parameters:
  ///   - ticket: The ticket the request was started under.
  ///   - page: The page.
  /// - Returns: For a first page at the top `.saveFirstPage` then the report; for any other page
  ///   the report; nothing for a dropped response.
  package mutating func succeeded(_ ticket: Ticket, with page: Page<Item>) -> [Action] {
    if case .loading(let current, let request) = refreshLoad, current == ticket {
      refreshLoad = .idle
      hasLoadedFirstPage = true
      cachedPageAge = nil
      totalCount = Self.validTotal(page.totalCount)
      replaceItems(with: page.items)
      if let located = located(request, by: page) {
        next = nextPosition(after: located, page: page)
        previous = previousPosition(before: located, page: page)
      } else {
        next = .end
        previous = .end
      }
      heldPages = [
        HeldPage(
          count: items.count, before: previous, after: next, nextCursor: page.nextCursor,
          previousCursor: page.previousCursor)
      ]
      let report = Action.reportRequest(completion(.refresh, error: nil), .reloaded(count: items.count))
      // The cache holds the top page; a page opened in the middle is not one.
      return startsAtTop ? [.saveFirstPage(page, cacheKey), report] : [report]
    }
    if case .loading(let current, let request) = nextPageLoad, current == ticket {
      return applyPage(page, loadedBy: request)
    }
    if case .loading(let current, let request) = previousPageLoad, current == ticket {
      return applyPage(page, loadedBy: request)
    }
    return []
  }

  /// Adds a next page below the items, or a previous page above them (the request says which),
  /// then drops pages at the other end when over the maximum.
  private mutating func applyPage(_ page: Page<Item>, loadedBy request: PageRequest) -> [Action] {
    let above = request.isPreviousPage
    totalCount = Self.validTotal(page.totalCount) ?? totalCount
    let heldBefore = items.count
    let change: ItemsChange
    if above {
      previousPageLoad = .idle
      change = prepend(page.items)
      previous = previousPosition(before: request, page: page)
    } else {
      nextPageLoad = .idle
      change = append(page.items)
      next = nextPosition(after: request, page: page)
    }
    // Only a maximum drops pages: without one, a record per page would be memory and time for
    // nothing (the 20,000 pages of `listkit-bench paging`: 2 MB held, 4 MB of array growth).
    if configuration.maximumItemCount != nil {
      let held = HeldPage(
        count: items.count - heldBefore, before: above ? previous : positionBefore(request, page),
        after: above ? positionAfter(request, page) : next, nextCursor: page.nextCursor,
        previousCursor: page.previousCursor)
      if above { heldPages.insert(held, at: 0) } else { heldPages.append(held) }
    }
    let stale = above ? dropBottomPages() : dropTopPages()
    let report = Action.reportRequest(
      completion(above ? .previousPage : .nextPage, error: nil), droppedChange(change))
    // NB: one array literal, not an append to the drop's actions: in unspecialized code each
    // generic array operation looks up `[Action]`'s metadata (`listkit-bench paging`, callgrind:
    // about 1,700 instructions a page for the append).
    guard let stale else { return [report] }
    return [.cancel(stale), report]
  }

  /// Records the failure of the request started under `ticket`, or drops it when not in flight.
  ///
  /// - Parameters:
  ///   - ticket: The ticket the request was started under.
  ///   - error: The failure.
  /// - Returns: The report, or nothing for a dropped response.
  package mutating func failed(_ ticket: Ticket, with error: PagingError) -> [Action] {
    if case .loading(let current, let request) = refreshLoad, current == ticket {
      refreshLoad = .failed(error, request)
      return [.reportRequest(completion(.refresh, error: error), nil)]
    }
    if case .loading(let current, let request) = nextPageLoad, current == ticket {
      nextPageLoad = .failed(error, request)
      return [.reportRequest(completion(.nextPage, error: error), nil)]
    }
    if case .loading(let current, let request) = previousPageLoad, current == ticket {
      previousPageLoad = .failed(error, request)
      return [.reportRequest(completion(.previousPage, error: error), nil)]
    }
    return []
  }
}

// MARK: - Helpers

extension PagingStateMachine {
  /// Whether refreshes load the top page: the one page the cache holds.
  package var startsAtTop: Bool { anchorPosition == topPosition }

  private var topPosition: PageRequest.Position {
    let size = configuration.firstPageSize
    return switch configuration.style {
    case .pageIndex(let firstIndex): .page(index: firstIndex, size: size)
    case .offset: .offset(0, limit: size)
    case .cursor: .cursor(nil, limit: size)
    }
  }

  /// What a refresh loads: the top, or the anchor the list started at.
  ///
  /// A page-index anchor asks for one page of `pageSize` (a larger first page would not line up
  /// with the page numbers around it); an anchor of another style than the list's is read as the
  /// top, which ``PagingAnchor`` documents.
  private var anchorPosition: PageRequest.Position {
    switch (configuration.style, anchor) {
    case (.pageIndex(let firstIndex), .pageIndex(let index)) where index > firstIndex:
      return .page(index: index, size: configuration.pageSize)
    case (.offset, .offset(let offset)) where offset > 0:
      return .offset(offset, limit: configuration.firstPageSize)
    case (.cursor, .cursor(let cursor)):
      return .cursor(cursor, limit: configuration.firstPageSize)
    case (.pageIndex, .item(let id)):
      return .item(id, limit: configuration.pageSize)
    case (_, .item(let id)):
      return .item(id, limit: configuration.firstPageSize)
    default:
      return topPosition
    }
  }

  /// A server's total, or `nil` for none or a negative one (a total is a count of items).
  private static func validTotal(_ total: Int?) -> Int? {
    total.flatMap { $0 >= 0 ? $0 : nil }
  }

  private mutating func makeTicket() -> Ticket {
    sequence += 1
    return Ticket(generation: generation, sequence: sequence)
  }

  /// Starts a next or previous page (the request says which).
  private mutating func startPage(_ request: PageRequest) -> [Action] {
    let ticket = makeTicket()
    if request.isPreviousPage {
      previousPageLoad = .loading(ticket, request)
    } else {
      nextPageLoad = .loading(ticket, request)
    }
    return [.load(ticket, request)]
  }

  private func completion(_ direction: PagingDirection, error: PagingError?) -> RequestCompletion {
    RequestCompletion(
      direction: direction, error: error, hasMore: hasMore, isBlank: isBlank,
      hasPrevious: hasPrevious)
  }

  /// The request an answer to an item anchor amounts to in the list's style (where the page
  /// sits), or `nil` when the answer does not say; other requests as they are.
  private func located(_ request: PageRequest, by page: Page<Item>) -> PageRequest? {
    guard case .item(_, let limit) = request.position else { return request }
    var located = request
    switch configuration.style {
    case .cursor:
      located.position = .cursor(nil, limit: limit)
    case .offset:
      guard let offset = page.startOffset, offset >= 0 else { return nil }
      located.position = .offset(offset, limit: limit)
    case .pageIndex(let firstIndex):
      let size = configuration.pageSize
      guard let offset = page.startOffset, offset >= 0, offset.isMultiple(of: size) else { return nil }
      let (index, overflow) = firstIndex.addingReportingOverflow(offset / size)
      guard !overflow else { return nil }
      located.position = .page(index: index, size: size)
    }
    return located
  }

  /// Where the page before `page` (loaded by `request`) starts, or `.end`.
  ///
  /// A first page ends the previous direction only by its position (the top) or by being empty;
  /// a previous page also by `hasMore == false`, which for it means "nothing earlier".
  private mutating func previousPosition(before request: PageRequest, page: Page<Item>) -> NextPage {
    // `count`, not `isEmpty`: see `isBlank`.
    guard page.items.count > 0, request.isFirstPage || page.hasMore else { return .end }
    let position = positionBefore(request, page)
    // A previous cursor seen before would page in a loop.
    if case .at(.cursorBefore(let cursor, _)) = position, !seenPreviousCursors.insert(cursor).inserted {
      return .end
    }
    return position
  }

  /// Where the page after `page` (loaded by `request`) starts, or `.end`.
  private mutating func nextPosition(after request: PageRequest, page: Page<Item>) -> NextPage {
    // `count`, not `isEmpty`: see `isBlank`.
    guard page.items.count > 0, page.hasMore else { return .end }
    let size = configuration.pageSize
    switch request.position {
    case .page(let index, let pageSize):
      return .at(.page(index: index + max(1, pageSize / size), size: size))
    case .offset(let offset, _):
      return .at(.offset(offset + page.items.count, limit: size))
    case .cursor, .cursorBefore, .item:
      guard let cursor = page.nextCursor, seenCursors.insert(cursor).inserted else { return .end }
      return .at(.cursor(cursor, limit: size))
    }
  }
}
