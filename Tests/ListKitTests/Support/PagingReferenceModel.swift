import ListKit
import ListKitTesting

/// The paging rules written a second time, as plainly as possible, to check the state machine
/// against: flags instead of enums, linear scans instead of a dictionary, positions counted from
/// the pages accepted rather than carried from request to request.
///
/// Requests are named by handles the test driver hands out; an operation that may start both a
/// next and a previous page is given two (`handle` for the next page, `handle + 1` for the
/// previous one).
struct PagingReferenceModel {
  /// A request the model expects a step to start.
  struct Started: Equatable {
    var handle: Int
    var position: PageRequest.Position
    var isPreviousPage: Bool
  }

  let configuration: PagingConfiguration
  private(set) var anchor: PagingAnchor<Int> = .top
  /// The loaded items: pages, and the edits kept (see `PagingReferenceModel+Edits.swift`).
  var items: [TestItem] = []
  /// The edits shown on top of the loaded items.
  var edits = ReferenceEdits()
  private(set) var loadedFromNetwork = false
  private(set) var showingCache = false
  private(set) var totalCount: Int?
  private var cacheStarted = false
  private(set) var cacheReading = false
  private var refreshInFlight: Int?
  private var refreshFailed = false
  private var nextInFlight: (handle: Int, position: PageRequest.Position)?
  private var nextFailedPosition: PageRequest.Position?
  private var generationHasFirstPage = false
  private var ended = false
  private var rawPageCounts: [Int] = []
  private var cursors: [String] = []
  private var previousInFlight: (handle: Int, position: PageRequest.Position)?
  private var previousFailedPosition: PageRequest.Position?
  private var previousEnded = false
  /// Previous pages accepted in this generation.
  private var prependedPages = 0
  /// The offset of the first item held, in offset style.
  private var topOffset = 0
  /// The page index of the first page of the generation, in page-index style.
  private var baseIndex = 0
  /// The number of pages the first page covers, in page-index style.
  private var firstPageSpan = 1
  /// The offset of the first page of the generation, in offset style.
  private var baseOffset = 0
  /// Items the server added or removed among those loaded since the first page, by edits it has
  /// (kept or confirmed): the next offset moves by as many.
  private var nextShift = 0
  /// Items the server added or removed since the next page was placed, in page-index style: it
  /// steps back a page for as many removed as a page holds, or fewer.
  private var pageShift = 0
  /// The pages the next page stepped back so, since the first page (never before the first page
  /// index: a page number cannot step back past it).
  private var pagesSteppedBack = 0
  private var previousCursors: [String] = []
  /// The position of the refresh in flight or failed: what a retry repeats.
  private var refreshRequest: PageRequest.Position?
  /// The page each loaded item came in, with the position that loads it again (what a refresh in
  /// place asks for); an item a kept edit inserted joins the page of the item it went before, or
  /// the bottom page; none before a first page.
  private(set) var pageOfItem: [Int: HeldPage] = [:]
  /// The page at the bottom: the first page or the last next page.
  private(set) var bottomPage: HeldPage?
  /// The pages placed so far, which numbers them.
  private var pagesPlaced = 0
  /// The id of the last item displayed, while it is loaded.
  private var lastViewedID: Int?
  /// Items that kept edits inserted or removed since the first page.
  private(set) var itemsEditedSinceFirstPage = 0
  /// Whether the last first page that landed was the top page: the only one the cache may hold.
  private(set) var lastFirstPageWasTop = false
  /// Whether the last start began a cache read.
  private(set) var startReadTheCache = false
  /// Next and previous pages in a row that added no new item while more follow.
  private var fruitlessNextPages = 0
  private var fruitlessPreviousPages = 0
  /// Where paging stood before the refresh in flight or failed: a failed refresh puts it back.
  private var pagingBeforeRefresh: PagingPlace?

