import ListKit
import Testing

/// The newest jump wins: a `start(at:)` or a refresh issued while a jump loads replaces it, and
/// only a list that starts at the top writes the cached first page.
@MainActor @Suite struct PagedListJumpTests {
  struct Setup {
    let list: PagedList<TestItem>
    let cache: InMemoryPageCache
    var requests: AsyncStream<PendingLoad>.AsyncIterator
  }

  func makeList() -> Setup {
    let (loader, requests) = ScriptedLoader.make()
    let cache = InMemoryPageCache()
    let list = PagedList(
      listName: "jumps", configuration: .test(.offset, pageSize: 10), loader: loader, cache: cache,
      now: { testNow })
    return Setup(list: list, cache: cache, requests: requests.makeAsyncIterator())
  }

  func page(_ range: Range<Int>) -> Page<TestItem> {
    Page(items: testItems(range), hasMore: true)
  }

  @Test func aSecondJumpWhileTheFirstLoadsReplacesIt_andTheFirstAnswerIsNeitherShownNorSaved() async throws {
    var setup = makeList()
    let first = setup.list.start(at: .offset(40))
    let firstLoad = try #require(await setup.requests.next(isolation: #isolation))
    let second = try #require(setup.list.start(at: .offset(80)), "the newer jump starts")
    let secondLoad = try #require(await setup.requests.next(isolation: #isolation))
    #expect(secondLoad.request.position == .offset(80, limit: 10))
    firstLoad.succeed(page(40..<50))
    await first?.value
    #expect(setup.list.items.isEmpty, "the older jump's answer is dropped")
    #expect(setup.list.loadStates.refresh == .loading)
    secondLoad.succeed(page(80..<90))
    await second.value
    #expect(setup.list.items.map(\.id) == Array(80..<90))
    await setup.list.waitForCacheWrites()
    #expect(setup.cache.saveCount == 0, "a page opened in the middle is never the cached top page")
  }

  @Test func aJumpWhileTheTopLoadsReplacesIt_soTheListNeverSavesTheJumpAsTheTop() async throws {
    var setup = makeList()
    let top = setup.list.start()
    let topLoad = try #require(await setup.requests.next(isolation: #isolation))
    let jump = try #require(setup.list.start(at: .offset(80)))
    let jumpLoad = try #require(await setup.requests.next(isolation: #isolation))
    topLoad.succeed(page(0..<10))
    await top?.value
    jumpLoad.succeed(page(80..<90))
    await jump.value
    #expect(setup.list.items.map(\.id) == Array(80..<90))
    await setup.list.waitForCacheWrites()
    #expect(setup.cache.saveCount == 0)
    // Back to the top: that first page is the one the cache keeps.
    let back = setup.list.start()
    try #require(await setup.requests.next(isolation: #isolation)).succeed(page(0..<10))
    await back?.value
    await setup.list.waitForCacheWrites()
    #expect(setup.cache.saveCount == 1)
    #expect(setup.cache.entries[setup.list.cacheKey]?.page.items.map(\.id) == Array(0..<10))
  }

  @Test func aRefreshWhileAJumpLoadsReplacesIt() async throws {
    var setup = makeList()
    let jump = setup.list.start(at: .offset(40))
    let jumpLoad = try #require(await setup.requests.next(isolation: #isolation))
    let refresh = try #require(setup.list.refresh(), "a refresh replaces a jump that is loading")
    let refreshLoad = try #require(await setup.requests.next(isolation: #isolation))
    jumpLoad.succeed(page(40..<50).withItems(testItems(40..<50, version: 1)))
    await jump?.value
    #expect(setup.list.items.isEmpty)
    refreshLoad.succeed(page(40..<50))
    await refresh.value
    #expect(setup.list.items == testItems(40..<50))
  }

  @Test func aRefreshWhileTheTopLoadsStillStartsNothing() async throws {
    var setup = makeList()
    setup.list.start()
    _ = try #require(await setup.requests.next(isolation: #isolation))
    #expect(setup.list.refresh() == nil)
    #expect(setup.list.start() == nil)
  }
}

extension Page {
  /// The page with other items.
  fileprivate func withItems(_ items: [Item]) -> Page {
    var page = self
    page.items = items
    return page
  }
}
