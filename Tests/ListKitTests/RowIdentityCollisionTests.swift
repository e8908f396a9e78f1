import ListKit
import ListKitTesting
import Testing

/// Row identities are compared by value, not by hash: ids whose hashes collide are still
/// different rows.
@MainActor @Suite struct RowIdentityCollisionTests {
  /// An id whose every value hashes alike (a poor `Hashable` conformance an app may have).
  struct CollidingID: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  struct Note: Identifiable, Equatable, Sendable {
    let id: CollidingID
    let text: String
  }

  final class NoteRow: ModelCellManager<Note, TextCell> {
    override func configure(cell: TextCell) { cell.text = model.text }
  }

  func rows(_ numbers: [Int]) -> [CellManager] {
    numbers.map { NoteRow(Note(id: CollidingID(value: $0), text: "note \($0)")) }
  }

  @Test func rowsWhoseIdsHashAlikeAreStillDifferentRows() {
    let view = HeadlessTableView()
    let section = SectionManager(cells: rows([1, 2, 3]))
    let table = TableManager(sections: [section])
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    table.attach(to: view)
    #expect(view.render() == ["note 1", "note 2", "note 3"])
    view.clearEvents()
    section.cells = rows([1, 3])
    table.update()
    #expect(view.render() == ["note 1", "note 3"])
    #expect(view.events.contains(.batchUpdate(BatchUpdate(itemDeletes: [ItemPath(item: 1, section: 0)]))))
    #expect(view.violations.isEmpty)
    #expect(diagnostics.isEmpty, "no row was taken for a duplicate")
  }
}
