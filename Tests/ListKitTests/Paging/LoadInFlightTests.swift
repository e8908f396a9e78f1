import ListKit
import Testing

/// The state machine's "anything in flight" answer, which `PagedList.idle()` waits on.
@Suite struct LoadInFlightTests {
  @Test func theLaunchRefreshThenTheNextPage_areEachInFlight() {
    var machine = Machine(configuration: .test(pageSize: 3))
    #expect(!machine.hasLoadInFlight)

    let started = machine.start(hasCache: true)
    #expect(machine.hasLoadInFlight)
    _ = machine.cacheLoaded(started.cacheReads[0], .miss(.notFound), now: testNow)
    // The cache answered; the refresh, asked in the same step, still loads.
    #expect(machine.refreshState == .loading)
    #expect(machine.hasLoadInFlight)
    _ = started.load.map { machine.succeeded($0.ticket, with: page(0..<3)) }
    #expect(!machine.hasLoadInFlight)

    let next = machine.loadNextPage().load
    #expect(machine.hasLoadInFlight)
    _ = next.map { machine.failed($0.ticket, with: networkDown) }
    #expect(!machine.hasLoadInFlight)
  }

  @Test func aCacheReadStillRunningAfterTheFirstPageArrived_leavesNothingInFlight() {
    // Its answer would be dropped, so nobody waits for it: a stuck disk holds back nothing.
    var machine = Machine(configuration: .test(pageSize: 3))
    let started = machine.start(hasCache: true)
    _ = started.load.map { machine.succeeded($0.ticket, with: page(0..<3, hasMore: false)) }

    #expect(!machine.hasLoadInFlight)
    #expect(machine.ids == [0, 1, 2])
  }

  @Test func aCacheReadStillRunningAfterTheFirstPageFailed_isInFlight() {
    // A cached page that answers now would still be shown, so it is worth waiting for.
    var machine = Machine(configuration: .test(pageSize: 3))
    let started = machine.start(hasCache: true)
    _ = started.load.map { machine.failed($0.ticket, with: networkDown) }

    #expect(machine.refreshState != .loading)
    #expect(machine.hasLoadInFlight)
  }
}