  /// What a refresh sets aside and a failed one puts back.
  private struct PagingPlace {
    var generationHasFirstPage: Bool
    var ended: Bool
    var previousEnded: Bool
    var fruitlessNextPages: Int
    var fruitlessPreviousPages: Int
  }

  /// A page among the loaded items: the pages are told apart by their number, since the shifts
  /// of the server's edits can bring two of them to one position.
  struct HeldPage: Equatable {
    let number: Int
    var position: PageRequest.Position
  }

  init(configuration: PagingConfiguration) { self.configuration = configuration }

  /// A new page, loaded from `position`.
  private mutating func newPage(at position: PageRequest.Position) -> HeldPage {
    pagesPlaced += 1
    return HeldPage(number: pagesPlaced, position: position)
  }

  // MARK: What the state should read

  var refreshState: String {
    refreshInFlight != nil ? "loading" : refreshFailed ? "failed" : "idle"
  }

  var nextPageState: String {
    nextInFlight != nil ? "loading" : nextFailedPosition != nil ? "failed" : ended ? "reachedEnd" : "idle"
  }

  var previousPageState: String {
    previousInFlight != nil
      ? "loading" : previousFailedPosition != nil ? "failed" : previousEnded ? "reachedEnd" : "idle"
  }

  var isBlank: Bool { loadedFromNetwork && !showingCache && shown.isEmpty }
  var hasMore: Bool { generationHasFirstPage && !ended }
  var hasPrevious: Bool { generationHasFirstPage && !previousEnded }

  func isInFlight(_ handle: Int) -> Bool {
    refreshInFlight == handle || nextInFlight?.handle == handle || previousInFlight?.handle == handle
  }

  /// The position a refresh loads: the anchor when it is of the list's style and past the top.
  var refreshPosition: PageRequest.Position {
    switch (configuration.style, anchor) {
    case (.pageIndex(let first), .pageIndex(let index)) where index > first:
      .page(index: index, size: configuration.pageSize)
    case (.offset, .offset(let offset)) where offset > 0: .offset(offset, limit: configuration.firstPageSize)
    case (.cursor, .cursor(let cursor)): .cursor(cursor, limit: configuration.firstPageSize)
    case (.pageIndex, .item(let id)): .item(String(id), limit: configuration.pageSize)
    case (_, .item(let id)): .item(String(id), limit: configuration.firstPageSize)
    default: firstPosition
    }
  }

  var startsAtTop: Bool { refreshPosition == firstPosition }

  /// Whether a first page other than the top is loading: a jump, or a refresh in place.
  var isJumpLoading: Bool { refreshInFlight != nil && refreshRequest != firstPosition }

  // MARK: Operations; each returns the position of the request it starts, if any

  var firstPosition: PageRequest.Position {
    switch configuration.style {
    case .pageIndex(let first): .page(index: first, size: configuration.firstPageSize)
    case .offset: .offset(0, limit: configuration.firstPageSize)
    case .cursor: .cursor(nil, limit: configuration.firstPageSize)
    }
  }

  /// Starts the cache read (when there is a cache and the list starts at the top) and the first
  /// page together; a start while another jump (or a start elsewhere) loads replaces it.
  mutating func start(hasCache: Bool, at anchor: PagingAnchor<Int> = .top, handle: Int) -> PageRequest
    .Position?
  {
    self.anchor = anchor
    startReadTheCache = false
    if hasCache && startsAtTop && !cacheStarted && !loadedFromNetwork {
      cacheStarted = true
      cacheReading = true
      startReadTheCache = true
    }
    return startFirstPage(at: refreshPosition, handle: handle)
  }

  /// The cache answers with `cached` items, or `nil` for a miss; starts nothing.
  ///
  /// A cached top page is not shown once the list jumped elsewhere.
  mutating func cacheLoaded(_ cached: Page<TestItem>?) {
    guard cacheReading else { return }
    cacheReading = false
    if let cached, !loadedFromNetwork, startsAtTop {
      items = Self.merge([], cached.items, policy: configuration.duplicatePolicy)
      totalCount = Self.total(of: cached)
      showingCache = true
      placeFirstPage(at: firstPosition)
    }
  }

