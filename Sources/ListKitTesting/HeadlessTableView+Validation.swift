import ListKit

extension HeadlessTableView {
  /// Checks a batch update against every rule `UITableView.performBatchUpdates` enforces,
  /// without a table or a data source.
  ///
  /// This is the check ``performBatchUpdates(_:)`` runs; use it to referee changesets in bulk.
  /// - Parameters:
  ///   - update: The batch: deletes and reloads at old paths, inserts at new paths, moves old → new.
  ///   - oldItemCounts: The number of rows of each section before the update.
  ///   - newItemCounts: The number of rows of each section after the update.
  /// - Throws: The first `BatchUpdateError` found, with UIKit's wording.
  /// - Complexity: O(c + s) expected, for c changes and s sections.
  public nonisolated static func validate(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdateError) {
    _ = try ValidatedBatchUpdate(update, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
  }
}
