import Foundation
import ListKit
import Observation
import Testing

@MainActor @Suite struct PagedListTests {
  /// A list over a scripted loader, and the requests it receives.
  @MainActor struct Harness {
    let list: PagedList<TestItem>
    var requests: AsyncStream<PendingLoad>.Iterator
    let cache: InMemoryPageCache

    init(
      configuration: PagingConfiguration = .test(), token: String = "s3cr3t", query: String? = nil,
      withCache: Bool = false, honorsCancellation: Bool = false
    ) {
      let (loader, stream) = ScriptedLoader.make(honorsCancellation: honorsCancellation)
      cache = InMemoryPageCache(savedAt: testNow)
      list = PagedList(
        listName: "photos", context: RequestContext(userToken: token), query: query,
        configuration: configuration, loader: loader, cache: withCache ? cache : nil, now: { testNow })
      requests = stream.makeAsyncIterator()
    }

    /// The next request the loader receives.
    mutating func nextRequest() async -> PendingLoad {
      // NB: a mutating async call cannot reach into an isolated stored property; move it out.
      var iterator = requests
      let load = await iterator.next(isolation: #isolation)
      requests = iterator
      guard let load else {
        // The test was cancelled (its time limit passed): fail it, and answer nothing.
        Issue.record("the loader's request stream ended before a request came")
        return PendingLoad(request: PageRequest(position: .page(index: 0, size: 0), direction: .refresh))
      }
      return load
    }

    /// Answers the next request the loader receives with `page`, once it checks that the request
    /// asks for `position` with `token`.
    mutating func answerNextRequest(
      at position: PageRequest.Position, token: String, with page: Page<TestItem>,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async {
      let load = await nextRequest()
      #expect(load.request.position == position, sourceLocation: sourceLocation)
      #expect(load.request.context.userToken == token, sourceLocation: sourceLocation)
      load.succeed(page)
    }

    /// Refreshes and answers with `page`.
    mutating func loadFirstPage(_ page: Page<TestItem>) async {
      let task = list.refresh()
      await nextRequest().succeed(page)
      await task?.value
    }

    /// Loads the next page and answers with `page`.
    mutating func loadNext(_ page: Page<TestItem>) async {
      let task = list.loadNextPage()
      await nextRequest().succeed(page)
      await task?.value
    }
  }

  @Test func refreshLoadsTheFirstPageAndReportsItLikeTheClassicCallback() async {
    var harness = Harness()
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    let task = harness.list.refresh()
    #expect(harness.list.loadStates.refresh == .loading)
    await harness.answerNextRequest(at: .page(index: 0, size: 3), token: "s3cr3t", with: page(0..<3))
    await task?.value
    #expect(harness.list.items == testItems(0..<3))
    #expect(harness.list.loadStates.refresh == .idle)
    #expect(harness.list.loadStates.next == .idle)
    #expect(harness.list.hasMore)
    #expect(
      completions == [
        RequestCompletion(direction: .refresh, error: nil, hasMore: true, isBlank: false)
      ])
  }

  @Test func aSecondLoadNextPageWhileOneIsInFlightStartsNothing() async {
    var harness = Harness()
    await harness.loadFirstPage(page(0..<3))
    let first = harness.list.loadNextPage()
    #expect(first != nil)
    #expect(harness.list.loadNextPage() == nil)
    #expect(harness.list.itemWillDisplay(at: 2) == nil)
    let request = await harness.nextRequest()
    #expect(request.request.position == .page(index: 1, size: 3))
    request.succeed(page(3..<6))
    await first?.value
    #expect(harness.list.items.map(\.id) == Array(0..<6))
  }

