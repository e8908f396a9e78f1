import ListKit
import Observation
import Testing

/// Releasing a list, or calling `cancel()`, cancels its loads: the loader sees the cancellation.
@MainActor @Suite struct PagedListLifecycleTests {
  @Test func releasingAListCancelsItsLoadsInFlight() async throws {
    let (loader, stream) = ScriptedLoader.make(honorsCancellation: true)
    var requests = stream.makeAsyncIterator()
    var list: PagedList<TestItem>? = PagedList(listName: "photos", configuration: .test(), loader: loader)
    let refresh = list?.refresh()
    let pending = try #require(await requests.next(isolation: #isolation))
    #expect(!pending.sawCancellation)
    weak let released = list
    list = nil
    #expect(released == nil, "nothing else holds the list")
    let cancelled = pending.sawCancellation
    #expect(cancelled)
    // Never wait on a load that was not cancelled: end it by hand instead.
    if !cancelled { pending.fail(CancellationError()) }
    await refresh?.value
  }

  @Test func cancelEndsTheLoadsOfALiveListWithoutAReportAndItCanLoadAgain() async throws {
    var harness = PagedListTests.Harness(honorsCancellation: true)
    await harness.loadFirstPage(page(0..<3))
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    let next = harness.list.loadNextPage()
    let pending = await harness.nextRequest()
    harness.list.cancel()
    #expect(pending.sawCancellation)
    await next?.value
    #expect(completions.isEmpty, "a cancelled load is not reported")
    #expect(harness.list.loadStates.next == .idle)
    #expect(harness.list.items.map(\.id) == [0, 1, 2])
    await harness.loadNext(page(3..<6))
    #expect(harness.list.items.count == 6)
    #expect(harness.list.loadStates.next == .idle)
  }

  @Test func cancelDropsAnAnswerThatArrivesAnyway() async {
    var harness = PagedListTests.Harness(honorsCancellation: false)
    let refresh = harness.list.refresh()
    let pending = await harness.nextRequest()
    harness.list.cancel()
    #expect(harness.list.loadStates.refresh == .idle)
    pending.succeed(page(0..<3))
    await refresh?.value
    #expect(harness.list.items.isEmpty)
    #expect(!harness.list.isBlank)
  }

  @Test func cancelAlsoStopsTheCacheRead() {
    var machine = Machine(configuration: .test())
    let started = machine.start(hasCache: true)
    let cancelled = machine.cancel()
    #expect(Set(cancelled.cancels) == Set(started.cacheReads + [started.load!.ticket]))
    #expect(machine.cacheLoaded(started.cacheReads[0], .miss(.notFound), now: testNow).isEmpty)
    #expect(machine.refreshState == .idle)
    #expect(machine.start(hasCache: true).cacheReads.count == 1, "a later start reads again")
  }

  /// A context switch is observable: a SwiftUI view showing the signed-in user follows it.
  @Test func observersAreToldWhenTheContextAndTheKeyChange() {
    let (loader, _) = ScriptedLoader.make(honorsCancellation: true)
    let list = PagedList(
      listName: "photos", context: RequestContext(userToken: "alice"), configuration: .test(), loader: loader)
    let contextChanged = Flag()
    withObservationTracking {
      _ = list.context
    } onChange: {
      contextChanged.set()
    }
    let keyChanged = Flag()
    withObservationTracking {
      _ = list.cacheKey
    } onChange: {
      keyChanged.set()
    }
    list.switchContext(to: RequestContext(userToken: "bob"))
    #expect(contextChanged.isSet)
    #expect(keyChanged.isSet)
    #expect(list.context.userToken == "bob")
    list.cancel()
  }
}
