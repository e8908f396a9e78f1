import ListKit
import Testing

/// The state machine's "anything in flight" answer, which `PagedList.idle()` waits on.
@Suite struct LoadInFlightTests {
  @Test func theLaunchCacheReadThenTheRefreshThenTheNextPage_areEachInFlight() {
    var machine = Machine(configuration: .test(pageSize: 3))
    #expect(!machine.hasLoadInFlight)

    _ = machine.start(hasCache: true)
    // Neither direction loads while the cache is read, yet something is in flight.
    #expect(machine.refreshState == .idle && machine.nextPageState == .idle)
    #expect(machine.hasLoadInFlight)

    let refresh = machine.cacheLoaded(.miss(.notFound), now: testNow).load
    #expect(machine.hasLoadInFlight)
    _ = refresh.map { machine.succeeded($0.ticket, with: page(0..<3)) }
    #expect(!machine.hasLoadInFlight)

    let next = machine.loadNextPage().load
    #expect(machine.hasLoadInFlight)
    _ = next.map { machine.failed($0.ticket, with: networkDown) }
    #expect(!machine.hasLoadInFlight)
  }

  @Test func aCacheAnswerAfterTheRefreshEnded_leavesNothingInFlight() {
    var machine = Machine(configuration: .test(pageSize: 3))
    _ = machine.start(hasCache: true)
    machine.loadFirstPage(page(0..<3, hasMore: false))
    #expect(machine.hasLoadInFlight)

    _ = machine.cacheLoaded(.miss(.notFound), now: testNow)

    #expect(!machine.hasLoadInFlight)
    #expect(machine.ids == [0, 1, 2])
  }
}
