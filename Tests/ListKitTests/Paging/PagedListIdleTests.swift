import ListKit
import ListKitTesting
import Testing

/// `PagedList.idle()`: what tests and previews await instead of sleeping or yielding.
@MainActor @Suite(.timeLimit(.minutes(5))) struct PagedListIdleTests {
  /// Answers every request of a scripted loader with `pageSize` items from `count`, at once.
  static func serve(_ requests: AsyncStream<PendingLoad>, count: Int) -> Task<Void, Never> {
    Task.detached {
      for await load in requests {
        guard case .page(let index, let size) = load.request.position else {
          load.fail(CancellationError())
          continue
        }
        let start = index * size
        load.succeed(Page(items: testItems(start..<min(start + size, count)), hasMore: start + size < count))
      }
    }
  }

  @Test func aListWithNothingInFlight_isIdleAndReturnsAtOnce() async {
    let (loader, _) = ScriptedLoader.make()
    let list = PagedList(listName: "idle", configuration: .test(pageSize: 5), loader: loader)
    #expect(list.isIdle)
    await list.idle()
    #expect(list.items.isEmpty)
  }

  @Test func anInFlightRefreshThenNextPage_areWaitedFor() async {
    let (loader, requests) = ScriptedLoader.make()
    let server = Self.serve(requests, count: 12)
    defer { server.cancel() }
    let list = PagedList(listName: "idle", configuration: .test(pageSize: 5), loader: loader)

    list.refresh()
    #expect(!list.isIdle)
    await list.idle()
    #expect(list.items.map(\.id) == Array(0..<5))
    #expect(list.isIdle)

    list.loadNextPage()
    await list.idle()
    #expect(list.items.map(\.id) == Array(0..<10))
    #expect(list.loadStates.refresh == .idle && list.loadStates.next == .idle)
    // A finished load lets go of its task: a list that pages all day holds only what is in flight.
    list.loadNextPage()
    #expect(list.heldLoadCount == 1)
    await list.idle()
    #expect(list.heldLoadCount == 0)
  }

  @Test func theLaunchCacheReadAndTheRefreshAfterIt_areWaitedFor() async {
    let (loader, requests) = ScriptedLoader.make()
    let server = Self.serve(requests, count: 3)
    defer { server.cancel() }
    let cache = InMemoryPageCache()
    let list = PagedList(listName: "idle", configuration: .test(pageSize: 5), loader: loader, cache: cache)

    list.start()
    await list.idle()

    #expect(list.items.map(\.id) == [0, 1, 2])
    #expect(list.cachedPageAge == nil)
    #expect(list.loadStates.next == .reachedEnd)
  }

  @Test func pagesAViewAsksForWhileTheFirstOneArrives_areWaitedForToo() async throws {
    // A tall view shows every row of each page at once, so each page makes the section ask for
    // the next one inside the update that shows it, until the server has no more.
    let view = HeadlessTableView(viewportHeight: 5000)
    let (loader, requests) = ScriptedLoader.make()
    let server = Self.serve(requests, count: 23)
    defer { server.cancel() }
    let list = PagedList(listName: "idle", configuration: .test(pageSize: 5), loader: loader)
    let table = TableManager(listView: view, sections: [PagedSection(list: list) { ItemIDRow($0) }])

    list.start()
    await list.idle()

    #expect(list.items.count == 23)
    #expect(list.loadStates.next == .reachedEnd)
    table.update()
    #expect(view.render().last == "[No more data]")
  }

  @Test func aWaitingTaskThatIsCancelled_returnsWhileTheLoadIsStillInFlight() async {
    let (loader, requests) = ScriptedLoader.make()
    let list = PagedList(listName: "idle", configuration: .test(pageSize: 5), loader: loader)
    list.refresh()
    var pending = requests.makeAsyncIterator()
    let load = await pending.next()

    let waiter = Task { await list.idle() }
    waiter.cancel()
    await waiter.value

    #expect(list.loadStates.refresh == .loading)
    load?.succeed(Page(items: testItems(0..<2), hasMore: false))
    await list.idle()
    #expect(list.items.count == 2)
  }

  @Test func aNextPageCancelledByARefresh_isNotWaitedFor() async {
    let (loader, requests) = ScriptedLoader.make()
    let list = PagedList(listName: "idle", configuration: .test(pageSize: 5), loader: loader)
    var pending = requests.makeAsyncIterator()
    list.refresh()
    await pending.next()?.succeed(Page(items: testItems(0..<5), hasMore: true))
    await list.idle()
    list.loadNextPage()
    let nextPage = await pending.next()
    list.refresh()
    let secondRefresh = await pending.next()

    // The cancelled next page ignores cancellation and is still pending: only the refresh counts.
    secondRefresh?.succeed(Page(items: testItems(0..<5, version: 1), hasMore: true))
    await list.idle()
    #expect(list.items.map(\.version) == Array(repeating: 1, count: 5))
    #expect(nextPage?.sawCancellation == true)

    nextPage?.succeed(Page(items: testItems(5..<10), hasMore: false))
    await list.idle()
    #expect(list.items.count == 5)
  }

  @Test func aListWhoseOtherOwnersAreGone_isKeptUntilTheWaitEndsAndThenReleased() async {
    let (loader, requests) = ScriptedLoader.make()
    var list: PagedList<TestItem>? = PagedList(
      listName: "idle", configuration: .test(pageSize: 5), loader: loader)
    weak let released = list
    list?.refresh()
    let waiter = Task { [list] in await list?.idle() }
    list = nil
    var pending = requests.makeAsyncIterator()
    await pending.next()?.succeed(Page(items: testItems(0..<5), hasMore: true))
    await waiter.value
    #expect(released == nil)
  }
}

/// A row for a `TestItem` in the headless view.
final class ItemIDRow: ModelCellManager<TestItem, TextCell> {
  override func configure(cell: TextCell) { cell.text = "\(model.id)" }
}
