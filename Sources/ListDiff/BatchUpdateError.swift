/// A batch update that breaks one of the rules `UITableView.performBatchUpdates` enforces.
///
/// UIKit raises `NSInternalInconsistencyException` for these; a checking list view (the
/// headless one, the terminal one) throws this value instead, and ``description`` carries the
/// wording UIKit's exception uses.
///
/// The rules are the ones Apple documents for batch updates: deletes and reloads address the rows
/// and sections as they are before the update, inserts as they are after it, moves go from a
/// before-position to an after-position, and the number of rows and sections the data source
/// reports afterwards must equal the number before, plus what was inserted and moved in, minus
/// what was deleted and moved out (see `performBatchUpdates(_:completion:)`,
/// <https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)>,
/// and "Batch Insertion, Deletion, and Reloading of Rows and Sections" in Apple's *Table View
/// Programming Guide for iOS*). Index paths print as `[section, row]`, as Swift's `IndexPath` does.
///
/// A rule that applies to every kind of change is one case carrying the ``Change`` that broke it
/// (a delete, an insert, a reload or a move's source out of range; two changes of one row).
///
/// Three families are stricter than UIKit and say so in their text: a change listed twice
/// (UIKit silently merges exact repeats), and a row moved out of a deleted section or into an
/// inserted one (a table view then falls back to reloading, losing the animation; a collection
/// view refuses the batch).
public enum BatchUpdateError: Error, Hashable, Sendable {
  /// A kind of change in a batch update.
  public enum Change: Hashable, Sendable {
    /// A delete.
    case delete
    /// An insert.
    case insert
    /// A reload.
    case reload
    /// A move; in an out-of-range case, its source.
    case move
  }

  // MARK: Counts

