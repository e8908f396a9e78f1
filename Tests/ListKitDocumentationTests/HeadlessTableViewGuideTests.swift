import ListKit
import ListKitTesting
import Testing

/// The example of Guides/HeadlessTableView.md: a data source tested on the headless table.
@MainActor @Suite struct HeadlessTableViewGuideTests {
  // snippet: headless-table-view-main
  final class LabelCell: ListCell, HeadlessRenderable {
    var text = ""
    var renderedText: String { text }
  }

  /// The data source under test: one section of labels.
  final class Labels: ListDataSource {
    var rows = (0..<100).map { "Row \($0)" }

    func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int { rows.count }

    func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
      let cell = try? listView.dequeueReusableCell(withIdentifier: "label", for: path) as? LabelCell
      cell?.text = rows[path.item]
      return cell ?? PlaceholderCell()
    }
  }

  @Test @MainActor func aDeletedVisibleRowEndsDisplaying() throws {
    let source = Labels()
    let table = HeadlessTableView(viewportHeight: 440, rowHeight: 44, prefetchWindow: .rows(5))
    table.register(CellRegistration(LabelCell.self, reuseIdentifier: "label"))
    table.dataSource = source  // weak, as in UIKit: keep `source` alive
    #expect(table.render().prefix(3) == ["Row 0", "Row 1", "Row 2"])
    try table.scroll(toOffset: 1_100)  // rows 25 to 34 in view
    source.rows.remove(at: 30)
    try table.performBatchUpdates(BatchUpdate(itemDeletes: [ItemPath(item: 30, section: 0)]))
    #expect(table.events.contains(.didEndDisplaying(ItemPath(item: 30, section: 0))))
    #expect(table.render().prefix(6) == ["Row 25", "Row 26", "Row 27", "Row 28", "Row 29", "Row 31"])
    #expect(table.violations.isEmpty)
  }
  // snippet-end

  @Test func theExampleReusesCellsAsItScrolls() throws {
    let source = Labels()
    let table = HeadlessTableView(viewportHeight: 440, rowHeight: 44, prefetchWindow: .rows(5))
    table.register(CellRegistration(LabelCell.self, reuseIdentifier: "label"))
    table.dataSource = source
    _ = table.render()
    try table.scroll(toOffset: 1_100)
    #expect(table.render().first == "Row 25")
    #expect(table.createdCellCount <= 12, "cells of rows that left were reused")
    #expect(table.dequeueCount > table.createdCellCount)
  }
}
