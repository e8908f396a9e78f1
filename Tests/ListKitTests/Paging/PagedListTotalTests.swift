import ListKit
import Testing

/// A known total (`Page.totalCount`) reaches the list and its state, stays current across
/// refreshes and resets on a context switch.
@MainActor @Suite struct PagedListTotalTests {
  func page(_ ids: ClosedRange<Int>, total: Int?) -> Page<TestItem> {
    Page(items: testItems(ids), hasMore: true, totalCount: total)
  }

  @Test func theServersTotalReachesTheListAndItsStates() async {
    var harness = PagedListTests.Harness()
    #expect(harness.list.totalCount == nil, "unknown until a page says")
    await harness.loadFirstPage(page(1...3, total: 1000))
    #expect(harness.list.totalCount == 1000)
    await harness.loadNext(page(4...6, total: nil))
    #expect(harness.list.totalCount == 1000, "a page without a total keeps the known one")
    await harness.loadNext(page(7...9, total: 1001))
    #expect(harness.list.totalCount == 1001)
    await harness.loadFirstPage(page(1...3, total: 990))
    #expect(harness.list.totalCount == 990, "a refresh brings the current total")
    await harness.loadFirstPage(page(1...3, total: nil))
    #expect(harness.list.totalCount == nil, "a refresh without a total makes it unknown")
    await harness.loadFirstPage(page(1...3, total: -5))
    #expect(harness.list.totalCount == nil, "a negative total counts nothing")
  }

  @Test func aTotalAloneIsObservedAndStreamed() async {
    var harness = PagedListTests.Harness()
    await harness.loadFirstPage(page(1...3, total: 10))
    var totals: [Int?] = []
    let list = harness.list
    list.addViewReceiver(owner: list) { [weak list] _ in totals.append(list?.totalCount) }
    await harness.loadNext(page(4...6, total: 11))
    #expect(totals.last == 11)
  }

  @Test func aCachedPageShowsItsTotalAndASwitchForgetsIt() async {
    var harness = PagedListTests.Harness(withCache: true)
    harness.cache.put(page(1...3, total: 77), for: harness.list.cacheKey, savedAt: testNow)
    let start = harness.list.start()
    let refresh = await harness.nextRequest()
    await harness.list.cacheReadTask?.value
    #expect(harness.list.totalCount == 77)
    refresh.succeed(page(1...3, total: 80))
    await start?.value
    #expect(harness.list.totalCount == 80)
    let switched = harness.list.switchContext(to: RequestContext(userToken: "other"))
    #expect(harness.list.totalCount == nil)
    await harness.nextRequest().succeed(page(1...2, total: nil))
    await switched?.value
    #expect(harness.list.totalCount == nil)
  }
}
