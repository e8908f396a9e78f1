import ListKit
import ListKitTesting
import Testing

/// A screen that shows more rows than the prefetch distance protects (an iPad, a rotated phone):
/// a landing page never drops a row the view reports on screen, whatever the configuration.
@MainActor @Suite struct PagedSectionTallScreenTests {
  /// A list of 1,000 messages in pages of 10 that holds at most 40, on a view that shows `rows`.
  func makeScreen(rows: Int) async throws -> (
    list: PagedList<TestItem>, table: TableManager, view: HeadlessTableView
  ) {
    let list = PagedList(
      listName: "tall",
      configuration: .test(.cursor, pageSize: 10, prefetchDistance: 2, maximumItemCount: 40),
      loader: PagedSectionPrependTests.chatLoader(count: 1_000))
    let section = PagedSection(list: list) { PagedSectionPrependTests.MessageRow($0) }
    let table = TableManager(sections: [section])
    let view = HeadlessTableView(viewportHeight: Double(rows) * 44, rowHeight: 44)
    table.attach(to: view)
    await list.start(at: .cursor("0"))?.value
    await table.updatesApplied()
    return (list, table, view)
  }

  /// Waits until the list stops loading what the screen asks for.
  func settle(_ list: PagedList<TestItem>, _ table: TableManager) async {
    for _ in 0..<50 {
      await list.idle()
      await table.updatesApplied()
      if list.isIdle { return }
    }
  }

  @Test(arguments: [30, 45, 60])
  func pagesLandingAboveOrBelowAFullScreenDropOrMoveNoRowOnIt(rows: Int) async throws {
    let (list, table, view) = try await makeScreen(rows: rows)
    await settle(list, table)
    let shown = view.render().filter { $0.hasPrefix("Message") }
    #expect(shown.first == "Message 0", "\(shown.prefix(3))")
    // Scrolling half a screen at a time: every row on screen before a page lands is still there,
    // at the same place, after it.
    for step in 0..<16 {
      // Eight half screens down, then eight up: pages land below, then above.
      try view.scroll(by: Double(rows / 2) * 44 * (step < 8 ? 1 : -1))
      let before = view.render()
      await settle(list, table)
      let after = view.render()
      // (A status row on screen gives way to the items it announced.)
      let moved = before.indices.filter { before[$0].hasPrefix("Message") && after[safe: $0] != before[$0] }
      #expect(moved.isEmpty, "rows on screen moved or went while pages landed:\n\(before)\n\(after)")
      #expect(view.violations.isEmpty)
      // Still bounded: the maximum, or the screen with the prefetch distance and a part page at
      // each end; and the page that just landed.
      #expect(list.items.count <= max(40, rows + 2 * (2 + 10)) + 10, "\(list.items.count) held")
      if !moved.isEmpty { return }
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
