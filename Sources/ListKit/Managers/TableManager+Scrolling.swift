import ListDiff

extension TableManager {
  /// Brings a row to the top of the view (as far as the content allows) once the view shows it:
  /// at once when it does, otherwise right after the update that shows it.
  ///
  /// How a section opened at an item shows that item whatever sections sit above it. A later
  /// call replaces an earlier one still waiting; a row never shown is forgotten with its section.
  /// - Parameter row: The row.
  /// - Complexity: O(s + r) for s sections and the r rows before the target in its section.
  package func scrollToRow(_ row: CellManager) {
    pendingScrollTarget = row
    scrollToPendingRow()
  }

  /// Scrolls to the row ``scrollToRow(_:)`` asked for if the view shows it and no diff is running.
  func scrollToPendingRow() {
    guard let row = pendingScrollTarget, let listView, updates.isIdle else { return }
    for (index, section) in displayedSections.enumerated() {
      guard let item = section.displayedCells.firstIndex(where: { $0 === row }) else { continue }
      pendingScrollTarget = nil
      listView.scroll(toItemAt: ItemPath(item: item, section: index))
      return
    }
  }
}