  /// Stops what is in flight: the loads and the cache read; a later start reads the cache again.
  mutating func cancel() {
    refreshInFlight = nil
    nextInFlight = nil
    previousInFlight = nil
    if cacheReading {
      cacheReading = false
      cacheStarted = false
    }
  }

  /// Another context: everything of the previous one is forgotten, then the list starts again.
  mutating func switchContext(hasCache: Bool, handle: Int) -> PageRequest.Position? {
    let anchor = self.anchor
    self = PagingReferenceModel(configuration: configuration)
    return start(hasCache: hasCache, at: anchor, handle: handle)
  }

  /// A refresh: the page of the last item displayed in ``PagingRefreshMode/aroundLastViewedItem``
  /// mode (when one was), else the anchor's.
  mutating func refresh(handle: Int) -> PageRequest.Position? {
    var position = refreshPosition
    if configuration.refreshMode == .aroundLastViewedItem, let lastViewedID,
      items.contains(where: { $0.id == lastViewedID }), let page = pageOfItem[lastViewedID]
    {
      position = page.position
    }
    return startFirstPage(at: position, handle: handle)
  }

  /// Starts a first page at `position`; one in flight is replaced when it is a jump (not the top)
  /// or asks for another position, and kept otherwise (nothing starts).
  private mutating func startFirstPage(at position: PageRequest.Position, handle: Int) -> PageRequest
    .Position?
  {
    if refreshInFlight != nil, let current = refreshRequest, current == firstPosition, current == position {
      return nil
    }
    if refreshInFlight == nil { setAsidePaging() }
    refreshRequest = position
    refreshInFlight = handle
    refreshFailed = false
    nextInFlight = nil
    nextFailedPosition = nil
    previousInFlight = nil
    previousFailedPosition = nil
    return position
  }

  /// Keeps where paging stood (once a first page came from the network), for a refresh that
  /// fails, and starts it over for the first page.
  private mutating func setAsidePaging() {
    pagingBeforeRefresh =
      loadedFromNetwork
      ? PagingPlace(
        generationHasFirstPage: generationHasFirstPage, ended: ended, previousEnded: previousEnded,
        fruitlessNextPages: fruitlessNextPages, fruitlessPreviousPages: fruitlessPreviousPages)
      : nil
    generationHasFirstPage = false
    ended = false
    previousEnded = false
    fruitlessNextPages = 0
    fruitlessPreviousPages = 0
  }

  mutating func loadNextPage(handle: Int) -> PageRequest.Position? {
    let request = position(ended: ended, inFlight: nextInFlight != nil, failed: nextFailedPosition) {
      freshNextPosition
    }
    guard let request else { return nil }
    nextFailedPosition = nil
    nextInFlight = (handle, request)
    return request
  }

  mutating func loadPreviousPage(handle: Int) -> PageRequest.Position? {
    let request = position(
      ended: previousEnded, inFlight: previousInFlight != nil, failed: previousFailedPosition
    ) { freshPreviousPosition }
    guard let request else { return nil }
    previousFailedPosition = nil
    previousInFlight = (handle, request)
    return request
  }

  private var freshNextPosition: PageRequest.Position {
    let size = configuration.pageSize
    return switch configuration.style {
    case .pageIndex(let first):
      .page(index: max(first, placedNextIndex - back), size: size)
    case .offset: .offset(max(0, baseOffset + rawPageCounts.reduce(0, +) + nextShift), limit: size)
    case .cursor: .cursor(cursors.last, limit: size)
    }
  }

  private var freshPreviousPosition: PageRequest.Position {
    let size = configuration.pageSize
    return switch configuration.style {
    case .pageIndex: .page(index: baseIndex - prependedPages - 1, size: size)
    case .offset: .offset(max(0, topOffset - size), limit: min(size, topOffset))
    case .cursor: .cursorBefore(previousCursors.last!, limit: size)
    }
  }

