import Foundation
import ListKit
import Testing

@Suite struct PagingStateMachineTests {
  // MARK: Positions

  @Test func firstPageUsesTheStyleAndTheFirstPageSize() {
    let cases: [(PagingStyle, PageRequest.Position)] = [
      (.pageIndex(firstIndex: 1), .page(index: 1, size: 6)),
      (.offset, .offset(0, limit: 6)),
      (.cursor, .cursor(nil, limit: 6)),
    ]
    for (style, expected) in cases {
      var machine = Machine(
        configuration: .test(style, firstPageSize: 6), context: RequestContext(userToken: "t"))
      let request = machine.refresh().load?.request
      #expect(request?.position == expected, "\(style)")
      #expect((request?.direction == .refresh) == true)
      #expect(request?.context.userToken == "t")
    }
  }

  @Test func pageIndexesAreComputedByTheMachineCountingALargerFirstPageAsSeveralPages() throws {
    var machine = Machine(configuration: .test(.pageIndex(firstIndex: 1), pageSize: 3, firstPageSize: 6))
    try machine.loadFirstPage(page(0..<6))
    var positions: [PageRequest.Position] = []
    for start in stride(from: 6, to: 15, by: 3) {
      guard let load = machine.loadNextPage().load else { break }
      positions.append(load.request.position)
      #expect(load.request.direction != .refresh)
      _ = machine.succeeded(load.ticket, with: page(start..<start + 3))
    }
    #expect(positions == [.page(index: 3, size: 3), .page(index: 4, size: 3), .page(index: 5, size: 3)])
  }

  @Test func offsetsAdvanceByTheItemsTheServerReturnedNotByTheItemsKept() throws {
    var machine = Machine(configuration: .test(.offset, pageSize: 3))
    try machine.loadFirstPage(page([1, 2, 3]))
    let second = machine.loadNextPage().load
    #expect(second?.request.position == .offset(3, limit: 3))
    // Two of these are duplicates and are dropped, but the server did send three items.
    try machine.answer(second, with: page([3, 1, 4]))
    #expect(machine.ids == [1, 2, 3, 4])
    #expect(machine.loadNextPage().load?.request.position == .offset(6, limit: 3))
  }

  @Test func cursorsArePassedOnFromThePreviousPage() throws {
    var machine = Machine(configuration: .test(.cursor, pageSize: 2, firstPageSize: 4))
    try machine.loadFirstPage(page(0..<4, cursor: "A"))
    let second = machine.loadNextPage().load
    #expect(second?.request.position == .cursor("A", limit: 2))
    try machine.answer(second, with: page(4..<6, cursor: "B"))
    #expect(machine.loadNextPage().load?.request.position == .cursor("B", limit: 2))
  }

