import ListKit
import ListKitTesting
import Testing

/// One UIKit rule: a batch that respects it and one that breaks it, with the error and the
/// exact message UIKit raises.
struct Rule: Sendable, CustomTestStringConvertible {
  var name: String
  var valid: (BatchUpdate, old: [Int], new: [Int])
  var invalid: (BatchUpdate, old: [Int], new: [Int])
  var error: BatchUpdateError
  var message: String

  var testDescription: String { name }
}

private func moveRow(_ from: ItemPath, _ to: ItemPath) -> Move<ItemPath> { Move(from: from, to: to) }

/// Every batch-update rule UIKit enforces (see `BatchUpdateError` for the rules and their source), plus
/// the ones ListKit is stricter about.
let rules: [Rule] = [
  Rule(
    name: "the number of sections adds up",
    valid: (BatchUpdate(sectionDeletes: [1]), [1, 2, 3], [1, 3]),
    invalid: (BatchUpdate(sectionDeletes: [1]), [1, 2, 3], [1, 2, 3]),
    error: .invalidNumberOfSections(before: 3, after: 3, inserted: 0, deleted: 1),
    message: "Invalid update: invalid number of sections. The number of sections contained in the table "
      + "view after the update (3) must be equal to the number of sections contained in the table view "
      + "before the update (3), plus or minus the number of sections inserted or deleted (0 inserted, 1 "
      + "deleted)."),
  Rule(
    name: "the number of rows adds up",
    valid: (BatchUpdate(itemInserts: [path(0, 3)]), [3], [4]),
    invalid: (BatchUpdate(itemInserts: [path(0, 3)]), [3], [5]),
    error: .invalidNumberOfRows(
      section: 0, before: 3, after: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0),
    message: "Invalid update: invalid number of rows in section 0. The number of rows contained in an "
      + "existing section after the update (5) must be equal to the number of rows contained in that "
      + "section before the update (3), plus or minus the number of rows inserted or deleted from that "
      + "section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that "
      + "section (0 moved in, 0 moved out)."),
  Rule(
    name: "rows moved between sections count as moved in and out",
    valid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(1, 0))]), [2, 2], [1, 3]),
    invalid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(1, 0))]), [2, 2], [2, 3]),
    error: .invalidNumberOfRows(
      section: 0, before: 2, after: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1),
    message: "Invalid update: invalid number of rows in section 0. The number of rows contained in an "
      + "existing section after the update (2) must be equal to the number of rows contained in that "
      + "section before the update (2), plus or minus the number of rows inserted or deleted from that "
      + "section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that "
      + "section (0 moved in, 1 moved out)."),
  Rule(
    name: "a row count is never negative",
    valid: (BatchUpdate(itemDeletes: [path(0, 0)]), [1], [0]),
    invalid: (BatchUpdate(itemDeletes: [path(0, 0)]), [1], [-1]),
    error: .negativeNumberOfRows(section: 0, count: -1),
    message: "Invalid update: invalid number of rows in section 0. Attempt to delete more rows than exist "
      + "in section. (the data source reports -1 rows)"),
  Rule(
    name: "a row is not deleted and reloaded",
    valid: (BatchUpdate(itemDeletes: [path(0, 0)], itemReloads: [path(0, 1)]), [2], [1]),
    invalid: (BatchUpdate(itemDeletes: [path(0, 1)], itemReloads: [path(0, 1)]), [2], [1]),
    error: .conflictingItemChanges(path(0, 1), first: .delete, second: .reload),
    message: "attempt to delete and reload the same index path ([0, 1])"),
  Rule(
    name: "a section is not deleted and reloaded",
    valid: (BatchUpdate(sectionDeletes: [0], sectionReloads: [1]), [1, 1], [1]),
    invalid: (BatchUpdate(sectionDeletes: [1], sectionReloads: [1]), [1, 1], [1]),
    error: .conflictingSectionChanges(1, first: .delete, second: .reload),
    message: "attempt to delete and reload the same index path (section 1)"),
  Rule(
    name: "a row is not deleted and moved",
    valid: (BatchUpdate(itemDeletes: [path(0, 0)], itemMoves: [moveRow(path(0, 1), path(0, 0))]), [2], [1]),
    invalid: (BatchUpdate(itemDeletes: [path(0, 1)], itemMoves: [moveRow(path(0, 1), path(0, 0))]), [2], [1]),
    error: .conflictingItemChanges(path(0, 1), first: .delete, second: .move),
    message: "attempt to perform a delete and a move from the same index path ([0, 1])"),
  Rule(
    name: "a section is not deleted and moved",
    valid: (BatchUpdate(sectionDeletes: [0], sectionMoves: [Move(from: 1, to: 1)]), [1, 1, 1], [1, 1]),
    invalid: (BatchUpdate(sectionDeletes: [1], sectionMoves: [Move(from: 1, to: 0)]), [1, 1, 1], [1, 1]),
    error: .conflictingSectionChanges(1, first: .delete, second: .move),
    message: "attempt to perform a delete and a move from the same section (1)"),
  Rule(
    name: "a row is not reloaded and moved (a reload is a delete)",
    valid: (BatchUpdate(itemMoves: [moveRow(path(0, 1), path(0, 0))], itemReloads: [path(0, 0)]), [2], [2]),
    invalid: (BatchUpdate(itemMoves: [moveRow(path(0, 1), path(0, 0))], itemReloads: [path(0, 1)]), [2], [2]),
    error: .conflictingItemChanges(path(0, 1), first: .reload, second: .move),
    message: "attempt to perform a delete and a move from the same index path ([0, 1])"),
  Rule(
    name: "a section is not reloaded and moved",
    valid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1)], sectionReloads: [1]), [1, 1], [1, 1]),
    invalid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1)], sectionReloads: [0]), [1, 1], [1, 1]),
    error: .conflictingSectionChanges(0, first: .reload, second: .move),
    message: "attempt to perform a delete and a move from the same section (0)"),
  Rule(
    name: "a row is not inserted where another is moved to",
    valid: (BatchUpdate(itemInserts: [path(0, 1)], itemMoves: [moveRow(path(0, 1), path(0, 0))]), [2], [3]),
    invalid: (BatchUpdate(itemInserts: [path(0, 0)], itemMoves: [moveRow(path(0, 1), path(0, 0))]), [2], [3]),
    error: .conflictingItemChanges(path(0, 0), first: .insert, second: .move),
    message: "attempt to perform an insert and a move to the same index path ([0, 0])"),
  Rule(
    name: "a section is not inserted where another is moved to",
    valid: (BatchUpdate(sectionInserts: [0], sectionMoves: [Move(from: 1, to: 1)]), [1, 1], [1, 1, 1]),
    invalid: (BatchUpdate(sectionInserts: [1], sectionMoves: [Move(from: 1, to: 1)]), [1, 1], [1, 1, 1]),
    error: .conflictingSectionChanges(1, first: .insert, second: .move),
    message: "attempt to perform an insert and a move to the same section (1)"),
  Rule(
    name: "a deleted section exists before the update",
    valid: (BatchUpdate(sectionDeletes: [1]), [1, 1], [1]),
    invalid: (BatchUpdate(sectionDeletes: [2]), [1, 1], [1]),
    error: .sectionOutOfRange(.delete, section: 2, sectionCount: 2),
    message: "attempt to delete section 2, but there are only 2 sections before the update"),
  Rule(
    name: "a deleted row's section exists before the update",
    valid: (BatchUpdate(itemDeletes: [path(1, 0)]), [1, 1], [1, 0]),
    invalid: (BatchUpdate(itemDeletes: [path(2, 0)]), [1, 1], [1, 0]),
    error: .itemSectionOutOfRange(.delete, path(2, 0), sectionCount: 2),
    message: "attempt to delete row 0 from section 2, but there are only 2 sections before the update"),
  Rule(
    name: "a deleted row exists before the update",
    valid: (BatchUpdate(itemDeletes: [path(0, 2)]), [3], [2]),
    invalid: (BatchUpdate(itemDeletes: [path(0, 3)]), [3], [2]),
    error: .itemOutOfRange(.delete, path(0, 3), itemCount: 3),
    message: "attempt to delete row 3 from section 0 which only contains 3 rows before the update"),
  Rule(
    name: "a negative row is out of range",
    valid: (BatchUpdate(itemDeletes: [path(0, 0)]), [3], [2]),
    invalid: (BatchUpdate(itemDeletes: [path(0, -1)]), [3], [2]),
    error: .itemOutOfRange(.delete, path(0, -1), itemCount: 3),
    message: "attempt to delete row -1 from section 0 which only contains 3 rows before the update"),
  Rule(
    name: "a reloaded section exists before the update (worded as a delete)",
    valid: (BatchUpdate(sectionReloads: [1]), [1, 1], [1, 4]),
    invalid: (BatchUpdate(sectionReloads: [2]), [1, 1], [1, 1]),
    error: .sectionOutOfRange(.reload, section: 2, sectionCount: 2),
    message: "attempt to delete section 2, but there are only 2 sections before the update"),
  Rule(
    name: "a reloaded row's section exists before the update",
    valid: (BatchUpdate(itemReloads: [path(1, 0)]), [1, 1], [1, 1]),
    invalid: (BatchUpdate(itemReloads: [path(5, 0)]), [1, 1], [1, 1]),
    error: .itemSectionOutOfRange(.reload, path(5, 0), sectionCount: 2),
    message: "attempt to delete row 0 from section 5, but there are only 2 sections before the update"),
  Rule(
    name: "a reloaded row exists before the update",
    valid: (BatchUpdate(itemReloads: [path(0, 1)]), [2], [2]),
    invalid: (BatchUpdate(itemReloads: [path(0, 2)]), [2], [2]),
    error: .itemOutOfRange(.reload, path(0, 2), itemCount: 2),
    message: "attempt to delete row 2 from section 0 which only contains 2 rows before the update"),
  Rule(
    name: "an inserted section exists after the update",
    valid: (BatchUpdate(sectionInserts: [1]), [1], [1, 0]),
    invalid: (BatchUpdate(sectionInserts: [2]), [1], [1, 0]),
    error: .sectionOutOfRange(.insert, section: 2, sectionCount: 2),
    message: "attempt to insert section 2 but there are only 2 sections after the update"),
  Rule(
    name: "an inserted row's section exists after the update",
    valid: (BatchUpdate(itemInserts: [path(0, 0)]), [0], [1]),
    invalid: (BatchUpdate(itemInserts: [path(1, 0)]), [0], [1]),
    error: .itemSectionOutOfRange(.insert, path(1, 0), sectionCount: 1),
    message: "attempt to insert row 0 into section 1, but there are only 1 sections after the update"),
  Rule(
    name: "an inserted row exists after the update",
    valid: (BatchUpdate(itemInserts: [path(0, 2)]), [2], [3]),
    invalid: (BatchUpdate(itemInserts: [path(0, 3)]), [2], [3]),
    error: .itemOutOfRange(.insert, path(0, 3), itemCount: 3),
    message: "attempt to insert row 3 into section 0, but there are only 3 rows in section 0 after the update"
  ),
  Rule(
    name: "a moved section exists before the update",
    valid: (BatchUpdate(sectionMoves: [Move(from: 1, to: 0)]), [1, 2], [2, 1]),
    invalid: (BatchUpdate(sectionMoves: [Move(from: 2, to: 0)]), [1, 2], [2, 1]),
    error: .sectionOutOfRange(.move, section: 2, sectionCount: 2),
    message: "attempt to move section 2, but there are only 2 sections before the update"),
  Rule(
    name: "a moved section's destination exists after the update",
    valid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1)]), [1, 2], [2, 1]),
    invalid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 2)]), [1, 2], [2, 1]),
    error: .moveSectionDestinationOutOfRange(Move(from: 0, to: 2), sectionCount: 2),
    message: "attempt to to move section 0 to section 2, but there are only 2 sections after the update"),
  Rule(
    name: "a moved row's section exists before the update",
    valid: (BatchUpdate(itemMoves: [moveRow(path(1, 0), path(0, 0))]), [1, 1], [2, 0]),
    invalid: (BatchUpdate(itemMoves: [moveRow(path(2, 0), path(0, 0))]), [1, 1], [2, 0]),
    error: .itemSectionOutOfRange(.move, path(2, 0), sectionCount: 2),
    message: "attempt to move index path ([2, 0]) from a section that does not exist - there are only 2 "
      + "sections before the update"),
  Rule(
    name: "a moved row exists before the update",
    valid: (BatchUpdate(itemMoves: [moveRow(path(0, 1), path(0, 0))]), [2], [2]),
    invalid: (BatchUpdate(itemMoves: [moveRow(path(0, 2), path(0, 0))]), [2], [2]),
    error: .itemOutOfRange(.move, path(0, 2), itemCount: 2),
    message: "attempt to move index path ([0, 2]) that does not exist - there are only 2 rows in section 0 "
      + "before the update"),
  Rule(
    name: "a moved row's destination section exists after the update",
    valid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(1, 0))]), [1, 0], [0, 1]),
    invalid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(2, 0))]), [1, 0], [0, 1]),
    error: .moveItemDestinationSectionOutOfRange(moveRow(path(0, 0), path(2, 0)), sectionCount: 2),
    message: "attempt to move index path ([0, 0]) to index path ([2, 0]) in section that does not exist - "
      + "there are only 2 sections after the update"),
  Rule(
    name: "a moved row's destination exists after the update",
    valid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 1))]), [2], [2]),
    invalid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 2))]), [2], [2]),
    error: .moveItemDestinationOutOfRange(moveRow(path(0, 0), path(0, 2)), itemCount: 2),
    message: "attempt to move index path ([0, 0]) to index path ([0, 2]) that does not exist - there are "
      + "only 2 rows in section 0 after the update"),
  Rule(
    name: "a section is moved to one place",
    valid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 2), Move(from: 2, to: 0)]), [1, 2, 3], [3, 2, 1]),
    invalid: (
      BatchUpdate(sectionMoves: [Move(from: 0, to: 2), Move(from: 0, to: 1)]), [1, 2, 3], [3, 2, 1]
    ),
    error: .sectionMovedToTwoDestinations(section: 0, first: 2, second: 1),
    message: "attempt to move section 0 to both section 2 and section 1"),
  Rule(
    name: "a row is moved to one place",
    valid: (
      BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 2)), moveRow(path(0, 2), path(0, 0))]), [3], [3]
    ),
    invalid: (
      BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 2)), moveRow(path(0, 0), path(0, 1))]), [3], [3]
    ),
    error: .itemMovedToTwoDestinations(path(0, 0), first: path(0, 2), second: path(0, 1)),
    message: "attempt to move row at index path [0, 0] to both [0, 2] and [0, 1]"),
  Rule(
    name: "two sections are not moved to one place",
    valid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1), Move(from: 1, to: 0)]), [1, 2], [2, 1]),
    invalid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1), Move(from: 1, to: 1)]), [1, 2], [2, 1]),
    error: .twoSectionsMovedToSameDestination(first: 0, second: 1, destination: 1),
    message: "attempt to move both section 0 and section 1 to section 1"),
  Rule(
    name: "two rows are not moved to one place",
    valid: (
      BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 1)), moveRow(path(0, 1), path(0, 0))]), [2], [2]
    ),
    invalid: (
      BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 1)), moveRow(path(0, 1), path(0, 1))]), [2], [2]
    ),
    error: .twoItemsMovedToSameDestination(first: path(0, 0), second: path(0, 1), destination: path(0, 1)),
    message: "attempt to move both row at index path [0, 0] and [0, 1] to [0, 1]"),
  Rule(
    name: "a row is not moved out of a deleted section",
    valid: (BatchUpdate(sectionDeletes: [1], itemMoves: [moveRow(path(0, 0), path(0, 1))]), [2, 1], [2]),
    invalid: (BatchUpdate(sectionDeletes: [1], itemMoves: [moveRow(path(1, 0), path(0, 1))]), [2, 1], [3]),
    error: .moveItemFromDeletedSection(moveRow(path(1, 0), path(0, 1))),
    message: "cannot move a row from a deleted section (1): attempt to move index path ([1, 0]) to index "
      + "path ([0, 1])"),
  Rule(
    name: "a row is not moved out of a reloaded section",
    valid: (BatchUpdate(sectionReloads: [1], itemMoves: [moveRow(path(0, 0), path(0, 1))]), [2, 1], [2, 5]),
    invalid: (
      BatchUpdate(sectionReloads: [1], itemMoves: [moveRow(path(1, 0), path(0, 0))]), [2, 1], [3, 0]
    ),
    error: .moveItemFromDeletedSection(moveRow(path(1, 0), path(0, 0))),
    message: "cannot move a row from a deleted section (1): attempt to move index path ([1, 0]) to index "
      + "path ([0, 0])"),
  Rule(
    name: "a row is not moved into an inserted section",
    valid: (BatchUpdate(sectionInserts: [0], itemMoves: [moveRow(path(0, 0), path(1, 1))]), [2], [4, 2]),
    invalid: (BatchUpdate(sectionInserts: [0], itemMoves: [moveRow(path(0, 0), path(0, 0))]), [2], [1, 1]),
    error: .moveItemIntoInsertedSection(moveRow(path(0, 0), path(0, 0))),
    message: "cannot move a row into a newly inserted section (0): attempt to move index path ([0, 0]) to "
      + "index path ([0, 0])"),
  Rule(
    name: "a row is not moved into a reloaded section",
    valid: (BatchUpdate(sectionReloads: [1], itemMoves: [moveRow(path(0, 0), path(0, 1))]), [2, 1], [2, 1]),
    invalid: (
      BatchUpdate(sectionReloads: [1], itemMoves: [moveRow(path(0, 0), path(1, 0))]), [2, 1], [1, 2]
    ),
    error: .moveItemIntoInsertedSection(moveRow(path(0, 0), path(1, 0))),
    message: "cannot move a row into a newly inserted section (1): attempt to move index path ([0, 0]) to "
      + "index path ([1, 0])"),
  Rule(
    name: "a section is deleted once",
    valid: (BatchUpdate(sectionDeletes: [0, 1]), [1, 1], []),
    invalid: (BatchUpdate(sectionDeletes: [1, 1]), [1, 1], [1]),
    error: .conflictingSectionChanges(1, first: .delete, second: .delete),
    message: "attempt to delete section 1 more than once in the same update"),
  Rule(
    name: "a section is inserted once",
    valid: (BatchUpdate(sectionInserts: [0, 1]), [], [0, 0]),
    invalid: (BatchUpdate(sectionInserts: [0, 0]), [], [0]),
    error: .conflictingSectionChanges(0, first: .insert, second: .insert),
    message: "attempt to insert section 0 more than once in the same update"),
  Rule(
    name: "a section is reloaded once",
    valid: (BatchUpdate(sectionReloads: [0]), [1], [1]),
    invalid: (BatchUpdate(sectionReloads: [0, 0]), [1], [1]),
    error: .conflictingSectionChanges(0, first: .reload, second: .reload),
    message: "attempt to reload section 0 more than once in the same update"),
  Rule(
    name: "a section move is listed once",
    valid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1)]), [1, 2], [2, 1]),
    invalid: (BatchUpdate(sectionMoves: [Move(from: 0, to: 1), Move(from: 0, to: 1)]), [1, 2], [2, 1]),
    error: .conflictingSectionChanges(0, first: .move, second: .move),
    message: "attempt to move section 0 more than once in the same update"),
  Rule(
    name: "a row is deleted once",
    valid: (BatchUpdate(itemDeletes: [path(0, 0), path(0, 1)]), [2], [0]),
    invalid: (BatchUpdate(itemDeletes: [path(0, 1), path(0, 1)]), [2], [1]),
    error: .conflictingItemChanges(path(0, 1), first: .delete, second: .delete),
    message: "attempt to delete index path ([0, 1]) more than once in the same update"),
  Rule(
    name: "a row is inserted once",
    valid: (BatchUpdate(itemInserts: [path(0, 0), path(0, 1)]), [0], [2]),
    invalid: (BatchUpdate(itemInserts: [path(0, 0), path(0, 0)]), [0], [1]),
    error: .conflictingItemChanges(path(0, 0), first: .insert, second: .insert),
    message: "attempt to insert index path ([0, 0]) more than once in the same update"),
  Rule(
    name: "a row is reloaded once",
    valid: (BatchUpdate(itemReloads: [path(0, 0), path(0, 1)]), [2], [2]),
    invalid: (BatchUpdate(itemReloads: [path(0, 1), path(0, 1)]), [2], [2]),
    error: .conflictingItemChanges(path(0, 1), first: .reload, second: .reload),
    message: "attempt to reload index path ([0, 1]) more than once in the same update"),
  Rule(
    name: "a row move is listed once",
    valid: (BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 1))]), [2], [2]),
    invalid: (
      BatchUpdate(itemMoves: [moveRow(path(0, 0), path(0, 1)), moveRow(path(0, 0), path(0, 1))]), [2], [2]
    ),
    error: .conflictingItemChanges(path(0, 0), first: .move, second: .move),
    message: "attempt to move index path ([0, 0]) more than once in the same update"),
]

