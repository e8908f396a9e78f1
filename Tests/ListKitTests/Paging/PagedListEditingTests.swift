import Foundation
import ListDiff
import ListKit
import ListKitTesting
import Testing

/// Local and pending edits on a live `PagedList`, shown through `PagedSection` on a
/// `HeadlessTableView`: each edit is one batch update, rows never jump or repeat, pending edits
/// survive loads and drops and never survive a context switch, and the cache holds pages only.
@MainActor @Suite struct PagedListEditingTests {
  /// A server of items whose content the test changes: `items[id]` is served for id.
  final class Server: @unchecked Sendable {
    // NB: @unchecked: every stored property is read and written under `lock` only.
    private let lock = NSLock()
    private var stored: [TestItem]

    init(count: Int) { stored = testItems(0..<count) }

    var items: [TestItem] {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }

    func page(for request: PageRequest) -> Page<TestItem> {
      let items = self.items
      guard case .page(let index, let size) = request.position else { return Page(items: [], hasMore: false) }
      let range = min(items.count, index * size)..<min(items.count, (index + 1) * size)
      return Page(items: Array(items[range]), hasMore: range.upperBound < items.count)
    }
  }

  final class ItemCell: ListCell, HeadlessRenderable {
    var text = ""
    init() {}
    var renderedText: String { text }
  }

  final class ItemRow: ModelCellManager<TestItem, ItemCell> {
    override func configure(cell: ItemCell) { cell.text = model.description }
  }