  @Test func refreshCancelsTheNextPageTaskAndItsLateResponseIsDropped() async {
    var harness = Harness()
    await harness.loadFirstPage(page(0..<3))
    let next = harness.list.loadNextPage()
    let nextRequest = await harness.nextRequest()
    let refresh = harness.list.refresh()
    let refreshRequest = await harness.nextRequest()
    #expect(nextRequest.sawCancellation)
    // The server answers the cancelled request anyway, after the refresh's answer.
    refreshRequest.succeed(page(10..<13))
    await refresh?.value
    nextRequest.succeed(page(3..<6))
    await next?.value
    #expect(harness.list.items.map(\.id) == [10, 11, 12])
    #expect(harness.list.loadStates.next == .idle)
  }

  @Test func aLoaderThatHonoursCancellationEndsTheNextPageWithoutAFailure() async {
    var harness = Harness(honorsCancellation: true)
    await harness.loadFirstPage(page(0..<3))
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    let next = harness.list.loadNextPage()
    _ = await harness.nextRequest()
    let refresh = harness.list.refresh()
    await next?.value
    #expect(completions.isEmpty, "the cancelled load is not reported")
    #expect(harness.list.loadStates.next == .idle)
    await harness.nextRequest().succeed(page(0..<3))
    await refresh?.value
    #expect(completions.map(\.direction) == [.refresh])
  }

  @Test func retryRepeatsTheFailedPageAndPrefetchWaitsForIt() async {
    var harness = Harness()
    await harness.loadFirstPage(page(0..<3))
    let next = harness.list.itemWillDisplay(at: 2)
    let failed = await harness.nextRequest()
    failed.fail(FriendlyLoaderError(text: "You are offline."))
    await next?.value
    #expect(harness.list.loadStates.next.error?.message == "You are offline.")
    #expect(harness.list.loadStates.next.error?.direction == .nextPage)
    #expect(harness.list.itemWillDisplay(at: 2) == nil)
    let retry = harness.list.retry()
    let again = await harness.nextRequest()
    #expect(again.request == failed.request)
    again.succeed(page(3..<6))
    await retry?.value
    #expect(harness.list.items.count == 6)
    #expect(harness.list.itemWillDisplay(at: 5) != nil)
  }

  @Test func errorMessagesNeverContainTheToken() async {
    let token = "tok-9f8e7d"
    var harness = Harness(token: token)
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    let task = harness.list.refresh()
    await harness.nextRequest().fail(LeakyLoaderError(token: token))
    await task?.value
    let error = harness.list.loadStates.refresh.error
    #expect(error?.message == "The list could not be loaded.")
    #expect(error?.details.contains("<redacted>") == true)
    for text in [error?.message, error?.details, completions.first?.error?.message, error.map { "\($0)" }] {
      #expect(text?.contains(token) == false)
    }
  }

  @Test func anEmptyFirstPageIsBlankAndEndsPaging() async {
    var harness = Harness()
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    await harness.loadFirstPage(page([], hasMore: true))
    #expect(harness.list.isBlank)
    #expect(harness.list.loadStates.next == .reachedEnd)
    #expect(completions.first?.isBlank == true)
    #expect(completions.first?.hasMore == false)
    #expect(harness.list.loadNextPage() == nil)
  }

  @Test func reachedEndResetsOnPullToRefresh() async {
    var harness = Harness()
    await harness.loadFirstPage(page(0..<3, hasMore: false))
    #expect(harness.list.loadStates.next == .reachedEnd)
    let refresh = harness.list.refresh()
    #expect(harness.list.loadStates.next == .idle)
    await harness.nextRequest().succeed(page(0..<3))
    await refresh?.value
    #expect(harness.list.loadNextPage() != nil)
    await harness.nextRequest().succeed(page([], hasMore: false))
  }

  @Test func theControllerNeverCountsPages() async {
    var harness = Harness(configuration: .test(.pageIndex(firstIndex: 1), pageSize: 2, firstPageSize: 4))
    await harness.loadFirstPage(page(0..<4))
    var indexes: [PageRequest.Position] = []
    for start in stride(from: 4, to: 10, by: 2) {
      let task = harness.list.itemWillDisplay(at: harness.list.items.count - 1)
      let request = await harness.nextRequest()
      indexes.append(request.request.position)
      request.succeed(page(start..<start + 2))
      await task?.value
    }
    #expect(indexes == [.page(index: 3, size: 2), .page(index: 4, size: 2), .page(index: 5, size: 2)])
  }

