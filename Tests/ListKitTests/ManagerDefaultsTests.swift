import ListKit
import ListKitTesting
import Testing

/// What the hierarchy answers for a row that says nothing of its own, and for a path it has no
/// row at: UIKit's defaults for a row (highlights, `.delete`), the do-nothing answers with a
/// diagnostic for a path without one, as the managers' and `ListDelegate`'s docs say.
@MainActor @Suite struct ManagerDefaultsTests {
  func makeTable() -> (table: TableManager, view: HeadlessTableView, diagnostics: () -> [ListDiagnostic]) {
    let view = HeadlessTableView()
    let table = TableManager(listView: view)
    nonisolated(unsafe) var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    table.sections = [SectionManager(cells: [HeaderRow(OrderSummary(id: "a", title: "A"))])]
    table.update()
    return (table, view, { diagnostics })
  }

  @Test func aRowThatSaysNothingHighlightsAndDeletesAsInUIKit() {
    let (table, view, diagnostics) = makeTable()
    let row = ItemPath(item: 0, section: 0)
    #expect(table.listView(view, shouldHighlightItemAt: row))
    #expect(table.listView(view, editingStyleForItemAt: row) == .delete)
    // Rows are neither edited nor reordered unless they say so.
    #expect(!table.listView(view, canEditItemAt: row))
    #expect(!table.listView(view, canMoveItemAt: row))
    #expect(diagnostics().isEmpty)
  }

  @Test(arguments: [
    ItemPath(item: 1, section: 0), ItemPath(item: -1, section: 0), ItemPath(item: 0, section: 3),
  ])
  func aPathWithoutARowNeitherHighlightsNorDeletesAndIsReported(path: ItemPath) {
    let (table, view, diagnostics) = makeTable()
    #expect(!table.listView(view, shouldHighlightItemAt: path))
    #expect(table.listView(view, editingStyleForItemAt: path) == EditingStyle.none)
    #expect(!table.listView(view, canEditItemAt: path) && !table.listView(view, canMoveItemAt: path))
    #expect(diagnostics().count == 4, "\(diagnostics())")
  }
}
