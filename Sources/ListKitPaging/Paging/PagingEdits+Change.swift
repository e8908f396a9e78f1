extension PagingEdits {
  /// What turned `old` into `new`, for a view: the items of `old` whose id is gone or out of
  /// order are removed, the items of `new` not kept are inserted, and the kept items whose id is
  /// in `updatedIDs` are updated.
  ///
  /// Kept items never change order, so the change is one batch update without moves; an item
  /// whose place changed (an inserted message the server's page put elsewhere) is removed and
  /// inserted.
  /// - Parameters:
  ///   - old: The items shown before, no two with one id.
  ///   - new: The items shown after, no two with one id.
  ///   - updatedIDs: The ids whose content may have changed.
  /// - Returns: ``ItemsChange/edited(removed:inserted:updated:)``, or `nil` when nothing changed.
  /// - Complexity: O(*n*) hash lookups for *n* items: for the steps that move items shown beside
  ///   an edit (an insert or remove waiting for the server), not for loads without one.
  static func change(from old: [Item], to new: [Item], updatedIDs: [Item.ID]) -> ItemsChange? {
    var oldIndex: [Item.ID: Int] = [:]
    oldIndex.reserveCapacity(old.count)
    for (index, item) in old.enumerated() { oldIndex[item.id] = index }
    let touched = Set(updatedIDs)
    var kept = [Bool](repeating: false, count: old.count)
    var inserted: [Int] = []
    var updated: [Int] = []
    var lastKept = -1
    for (index, item) in new.enumerated() {
      if let before = oldIndex[item.id], before > lastKept {
        kept[before] = true
        lastKept = before
        if touched.contains(item.id) { updated.append(index) }
      } else {
        inserted.append(index)
      }
    }
    let removed = kept.indices.filter { !kept[$0] }
    if removed.isEmpty && inserted.isEmpty && updated.isEmpty { return nil }
    return .edited(removed: removed, inserted: inserted, updated: updated)
  }
}

extension ItemsChange {
  /// The indexes, after the change, of the items it updated in place.
  var updatedIndexes: [Int] {
    switch self {
    case .reloaded: []
    case .appended(_, let updated), .prepended(_, let updated): updated
    case .dropped(_, let then): then.updatedIndexes
    case .edited(_, _, let updated): updated
    }
  }
}