  /// The page index after the pages loaded, in page-index style, before the removes since the
  /// last one step it back.
  private var placedNextIndex: Int {
    baseIndex + firstPageSpan + rawPageCounts.count - 1 - pagesSteppedBack
  }

  /// The pages the next page steps back for the items removed since it was placed.
  private var back: Int {
    pageShift < 0 ? (-pageShift + configuration.pageSize - 1) / configuration.pageSize : 0
  }

  /// The server added (`delta` 1) or removed an item at loaded index `index`, in offset style:
  /// the pages below the one holding it load again from offsets moved by as many.
  mutating func shiftPages(at index: Int, by delta: Int) {
    guard case .offset = configuration.style, !items.isEmpty else { return }
    let holding = min(index, items.count - 1)
    let holdingPage = pageOfItem[items[holding].id]?.number
    func shift(_ page: inout HeldPage?) {
      guard var held = page, held.number != holdingPage, case .offset(let offset, let limit) = held.position
      else { return }
      held.position = .offset(max(0, offset + delta), limit: limit)
      page = held
    }
    for (position, item) in items.enumerated() where position > holding { shift(&pageOfItem[item.id]) }
    shift(&bottomPage)
  }

  /// The server added (`delta` 1) or removed an item at loaded index `index`: the positions
  /// move; a next page loading at the old position is asked again at the new one, under
  /// `handle`, and a failed one is repeated there.
  mutating func serverMoved(at index: Int, by delta: Int, handle: Int) -> [Started] {
    let before = freshNextPosition
    switch configuration.style {
    case .offset:
      nextShift += delta
    case .pageIndex:
      pageShift += delta
    case .cursor:
      break
    }
    guard generationHasFirstPage, !ended, freshNextPosition != before else { return [] }
    if nextFailedPosition != nil { nextFailedPosition = freshNextPosition }
    guard nextInFlight != nil else { return [] }
    nextInFlight = (handle, freshNextPosition)
    return [Started(handle: handle, position: freshNextPosition, isPreviousPage: false)]
  }

  /// The rules both directions share: nothing before a first page, while a refresh is in flight
  /// (after a failed one, paging goes on from where it stood), at the end, while one is in flight
  /// or after a failure (only a retry repeats it); otherwise the `fresh` one.
  private func position(
    ended: Bool, inFlight: Bool, failed: PageRequest.Position?, fresh: () -> PageRequest.Position
  ) -> PageRequest.Position? {
    guard refreshInFlight == nil, generationHasFirstPage, !ended, !inFlight, failed == nil else {
      return nil
    }
    return fresh()
  }

  /// A row is displayed: the next page near the end (`handle`), the previous near the top
  /// (`handle + 1`).
  mutating func itemWillDisplay(at index: Int, handle: Int) -> [Started] {
    let count = shown.count
    guard index >= 0, index < count else { return [] }
    // An item only a pending edit shows has no page.
    if items.contains(where: { $0.id == shown[index].id }) { lastViewedID = shown[index].id }
    var started: [Started] = []
    if count - index <= configuration.prefetchDistance + 1,
      let position = loadNextPage(handle: handle)
    {
      started.append(Started(handle: handle, position: position, isPreviousPage: false))
    }
    if index < configuration.prefetchDistance + 1,
      let position = loadPreviousPage(handle: handle + 1)
    {
      started.append(Started(handle: handle + 1, position: position, isPreviousPage: true))
    }
    return started
  }

