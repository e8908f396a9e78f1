import ListKit
import Testing

typealias Machine = PagingStateMachine<TestItem>

extension Array where Element == Machine.Action {
  /// The loads these actions start.
  var loads: [(ticket: Machine.Ticket, request: PageRequest)] {
    compactMap { if case .load(let ticket, let request) = $0 { (ticket, request) } else { nil } }
  }

  /// The one load these actions start; a test failure (nil) when there is not exactly one.
  var load: (ticket: Machine.Ticket, request: PageRequest)? { loads.count == 1 ? loads[0] : nil }

  /// The cache reads these actions start.
  var cacheReads: [Machine.Ticket] {
    compactMap { if case .readCache(let ticket, _) = $0 { ticket } else { nil } }
  }

  /// The tickets these actions cancel.
  var cancels: [Machine.Ticket] {
    compactMap { if case .cancel(let ticket) = $0 { ticket } else { nil } }
  }

  /// The request reports.
  var completions: [RequestCompletion] {
    compactMap { if case .reportRequest(let completion, _) = $0 { completion } else { nil } }
  }

  /// The cache reports.
  var cacheCompletions: [CacheLoadCompletion] {
    compactMap { if case .reportCache(let completion, _) = $0 { completion } else { nil } }
  }

  /// What the actions did to the items.
  var itemsChanges: [ItemsChange] {
    compactMap {
      switch $0 {
      case .reportRequest(_, let change?), .reportCache(_, let change?), .changeItems(let change): change
      default: nil
      }
    }
  }

  /// The pages to save.
  var saves: [Page<TestItem>] {
    compactMap { if case .saveFirstPage(let page, _) = $0 { page } else { nil } }
  }

  /// The keys the saves go to.
  var saveKeys: [PageCacheKey] {
    compactMap { if case .saveFirstPage(_, let key) = $0 { key } else { nil } }
  }
}

extension PagingStateMachine where Item == TestItem {
  /// The ids held, in order.
  var ids: [Int] { items.map(\.id) }

  /// A machine of the test configuration that holds the first page 0, 1, 2.
  static func holdingFirstPage() throws -> Self {
    var machine = Self(configuration: .test())
    try machine.loadFirstPage(page(0..<3))
    return machine
  }

  /// Starts a refresh and answers it with `page`; returns the actions of the answer.
  /// - Throws: When the refresh starts no load.
  @discardableResult
  mutating func loadFirstPage(_ page: Page<TestItem>) throws -> [Action] {
    let load = try #require(refresh().load, "the refresh starts a load")
    return succeeded(load.ticket, with: page)
  }

  /// Starts the next page and answers it with `page`; returns the actions of the answer.
  /// - Throws: When no next page starts.
  @discardableResult
  mutating func loadNext(_ page: Page<TestItem>) throws -> [Action] {
    let load = try #require(loadNextPage().load, "a next page starts")
    return succeeded(load.ticket, with: page)
  }

  /// Answers `load`, the one load an action started, with `page`; returns the actions of the
  /// answer.
  /// - Throws: When `load` is nil: the action started no load, or more than one.
  @discardableResult
  mutating func answer(
    _ load: (ticket: Ticket, request: PageRequest)?, with page: Page<TestItem>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Action] {
    let started = try #require(load, "the action starts one load", sourceLocation: sourceLocation)
    return succeeded(started.ticket, with: page)
  }

  /// Fails `load`, the one load an action started, with `error`; returns the actions of the
  /// failure.
  /// - Throws: When `load` is nil: the action started no load, or more than one.
  @discardableResult
  mutating func fail(
    _ load: (ticket: Ticket, request: PageRequest)?, with error: PagingError,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Action] {
    let started = try #require(load, "the action starts one load", sourceLocation: sourceLocation)
    return failed(started.ticket, with: error)
  }
}

/// A page of `ids` that says more follow.
func page(_ ids: some Sequence<Int>, version: Int = 0, hasMore: Bool = true, cursor: String? = nil)
  -> Page<TestItem>
{
  Page(items: testItems(ids, version: version), hasMore: hasMore, nextCursor: cursor)
}

let networkDown = PagingError(direction: .nextPage, message: "offline")
let refreshDown = PagingError(direction: .refresh, message: "offline")
