import ListKitTesting
import Testing

@testable import ListKit

/// A section's edit by index is applied only when every index is in range, ascending and
/// distinct; anything else takes the table's full diff instead.
@MainActor @Suite struct RowEditTests {
  typealias Row = KnownRowsShortcutTests.VersionRow

  /// A table of one section of `rows` rows, whose changes are counted, shown in a view.
  static func shownSection(rows: Int) -> (SectionManager, TableManager, HeadlessTableView) {
    let section = SectionManager(cells: (0..<rows).map { Row(TestItem(id: $0)) })
    let table = TableManager(sections: [section])
    let view = HeadlessTableView()
    table.attach(to: view)
    return (section, table, view)
  }

  @Test func anEditIsValidOnlyWithEveryIndexInRangeAscendingAndDistinct() {
    let row = CellManager()
    #expect(RowEdit(removed: [0, 2]).isValid(forCount: 3))
    #expect(!RowEdit(removed: [3]).isValid(forCount: 3), "an index past the end")
    #expect(!RowEdit(removed: [-1]).isValid(forCount: 3), "a negative index")
    #expect(!RowEdit(removed: [1, 1]).isValid(forCount: 3), "an index twice")
    #expect(!RowEdit(removed: [2, 1]).isValid(forCount: 3), "descending")
    // Inserted and replaced indexes count the rows after the edit: 3 + 1.
    #expect(RowEdit(inserted: [(3, row)]).isValid(forCount: 3))
    #expect(!RowEdit(inserted: [(4, row)]).isValid(forCount: 3), "past the end after the edit")
    #expect(!RowEdit(inserted: [(1, row), (1, row)]).isValid(forCount: 3), "an index twice")
    #expect(RowEdit(replaced: [(2, row)]).isValid(forCount: 3))
    #expect(!RowEdit(replaced: [(3, row)]).isValid(forCount: 3), "past the end")
    #expect(
      !RowEdit(inserted: [(1, row)], replaced: [(1, row)]).isValid(forCount: 3), "inserted and replaced")
  }

  /// Applying an edit removes and inserts exactly its rows, and every row kept is found at its
  /// old index (`oldIndex(ofKept:)`): on every edit of up to five rows removed from, and up to
  /// three inserted into, a section of up to five rows.
  @Test func everyKeptRowIsFoundAtItsOldIndex_andApplyingMakesTheRowsAfterTheEdit() {
    for count in 0...5 {
      for removedMask in 0..<(1 << count) {
        let removed = (0..<count).filter { removedMask & (1 << $0) != 0 }
        let final = count - removed.count
        for insertedMask in 0..<(1 << min(final + 3, 8)) where insertedMask.nonzeroBitCount <= 3 {
          let inserted = (0..<min(final + 3, 8)).filter { insertedMask & (1 << $0) != 0 }
          let after = final + inserted.count
          guard inserted.allSatisfy({ $0 < after }) else { continue }
          let edit = RowEdit(removed: removed, inserted: inserted.map { ($0, CellManager()) })
          let context = "\(count) rows, removed \(removed), inserted \(inserted)"
          #expect(edit.isValid(forCount: count), "\(context)")
          // The reference: the rows kept, in order, with the new ones placed at their indexes.
          var expected: [Int?] = (0..<count).filter { !removed.contains($0) }
          for index in inserted { expected.insert(nil, at: index) }
          var rows: [Int?] = Array(0..<count)
          edit.apply(to: &rows) { _ in nil }
          #expect(rows == expected, "\(context)")
          for (index, old) in expected.enumerated() {
            guard let old else { continue }
            #expect(edit.oldIndex(ofKept: index) == old, "\(context): row \(index)")
          }
        }
      }
    }
  }

  /// A second edit of a section before the update is one too many for the known batch, even
  /// when either edit alone would fit the rows (one keeps the count, the other grows it): the
  /// update diffs, and shows both.
  @Test(arguments: [false, true])
  func twoEditsBeforeOneUpdateAreDiffedAndBothShown(insertingFirst: Bool) {
    let (section, table, view) = Self.shownSection(rows: 3)
    let diffed = table.diffedUpdateCount
    let replace = RowEdit(replaced: [(0, Row(TestItem(id: 0, version: 1)))])
    let insert = RowEdit(inserted: [(3, Row(TestItem(id: 3)))])
    for edit in insertingFirst ? [insert, replace] : [replace, insert] {
      #expect(section.editRows(edit))
    }
    table.update()
    #expect(table.diffedUpdateCount == diffed + 1)
    #expect(view.render() == ["Message 0v1", "Message 1", "Message 2", "Message 3"])
    #expect(view.violations.isEmpty)
  }

  /// A row whose content may be missing: compared only while it has one.
  final class OptionalNoteRow: CellManager {
    let id: Int
    var text: String?
    init(id: Int, text: String?) {
      (self.id, self.text) = (id, text)
      super.init()
    }
    override var diffIdentifier: any Hashable & Sendable { id }
    override var diffContent: (any Equatable & Sendable)? { text.map { $0 as any Equatable & Sendable } }
    override class var cellRegistration: CellRegistration? { CellRegistration(TextCell.self) }
    override func configure(_ cell: AnyObject) { (cell as? TextCell)?.text = text ?? "-" }
  }

  /// A row brought in by an edit that replaces one of the same identity, and whose content is
  /// compared rather than counted: its later changes, which it does not announce, are found.
  @Test func aComparedRowReplacedInByAnEditIsComparedAtTheUpdatesAfter() {
    let section = SectionManager(cells: [
      OptionalNoteRow(id: 0, text: nil), OptionalNoteRow(id: 1, text: nil),
    ])
    let table = TableManager(sections: [section])
    let view = HeadlessTableView()
    table.attach(to: view)
    let note = OptionalNoteRow(id: 1, text: "a")
    #expect(section.editRows(RowEdit(replaced: [(1, note)])))
    table.update()
    #expect(view.render() == ["-", "a"])
    note.text = "b"
    table.update()
    #expect(view.render() == ["-", "b"])
    #expect(view.violations.isEmpty)
  }

  /// A known update forgets the changes it showed: an edit after it is sent as its own batch.
  @Test func anEditAfterAKnownUpdateOfChangedRowsIsSentWithoutADiff() throws {
    let (section, table, view) = Self.shownSection(rows: 3)
    try #require(section.cells[0] as? Row).model.version = 1
    table.update()
    #expect(section.editRows(RowEdit(inserted: [(3, Row(TestItem(id: 3)))])))
    table.update()
    // And the edit it showed: a change after it is sent as its own batch too.
    try #require(section.cells[3] as? Row).model.version = 1
    table.update()
    #expect(table.diffedUpdateCount == 0)
    #expect(view.render() == ["Message 0v1", "Message 1", "Message 2", "Message 3v1"])
    #expect(view.violations.isEmpty)
  }

  /// An edit out of range is refused, with `false`, and changes nothing.
  @Test func anEditOutOfRangeIsRefusedAndChangesNothing() {
    let rows = [CellManager(), CellManager()]
    let section = SectionManager(cells: rows)
    #expect(!section.editRows(RowEdit(removed: [2])))
    #expect(!section.editRows(RowEdit(inserted: [(3, CellManager())])))
    #expect(section.cells.map(ObjectIdentifier.init) == rows.map(ObjectIdentifier.init))
    #expect(section.editRows(RowEdit()), "an empty edit is valid")
  }

  /// A diffed update forgets the changes it showed as well: an edit after it is sent as its own
  /// batch.
  @Test func anEditAfterADiffedUpdateIsSentWithoutADiff() throws {
    let (section, table, view) = Self.shownSection(rows: 3)
    // An edit, a new title and a changed row: the title makes the update a diff.
    #expect(section.editRows(RowEdit(inserted: [(3, Row(TestItem(id: 3)))])))
    section.headerTitle = "Rows"
    try #require(section.cells[0] as? Row).model.version = 1
    table.update()
    #expect(table.diffedUpdateCount == 1)
    #expect(section.editRows(RowEdit(inserted: [(4, Row(TestItem(id: 4)))])))
    table.update()
    #expect(table.diffedUpdateCount == 1)
    #expect(
      view.render() == ["== Rows ==", "Message 0v1", "Message 1", "Message 2", "Message 3", "Message 4"])
    #expect(view.violations.isEmpty)
  }

  /// A row reloaded by a known update is recorded as shown with its new content: a diff after it
  /// does not reload it again.
  @Test func aRowReloadedByAKnownUpdateIsNotReloadedAgainByTheNextDiff() throws {
    let (section, table, view) = Self.shownSection(rows: 3)
    try #require(section.cells[1] as? Row).model.version = 1
    table.update()
    view.clearEvents()
    // A section added below makes the update a diff, which compares the rows of the first.
    table.sections.append(SectionManager(cells: [Row(TestItem(id: 9))]))
    table.update()
    #expect(table.diffedUpdateCount == 1)
    let updates = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(updates == [BatchUpdate(sectionInserts: [1])])
    #expect(view.render() == ["Message 0", "Message 1v1", "Message 2", "Message 9"])
  }
}
