/// A batch update that breaks one of the rules `UITableView.performBatchUpdates` enforces.
///
/// UIKit raises `NSInternalInconsistencyException` for these; a checking list view (the
/// headless one) throws this value instead. ``description`` carries UIKit's wording.
public enum BatchUpdateError: Error, Hashable, Sendable {
  /// The number of sections after the update does not add up.
  case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
  /// The number of rows in an existing section after the update does not add up.
  case invalidNumberOfRows(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
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
    }
  }
}
