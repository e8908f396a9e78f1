import ListKit
import ListKitTesting
import Testing

/// A section over a list with `maximumItemCount` removes the rows of dropped pages and inserts
/// them again when the user scrolls back.
@MainActor @Suite struct PagedSectionDroppingTests {
  /// The ids of the section's item rows, top to bottom.
  func rowIDs(_ section: PagedSection<TestItem>) -> [Int] {
    section.cells.compactMap { ($0 as? PagedSectionPrependTests.MessageRow)?.model.id }
  }

  /// Checks that the rows are the list's items, a contiguous run in order, no more than the
  /// maximum, and that the view took every update.
  func expectContiguousRows(
    _ section: PagedSection<TestItem>, _ list: PagedList<TestItem>, _ view: HeadlessTableView, maximum: Int,
    _ context: String
  ) {
    let ids = rowIDs(section)
    #expect(ids == list.items.map(\.id), "\(context)")
    #expect(ids.count <= maximum, "\(context)")
    if let low = ids.first {
      #expect(ids == Array(low..<(low + ids.count)), "\(context): rows not contiguous")
    }
    #expect(view.numberOfItems(inSection: 0) == section.cells.count, "\(context)")
    #expect(view.violations.isEmpty, "\(context)")
  }

  @Test func scrollingDownFiftyPagesAndBackUpKeepsTheRowsContiguousAndBounded() async throws {
    let source = ItemSource(count: 1_000)
    let maximum = 40
    let list = PagedList(
      listName: "feed", configuration: .test(.cursor, pageSize: 10, maximumItemCount: maximum),
      loader: ClosurePageLoader { source.page(for: $0) })
    let screen = PagedScreen(list: list) { PagedSectionPrependTests.MessageRow($0) }
    await list.refresh()?.value
    screen.table.update()
    var pages = 1
    for step in 0..<200 where pages < 51 {
      try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
      await list.idle()
      screen.table.update()
      pages = (list.items.last?.id ?? 0) / 10 + 1
      expectContiguousRows(screen.section, list, screen.view, maximum: maximum, "down, step \(step)")
    }
    #expect(pages >= 51, "scrolled down 50 pages")
    #expect(list.items.first?.id ?? 0 > 400, "the top pages were dropped")
    for step in 0..<200 where list.items.first?.id != 0 {
      try screen.view.scroll(toOffset: 0)
      await list.idle()
      screen.table.update()
      expectContiguousRows(screen.section, list, screen.view, maximum: maximum, "up, step \(step)")
    }
    #expect(list.items.first?.id == 0, "the dropped pages loaded again")
    #expect(list.loadStates.previous == .reachedEnd)
    #expect(list.loadStates.next == .idle, "the bottom pages dropped on the way up can load again")
  }
}
