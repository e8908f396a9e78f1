import ListDiff

extension ValidatedBatchUpdate {
  /// The row a view keeps in place across this batch (see ``ListView/performBatchUpdates(_:)``):
  /// the first of the visible rows that the batch keeps without reloading or moving it, else the
  /// first it keeps at all.
  ///
  /// A reloaded row may change its height or be a status row whose text changed, and a moved row
  /// changes its place among the others, so the row under it holds the user's place better.
  /// - Parameter visible: The rows on screen before the batch, in display order.
  /// - Returns: The row's path before the batch and after it, or `nil` when the batch keeps none.
  /// - Complexity: O(v + m) for the v visible rows and m moves.
  package func anchorRow(amongVisible visible: [ItemPath]) -> (old: ItemPath, new: ItemPath)? {
    let moved = Set(update.itemMoves.map(\.from))
    var fallback: (old: ItemPath, new: ItemPath)?
    for path in visible {
      guard case .kept(let newPath, let isReloaded) = fate(of: path) else { continue }
      if !isReloaded, !moved.contains(path) { return (path, newPath) }
      if fallback == nil { fallback = (path, newPath) }
    }
    return fallback
  }
}