  // MARK: Cache then network

  @Test func theCachedFirstPageShowsAtOnceWithItsAgeThenTheNetworkReplacesIt() async {
    var harness = Harness(query: "cats", withCache: true)
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "s3cr3t"), query: "cats")
    #expect(harness.list.cacheKey == key)
    harness.cache.put(page([1, 2]), for: key, savedAt: testNow.addingTimeInterval(-3600))
    var cacheReports: [CacheLoadCompletion] = []
    harness.list.onCacheLoaded = { cacheReports.append($0) }
    let start = harness.list.start()
    let refresh = await harness.nextRequest()
    await harness.list.cacheReadTask?.value
    #expect(harness.list.items.map(\.id) == [1, 2])
    #expect(harness.list.cachedPageAge != nil)
    #expect(harness.list.cachedPageAge == .seconds(3600))
    #expect(harness.list.loadStates.refresh == .loading)
    #expect(cacheReports == [CacheLoadCompletion.shown(age: .seconds(3600), itemCount: 2)])
    refresh.succeed(page([7, 8, 9]))
    await start?.value
    #expect(harness.list.items.map(\.id) == [7, 8, 9])
    #expect(harness.list.cachedPageAge == nil)
    await harness.list.waitForCacheWrites()
    #expect(harness.cache.entries[key]?.page == page([7, 8, 9]))
    #expect(harness.cache.saveCount == 1)
  }

  // NB: a hang guard, not a measurement: a load that waited for the held save would never end,
  // and the limit fails the test then; it is wide because sanitizer runs are many times slower.
  @Test(.timeLimit(.minutes(5))) func aLoadNeverWaitsForTheCacheSave() async {
    var harness = Harness(withCache: true)
    harness.cache.holdSaves()
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    await harness.loadFirstPage(page([1, 2]))
    await harness.loadNext(page([3]))
    #expect(harness.list.items.map(\.id) == [1, 2, 3])
    #expect(completions.count == 2)
    #expect(harness.cache.entries.isEmpty, "the save is still held")
    harness.cache.releaseSaves()
    await harness.list.waitForCacheWrites()
    #expect(harness.cache.entries[harness.list.cacheKey]?.page == page([1, 2]))
  }

  @Test func aFailedRefreshKeepsTheCachedItemsAndReportsTheError() async {
    var harness = Harness(withCache: true)
    harness.cache.put(page([1, 2]), for: harness.list.cacheKey, savedAt: testNow)
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    let start = harness.list.start()
    await harness.nextRequest().fail(URLError(.notConnectedToInternet))
    await start?.value
    await harness.list.cacheReadTask?.value
    #expect(harness.list.items.map(\.id) == [1, 2])
    #expect(harness.list.cachedPageAge != nil)
    #expect(harness.list.loadStates.refresh.error != nil)
    #expect(completions.first?.error != nil)
    #expect(completions.first?.error?.message.isEmpty == false)
    #expect(!harness.list.isBlank)
    await harness.list.waitForCacheWrites()
    #expect(harness.cache.saveCount == 0, "nothing new to save")
  }

  @Test func aNextPageIsNeverSavedOnlyTheFirst() async {
    var harness = Harness(withCache: true)
    await harness.loadFirstPage(page(0..<3))
    await harness.loadNext(page(3..<6))
    await harness.list.waitForCacheWrites()
    #expect(harness.cache.saveCount == 1)
    #expect(harness.cache.entries[harness.list.cacheKey]?.page == page(0..<3))
  }

  @Test func anUnusableCacheEntryIsReportedAndTheRefreshStillRuns() async {
    var harness = Harness(withCache: true)
    harness.cache.failReads(with: .schemaMismatch(found: 1, expected: 2))
    var cacheReports: [CacheLoadCompletion] = []
    harness.list.onCacheLoaded = { cacheReports.append($0) }
    let start = harness.list.start()
    await harness.nextRequest().succeed(page([4]))
    await start?.value
    await harness.list.cacheReadTask?.value
    #expect(
      cacheReports == [
        CacheLoadCompletion.missed(.schemaMismatch(found: 1, expected: 2))
      ])
    #expect(harness.list.items.map(\.id) == [4])
  }

  @Test func aFailedCacheSaveIsReportedAndClearedByTheNextGoodSave() async {
    var harness = Harness(withCache: true)
    harness.cache.failSaves(with: .entryTooLarge(bytes: 10, limit: 5))
    await harness.loadFirstPage(page([1]))
    #expect(await harness.list.waitForCacheWrites() == .entryTooLarge(bytes: 10, limit: 5))
    harness.cache.failSaves(with: nil)
    await harness.loadFirstPage(page([2]))
    #expect(await harness.list.waitForCacheWrites() == nil)
    #expect(harness.cache.entries[harness.list.cacheKey]?.page == page([2]))
  }

  @Test func twoUsersNeverShareACachedPage() async {
    var alice = Harness(token: "alice", withCache: true)
    await alice.loadFirstPage(page([1]))
    await alice.list.waitForCacheWrites()
    let bobKey = PageCacheKey(listName: "photos", context: RequestContext(userToken: "bob"))
    #expect(alice.list.cacheKey != bobKey)
    #expect(await alice.cache.loadFirstPage(for: bobKey) == .miss(.notFound))
  }

  // MARK: Observation and streams

  @Test func observersAreToldWhenItemsAndStatesChange() async {
    var harness = Harness()
    await harness.loadFirstPage(page(0..<3))
    let itemsChanged = Flag()
    withObservationTracking {
      _ = harness.list.items
    } onChange: {
      itemsChanged.set()
    }
    let stateChanged = Flag()
    withObservationTracking {
      _ = harness.list.loadStates.next
    } onChange: {
      stateChanged.set()
    }
    let totalChanged = Flag()
    withObservationTracking {
      _ = harness.list.totalCount
    } onChange: {
      totalChanged.set()
    }
    let task = harness.list.loadNextPage()
    #expect(stateChanged.isSet, "idle → loading")
    #expect(!itemsChanged.isSet)
    await harness.nextRequest().succeed(page(3..<6))
    await task?.value
    #expect(itemsChanged.isSet)
    #expect(!totalChanged.isSet, "a property that did not change tells no one")
  }

  @Test func theEventStreamDeliversWhatTheCallbacksReceive_inOrder() async {
    var harness = Harness()
    var called: [PagedListEvent] = []
    harness.list.onItemsChanged = { called.append(.itemsChanged($0)) }
    harness.list.onRequestCompleted = { called.append(.requestCompleted($0)) }
    var events = harness.list.events().makeAsyncIterator()
    await harness.loadFirstPage(page(0..<3))
    await harness.loadNext(page([2, 3]))
    let firstPage = RequestCompletion(direction: .refresh, error: nil, hasMore: true, isBlank: false)
    let nextPage = RequestCompletion(direction: .nextPage, error: nil, hasMore: true, isBlank: false)
    let expected: [PagedListEvent] = [
      .statusChanged(.loading),
      .itemsChanged(.reloaded(count: 3)), .statusChanged(.hidden), .requestCompleted(firstPage),
      .statusChanged(.loading),
      .itemsChanged(.appended(inserted: 3..<4, updated: [])), .statusChanged(.hidden),
      .requestCompleted(nextPage),
    ]
    var streamed: [PagedListEvent] = []
    for _ in expected { if let event = await events.next(isolation: #isolation) { streamed.append(event) } }
    #expect(streamed == expected)
    #expect(called == expected.filter { if case .statusChanged = $0 { false } else { true } })
    #expect(harness.list.items.count == 4)
  }

  /// Records who heard of each change of the items, in order.
  ///
  /// "callback" is `onItemsChanged`, set first; "view" is a view's receiver, added after it and
  /// held by the list as long as the listener lives.
  @MainActor final class ItemsChangeListener {
    var heard: [String] = []

    init(_ list: PagedList<TestItem>) {
      list.onItemsChanged = { [weak self] _ in self?.heard.append("callback") }
      list.addViewReceiver(owner: self) { [weak self] event in
        if case .itemsChanged = event { self?.heard.append("view") }
      }
    }
  }

  @Test func aViewAddedAfterTheCallbacksHearsEachEventFirst_andEveryReceiverHearsItOnce() async {
    var harness = Harness()
    let listener = ItemsChangeListener(harness.list)
    var events = harness.list.events().makeAsyncIterator()
    await harness.loadFirstPage(page(0..<3))
    #expect(listener.heard == ["view", "callback"], "a view hears first, whenever it was added")
    #expect(await events.next(isolation: #isolation) == .statusChanged(.loading))
    #expect(await events.next(isolation: #isolation) == .itemsChanged(.reloaded(count: 3)))
    await harness.loadNext(page([3]))
    #expect(listener.heard == ["view", "callback", "view", "callback"], "each event once to each receiver")
  }

  @Test func aStreamThatEndsTakesOnlyItsOwnReceiverAway() async throws {
    var harness = Harness()
    let listener = ItemsChangeListener(harness.list)
    var kept = harness.list.events().makeAsyncIterator()
    _ = harness.list.events()  // ended at once: no one consumes it
    await harness.loadFirstPage(page(0..<3))
    // Required: with the kept stream's receiver gone too, waiting on it below would never end.
    try #require(listener.heard == ["view", "callback"])
    #expect(await kept.next(isolation: #isolation) == .statusChanged(.loading))
    #expect(await kept.next(isolation: #isolation) == .itemsChanged(.reloaded(count: 3)))
  }

  @Test func theCallbacksAndStreamsDoNotKeepTheListAlive() async {
    weak var released: PagedList<TestItem>?
    do {
      let harness = Harness()
      harness.list.onItemsChanged = { _ in }
      harness.list.onRequestCompleted = { _ in }
      _ = harness.list.events()
      released = harness.list
    }
    #expect(released == nil)
  }

  @Test func itemChangesAreReportedAtOnceInStepWithTheItems() async {
    var harness = Harness(configuration: .test(duplicatePolicy: .replaceWithNewest))
    var seen: [(change: ItemsChange, count: Int)] = []
    let list = harness.list
    // Weak: the list keeps its hook, so a strong capture would be a cycle that outlives the test.
    list.onItemsChanged = { [weak list] in seen.append(($0, list?.items.count ?? -1)) }
    await harness.loadFirstPage(page(0..<3))
    await harness.loadNext(Page(items: [TestItem(id: 1, version: 2), TestItem(id: 3)], hasMore: true))
    let failing = harness.list.loadNextPage()
    await harness.nextRequest().fail(FriendlyLoaderError(text: "down"))
    await failing?.value
    #expect(seen.map(\.change) == [.reloaded(count: 3), .appended(inserted: 3..<4, updated: [1])])
    #expect(seen.map(\.count) == [3, 4], "the items had already changed when the hook ran")
  }

  @Test func itemAtIsSafeOutOfRange() async {
    var harness = Harness()
    await harness.loadFirstPage(page(0..<3))
    #expect(harness.list.item(at: 2) == TestItem(id: 2))
    #expect(harness.list.item(at: 3) == nil)
    #expect(harness.list.item(at: -1) == nil)
  }
}
