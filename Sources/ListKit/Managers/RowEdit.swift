/// A change of a section's rows by index, known to the code that made it.
///
/// The rows at `removed` left, the rows of `inserted` came in, and the rows at `replaced` were
/// swapped for other managers or changed in place. The rows neither removed nor inserted keep
/// their order.
///
/// A section that changes its rows this way (``SectionManager/editRows(_:)``) hands the table its
/// part of the next batch update, so the table does not compare the section's rows to find it.
struct RowEdit {
  /// Indexes before the edit, ascending and distinct.
  var removed: [Int] = []
  /// Indexes after the edit, ascending and distinct, with their rows.
  var inserted: [(index: Int, row: CellManager)] = []
  /// Indexes after the edit, ascending, distinct and none of them inserted, with their rows (the
  /// row shown there before when only its content changed).
  var replaced: [(index: Int, row: CellManager)] = []

  /// Whether the edit changes nothing.
  var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && replaced.isEmpty }

  /// The number of rows after the edit of `count` rows.
  func count(after count: Int) -> Int { count - removed.count + inserted.count }

  /// Whether the edit can be applied to `count` rows: every index in range and ascending.
  /// - Complexity: O(*e*) for *e* indexes in the edit.
  func isValid(forCount count: Int) -> Bool {
    let final = self.count(after: count)
    return Self.isAscending(removed, below: count) && Self.isAscending(inserted.map(\.index), below: final)
      && Self.isAscending(replaced.map(\.index), below: final)
      && !replaced.contains { entry in inserted.contains { $0.index == entry.index } }
  }

  /// The index before the edit of the row at `index` after it, which was not inserted.
  /// - Complexity: O(*e*) for *e* indexes removed and inserted.
  func oldIndex(ofKept index: Int) -> Int {
    var old = index - inserted.prefix { $0.index < index }.count
    for removedIndex in removed {
      guard removedIndex <= old else { break }
      old += 1
    }
    return old
  }

  /// Applies the edit to `elements`, one per row, making the element of a new row with `element`.
  ///
  /// Runs of consecutive indexes are removed and inserted at once.
  /// - Complexity: O(*n*) for *n* elements when rows are removed or inserted away from the end,
  ///   otherwise O(*e*) for *e* indexes in the edit.
  func apply<Element>(to elements: inout [Element], _ element: (CellManager) -> Element) {
    var end = removed.count
    while end > 0 {
      var start = end - 1
      while start > 0, removed[start - 1] == removed[start] - 1 { start -= 1 }
      elements.removeSubrange(removed[start]...removed[end - 1])
      end = start
    }
    var start = 0
    while start < inserted.count {
      var end = start + 1
      while end < inserted.count, inserted[end].index == inserted[end - 1].index + 1 { end += 1 }
      elements.insert(contentsOf: inserted[start..<end].map { element($0.row) }, at: inserted[start].index)
      start = end
    }
    for (index, row) in replaced { elements[index] = element(row) }
  }

  private static func isAscending(_ indexes: [Int], below bound: Int) -> Bool {
    guard let first = indexes.first, let last = indexes.last else { return true }
    return first >= 0 && last < bound && zip(indexes, indexes.dropFirst()).allSatisfy { $0 < $1 }
  }
}
