import ListKit
import ListKitTesting
import Testing

/// A list started at an item shows that item, whatever sections sit above it, and pages both
/// ways only as the user scrolls.
@MainActor @Suite struct PagedSectionStartAtTests {
  /// 300 items in offset style; an item anchor answers the page of 20 aligned on a multiple of 20.
  static func loader() -> ClosurePageLoader<TestItem> {
    ClosurePageLoader { request in
      var range: Range<Int>
      switch request.position {
      case .offset(let offset, let limit): range = offset..<offset + limit
      case .item(let id, let limit):
        let start = (Int(id) ?? 0) / limit * limit
        range = start..<start + limit
      default: range = 0..<0
      }
      range = max(0, range.lowerBound)..<min(300, max(0, range.upperBound))
      return Page(
        items: testItems(range),
        hasMore: (request.direction == .previousPage) ? range.lowerBound > 0 : range.upperBound < 300,
        startOffset: range.lowerBound)
    }
  }

  struct Screen {
    let list: PagedList<TestItem>
    let section: PagedSection<TestItem>
    let table: TableManager
    let view: HeadlessTableView
  }

  /// Three summary rows above the paged section, a viewport of ten 44-point rows.
  func makeScreen() -> Screen {
    let list = PagedList(
      listName: "photos", configuration: .test(.offset, pageSize: 20, prefetchDistance: 5),
      loader: Self.loader())
    let summary = SectionManager(
      cells: (0..<3).map { HeaderRow(OrderSummary(id: "s\($0)", title: "Summary \($0)")) },
      headerTitle: "Summary")
    let section = PagedSection(list: list, headerTitle: "Photos") { PagedSectionPrependTests.MessageRow($0) }
    let table = TableManager(sections: [summary, section])
    let view = HeadlessTableView(viewportHeight: 440)
    table.attach(to: view)
    return Screen(list: list, section: section, table: table, view: view)
  }

  @Test func startAtAnItemShowsThatItemFirstUnderTheSectionsAbove() async throws {
    let screen = makeScreen()
    await screen.list.start(at: .item(id: 127))?.value
    #expect(screen.list.items.first?.id == 120)
    // The row above the items says older ones remain; item 127 is the eighth item.
    #expect(screen.section.previousPageStatus == .loading)
    #expect(screen.view.visibleItemPaths.first == ItemPath(item: 8, section: 1))
    #expect(screen.view.render().first == "Message 127")
    // Only the rows on screen asked for pages: the next one (136 is five rows from the end), not
    // the previous one (127 is seven rows from the top).
    await screen.list.idle()
    screen.table.update()
    #expect(screen.list.items.map(\.id) == Array(120..<160))
    #expect(screen.view.render().first == "Message 127")
    // Scrolling up pages upwards, one page at a time, with the rows on screen in place.
    try screen.view.scroll(by: -44 * 3)
    await screen.list.idle()
    screen.table.update()
    #expect(screen.list.items.map(\.id) == Array(100..<160))
    #expect(screen.view.render().first == "Message 124")
    #expect(screen.view.violations.isEmpty)
  }

  @Test func startAtAPageOrOffsetShowsTheFirstItemOfThatPage() async throws {
    let screen = makeScreen()
    await screen.list.start(at: .offset(200))?.value
    #expect(screen.view.render().first == "Message 200")
  }

  @Test func aListStartedAtTheTopStaysWhereTheUserIs() async throws {
    let screen = makeScreen()
    await screen.list.start()?.value
    #expect(screen.view.contentOffset == 0)
    #expect(screen.view.render().prefix(2) == ["== Summary ==", "Summary 0"])
  }
}
