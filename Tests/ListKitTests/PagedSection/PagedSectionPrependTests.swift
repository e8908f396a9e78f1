import ListKit
import ListKitTesting
import Testing

@MainActor @Suite struct PagedSectionPrependTests {
  final class MessageRow: ModelCellManager<TestItem, TextCell> {
    override func configure(cell: TextCell) { cell.text = "Message \(model.id)" }
  }

  /// A chat of `count` messages, newest last: the first page is the newest, `cursorBefore` the
  /// page that ends at the cursor, `cursor` the page that starts there.
  static func chatLoader(count: Int) -> ClosurePageLoader<TestItem> {
    ClosurePageLoader { request in
      let start: Int
      let end: Int
      switch request.position {
      case .cursor(nil, _):
        end = count
        start = max(0, end - request.limit)
      case .cursor(let cursor?, _):
        start = min(count, Int(cursor) ?? 0)
        end = min(count, start + request.limit)
      case .cursorBefore(let cursor, _):
        end = Int(cursor) ?? 0
        start = max(0, end - request.limit)
      default: return Page(items: [], hasMore: false)
      }
      return Page(
        items: testItems(start..<end),
        hasMore: (request.direction == .previousPage) ? start > 0 : end < count,
        nextCursor: end < count ? String(end) : nil, previousCursor: start > 0 ? String(start) : nil)
    }
  }

  @Test func aRowNearTheTopAsksForThePreviousPageWhichArrivesAsABatchInsertAtTheTop() async throws {
    // The older page waits until the test lets it go: it must not land before the test has
    // looked at the first one (on a slow machine its answer could come first).
    let (gate, opens) = AsyncStream.makeStream(of: Void.self)
    let chat = Self.chatLoader(count: 30)
    let list = PagedList(
      listName: "chat", configuration: .test(.cursor, pageSize: 10, prefetchDistance: 2),
      loader: ClosurePageLoader { request in
        if request.direction == .previousPage { for await _ in gate { break } }
        return try await chat.loadPage(request)
      })
    let screen = PagedScreen(list: list) { MessageRow($0) }
    await list.refresh()?.value
    screen.table.update()
    #expect(list.items.first?.id == 20)
    // The view displayed the top rows: the section asked for the older page.
    let older = try #require(list.loadTask(of: .previousPage))
    screen.view.clearEvents()
    opens.yield()
    await older.value
    screen.table.update()
    #expect(list.items.map(\.id) == Array(10..<30))
    let inserted = screen.view.events.flatMap { event -> [ItemPath] in
      if case .batchUpdate(let update) = event { update.itemInserts } else { [] }
    }
    #expect(Set(inserted).isSuperset(of: (0..<10).map { ItemPath(item: $0, section: 0) }))
    #expect(!screen.view.events.contains(.reloadData))
    #expect(screen.view.violations.isEmpty)
    #expect(screen.section.cells.count >= 20)
  }

  /// The screen interleavings' runs 3854, 3899, 9569 and 19800: a previous page whose items all
  /// wait to be removed (or are held already) brings no row, and "Loading older…" stayed on
  /// screen with nothing loading: the row had been displayed, and nothing displayed it again.
  @Test func aPreviousPageThatBringsNoRowAsksForTheOneBeforeIt() async throws {
    let (loader, requests) = ScriptedLoader.make()
    var incoming = requests.makeAsyncIterator()
    let list = PagedList(
      listName: "chat", configuration: .test(.cursor, pageSize: 2, prefetchDistance: 1), loader: loader)
    let screen = PagedScreen(list: list) { MessageRow($0) }
    let refresh = list.refresh()
    let first = try #require(await incoming.next(isolation: #isolation))
    first.succeed(Page(items: testItems(4..<6), hasMore: false, previousCursor: "4"))
    await refresh?.value
    screen.table.update()
    screen.view.layoutIfNeeded()
    let olderTask = try #require(list.loadTask(of: .previousPage), "the row above the items asks")
    let older = try #require(await incoming.next(isolation: #isolation))
    _ = list.applyPending(.remove(id: 2))
    _ = list.applyPending(.remove(id: 3))
    older.succeed(Page(items: testItems(2..<4), hasMore: true, previousCursor: "2"))
    await olderTask.value
    screen.table.update()
    screen.view.layoutIfNeeded()
    #expect(list.items.map(\.id) == [4, 5])
    #expect(screen.section.previousPageStatus == .loading)
    try #require(list.loadStates.previous.isLoading, "the row above the items says loading older: it must")
    let oldest = try #require(await incoming.next(isolation: #isolation))
    #expect(oldest.request.position == .cursorBefore("2", limit: 2))
    #expect(screen.view.violations.isEmpty)
  }
}
