import ListKit
import ListKitTesting
import Testing

/// Rows inserted above the viewport do not move what the user sees.
@MainActor @Suite struct ScrollAnchorTests {
  struct Screen {
    let list: PagedList<TestItem>
    let table: TableManager
    let view: HeadlessTableView
  }

  /// A chat opened at message 110 of 200 (a first page of 40, then pages of 10), a 440-point
  /// viewport of 44-point rows.
  func makeScreen(keepingTheRow: Bool) async throws -> Screen {
    let list = PagedList(
      listName: "chat", configuration: .test(.cursor, pageSize: 10, firstPageSize: 40, prefetchDistance: 0),
      loader: PagedSectionPrependTests.chatLoader(count: 200))
    let section = PagedSection(list: list) { PagedSectionPrependTests.MessageRow($0) }
    let table = TableManager(sections: [section])
    let view = HeadlessTableView(viewportHeight: 440)
    view.keepsFirstVisibleRowInPlace = keepingTheRow
    table.attach(to: view)
    await list.start(at: .cursor("110"))?.value
    table.update()
    return Screen(list: list, table: table, view: view)
  }

  /// Scrolls to 10 points into the sixth row, then lets the older page that showing the top row
  /// asked for land.
  func scrollToTheSixthRow(_ screen: Screen) async throws {
    try screen.view.scroll(toOffset: 5 * 44 + 10)
    await screen.list.loadTask(of: .previousPage)?.value
    screen.table.update()
    #expect(screen.list.loadTask(of: .previousPage) == nil)
  }

  @Test func scrollingToARowThenPrependingThreePagesKeepsThatRowAtTheSamePosition() async throws {
    let screen = try await makeScreen(keepingTheRow: true)
    try await scrollToTheSixthRow(screen)
    let before = screen.view.render()
    let count = screen.list.items.count
    let firstVisible = try #require(screen.view.visibleItemPaths.first)
    let message = try #require(screen.list.item(at: firstVisible.item))
    for _ in 0..<3 {
      await screen.list.loadPreviousPage()?.value
      screen.table.update()
    }
    #expect(screen.list.items.count == count + 30, "three more pages arrived")
    #expect(screen.view.render() == before)
    let now = try #require(screen.view.visibleItemPaths.first)
    #expect(screen.list.item(at: now.item) == message)
    #expect(screen.view.violations.isEmpty)
  }

  @Test func withoutKeepingTheRowTheContentMovesAsInUIKit() async throws {
    let screen = try await makeScreen(keepingTheRow: false)
    try await scrollToTheSixthRow(screen)
    let before = screen.view.render()
    await screen.list.loadPreviousPage()?.value
    screen.table.update()
    #expect(screen.view.render() != before)
    #expect(screen.view.contentOffset == 5 * 44 + 10)
  }

  @Test func theAnchorRestoresTheOffsetWithinTheMovedRowOrLeavesItWhenTheRowIsGone() {
    let anchor = ScrollAnchor(firstVisibleRow: ItemPath(item: 3, section: 0), rowTop: 132, contentOffset: 150)
    #expect(anchor?.offsetIntoRow == 18)
    #expect(anchor?.contentOffset(movedRowTop: 572, current: 150) == 590)
    #expect(anchor?.contentOffset(movedRowTop: nil, current: 150) == 150)
    #expect(ScrollAnchor(firstVisibleRow: nil, rowTop: 0, contentOffset: 0) == nil)
  }
}
