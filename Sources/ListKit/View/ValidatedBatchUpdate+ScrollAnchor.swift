import ListDiff

extension ValidatedBatchUpdate {
  /// The row a view keeps in place across this batch (see ``ListView/performBatchUpdates(_:)``):
  /// the first of the visible rows that the batch keeps without moving it.
  ///
  /// A moved row changes its place among the others, so the row under it holds the user's place
  /// better. A reloaded row stays a good anchor: its place does not change.
  /// - Parameter visible: The rows on screen before the batch, in display order.
  /// - Returns: The row's path before the batch and after it, or `nil` when the batch keeps none.
  /// - Complexity: O(v + m) for the v visible rows and m moves.
  package func anchorRow(amongVisible visible: [ItemPath]) -> (old: ItemPath, new: ItemPath)? {
    let moved = Set(update.itemMoves.map(\.from))
    for path in visible where !moved.contains(path) {
      if case .kept(let newPath, _) = fate(of: path) { return (path, newPath) }
    }
    return nil
  }
}

extension BatchUpdate {
  /// The row a view keeps in place across this batch, by the rule of
  /// ``ValidatedBatchUpdate/anchorRow(amongVisible:)``, for a view that does not check batches
  /// itself (UIKit's).
  /// - Parameters:
  ///   - oldItemCounts: The rows of each section before the batch.
  ///   - newItemCounts: The rows of each section after it, as the data source answers.
  ///   - visible: The rows on screen before the batch.
  /// - Returns: The row's path before the batch and after it, or `nil` when the batch keeps none
  ///   or breaks a rule.
  package func anchorRow(
    oldItemCounts: [Int], newItemCounts: [Int], amongVisible visible: [ItemPath]
  ) -> (old: ItemPath, new: ItemPath)? {
    let validated = try? ValidatedBatchUpdate(
      self, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    return validated?.anchorRow(amongVisible: visible.sorted())
  }
}