@Suite struct BatchUpdateRulesTests {
  @Test(arguments: rules)
  func everyRuleAcceptsAValidBatchAndRejectsABrokenOneWithUIKitsWording(_ rule: Rule) {
    #expect(throws: Never.self) {
      try HeadlessTableView.validate(
        rule.valid.0, oldItemCounts: rule.valid.old, newItemCounts: rule.valid.new)
    }
    #expect(throws: rule.error) {
      try HeadlessTableView.validate(
        rule.invalid.0, oldItemCounts: rule.invalid.old, newItemCounts: rule.invalid.new)
    }
    #expect(rule.error.description == rule.message)
  }

  @Test func rowChangesInsideDeletedOrInsertedSectionsAreDroppedAsUIKitDrops() throws {
    // UIKit removes row deletes of a deleted section and row inserts of an inserted one.
    try HeadlessTableView.validate(
      BatchUpdate(sectionDeletes: [0], itemDeletes: [path(0, 0)]), oldItemCounts: [1, 2], newItemCounts: [2])
    try HeadlessTableView.validate(
      BatchUpdate(sectionInserts: [1], itemInserts: [path(1, 0)]), oldItemCounts: [2], newItemCounts: [2, 1])
  }

  @Test func aMoveInsideAMovedSectionIsNotCountedAsMovingBetweenSections() throws {
    let update = BatchUpdate(
      sectionMoves: [Move(from: 0, to: 1)], itemMoves: [Move(from: path(0, 0), to: path(1, 2))])
    try HeadlessTableView.validate(update, oldItemCounts: [3, 1], newItemCounts: [1, 3])
  }

  @Test func aRowChangeInASectionThatTheSectionChangesDoNotMakeReportsTheSectionCount() {
    // One old section and no section inserted, but two new sections: the second is past the
    // planned ones, so a row moved or inserted there is neither in an inserted section nor in a
    // kept one, and the batch is reported by the section count (never an index trap).
    let invalidSections = BatchUpdateError.invalidNumberOfSections(
      before: 1, after: 2, inserted: 0, deleted: 0)
    #expect(throws: invalidSections) {
      try HeadlessTableView.validate(
        BatchUpdate(itemMoves: [Move(from: path(0, 0), to: path(1, 0))]), oldItemCounts: [2],
        newItemCounts: [1, 1])
    }
    #expect(throws: invalidSections) {
      try HeadlessTableView.validate(
        BatchUpdate(itemInserts: [path(1, 0)]), oldItemCounts: [1], newItemCounts: [1, 1])
    }
  }

  @Test func reloadsCountAsOneInsertAndOneDeleteInTheMessage() {
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 2, after: 3, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0)
    ) {
      try HeadlessTableView.validate(
        BatchUpdate(itemReloads: [path(0, 0)]), oldItemCounts: [2], newItemCounts: [3])
    }
  }

  @Test func movesInsideOneSectionAreNotCountedAsMovedInOrOut() {
    // Also when the section itself moves: UIKit compares the section's new index.
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 1, before: 3, after: 4, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
    ) {
      try HeadlessTableView.validate(
        BatchUpdate(
          sectionMoves: [Move(from: 0, to: 1)], itemMoves: [Move(from: path(0, 0), to: path(1, 2))]),
        oldItemCounts: [3, 1], newItemCounts: [1, 4])
    }
  }

  @Test func theRowCountErrorNamesTheSectionByItsIndexAfterTheUpdate() {
    // Section 1 moves to 0; its count is wrong, so the error is about section 0 (new index).
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 2, after: 5, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
    ) {
      try HeadlessTableView.validate(
        BatchUpdate(sectionMoves: [Move(from: 1, to: 0)]), oldItemCounts: [1, 2], newItemCounts: [5, 1])
    }
  }

  @Test func randomChangesetsBuiltFromRealEditsAlwaysPass() {
    let seed: UInt64 = 0x5EED_0001
    var random = SplitMix64(seed: seed)
    for round in 0..<2_000 {
      let change = RandomChangeset(using: &random)
      #expect(
        throws: Never.self, "seed \(seed) round \(round): \(change.update)"
      ) {
        try HeadlessTableView.validate(
          change.update, oldItemCounts: change.old.map(\.count), newItemCounts: change.new.map(\.count))
      }
    }
  }

  @Test func randomChangesetsWithOneCountOffByOneAlwaysFail() {
    let seed: UInt64 = 0x5EED_0002
    var random = SplitMix64(seed: seed)
    var checked = 0
    for round in 0..<2_000 {
      let change = RandomChangeset(using: &random)
      var newCounts = change.new.map(\.count)
      guard !newCounts.isEmpty else { continue }
      let section = Int.random(in: 0..<newCounts.count, using: &random)
      newCounts[section] += 1
      checked += 1
      // Only sections that exist before and after (and are not reloaded) are counted, as in UIKit.
      let survives = !change.update.sectionInserts.contains(section)
      do {
        try HeadlessTableView.validate(
          change.update, oldItemCounts: change.old.map(\.count), newItemCounts: newCounts)
        #expect(
          !survives || isReloadTarget(section, change),
          "seed \(seed) round \(round) accepted \(change.update)")
      } catch {
        guard case .invalidNumberOfRows(let reported, _, _, _, _, _, _) = error else {
          Issue.record("seed \(seed) round \(round): unexpected \(error)")
          continue
        }
        #expect(reported == section, "seed \(seed) round \(round)")
      }
    }
    #expect(checked > 1_000)
  }

  private func isReloadTarget(_ newSection: Int, _ change: RandomChangeset) -> Bool {
    // A reloaded section is asked again wholesale, so its count is not checked.
    change.update.sectionReloads.contains { old in
      // Reloaded sections keep their place among the unmoved sections.
      mapOldSection(old, change) == newSection
    }
  }

  private func mapOldSection(_ old: Int, _ change: RandomChangeset) -> Int? {
    let update = change.update
    if update.sectionDeletes.contains(old) { return nil }
    if let move = update.sectionMoves.first(where: { $0.from == old }) { return move.to }
    let claimed = Set(update.sectionInserts + update.sectionMoves.map(\.to))
    let movedOrDeleted = Set(update.sectionDeletes + update.sectionMoves.map(\.from))
    let rank = (0..<old).filter { !movedOrDeleted.contains($0) }.count
    var slot = 0
    var seen = 0
    while true {
      if !claimed.contains(slot) {
        if seen == rank { return slot }
        seen += 1
      }
      slot += 1
    }
  }
}
