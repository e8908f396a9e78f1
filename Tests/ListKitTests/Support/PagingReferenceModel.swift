import ListKit
import ListKitTesting

/// The paging rules written a second time, as plainly as possible, to check the state machine
/// against: flags instead of enums, linear scans instead of a dictionary, positions counted from
/// the pages accepted rather than carried from request to request.
///
/// Requests are named by handles the test driver hands out.
struct PagingReferenceModel {
  let configuration: PagingConfiguration
  private(set) var items: [TestItem] = []
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

  init(configuration: PagingConfiguration) { self.configuration = configuration }

  // MARK: What the state should read

  var refreshState: String {
    refreshInFlight != nil ? "loading" : refreshFailed ? "failed" : "idle"
  }

  var nextPageState: String {
    nextInFlight != nil ? "loading" : nextFailedPosition != nil ? "failed" : ended ? "reachedEnd" : "idle"
  }

  var isBlank: Bool { loadedFromNetwork && !showingCache && items.isEmpty }
  var hasMore: Bool { generationHasFirstPage && !ended }

  func isInFlight(_ handle: Int) -> Bool { refreshInFlight == handle || nextInFlight?.handle == handle }

  // MARK: Operations; each returns the position of the request it starts, if any

  var firstPosition: PageRequest.Position {
    switch configuration.style {
    case .pageIndex(let first): .page(index: first, size: configuration.firstPageSize)
    case .offset: .offset(0, limit: configuration.firstPageSize)
    case .cursor: .cursor(nil, limit: configuration.firstPageSize)
    }
  }

  /// Starts the cache read (when there is a cache) and the first page together.
  mutating func start(hasCache: Bool, handle: Int) -> PageRequest.Position? {
    if hasCache && !cacheStarted && !loadedFromNetwork {
      cacheStarted = true
      cacheReading = true
    }
    return refresh(handle: handle)
  }

  /// The cache answers with `cached` items, or `nil` for a miss; starts nothing.
  mutating func cacheLoaded(_ cached: Page<TestItem>?) {
    guard cacheReading else { return }
    cacheReading = false
    if let cached, !loadedFromNetwork {
      items = Self.merge([], cached.items, policy: configuration.duplicatePolicy)
      totalCount = Self.total(of: cached)
      showingCache = true
    }
  }

  /// Stops what is in flight: the loads and the cache read; a later start reads the cache again.
  mutating func cancel() {
    refreshInFlight = nil
    nextInFlight = nil
    if cacheReading {
      cacheReading = false
      cacheStarted = false
    }
  }

  /// Another context: everything of the previous one is forgotten, then the list starts again.
  mutating func switchContext(hasCache: Bool, handle: Int) -> PageRequest.Position? {
    self = PagingReferenceModel(configuration: configuration)
    return start(hasCache: hasCache, handle: handle)
  }

  mutating func refresh(handle: Int) -> PageRequest.Position? {
    guard refreshInFlight == nil else { return nil }
    refreshInFlight = handle
    refreshFailed = false
    nextInFlight = nil
    nextFailedPosition = nil
    generationHasFirstPage = false
    ended = false
    return firstPosition
  }

  mutating func loadNextPage(explicit: Bool, handle: Int) -> PageRequest.Position? {
    guard refreshInFlight == nil, !refreshFailed, generationHasFirstPage, !ended, nextInFlight == nil
    else { return nil }
    if let failed = nextFailedPosition {
      guard explicit else { return nil }
      nextFailedPosition = nil
      nextInFlight = (handle, failed)
      return failed
    }
    let size = configuration.pageSize
    let position: PageRequest.Position =
      switch configuration.style {
      case .pageIndex(let first):
        .page(index: first + configuration.firstPageSize / size + rawPageCounts.count - 1, size: size)
      case .offset: .offset(rawPageCounts.reduce(0, +), limit: size)
      case .cursor: .cursor(cursors.last, limit: size)
      }
    nextInFlight = (handle, position)
    return position
  }

  mutating func itemWillDisplay(at index: Int, handle: Int) -> PageRequest.Position? {
    guard index >= 0, index < items.count, items.count - index <= configuration.prefetchDistance + 1
    else { return nil }
    return loadNextPage(explicit: false, handle: handle)
  }

  mutating func retry(handle: Int) -> PageRequest.Position? {
    if refreshFailed {
      refreshFailed = false
      refreshInFlight = handle
      return firstPosition
    }
    guard let failed = nextFailedPosition else { return nil }
    nextFailedPosition = nil
    nextInFlight = (handle, failed)
    return failed
  }

  /// A response for `handle`: a page, or `nil` for a failure.
  mutating func respond(_ handle: Int, with page: Page<TestItem>?) {
    if refreshInFlight == handle {
      refreshInFlight = nil
      guard let page else {
        refreshFailed = true
        return
      }
      loadedFromNetwork = true
      showingCache = false
      generationHasFirstPage = true
      items = Self.merge([], page.items, policy: configuration.duplicatePolicy)
      totalCount = Self.total(of: page)
      rawPageCounts = [page.items.count]
      cursors = []
      ended = endsPaging(page)
    } else if let next = nextInFlight, next.handle == handle {
      nextInFlight = nil
      guard let page else {
        nextFailedPosition = next.position
        return
      }
      items = Self.merge(items, page.items, policy: configuration.duplicatePolicy)
      if let total = Self.total(of: page) { totalCount = total }
      rawPageCounts.append(page.items.count)
      ended = endsPaging(page)
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
      duplicatePolicy: chance(50) ? .keepFirst : .replaceWithNewest)
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
    // Totals of context n are n * 1000 + …, so that one of another context is recognised; a
    // negative one is a server's garbage, never shown.
    let total: Int? =
      switch Int.random(in: 0..<10, using: &self) {
      case 0..<4: nil
      case 4: -1
      default: context * 1000 + Int.random(in: 0..<100, using: &self)
      }
    return Page(items: items, hasMore: chance(85), nextCursor: cursor, totalCount: total)
  }
}