  /// Retries the refresh (`handle`), else the next page (`handle`) and the previous (`handle + 1`).
  mutating func retry(handle: Int) -> [Started] {
    if refreshFailed, let refreshRequest {
      setAsidePaging()
      refreshFailed = false
      refreshInFlight = handle
      nextInFlight = nil
      nextFailedPosition = nil
      previousInFlight = nil
      previousFailedPosition = nil
      return [Started(handle: handle, position: refreshRequest, isPreviousPage: false)]
    }
    var started: [Started] = []
    if let failed = nextFailedPosition {
      nextFailedPosition = nil
      nextInFlight = (handle, failed)
      started.append(Started(handle: handle, position: failed, isPreviousPage: false))
    }
    if let failed = previousFailedPosition {
      previousFailedPosition = nil
      previousInFlight = (handle + 1, failed)
      started.append(Started(handle: handle + 1, position: failed, isPreviousPage: true))
    }
    return started
  }

  /// A response for `handle`: a page, or `nil` for a failure.
  mutating func respond(_ handle: Int, with page: Page<TestItem>?) {
    if refreshInFlight == handle {
      refreshInFlight = nil
      guard let page else {
        refreshFailed = true
        if let kept = pagingBeforeRefresh {
          generationHasFirstPage = kept.generationHasFirstPage
          ended = kept.ended
          previousEnded = kept.previousEnded
          fruitlessNextPages = kept.fruitlessNextPages
          fruitlessPreviousPages = kept.fruitlessPreviousPages
          pagingBeforeRefresh = nil
        }
        return
      }
      let position = refreshRequest ?? refreshPosition
      loadedFromNetwork = true
      showingCache = false
      generationHasFirstPage = true
      items = Self.merge([], page.items, policy: configuration.duplicatePolicy)
      totalCount = Self.total(of: page)
      placeFirstPage(at: position)
      lastFirstPageWasTop = position == firstPosition
      rawPageCounts = [page.items.count]
      (nextShift, pageShift, pagesSteppedBack) = (0, 0, 0)
      cursors = []
      prependedPages = 0
      previousCursors = []
      guard locate(page, at: position) else {
        ended = true
        previousEnded = true
        return
      }
      ended = endsPaging(page)
      switch configuration.style {
      case .pageIndex(let first):
        previousEnded = page.items.isEmpty || baseIndex <= first
      case .offset:
        topOffset = baseOffset
        previousEnded = page.items.isEmpty || baseOffset == 0
      case .cursor:
        previousEnded = page.items.isEmpty || !acceptPreviousCursor(page.previousCursor)
      }
    } else if let previous = previousInFlight, previous.handle == handle {
      previousInFlight = nil
      if let page {
        prependPage(page, at: previous.position)
      } else {
        previousFailedPosition = previous.position
      }
    } else if let next = nextInFlight, next.handle == handle {
      nextInFlight = nil
      if let page { appendPage(page, at: next.position) } else { nextFailedPosition = next.position }
    }
  }

  private mutating func prependPage(_ page: Page<TestItem>, at position: PageRequest.Position) {
    let held = items.count
    defer {
      // No new item while more follow, `pageBound` times in a row: the direction fails there.
      fruitlessPreviousPages = items.count == held && !previousEnded ? fruitlessPreviousPages + 1 : 0
      if fruitlessPreviousPages == PagingNoProgressError.pageBound {
        previousFailedPosition = freshPreviousPosition
        fruitlessPreviousPages -= 1
      }
    }
    items = Self.mergeAtTop(items, page.items, policy: configuration.duplicatePolicy)
    let prepended = newPage(at: position)
    for item in items[..<(items.count - held)] { pageOfItem[item.id] = prepended }
    if let total = Self.total(of: page) { totalCount = total }
    prependedPages += 1
    let ends = page.items.isEmpty || !page.hasMore
    switch configuration.style {
    case .pageIndex(let first):
      previousEnded = ends || baseIndex - prependedPages <= first
    case .offset:
      topOffset = max(0, topOffset - configuration.pageSize)
      previousEnded = ends || topOffset == 0
    case .cursor:
      previousEnded = ends || !acceptPreviousCursor(page.previousCursor)
    }
  }

