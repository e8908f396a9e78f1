import ListKit
import ListKitTesting
import Testing

@MainActor @Suite struct PagedSectionTests {
  /// A server of `count` photos in pages; counts the requests per page and can fail on demand.
  final class PhotoServer: Sendable {
    let count: Int
    let requests = Locked<[Int: Int]>([:])
    let failNext = Locked(0)

    init(count: Int) { self.count = count }

    var loader: ClosurePageLoader<Photo> {
      ClosurePageLoader { [self] request in
        guard case .page(let index, let size) = request.position else { throw CancellationError() }
        self.requests.withLock { $0[index, default: 0] += 1 }
        let fail = self.failNext.withLock { value -> Bool in
          defer { value = max(0, value - 1) }
          return value > 0
        }
        if fail { throw PhotoServerError.unavailable }
        let start = index * size
        let items = (start..<min(start + size, self.count)).map { Photo(id: $0, title: "Photo \($0)") }
        return Page(items: items, hasMore: start + size < self.count)
      }
    }
  }

  enum PhotoServerError: Error { case unavailable }

  /// Counts the list's finished requests (its `onRequestCompleted` hook) and lets a test await
  /// the next one.
  @MainActor final class Completions {
    private(set) var count = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func record() {
      count += 1
      let ready = waiters.filter { $0.count <= count }
      waiters.removeAll { $0.count <= count }
      for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `target` requests in all have finished.
    func wait(for target: Int) async {
      guard count < target else { return }
      await withCheckedContinuation { waiters.append((target, $0)) }
    }
  }

  struct Screen {
    let server: PhotoServer
    let list: PagedList<Photo>
    let section: PagedSection<Photo>
    let table: TableManager
    let view: HeadlessTableView
    let completions: Completions
  }

  func makeScreen(count: Int, pageSize: Int = 10) throws -> Screen {
    let server = PhotoServer(count: count)
    let list = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: pageSize), loader: server.loader)
    let shown = PagedScreen(list: list) { PhotoRow($0) }
    let completions = Completions()
    list.onRequestCompleted = { [completions] _ in completions.record() }
    return Screen(
      server: server, list: list, section: shown.section, table: shown.table, view: shown.view,
      completions: completions)
  }

  /// Waits for the loads in flight, if any (those the view started by scrolling or selecting,
  /// and those a landing page started while the screen still showed the end), performing the
  /// scheduled table update after each.
  func settle(_ screen: Screen) async {
    repeat {
      if screen.list.loadStates.refresh.isLoading || screen.list.loadStates.next.isLoading {
        await screen.completions.wait(for: screen.completions.count + 1)
      }
      screen.table.update()
    } while screen.list.loadStates.refresh.isLoading || screen.list.loadStates.next.isLoading
  }

  @Test func scrollingToTheEndOfATenPageSource_loadsEachPageOnceAndEndsWithNoMoreData() async throws {
    let screen = try makeScreen(count: 100)
    await screen.list.refresh()?.value
    await settle(screen)
    for _ in 0..<40 {
      try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
      await settle(screen)
      if screen.section.status == .reachedEnd(totalCount: nil) { break }
    }
    try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
    #expect(screen.list.items.count == 100)
    #expect(
      screen.server.requests.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, 1) }))
    #expect(screen.view.render().last == "[No more data]")
    #expect(
      !screen.table.listView(screen.view, shouldHighlightItemAt: ItemPath(item: 100, section: 0)),
      "the end of the list is no button")
    #expect(screen.view.render().dropLast().last == "Photo 99")
    #expect(screen.view.violations.isEmpty)
    #expect(!screen.view.events.contains(.reloadData) || screen.view.events.firstIndex(of: .reloadData) == 0)
  }

  @Test func newPagesArriveAsBatchInserts_notReloads() async throws {
    let screen = try makeScreen(count: 60)
    await screen.list.refresh()?.value
    await settle(screen)
    screen.view.clearEvents()
    let before = screen.list.items.count
    await screen.list.loadNextPage()?.value
    await settle(screen)
    #expect(screen.list.items.count == before + 10)
    #expect(!screen.view.events.contains(.reloadData))
    let inserted = screen.view.events.flatMap { event -> [ItemPath] in
      if case .batchUpdate(let update) = event { update.itemInserts } else { [] }
    }
    #expect(Set((before..<before + 10).map { ItemPath(item: $0, section: 0) }).isSubset(of: Set(inserted)))
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aFailedPage_showsTheErrorAndSelectingItRetries() async throws {
    let screen = try makeScreen(count: 60)
    await screen.list.refresh()?.value
    await settle(screen)
    screen.server.failNext.withLock { $0 = 1 }
    await screen.list.loadNextPage()?.value
    await settle(screen)
    guard case .failed = screen.section.status else {
      Issue.record("expected a failure status, got \(screen.section.status)")
      return
    }
    let loaded = screen.list.items.count
    let failedPage = loaded / 10
    try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
    await settle(screen)
    #expect(screen.view.render().last?.hasSuffix("— tap to retry]") == true)
    #expect(screen.table.listView(screen.view, shouldHighlightItemAt: ItemPath(item: loaded, section: 0)))
    // Scrolling past the error does not ask the failing server again.
    #expect(screen.server.requests.withLock { $0[failedPage] } == 1)
    try screen.view.selectItem(at: ItemPath(item: loaded, section: 0))
    await settle(screen)
    #expect(screen.server.requests.withLock { $0[failedPage] } == 2)
    // The retried page, and the pages after it while the screen still shows the end.
    #expect(screen.list.items.count >= loaded + 10)
    #expect(screen.view.violations.isEmpty)
  }

  @Test func anEmptySource_showsTheEmptyState() async throws {
    let screen = try makeScreen(count: 0)
    await screen.list.refresh()?.value
    await settle(screen)
    #expect(screen.section.status == .empty)
    #expect(screen.view.render() == ["[Nothing here yet]"])
  }

  @Test func refreshAfterTheEnd_resetsNoMoreDataAndReplacesRowsByBatchUpdates() async throws {
    let screen = try makeScreen(count: 15)
    await screen.list.refresh()?.value
    await screen.list.loadNextPage()?.value
    await settle(screen)
    #expect(screen.section.status == .reachedEnd(totalCount: nil))
    screen.view.clearEvents()
    let refresh = screen.list.refresh()
    await settle(screen)
    await refresh?.value
    await settle(screen)
    #expect(screen.list.items.count == 10)
    #expect(screen.section.status == .hidden)
    #expect(!screen.view.events.contains(.reloadData))
    #expect(screen.view.violations.isEmpty)
  }
}

/// A negative row is out of range like any other: reported, never a trap.
@MainActor @Suite struct PagedSectionOutOfRangeTests {
  @Test(arguments: [-1, Int.min, 0, 5])
  func selectingAMissingRowIsADiagnostic(item: Int) {
    let list = PagedList(
      listName: "photos", loader: ClosurePageLoader<Photo> { _ in Page(items: [], hasMore: false) })
    let section = PagedSection(list: list) { PhotoRow($0) }
    let view = HeadlessTableView()
    let table = TableManager(listView: view, sections: [section])
    var kinds: [ListDiagnostic.Kind] = []
    table.diagnosticHandler = { kinds.append($0.kind) }
    let path = ItemPath(item: item, section: 0)
    table.listView(view, didSelectItemAt: path)
    table.listView(view, willDisplay: TextCell(), forItemAt: path)
    #expect(kinds.first == .itemOutOfRange(path, itemCount: 0))
  }
}