  /// Pages load only when a test asks: rows coming on screen are not reported.
  final class QuietTableManager: TableManager {
    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      if case .willDisplay = event { return }
      super.listView(listView, handle: event, at: path)
    }
  }

  @MainActor struct Screen {
    let server: Server
    let list: PagedList<TestItem>
    let table: TableManager
    let view: HeadlessTableView
    let cache: InMemoryPageCache

    /// What the view shows, row by row, without the status row.
    var rows: [String] {
      view.render().filter { !$0.isEmpty && $0.first!.isNumber || $0.hasPrefix("-") && !$0.hasPrefix("--") }
    }

    var batchUpdates: Int {
      view.events.filter { if case .batchUpdate = $0 { true } else { false } }.count
    }
  }

  func screen(count: Int = 9, pageSize: Int = 3, maximum: Int? = nil) async -> Screen {
    let server = Server(count: count)
    let cache = InMemoryPageCache(savedAt: testNow)
    let list = PagedList(
      listName: "items", context: RequestContext(userToken: "user-1"),
      configuration: .test(pageSize: pageSize, prefetchDistance: 0, maximumItemCount: maximum),
      loader: ClosurePageLoader { server.page(for: $0) }, cache: cache, now: { testNow })
    let view = HeadlessTableView(viewportHeight: 10_000, rowHeight: 44)
    let table = QuietTableManager(listView: view, sections: [PagedSection(list: list) { ItemRow($0) }])
    await list.refresh()?.value
    table.update()
    view.clearEvents()
    return Screen(server: server, list: list, table: table, view: view, cache: cache)
  }

  /// Runs `body`, updates the table, and checks the update was one batch in which every row that
  /// stayed kept its order (no jump) and no id shows twice.
  func expectOneBatch(_ screen: Screen, _ body: () -> Void, sourceLocation: SourceLocation = #_sourceLocation)
  {
    screen.view.clearEvents()
    body()
    screen.table.update()
    #expect(screen.batchUpdates == 1, "\(screen.view.events)", sourceLocation: sourceLocation)
    let kept = screen.view.lastUpdateRowFates.compactMap(\.to)
    #expect(kept == kept.sorted(), "a row jumped", sourceLocation: sourceLocation)
    let ids = screen.list.items.map(\.id)
    #expect(Set(ids).count == ids.count, "an id shows twice: \(ids)", sourceLocation: sourceLocation)
    #expect(screen.view.violations.isEmpty, "\(screen.view.violations)", sourceLocation: sourceLocation)
  }

  @Test func aKeptUpdateIsOneBatchThatReloadsOnlyItsRow() async {
    let screen = await screen()
    expectOneBatch(screen) { screen.list.apply(.update(id: 1) { $0.version = 7 }) }
    #expect(screen.rows == ["0", "1v7", "2"])
    let fates = screen.view.lastUpdateRowFates
    #expect(fates.filter(\.isReloaded).map(\.from.item) == [1])
    expectOneBatch(screen) { screen.list.apply(.replace(TestItem(id: 2, version: 3))) }
    #expect(screen.rows == ["0", "1v7", "2v3"])
  }

  @Test func keptRemovesAndInsertsAreOneBatchEachAndKeepTheIDCheck() async {
    let screen = await screen()
    expectOneBatch(screen) { screen.list.apply(.remove(id: 1)) }
    expectOneBatch(screen) { screen.list.apply(.insert(TestItem(id: 50), at: .top)) }
    expectOneBatch(screen) { screen.list.apply(.insert(TestItem(id: 51), at: .bottom)) }
    expectOneBatch(screen) { screen.list.apply(.insert(TestItem(id: 52), at: .before(2))) }
    #expect(screen.list.items.map(\.id) == [50, 0, 52, 2, 51])
    // An insert of an id shown is ignored; the next page's duplicate of an inserted id is too.
    screen.list.apply(.insert(TestItem(id: 0, version: 9), at: .bottom))
    #expect(screen.list.items.map(\.id) == [50, 0, 52, 2, 51])
    screen.server.items[3] = TestItem(id: 52, version: 4)
    await screen.list.loadNextPage()?.value
    screen.table.update()
    #expect(screen.list.items.map(\.id) == [50, 0, 52, 2, 51, 4, 5])
    #expect(screen.rows == screen.list.items.map(\.description))
  }

  @Test func aRefusedLikeRollsBackAndItsRowAnimatesBack() async {
    let screen = await screen()
    var like: PendingEdit?
    expectOneBatch(screen) { like = screen.list.applyPending(.update(id: 2) { $0.version = 1 }) }
    #expect(screen.rows == ["0", "1", "2v1"])
    let edit = try! #require(like)
    #expect(screen.list.isPending(edit))
    expectOneBatch(screen) { screen.list.rollBack(edit) }
    #expect(screen.rows == ["0", "1", "2"])
    #expect(screen.view.lastUpdateRowFates.filter(\.isReloaded).map(\.from.item) == [2])
    #expect(!screen.list.isPending(edit))
    // Rolling back again, or confirming now, does nothing.
    screen.list.confirm(edit)
    #expect(screen.list.items == testItems(0..<3))
  }

  @Test func aConfirmedEditStaysAndMovesNothing() async {
    let screen = await screen()
    let like = screen.list.applyPending(.update(id: 0) { $0.version = 5 })
    let post = screen.list.applyPending(.insert(TestItem(id: -1), at: .top))
    screen.table.update()
    screen.view.clearEvents()
    screen.list.confirm(like)
    screen.table.update()
    #expect(screen.batchUpdates == 0, "a confirmation changed the rows")
    #expect(screen.rows == ["-1", "0v5", "1", "2"])
    // The server's copy of the post replaces the temporary one, at its place.
    expectOneBatch(screen) { screen.list.confirm(post, serverItem: TestItem(id: 60)) }
    #expect(screen.list.items.map(\.id) == [60, 0, 1, 2])
    // A page that brings 60 again does not show it twice.
    screen.server.items.insert(TestItem(id: 60), at: 3)
    await screen.list.loadNextPage()?.value
    #expect(screen.list.items.map(\.id) == [60, 0, 1, 2, 3, 4])
  }

  /// A confirmation with no server copy of an edit made in place reports no change.
  ///
  /// Nothing shown changed, so a view would make the row again for nothing. A server copy is
  /// shown, and reported.
  @Test func aConfirmationWithoutAServerCopyReportsNoChange() async {
    let screen = await screen()
    let like = screen.list.applyPending(.update(id: 0) { $0.version = 5 })
    var changes: [ItemsChange] = []
    screen.list.onItemsChanged = { changes.append($0) }
    screen.list.confirm(like)
    #expect(changes.isEmpty, "\(changes)")
    #expect(screen.list.items.map(\.description) == ["0v5", "1", "2"])
    let second = screen.list.applyPending(.update(id: 1) { $0.version = 2 })
    changes = []
    screen.list.confirm(second, serverItem: TestItem(id: 1, version: 3))
    #expect(changes.count == 1, "\(changes)")
    #expect(screen.list.items.map(\.description) == ["0v5", "1v3", "2"])
  }

  @Test func pendingEditsSurviveNextPagesRefreshesAndDrops() async {
    let screen = await screen(count: 30, pageSize: 3, maximum: 9)
    let like = screen.list.applyPending(.update(id: 1) { $0.version = 9 })
    let removal = screen.list.applyPending(.remove(id: 2))
    let message = screen.list.applyPending(.insert(TestItem(id: -1), at: .bottom))
    #expect(screen.list.items.map(\.description) == ["0", "1v9", "-1"])
    for _ in 0..<3 { await screen.list.loadNextPage()?.value }
    // Page 0 was dropped: the edits of 1 and 2 wait; the message stays at the bottom.
    #expect(screen.list.items.map(\.description) == ["3", "4", "5", "6", "7", "8", "9", "10", "11", "-1"])
    await screen.list.refresh()?.value
    #expect(screen.list.items.map(\.description) == ["0", "1v9", "-1"])
    screen.table.update()
    #expect(screen.rows == ["0", "1v9", "-1"])
    #expect(screen.view.violations.isEmpty)
    // The answers come after all that.
    screen.list.confirm(like)
    screen.list.rollBack(removal)
    screen.list.rollBack(message)
    #expect(screen.list.items.map(\.description) == ["0", "1v9", "2"])
  }

  @Test func aPageThatBringsAnEchoedIDReplacesTheLocalItem() async {
    let screen = await screen()
    _ = screen.list.applyPending(.insert(TestItem(id: 77, version: 1), at: .top))
    #expect(screen.list.items.map(\.id) == [77, 0, 1, 2])
    screen.server.items.insert(TestItem(id: 77), at: 4)
    await screen.list.loadNextPage()?.value
    screen.table.update()
    #expect(screen.list.items.map(\.description) == ["0", "1", "2", "3", "77", "4"])
    #expect(screen.rows == ["0", "1", "2", "3", "77", "4"])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aContextSwitchDropsEveryPendingEditOfTheOldContext() async {
    let screen = await screen()
    let like = screen.list.applyPending(.update(id: 1) { $0.version = 3 })
    let post = screen.list.applyPending(.insert(TestItem(id: -1), at: .top))
    await screen.list.switchContext(to: RequestContext(userToken: "user-2"))?.value
    #expect(screen.list.items == testItems(0..<3), "an edit of user-1 shows for user-2")
    screen.list.confirm(post, serverItem: TestItem(id: 99))
    screen.list.rollBack(like)
    #expect(screen.list.items == testItems(0..<3))
    #expect(!screen.list.isPending(like) && !screen.list.isPending(post))
  }

  @Test func aPendingInsertInAnEmptyListIsNotTheEmptyState() async {
    let screen = await screen(count: 0)
    #expect(screen.list.isBlank && screen.list.status == .empty)
    let message = screen.list.applyPending(.insert(TestItem(id: -1), at: .bottom))
    #expect(!screen.list.isBlank)
    // The list shows an item and every page has loaded: "no more data", not the empty state.
    #expect(screen.list.status == .reachedEnd(totalCount: nil))
    screen.table.update()
    #expect(screen.rows == ["-1"])
    screen.list.rollBack(message)
    #expect(screen.list.isBlank && screen.list.status == .empty)
  }

  @Test func theCacheSavesWhatTheServerSentNeverAnEdit() async {
    let screen = await screen()
    screen.list.apply(.update(id: 0) { $0.version = 4 })
    _ = screen.list.applyPending(.insert(TestItem(id: -1), at: .top))
    _ = screen.list.applyPending(.update(id: 1) { $0.version = 2 })
    await screen.list.refresh()?.value
    await screen.list.waitForCacheWrites()
    let saved = screen.cache.entries.values.map(\.page.items)
    #expect(saved == [testItems(0..<3)])
    #expect(screen.list.items.map(\.description) == ["-1", "0", "1v2", "2"])
  }
}