  private mutating func appendPage(_ page: Page<TestItem>, at position: PageRequest.Position) {
    let held = items.count
    items = Self.merge(items, page.items, policy: configuration.duplicatePolicy)
    let appended = newPage(at: position)
    for item in items[held...] { pageOfItem[item.id] = appended }
    bottomPage = appended
    if let total = Self.total(of: page) { totalCount = total }
    if case .pageIndex(let first) = configuration.style {
      pagesSteppedBack += placedNextIndex - max(first, placedNextIndex - back)
    }
    rawPageCounts.append(page.items.count)
    pageShift = 0
    ended = endsPaging(page)
    // No new item while more follow, `pageBound` times in a row: the direction fails there.
    fruitlessNextPages = items.count == held && !ended ? fruitlessNextPages + 1 : 0
    if fruitlessNextPages == PagingNoProgressError.pageBound {
      nextFailedPosition = freshNextPosition
      fruitlessNextPages -= 1
    }
  }

  /// Every item held now came in the first page, loaded from `position`; none was displayed.
  private mutating func placeFirstPage(at position: PageRequest.Position) {
    let first = newPage(at: position)
    pageOfItem = [:]
    for item in items { pageOfItem[item.id] = first }
    bottomPage = first
    lastViewedID = nil
    itemsEditedSinceFirstPage = 0
  }

  /// Records items that kept edits inserted (the page of the item below, `nil` at the bottom) or
  /// removed, in the order they were folded into the loaded items.
  mutating func follow(_ folded: [ReferenceEdits.Folded]) {
    for fold in folded {
      itemsEditedSinceFirstPage += 1
      guard case .inserted(let id, let below) = fold else { continue }
      pageOfItem[id] = if let below { pageOfItem[below] } else { bottomPage }
    }
  }

  /// The page's total, when it has one that counts something.
  private static func total(of page: Page<TestItem>) -> Int? {
    guard let total = page.totalCount, total >= 0 else { return nil }
    return total
  }

  private mutating func endsPaging(_ page: Page<TestItem>) -> Bool {
    if page.items.isEmpty || !page.hasMore { return true }
    guard case .cursor = configuration.style else { return false }
    guard let cursor = page.nextCursor, !cursors.contains(cursor) else { return true }
    cursors.append(cursor)
    return false
  }

  /// Where the first page sits: `baseIndex` and `firstPageSpan` in page-index style, `baseOffset`
  /// in offset style; `false` when an answer to an item anchor does not say.
  private mutating func locate(_ page: Page<TestItem>, at position: PageRequest.Position) -> Bool {
    let size = configuration.pageSize
    switch position {
    case .page(let index, let firstSize):
      baseIndex = index
      firstPageSpan = firstSize / size
    case .offset(let offset, _):
      baseOffset = offset
    case .item:
      switch configuration.style {
      case .pageIndex(let first):
        guard let offset = page.startOffset, offset >= 0, offset % size == 0 else { return false }
        baseIndex = first + offset / size
        firstPageSpan = 1
      case .offset:
        guard let offset = page.startOffset, offset >= 0 else { return false }
        baseOffset = offset
      case .cursor: break
      }
    case .cursor, .cursorBefore: break
    }
    return true
  }

  /// Records a previous cursor; `false` when there is none or it was seen in this generation.
  private mutating func acceptPreviousCursor(_ cursor: String?) -> Bool {
    guard let cursor, !previousCursors.contains(cursor) else { return false }
    previousCursors.append(cursor)
    return true
  }

  /// The new items go above the held ones, in their order; a held id keeps or takes the new
  /// content by policy, and so does an id repeated within the new items.
  private static func mergeAtTop(_ held: [TestItem], _ new: [TestItem], policy: DuplicateIDPolicy)
    -> [TestItem]
  {
    var result = held
    var fresh: [TestItem] = []
    for item in new {
      if let index = result.firstIndex(where: { $0.id == item.id }) {
        if policy == .replaceWithNewest { result[index] = item }
      } else if let index = fresh.firstIndex(where: { $0.id == item.id }) {
        if policy == .replaceWithNewest { fresh[index] = item }
      } else {
        fresh.append(item)
      }
    }
    return fresh + result
  }