  /// The number of sections after the update does not add up.
  case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
  /// The number of rows in an existing section after the update does not add up.
  case invalidNumberOfRows(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
  /// The data source reports a negative number of rows for a section after the update.
  case negativeNumberOfRows(section: Int, count: Int)

  // MARK: Two changes of one section or row

  /// Two changes address the same section: a delete and a reload, a delete or reload and a move
  /// from it, an insert and a move to it, or the same change listed twice (`first == second`).
  case conflictingSectionChanges(Int, first: Change, second: Change)
  /// Two changes address the same row, as ``conflictingSectionChanges(_:first:second:)`` does a
  /// section. A reload and a move of one row are reported as UIKit does, as a delete and a move.
  case conflictingItemChanges(ItemPath, first: Change, second: Change)

  // MARK: Out of range

  /// A changed section does not exist: before the update for a delete, a reload or a move's
  /// source, after it for an insert.
  case sectionOutOfRange(Change, section: Int, sectionCount: Int)
  /// A changed row's section does not exist: before the update for a delete, a reload or a move's
  /// source, after it for an insert.
  case itemSectionOutOfRange(Change, ItemPath, sectionCount: Int)
  /// A changed row does not exist: before the update for a delete, a reload or a move's source,
  /// after it for an insert.
  case itemOutOfRange(Change, ItemPath, itemCount: Int)
  /// A moved section's destination does not exist after the update.
  case moveSectionDestinationOutOfRange(Move<Int>, sectionCount: Int)
  /// A moved row's destination section does not exist after the update.
  case moveItemDestinationSectionOutOfRange(Move<ItemPath>, sectionCount: Int)
  /// A moved row's destination does not exist after the update.
  case moveItemDestinationOutOfRange(Move<ItemPath>, itemCount: Int)

  // MARK: Moves that collide

  /// One section is moved to two destinations.
  case sectionMovedToTwoDestinations(section: Int, first: Int, second: Int)
  /// One row is moved to two destinations.
  case itemMovedToTwoDestinations(ItemPath, first: ItemPath, second: ItemPath)
  /// Two sections are moved to the same destination.
  case twoSectionsMovedToSameDestination(first: Int, second: Int, destination: Int)
  /// Two rows are moved to the same destination.
  case twoItemsMovedToSameDestination(first: ItemPath, second: ItemPath, destination: ItemPath)

  // MARK: Stricter than UITableView (see the type's discussion)

  /// A row is moved out of a section that is deleted or reloaded.
  case moveItemFromDeletedSection(Move<ItemPath>)
  /// A row is moved into a section that is inserted or reloaded.
  case moveItemIntoInsertedSection(Move<ItemPath>)
}

extension BatchUpdateError: CustomStringConvertible {
  /// The message, in UIKit's wording.
  public var description: String {
    switch self {
    case .invalidNumberOfSections(let before, let after, let inserted, let deleted):
      return "Invalid update: invalid number of sections. The number of sections contained in the "
        + "table view after the update (\(after)) must be equal to the number of sections contained "
        + "in the table view before the update (\(before)), plus or minus the number of sections "
        + "inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    case .invalidNumberOfRows(
      let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
      return "Invalid update: invalid number of rows in section \(section). The number of rows "
        + "contained in an existing section after the update (\(after)) must be equal to the number "
        + "of rows contained in that section before the update (\(before)), plus or minus the number "
        + "of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) "
        + "and plus or minus the number of rows moved into or out of that section (\(movedIn) moved "
        + "in, \(movedOut) moved out)."
    case .negativeNumberOfRows(let section, let count):
      return "Invalid update: invalid number of rows in section \(section). Attempt to delete more rows "
        + "than exist in section. (the data source reports \(count) rows)"
    case .conflictingSectionChanges(let section, let first, let second):
      return Self.conflict(
        first, second, same: "section (\(section))", reloaded: "index path (section \(section))",
        repeated: "section \(section)")
    case .conflictingItemChanges(let path, let first, let second):
      let place = "index path (\(path))"
      return Self.conflict(first, second, same: place, reloaded: place, repeated: place)
    case .sectionOutOfRange(.insert, let section, let count):
      return "attempt to insert section \(section) but there are only \(count) sections after the update"
    case .sectionOutOfRange(.move, let section, let count):
      return "attempt to move section \(section), but there are only \(count) sections before the update"
    case .sectionOutOfRange(_, let section, let count):
      return "attempt to delete section \(section), but there are only \(count) sections before the update"
    case .itemSectionOutOfRange(.insert, let path, let count):
      return "attempt to insert row \(path.item) into section \(path.section), but there are only "
        + "\(count) sections after the update"
    case .itemSectionOutOfRange(.move, let path, let count):
      return "attempt to move index path (\(path)) from a section that does not exist - there are "
        + "only \(count) sections before the update"
    case .itemSectionOutOfRange(_, let path, let count):
      return "attempt to delete row \(path.item) from section \(path.section), but there are only "
        + "\(count) sections before the update"
    case .itemOutOfRange(.insert, let path, let count):
      return "attempt to insert row \(path.item) into section \(path.section), but there are only "
        + "\(count) rows in section \(path.section) after the update"
    case .itemOutOfRange(.move, let path, let count):
      return "attempt to move index path (\(path)) that does not exist - there are only \(count) "
        + "rows in section \(path.section) before the update"
    case .itemOutOfRange(_, let path, let count):
      return "attempt to delete row \(path.item) from section \(path.section) which only contains "
        + "\(count) rows before the update"
    case .moveSectionDestinationOutOfRange(let move, let count):
      // "to to" is what UIKit's exception says.
      return "attempt to to move section \(move.from) to section \(move.to), but there are only \(count) "
        + "sections after the update"
    case .moveItemDestinationSectionOutOfRange(let move, let count):
      return "attempt to move index path (\(move.from)) to index path (\(move.to)) in section that does "
        + "not exist - there are only \(count) sections after the update"
    case .moveItemDestinationOutOfRange(let move, let count):
      return "attempt to move index path (\(move.from)) to index path (\(move.to)) that does not exist - "
        + "there are only \(count) rows in section \(move.to.section) after the update"
    case .sectionMovedToTwoDestinations(let section, let first, let second):
      return "attempt to move section \(section) to both section \(first) and section \(second)"
    case .itemMovedToTwoDestinations(let path, let first, let second):
      return "attempt to move row at index path \(path) to both \(first) and \(second)"
    case .twoSectionsMovedToSameDestination(let first, let second, let destination):
      return "attempt to move both section \(first) and section \(second) to section \(destination)"
    case .twoItemsMovedToSameDestination(let first, let second, let destination):
      return "attempt to move both row at index path \(first) and \(second) to \(destination)"
    case .moveItemFromDeletedSection(let move):
      return "cannot move a row from a deleted section (\(move.from.section)): attempt to move index "
        + "path (\(move.from)) to index path (\(move.to))"
    case .moveItemIntoInsertedSection(let move):
      return "cannot move a row into a newly inserted section (\(move.to.section)): attempt to move "
        + "index path (\(move.from)) to index path (\(move.to))"
    }
  }

  /// UIKit's wording of two changes of one place, which it names `same` in its move messages,
  /// `reloaded` in its delete-and-reload one and `repeated` for a change listed twice.
  private static func conflict(
    _ first: Change, _ second: Change, same: String, reloaded: String, repeated: String
  ) -> String {
    // A change prints as its verb ("delete").
    switch (first, second) {
    case (.delete, .reload):
      return "attempt to delete and reload the same \(reloaded)"
    case (.delete, .move), (.reload, .move):
      return "attempt to perform a delete and a move from the same \(same)"
    case (.insert, .move):
      return "attempt to perform an insert and a move to the same \(same)"
    case _ where first == second:
      return "attempt to \(first) \(repeated) more than once in the same update"
    default:
      return "attempt to \(first) and \(second) the same \(same)"
    }
  }
}
