import ListDiff

/// UIKit's `performBatchUpdates` rules, checked strictly, for the property tests.
///
/// Deletes, reloads and move sources address the state before the update; inserts and move
/// destinations the state after it. Besides index ranges and per-section counts, it rejects, as the
/// strictest reading of UIKit does: an index used twice on one side (so a row both moved and reloaded),
/// and any item operation in a section that the same batch deletes, inserts, moves or reloads.
enum BatchUpdateReferee {
  /// Returns every rule the update breaks; empty when UIKit would accept it.
  static func violations(of update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]) -> [String] {
    var problems: [String] = []
    let oldCount = oldItemCounts.count
    let newCount = newItemCounts.count
    var oldSectionKind = Array(repeating: "", count: oldCount)
    var newSectionKind = Array(repeating: "", count: newCount)
    /// Marks a section of one side (old or new) as changed by `kind`.
    func mark(_ section: Int, _ kind: String, new: Bool) {
      let (side, count) = new ? ("new", newCount) : ("old", oldCount)
      guard section >= 0 && section < count else {
        problems.append("\(kind) section \(section) outside \(count) \(side) sections")
        return
      }
      let earlier = new ? newSectionKind[section] : oldSectionKind[section]
      if !earlier.isEmpty { problems.append("\(side) section \(section) both \(earlier) and \(kind)") }
      if new { newSectionKind[section] = kind } else { oldSectionKind[section] = kind }
    }
    func markOld(_ section: Int, _ kind: String) { mark(section, kind, new: false) }
    func markNew(_ section: Int, _ kind: String) { mark(section, kind, new: true) }
    update.sectionDeletes.forEach { markOld($0, "deleted") }
    update.sectionMoves.forEach { markOld($0.from, "moved") }
    update.sectionReloads.forEach { markOld($0, "reloaded") }
    update.sectionInserts.forEach { markNew($0, "inserted") }
    update.sectionMoves.forEach { markNew($0.to, "moved") }
    guard problems.isEmpty else { return problems }
    if newCount != oldCount - update.sectionDeletes.count + update.sectionInserts.count {
      return [
        "\(newCount) sections after, but \(oldCount) - \(update.sectionDeletes.count) deleted + \(update.sectionInserts.count) inserted"
      ]
    }

    // Sections neither deleted nor moved keep their order and fill the free new indexes.
    var oldToNew = Array(repeating: -1, count: oldCount)
    for move in update.sectionMoves { oldToNew[move.from] = move.to }
    var free = (0..<newCount).filter { newSectionKind[$0].isEmpty }.makeIterator()
    for section in 0..<oldCount where oldSectionKind[section].isEmpty || oldSectionKind[section] == "reloaded"
    {
      guard let new = free.next() else { return ["section mapping does not add up"] }
      oldToNew[section] = new
      if oldSectionKind[section] == "reloaded" { newSectionKind[new] = "reloaded" }
    }

    var oldPaths = Set<ItemPath>()
    var newPaths = Set<ItemPath>()
    /// Checks an item path of one side (old or new) used by `kind`.
    func check(_ path: ItemPath, _ kind: String, new: Bool) {
      let side = new ? "new" : "old"
      let counts = new ? newItemCounts : oldItemCounts
      guard
        path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
      else {
        problems.append("\(kind) item \(path) outside the \(side) state")
        return
      }
      let sectionKind = new ? newSectionKind[path.section] : oldSectionKind[path.section]
      if !sectionKind.isEmpty { problems.append("\(kind) item \(path) in a section that is \(sectionKind)") }
      let isFirstUse = new ? newPaths.insert(path).inserted : oldPaths.insert(path).inserted
      if !isFirstUse { problems.append("\(side) item \(path) used twice") }
    }
    func checkOld(_ path: ItemPath, _ kind: String) { check(path, kind, new: false) }
    func checkNew(_ path: ItemPath, _ kind: String) { check(path, kind, new: true) }
    update.itemDeletes.forEach { checkOld($0, "deleted") }
    update.itemReloads.forEach { checkOld($0, "reloaded") }
    update.itemInserts.forEach { checkNew($0, "inserted") }
    for move in update.itemMoves {
      checkOld(move.from, "moved")
      checkNew(move.to, "moved")
    }
    guard problems.isEmpty else { return problems }

    var delta = Array(repeating: 0, count: newCount)
    for path in update.itemDeletes { delta[oldToNew[path.section]] -= 1 }
    for path in update.itemInserts { delta[path.section] += 1 }
    for move in update.itemMoves where oldToNew[move.from.section] != move.to.section {
      delta[oldToNew[move.from.section]] -= 1
      delta[move.to.section] += 1
    }
    for section in 0..<oldCount where oldSectionKind[section].isEmpty || oldSectionKind[section] == "moved" {
      let new = oldToNew[section]
      if oldItemCounts[section] + delta[new] != newItemCounts[new] {
        problems.append(
          "section \(section) -> \(new): \(oldItemCounts[section]) items \(delta[new] >= 0 ? "+" : "")\(delta[new]) "
            + "!= \(newItemCounts[new]) after the update")
      }
    }
    return problems
  }
}