  private static func merge(_ held: [TestItem], _ new: [TestItem], policy: DuplicateIDPolicy) -> [TestItem] {
    var result = held
    for item in new {
      if let index = result.firstIndex(where: { $0.id == item.id }) {
        if policy == .replaceWithNewest { result[index] = item }
      } else {
        result.append(item)
      }
    }
    return result
  }
}

extension LoadState {
  /// The state's name without its error, to compare with the model.
  var kind: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .failed: "failed"
    case .reachedEnd: "reachedEnd"
    }
  }
}

/// Random inputs of the interleaving tests.
extension SplitMix64 {
  /// Where a run starts: mostly the top or an anchor of the configuration's style, sometimes one
  /// of another style (read as the top).
  mutating func anchor(for configuration: PagingConfiguration) -> PagingAnchor<Int> {
    guard chance(60) else { return .top }
    let roll = Int.random(in: 0..<10, using: &self)
    switch (configuration.style, roll) {
    case (_, 7): return .item(id: Int.random(in: 0...3, using: &self))
    case (_, 9): return .offset(Int.random(in: 0...6, using: &self))
    case (_, 8): return .pageIndex(Int.random(in: 0...4, using: &self))
    case (.pageIndex(let first), _): return .pageIndex(first + Int.random(in: 0...4, using: &self))
    case (.offset, _): return .offset(Int.random(in: 0...12, using: &self))
    case (.cursor, _): return .cursor(String(UnicodeScalar(UInt8(Int.random(in: 97...104, using: &self)))))
    }
  }

  mutating func configuration() -> PagingConfiguration {
    let pageSize = Int.random(in: 1...4, using: &self)
    let style: PagingStyle =
      switch Int.random(in: 0..<3, using: &self) {
      case 0: .pageIndex(firstIndex: Int.random(in: 0...1, using: &self))
      case 1: .offset
      default: .cursor
      }
    return .test(
      style, pageSize: pageSize, firstPageSize: pageSize * Int.random(in: 1...2, using: &self),
      prefetchDistance: Int.random(in: 0...3, using: &self),
      duplicatePolicy: chance(50) ? .keepFirst : .replaceWithNewest,
      refreshMode: chance(50) ? .aroundLastViewedItem : .fromStart)
  }

  /// A page with duplicates, sometimes empty, sometimes ending, with cursors from a small set so
  /// that they repeat; its ids are `context * 100 ..< context * 100 + 40`.
  mutating func page(context: Int = 0) -> Page<TestItem> {
    let count = chance(15) ? 0 : Int.random(in: 1...4, using: &self)
    let items = (0..<count).map { _ in
      TestItem(
        id: context * 100 + Int.random(in: 0..<40, using: &self), version: Int.random(in: 0...3, using: &self)
      )
    }
    let cursor = chance(10) ? nil : String(UnicodeScalar(UInt8(Int.random(in: 97...104, using: &self))))
    let previousCursor =
      chance(30) ? nil : String(UnicodeScalar(UInt8(Int.random(in: 105...112, using: &self))))
    // Totals of context n are n * 1000 + …, so that one of another context is recognised; a
    // negative one is a server's garbage, never shown.
    let total: Int? =
      switch Int.random(in: 0..<10, using: &self) {
      case 0..<4: nil
      case 4: -1
      default: context * 1000 + Int.random(in: 0..<100, using: &self)
      }
    // Where an answer to an item anchor sits: sometimes unsaid, sometimes not on a page boundary.
    let startOffset: Int? = chance(25) ? nil : Int.random(in: -1...9, using: &self)
    return Page(
      items: items, hasMore: chance(85), nextCursor: cursor, previousCursor: previousCursor,
      totalCount: total,
      startOffset: startOffset)
  }
}