  @Test func theSavedFirstPageKeepsNoCursorSinceALinkMayCarryTheToken() throws {
    var machine = Machine(
      configuration: .test(.cursor, pageSize: 2), context: RequestContext(userToken: "t0k3n"))
    var first = page(0..<2, cursor: "https://api.example/items?cursor=2&access_token=t0k3n")
    first.previousCursor = "https://api.example/items?before=0&access_token=t0k3n"
    let actions = try machine.loadFirstPage(first)
    let saved = try #require(
      actions.lazy.compactMap { if case .saveFirstPage(let page, _) = $0 { page } else { nil } }.first)
    #expect(saved.items == first.items)
    #expect(saved.hasMore)
    #expect(saved.nextCursor == nil)
    #expect(saved.previousCursor == nil)
    // The list itself still pages from the cursor the server sent.
    #expect(machine.loadNextPage().load?.request.position == .cursor(first.nextCursor, limit: 2))
  }

  // MARK: One request per direction

  @Test func aSecondLoadNextPageWhileOneIsInFlightDoesNothing() throws {
    var machine = try Machine.holdingFirstPage()
    #expect(machine.loadNextPage().loads.count == 1)
    #expect(machine.loadNextPage().isEmpty)
    #expect(machine.itemWillDisplay(at: 2).isEmpty)
    #expect(machine.nextPageState == .loading)
  }

  @Test func aSecondRefreshWhileOneIsInFlightDoesNothing() {
    var machine = Machine(configuration: .test())
    #expect(machine.refresh().loads.count == 1)
    #expect(machine.refresh().isEmpty)
    #expect(machine.generation == 1)
  }

  @Test func noNextPageBeforeTheFirstPageNorWhileARefreshIsInFlight() throws {
    var machine = Machine(configuration: .test())
    #expect(machine.loadNextPage().isEmpty)
    try machine.loadFirstPage(page(0..<3))
    _ = machine.refresh()
    #expect(machine.loadNextPage().isEmpty)
    #expect(machine.itemWillDisplay(at: 2).isEmpty)
  }

  // MARK: Generations

  @Test func refreshCancelsTheInFlightNextPageAndDropsItsLateResponse() throws {
    var machine = try Machine.holdingFirstPage()
    let next = machine.loadNextPage().load
    let refresh = machine.refresh()
    #expect(refresh.cancels == [next?.ticket].compactMap { $0 })
    #expect(machine.nextPageState == .idle)
    // The cancelled page still arrives: dropped, nothing reported.
    let late = next.map { machine.succeeded($0.ticket, with: page(3..<6)) }
    #expect(late?.isEmpty == true)
    #expect(machine.ids == [0, 1, 2])
    try machine.answer(refresh.load, with: page(10..<13))
    #expect(machine.ids == [10, 11, 12])
  }

  @Test func aResponseFromAnOlderGenerationIsDroppedEvenAfterTheNewFirstPageArrived() throws {
    var machine = try Machine.holdingFirstPage()
    let old = machine.loadNextPage().load
    try machine.loadFirstPage(page(10..<13))
    let current = machine.loadNextPage().load
    #expect(old?.ticket.generation == 1)
    #expect(current?.ticket.generation == 2)
    #expect(old.map { machine.succeeded($0.ticket, with: page(3..<6)) }?.isEmpty == true)
    #expect(old.map { machine.failed($0.ticket, with: networkDown) }?.isEmpty == true)
    #expect(machine.ids == [10, 11, 12])
    #expect(machine.nextPageState == .loading)
    try machine.answer(current, with: page(13..<16))
    #expect(machine.ids == Array(10..<16))
  }

  @Test func aFailureFromAnOlderGenerationDoesNotMarkTheNewOneFailed() throws {
    var machine = try Machine.holdingFirstPage()
    let old = machine.loadNextPage().load
    let refresh = machine.refresh().load
    #expect(old.map { machine.failed($0.ticket, with: networkDown) }?.isEmpty == true)
    #expect(machine.refreshState == .loading)
    #expect(machine.nextPageState == .idle)
    try machine.answer(refresh, with: page(10..<13))
    #expect(machine.loadNextPage().loads.count == 1)
  }

  // MARK: Retry

  @Test func retryRepeatsTheFailedNextPageInTheSameGeneration() throws {
    var machine = try Machine.holdingFirstPage()
    let first = machine.loadNextPage().load
    let report = first.map { machine.failed($0.ticket, with: networkDown) }
    #expect(report?.completions.first?.error != nil)
    #expect(report?.completions.first?.error?.message == "offline")
    #expect(machine.nextPageState == .failed(networkDown))
    let again = machine.retry().load
    #expect(again?.request == first?.request)
    #expect(again?.ticket.generation == first?.ticket.generation)
    #expect(again?.ticket != first?.ticket)
    // The first attempt's answer, if it still comes, is not the one in flight.
    #expect(first.map { machine.succeeded($0.ticket, with: page(3..<6)) }?.isEmpty == true)
    try machine.answer(again, with: page(3..<6))
    #expect(machine.ids == Array(0..<6))
  }

  @Test func retryRepeatsAFailedRefreshAndKeepsTheItemsMeanwhile() throws {
    var machine = try Machine.holdingFirstPage()
    let refresh = machine.refresh().load
    try machine.fail(refresh, with: refreshDown)
    #expect(machine.ids == [0, 1, 2])
    #expect(machine.refreshState == .failed(refreshDown))
    // The items kept page on as before the refresh…
    let next = machine.loadNextPage().load
    #expect(next?.request.position == .page(index: 1, size: 3))
    // …until the refresh is retried: the page loading since is cancelled, its answer dropped.
    let retried = machine.retry()
    #expect(retried.cancels == [try #require(next?.ticket)])
    let again = retried.load
    #expect(again?.request == refresh?.request)
    #expect(again?.ticket.generation == refresh?.ticket.generation)
    #expect(next.map { machine.succeeded($0.ticket, with: page(3..<6)) }?.isEmpty == true)
    #expect(machine.loadNextPage().isEmpty, "no next page while the refresh loads")
    #expect(machine.retry().isEmpty, "nothing failed any more")
  }

  @Test func retryWithNothingFailedDoesNothing() throws {
    var machine = Machine(configuration: .test())
    #expect(machine.retry().isEmpty)
    try machine.loadFirstPage(page(0..<3))
    #expect(machine.retry().isEmpty)
  }

  // MARK: The end

  @Test func anEmptyPageEndsPagingEvenWhenTheServerSaysMoreFollow() throws {
    var machine = try Machine.holdingFirstPage()
    let report = try machine.loadNext(page([], hasMore: true))
    #expect(report.completions.first?.hasMore == false)
    #expect(machine.nextPageState == .reachedEnd)
    #expect(machine.loadNextPage().isEmpty)
    #expect(machine.itemWillDisplay(at: 2).isEmpty)
  }

  @Test func hasMoreFalseEndsPaging() throws {
    var machine = Machine(configuration: .test())
    let report = try machine.loadFirstPage(page(0..<3, hasMore: false))
    #expect(
      report.completions == [
        RequestCompletion(direction: .refresh, error: nil, hasMore: false, isBlank: false)
      ])
    #expect(machine.nextPageState == .reachedEnd)
  }

  @Test(arguments: [
    ["A", "A"],  // the server hands back the cursor it was given
    ["A", "B", "A"],  // a longer cycle
  ])
  func aCursorSeenTwiceEndsPagingInsteadOfLooping(cursors: [String]) throws {
    var machine = Machine(configuration: .test(.cursor, pageSize: 1))
    try machine.loadFirstPage(page([0], cursor: cursors[0]))
    var requests = 0
    for (offset, cursor) in cursors.dropFirst().enumerated() {
      guard machine.loadNextPage().load != nil else { break }
      requests += 1
      _ = machine.succeeded(machine.ticket(of: .nextPage)!, with: page([offset + 1], cursor: cursor))
    }
    #expect(requests == cursors.count - 1)
    #expect(machine.nextPageState == .reachedEnd)
    #expect(machine.loadNextPage().isEmpty)
  }

  @Test func aMissingCursorEndsPaging() throws {
    var machine = Machine(configuration: .test(.cursor))
    try machine.loadFirstPage(page(0..<3, cursor: nil))
    #expect(machine.nextPageState == .reachedEnd)
  }

  @Test func reachedEndResetsOnRefresh() throws {
    var machine = Machine(configuration: .test(.cursor))
    try machine.loadFirstPage(page(0..<3, cursor: "A"))
    try machine.loadNext(page(3..<6, cursor: "A"))
    #expect(machine.nextPageState == .reachedEnd)
    _ = machine.refresh()
    #expect(machine.nextPageState == .idle)
    // The cursors of the old generation are forgotten: "A" is new again.
    _ = machine.succeeded(machine.ticket(of: .refresh)!, with: page(0..<3, cursor: "A"))
    #expect(machine.loadNextPage().load?.request.position == .cursor("A", limit: 3))
  }

  // MARK: Duplicate ids

  @Test func keepFirstDropsLaterEntriesOfAHeldIdWithinAndAcrossPages() throws {
    var machine = Machine(configuration: .test(duplicatePolicy: .keepFirst))
    try machine.loadFirstPage(page([1, 2, 1]))
    let report = try machine.loadNext(page([2, 3, 3], version: 1))
    #expect(machine.items == [TestItem(id: 1), TestItem(id: 2), TestItem(id: 3, version: 1)])
    #expect(report.itemsChanges == [.appended(inserted: 2..<3, updated: [])])
  }

  @Test func replaceWithNewestUpdatesTheHeldEntryInPlace() throws {
    var machine = Machine(configuration: .test(duplicatePolicy: .replaceWithNewest))
    try machine.loadFirstPage(page([1, 2, 3]))
    let report = try machine.loadNext(
      Page(items: [TestItem(id: 4), TestItem(id: 2, version: 1), TestItem(id: 4, version: 2)], hasMore: true))
    #expect(
      machine.items == [
        TestItem(id: 1), TestItem(id: 2, version: 1), TestItem(id: 3), TestItem(id: 4, version: 2),
      ])
    #expect(report.itemsChanges == [.appended(inserted: 3..<4, updated: [1])])
  }

  @Test func aRefreshForgetsTheIdsOfTheOldItems() throws {
    var machine = Machine(configuration: .test())
    try machine.loadFirstPage(page([1, 2, 3]))
    let report = try machine.loadFirstPage(page([3, 2, 2, 1], version: 1))
    #expect(machine.items == testItems([3, 2, 1], version: 1))
    #expect(report.itemsChanges == [.reloaded(count: 3)])
    try machine.loadNext(page([4, 1]))
    #expect(machine.ids == [3, 2, 1, 4])
  }

  @Test(arguments: [DuplicateIDPolicy.keepFirst, .replaceWithNewest])
  func theDuplicateCheckCostsAConstantNumberOfHashesAndComparisonsPerItem(policy: DuplicateIDPolicy) throws {
    let counter = WorkCounter()
    var machine = PagingStateMachine<CountedItem>(
      configuration: .test(pageSize: 50, duplicatePolicy: policy))
    func ticket(_ actions: [PagingStateMachine<CountedItem>.Action]) -> PagingStateMachine<CountedItem>
      .Ticket?
    {
      actions.lazy.compactMap { if case .load(let ticket, _) = $0 { ticket } else { nil } }.first
    }
    let first = try #require(ticket(machine.refresh()))
    _ = machine.succeeded(first, with: Page(items: CountedItem.range(0..<50, counter), hasMore: true))
    let pages = 400
    var distinct = Set(0..<50)
    for number in 1..<pages {
      let load = try #require(ticket(machine.loadNextPage()), "page \(number) starts")
      // Every tenth item repeats an id of the previous page.
      let ids = (number * 50..<(number + 1) * 50).map { $0 % 10 == 0 ? $0 - 25 : $0 }
      distinct.formUnion(ids)
      _ = machine.succeeded(
        load, with: Page(items: ids.map { CountedItem(id: .init($0, counter)) }, hasMore: true))
    }
    let held = machine.items.count
    let loaded = pages * 50
    #expect(held == distinct.count)
    #expect(Set(machine.items.map(\.id.value)).count == held)
    // A scan of the held items would cost about loaded²/2 = 2·10⁸ comparisons. Hashing stays
    // linear: one hash per item plus the rehashes of the dictionary's doublings (< 2 per item),
    // and a few comparisons per probe sequence at a load factor of at most 3/4.
    #expect(counter.hashes < 4 * loaded, "hashes: \(counter.hashes) for \(loaded) items")
    #expect(counter.comparisons < 10 * loaded, "comparisons: \(counter.comparisons) for \(loaded) items")
  }

  // MARK: Prefetch and errors

  @Test func prefetchFiresOnlyWithinThePrefetchDistanceOfTheEnd() throws {
    var machine = Machine(configuration: .test(pageSize: 3, firstPageSize: 6, prefetchDistance: 2))
    try machine.loadFirstPage(page(0..<6))
    #expect(machine.itemWillDisplay(at: 2).isEmpty, "3 rows follow")
    #expect(machine.itemWillDisplay(at: -1).isEmpty)
    #expect(machine.itemWillDisplay(at: 6).isEmpty, "out of range")
    #expect(machine.itemWillDisplay(at: 3).loads.count == 1, "2 rows follow")
  }

  @Test func aZeroPrefetchDistanceFiresOnTheLastRowOnly() throws {
    var machine = Machine(configuration: .test(prefetchDistance: 0))
    try machine.loadFirstPage(page(0..<3))
    #expect(machine.itemWillDisplay(at: 1).isEmpty)
    #expect(machine.itemWillDisplay(at: 2).loads.count == 1)
  }

  @Test func afterAnErrorPagingWaitsForRetryOrRefresh() throws {
    var machine = try Machine.holdingFirstPage()
    try machine.fail(machine.itemWillDisplay(at: 2).load, with: networkDown)
    for index in 0..<3 { #expect(machine.itemWillDisplay(at: index).isEmpty) }
    // An explicit request does not repeat it either: retry() is the one way.
    #expect(machine.loadNextPage().isEmpty)
    let repeated = machine.retry().load
    #expect(repeated?.request.position == .page(index: 1, size: 3))
    try machine.fail(repeated, with: networkDown)
    #expect(machine.itemWillDisplay(at: 2).isEmpty)
    try machine.answer(machine.retry().load, with: page(3..<6))
    #expect(machine.itemWillDisplay(at: 5).loads.count == 1, "prefetch is back after the retry")
  }

  @Test func afterAFailedRefreshTheKeptItemsPrefetchAsBefore() throws {
    var machine = try Machine.holdingFirstPage()
    try machine.fail(machine.refresh().load, with: refreshDown)
    let prefetch = machine.itemWillDisplay(at: 2).load
    #expect(prefetch?.request.position == .page(index: 1, size: 3))
    try machine.answer(prefetch, with: page(3..<6))
    #expect(machine.ids == Array(0..<6))
    #expect(machine.refreshState == .failed(refreshDown), "the refresh still failed: the status row says so")
    try machine.answer(machine.retry().load, with: page(0..<3))
    #expect(machine.itemWillDisplay(at: 2).loads.count == 1)
  }

  @Test func aFailedFirstRefreshOfAnotherContextPagesNothingOfThePreviousOne() throws {
    var machine = try Machine.holdingFirstPage()
    let switched = machine.switchContext(to: RequestContext(userToken: "other"), query: nil, hasCache: false)
    try machine.fail(switched.load, with: refreshDown)
    #expect(machine.ids.isEmpty)
    #expect(machine.loadNextPage().isEmpty, "the previous context's next page is not asked for")
    #expect(machine.loadPreviousPage().isEmpty)
  }

  // MARK: Blank

  @Test func blankMeansLoadedAndEmptyNeverMerelyNotLoaded() throws {
    var machine = Machine(configuration: .test())
    #expect(!machine.isBlank)
    try machine.fail(machine.refresh().load, with: refreshDown)
    #expect(!machine.isBlank, "a failure is an error, not an empty list")
    let report = machine.retry().load.map { machine.succeeded($0.ticket, with: page([], hasMore: true)) }
    #expect(machine.isBlank)
    #expect(report?.completions.first?.isBlank == true)
    #expect(report?.completions.first?.hasMore == false)
  }

  // MARK: Cache

  @Test func startAsksTheCacheAndTheNetworkInOneStep() {
    var machine = Machine(configuration: .test())
    let actions = machine.start(hasCache: true)
    #expect(actions.cacheReads.count == 1)
    #expect(
      (actions.load?.request.direction == .refresh) == true,
      "the network is asked without waiting for the disk")
    #expect(machine.refreshState == .loading)
  }

  @Test func aCachedPageAnsweringFirstShowsWithItsAgeThenTheNetworkReplacesIt() {
    var machine = Machine(configuration: .test())
    let started = machine.start(hasCache: true)
    let cached = CachedPage(page: page([1, 2, 2]), savedAt: testNow.addingTimeInterval(-90))
    let actions = machine.cacheLoaded(started.cacheReads[0], .hit(cached), now: testNow)
    #expect(machine.ids == [1, 2])
    #expect(machine.cachedPageAge == .seconds(90))
    #expect(actions.cacheCompletions == [CacheLoadCompletion.shown(age: .seconds(90), itemCount: 2)])
    #expect(actions.itemsChanges == [.reloaded(count: 2)])
    #expect(actions.loads.isEmpty, "the refresh is already in flight")
    #expect(machine.loadNextPage().isEmpty, "no paging on from a cached page")
    let saved = machine.succeeded(started.load!.ticket, with: page([5, 6]))
    #expect(machine.ids == [5, 6])
    #expect(machine.cachedPageAge == nil)
    #expect(saved.saves == [page([5, 6])])
  }

  @Test func aFailedRefreshKeepsTheCachedItems() {
    var machine = Machine(configuration: .test())
    let started = machine.start(hasCache: true)
    let cached = CachedPage(page: page([1, 2]), savedAt: testNow)
    _ = machine.cacheLoaded(started.cacheReads[0], .hit(cached), now: testNow)
    let report = machine.failed(started.load!.ticket, with: refreshDown)
    #expect(machine.ids == [1, 2])
    #expect(machine.cachedPageAge == .zero)
    #expect(report.completions.first?.error == refreshDown)
    #expect(!machine.isBlank)
  }

  @Test func aCachedPageAnsweringAfterTheNetworkIsDropped() {
    var machine = Machine(configuration: .test())
    let started = machine.start(hasCache: true)
    _ = machine.succeeded(started.load!.ticket, with: page([7]))
    let late = machine.cacheLoaded(
      started.cacheReads[0], .hit(CachedPage(page: page([1]), savedAt: testNow)), now: testNow)
    #expect(machine.ids == [7])
    #expect(machine.cachedPageAge == nil)
    #expect(late.cacheCompletions == [CacheLoadCompletion.superseded])
    #expect(late.itemsChanges.isEmpty)
    #expect(late.loads.isEmpty)
  }

  @Test func aCachedPageAnsweringAfterAFailedRefreshIsStillShown() {
    var machine = Machine(configuration: .test())
    let started = machine.start(hasCache: true)
    _ = machine.failed(started.load!.ticket, with: refreshDown)
    _ = machine.cacheLoaded(
      started.cacheReads[0], .hit(CachedPage(page: page([1]), savedAt: testNow)), now: testNow)
    #expect(machine.ids == [1], "offline, the saved page is better than nothing")
    #expect(machine.refreshState == .failed(refreshDown))
  }

  @Test func aCacheMissReportsItsTypedReasonAndStartsNothing() {
    var machine = Machine(configuration: .test())
    let started = machine.start(hasCache: true)
    let notFound = machine.cacheLoaded(started.cacheReads[0], .miss(.notFound), now: testNow)
    #expect(notFound.cacheCompletions == [CacheLoadCompletion.missed(.notFound)])
    #expect(notFound.loads.isEmpty)
    var other = Machine(configuration: .test())
    let read = other.start(hasCache: true).cacheReads[0]
    let corrupt = other.cacheLoaded(read, .miss(.corrupt("truncated")), now: testNow)
    #expect(corrupt.cacheCompletions.first == .missed(.corrupt("truncated")))
    #expect(other.cacheLoaded(read, .miss(.notFound), now: testNow).isEmpty, "one answer per read")
  }

  @Test func startReadsTheCacheOnce() {
    var machine = Machine(configuration: .test())
    let read = machine.start(hasCache: true).cacheReads[0]
    _ = machine.cacheLoaded(read, .miss(.notFound), now: testNow)
    _ = machine.succeeded(machine.ticket(of: .refresh)!, with: page([1]))
    #expect(machine.start(hasCache: true).cacheReads.isEmpty)
  }

  @Test(arguments: [
    (testNow.addingTimeInterval(-86_400), Duration.seconds(86_400)),
    (Date(timeIntervalSinceReferenceDate: -1e300), .seconds(1_000_000_000_000)),
    (Date.distantFuture, .zero),
    (testNow.addingTimeInterval(1.5), .zero),
  ])
  func anAbsurdSavedDateGivesABoundedAgeNotATrap(savedAt: Date, age: Duration) {
    var machine = Machine(configuration: .test())
    let read = machine.start(hasCache: true).cacheReads[0]
    _ = machine.cacheLoaded(read, .hit(CachedPage(page: page([1]), savedAt: savedAt)), now: testNow)
    #expect(machine.cachedPageAge == age)
  }

  @Test func startWithoutACacheRefreshesAtOnce() {
    var machine = Machine(configuration: .test())
    #expect((machine.start(hasCache: false).load?.request.direction == .refresh) == true)
  }

  // MARK: Configuration

  @Test func invalidConfigurationsThrowTypedErrors() {
    #expect(throws: PagingConfigurationError.nonPositivePageSize(name: "pageSize", value: 0)) {
      try PagingConfiguration(pageSize: 0)
    }
    #expect(throws: PagingConfigurationError.nonPositivePageSize(name: "firstPageSize", value: -1)) {
      try PagingConfiguration(firstPageSize: -1)
    }
    #expect(throws: PagingConfigurationError.negativePrefetchDistance(-2)) {
      try PagingConfiguration(prefetchDistance: -2)
    }
    #expect(
      throws: PagingConfigurationError.firstPageSizeNotAMultipleOfPageSize(firstPageSize: 30, pageSize: 20)
    ) {
      try PagingConfiguration(pageSize: 20, firstPageSize: 30)
    }
    #expect(throws: Never.self) { try PagingConfiguration(style: .cursor, pageSize: 20, firstPageSize: 30) }
    #expect(throws: PagingConfigurationError.pageSizeTooLarge(name: "firstPageSize", value: .max)) {
      try PagingConfiguration(style: .pageIndex(firstIndex: 0), pageSize: 1, firstPageSize: .max)
    }
    #expect(throws: PagingConfigurationError.firstPageIndexOutOfRange(-1)) {
      try PagingConfiguration(style: .pageIndex(firstIndex: -1))
    }
    #expect(throws: PagingConfigurationError.firstPageIndexOutOfRange(Int.max)) {
      try PagingConfiguration(style: .pageIndex(firstIndex: .max))
    }
    #expect(PagingConfiguration.standard.prefetchDistance == PagingConfiguration.standard.pageSize)
  }
}
