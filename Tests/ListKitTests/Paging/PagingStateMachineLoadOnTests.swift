import ListKit
import Testing

/// A page that lands while the screen the view reported still shows that end loads on at once, so
/// the direction never stops loading (and its status row never hides) while the view shows its end.
@Suite struct PagingStateMachineLoadOnTests {
  /// A machine holding 0..<6, pages of 3, prefetch distance 1.
  func machine() throws -> Machine {
    var machine = Machine(configuration: .test(.offset, pageSize: 3, prefetchDistance: 1))
    try machine.loadFirstPage(page(0..<6))
    return machine
  }

  @Test func aNextPageThatAddsNoRowWhileTheScreenShowsTheEndLoadsTheNextAtOnce() throws {
    var machine = try machine()
    let load = try #require(machine.itemWillDisplay(at: 5, onScreen: 3...5).load)
    // Every item of the page is held already: no row is added, the screen still shows the end.
    let actions = machine.succeeded(load.ticket, with: page([3, 4, 5]))
    #expect(actions.completions.map(\.direction) == [.nextPage])
    #expect(actions.loads.map(\.request.position) == [.offset(9, limit: 3)])
    #expect(machine.nextPageState == .loading)
  }

  @Test func aNextPageThatMovesTheEndAwayFromTheScreenLoadsNothingMore() throws {
    var machine = try machine()
    let load = try #require(machine.itemWillDisplay(at: 5, onScreen: 3...5).load)
    let actions = machine.succeeded(load.ticket, with: page(6..<9))
    #expect(actions.loads.isEmpty)
    #expect(machine.nextPageState == .idle)
  }

  @Test func withoutAScreenReportedALandingPageLoadsNothingMore() throws {
    var machine = try machine()
    let load = try #require(machine.itemWillDisplay(at: 5).load)
    let actions = machine.succeeded(load.ticket, with: page([3, 4, 5]))
    #expect(actions.loads.isEmpty)
    #expect(machine.nextPageState == .idle)
  }

  @Test func aPageThatEndsPagingOrFailsLoadsNothingMore() throws {
    var ended = try machine()
    let last = try #require(ended.itemWillDisplay(at: 5, onScreen: 3...5).load)
    #expect(ended.succeeded(last.ticket, with: page([3, 4, 5], hasMore: false)).loads.isEmpty)
    #expect(ended.nextPageState == .reachedEnd)

    var failed = try machine()
    let failing = try #require(failed.itemWillDisplay(at: 5, onScreen: 3...5).load)
    let error = PagingError(direction: .nextPage, message: "down")
    #expect(failed.failed(failing.ticket, with: error).loads.isEmpty)
    #expect(failed.nextPageState == .failed(error))
  }

  @Test func aPreviousPageThatAddsNoRowWhileTheScreenShowsTheTopLoadsTheOneBeforeAtOnce() throws {
    var machine = Machine(configuration: .test(.pageIndex(firstIndex: 0), pageSize: 3, prefetchDistance: 1))
    let start = try #require(machine.start(hasCache: false, at: .pageIndex(4)).load)
    _ = machine.succeeded(start.ticket, with: page(12..<15))
    let previous = try #require(machine.itemWillDisplay(at: 0, onScreen: 0...2).loads.last)
    #expect(previous.request.position == .page(index: 3, size: 3))
    // The server's page 3 holds items the list has: nothing is added above the screen.
    let actions = machine.succeeded(previous.ticket, with: page([12, 13, 14]))
    #expect(actions.loads.map(\.request.position) == [.page(index: 2, size: 3)])
    #expect(machine.previousPageState == .loading)
  }
}
