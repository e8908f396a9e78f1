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
/// Three families are stricter than UIKit and say so in their text: a change listed twice
/// (UIKit silently merges exact repeats), and a row moved out of a deleted section or into an
/// inserted one (a table view then falls back to reloading, losing the animation; a collection
/// view refuses the batch).
public enum BatchUpdateError: Error, Hashable, Sendable {
  /// Which kind of change a ``duplicateSectionChange(_:change:)`` or
  /// ``duplicateItemChange(_:change:)`` repeats.
  public enum Change: String, Hashable, Sendable {
    /// A delete.
    case delete
    /// An insert.
    case insert
    /// A reload.
    case reload
    /// A move (the same source listed again with the same destination).
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

  // MARK: Conflicts between changes

  /// The same row is both deleted and reloaded.
  case deleteAndReloadSameItem(ItemPath)
  /// The same section is both deleted and reloaded.
  case deleteAndReloadSameSection(Int)
  /// The same row is both deleted and moved.
  case deleteAndMoveSameItem(ItemPath)
  /// The same section is both deleted and moved.
  case deleteAndMoveSameSection(Int)
  /// The same row is both reloaded and moved (UIKit turns the reload into a delete and reports
  /// it as a delete-and-move).
  case reloadAndMoveSameItem(ItemPath)
  /// The same section is both reloaded and moved (reported like a delete-and-move, as UIKit).
  case reloadAndMoveSameSection(Int)
  /// A row is inserted at the path another row is moved to.
  case insertAndMoveSameItem(ItemPath)
  /// A section is inserted at the index another section is moved to.
  case insertAndMoveSameSection(Int)

  // MARK: Out of range

  /// A deleted section does not exist before the update.
  case deleteSectionOutOfRange(section: Int, sectionCount: Int)
  /// A deleted row's section does not exist before the update.
  case deleteItemSectionOutOfRange(ItemPath, sectionCount: Int)
  /// A deleted row does not exist before the update.
  case deleteItemOutOfRange(ItemPath, itemCount: Int)
  /// A reloaded section does not exist before the update (UIKit words it as a delete).
  case reloadSectionOutOfRange(section: Int, sectionCount: Int)
  /// A reloaded row's section does not exist before the update (worded as a delete).
  case reloadItemSectionOutOfRange(ItemPath, sectionCount: Int)
  /// A reloaded row does not exist before the update (worded as a delete).
  case reloadItemOutOfRange(ItemPath, itemCount: Int)
  /// An inserted section does not exist after the update.
  case insertSectionOutOfRange(section: Int, sectionCount: Int)
  /// An inserted row's section does not exist after the update.
  case insertItemSectionOutOfRange(ItemPath, sectionCount: Int)
  /// An inserted row does not exist after the update.
  case insertItemOutOfRange(ItemPath, itemCount: Int)
  /// A moved section's source does not exist before the update.
  case moveSectionSourceOutOfRange(Move<Int>, sectionCount: Int)
  /// A moved section's destination does not exist after the update.
  case moveSectionDestinationOutOfRange(Move<Int>, sectionCount: Int)
  /// A moved row's source section does not exist before the update.
  case moveItemSourceSectionOutOfRange(Move<ItemPath>, sectionCount: Int)
  /// A moved row's source does not exist before the update.
  case moveItemSourceOutOfRange(Move<ItemPath>, itemCount: Int)
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
  /// The same section change is listed twice.
  case duplicateSectionChange(Int, change: Change)
  /// The same row change is listed twice.
  case duplicateItemChange(ItemPath, change: Change)
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
    case .deleteAndReloadSameItem(let path):
      return "attempt to delete and reload the same index path (\(path))"
    case .deleteAndReloadSameSection(let section):
      return "attempt to delete and reload the same index path (section \(section))"
    case .deleteAndMoveSameItem(let path), .reloadAndMoveSameItem(let path):
      return "attempt to perform a delete and a move from the same index path (\(path))"
    case .deleteAndMoveSameSection(let section), .reloadAndMoveSameSection(let section):
      return "attempt to perform a delete and a move from the same section (\(section))"
    case .insertAndMoveSameItem(let path):
      return "attempt to perform an insert and a move to the same index path (\(path))"
    case .insertAndMoveSameSection(let section):
      return "attempt to perform an insert and a move to the same section (\(section))"
    case .deleteSectionOutOfRange(let section, let count), .reloadSectionOutOfRange(let section, let count):
      return "attempt to delete section \(section), but there are only \(count) sections before the update"
    case .deleteItemSectionOutOfRange(let path, let count), .reloadItemSectionOutOfRange(let path, let count):
      return "attempt to delete row \(path.item) from section \(path.section), but there are only "
        + "\(count) sections before the update"
    case .deleteItemOutOfRange(let path, let count), .reloadItemOutOfRange(let path, let count):
      return "attempt to delete row \(path.item) from section \(path.section) which only contains "
        + "\(count) rows before the update"
    case .insertSectionOutOfRange(let section, let count):
      return "attempt to insert section \(section) but there are only \(count) sections after the update"
    case .insertItemSectionOutOfRange(let path, let count):
      return "attempt to insert row \(path.item) into section \(path.section), but there are only "
        + "\(count) sections after the update"
    case .insertItemOutOfRange(let path, let count):
      return "attempt to insert row \(path.item) into section \(path.section), but there are only "
        + "\(count) rows in section \(path.section) after the update"
    case .moveSectionSourceOutOfRange(let move, let count):
      return "attempt to move section \(move.from), but there are only \(count) sections before the update"
    case .moveSectionDestinationOutOfRange(let move, let count):
      // "to to" is what UIKit's exception says.
      return "attempt to to move section \(move.from) to section \(move.to), but there are only \(count) "
        + "sections after the update"
    case .moveItemSourceSectionOutOfRange(let move, let count):
      return "attempt to move index path (\(move.from)) from a section that does not exist - there are "
        + "only \(count) sections before the update"
    case .moveItemSourceOutOfRange(let move, let count):
      return "attempt to move index path (\(move.from)) that does not exist - there are only \(count) "
        + "rows in section \(move.from.section) before the update"
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
    case .duplicateSectionChange(let section, let change):
      return "attempt to \(change.rawValue) section \(section) more than once in the same update"
    case .duplicateItemChange(let path, let change):
      return "attempt to \(change.rawValue) index path (\(path)) more than once in the same update"
    }
  }
}
