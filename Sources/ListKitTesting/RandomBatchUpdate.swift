import ListKit

/// Random batch updates as UIKit gets them, with the sections before and after, for the
/// property tests of the batch-update model and of the views that follow it.
package enum RandomBatchUpdate {
  /// A random batch as UIKit would get it, with the sections before and after.
  ///
  /// Some items are deleted, some moved anywhere, new ones inserted anywhere; items neither
  /// deleted nor moved keep their relative order.
  package static func make(_ random: inout SplitMix64)
    -> (old: [[Int]], new: [[Int]], update: BatchUpdate)
  {
    var nextID = 0
    let old = (0..<(1 + random.next(below: 3))).map { _ in
      (0..<random.next(below: 12)).map { _ in
        nextID += 1
        return nextID
      }
    }
    var new: [[Int]] = []
    var deletes: [ItemPath] = []
    var movedIDs: [Int] = []
    for (section, items) in old.enumerated() {
      var kept: [Int] = []
      for (item, id) in items.enumerated() {
        switch random.next(below: 10) {
        case 0..<2: deletes.append(ItemPath(item: item, section: section))
        case 2: movedIDs.append(id)
        default: kept.append(id)
        }
      }
      new.append(kept)
    }
    var insertedIDs: Set<Int> = []
    for _ in 0..<random.next(below: 6) {
      nextID += 1
      insertedIDs.insert(nextID)
      movedIDs.append(nextID)
    }
    for id in movedIDs {
      let section = random.next(below: new.count)
      new[section].insert(id, at: random.next(below: new[section].count + 1))
    }
    func location(of id: Int, in sections: [[Int]]) -> ItemPath? {
      for (section, items) in sections.enumerated() {
        if let item = items.firstIndex(of: id) { return ItemPath(item: item, section: section) }
      }
      return nil
    }
    var inserts: [ItemPath] = []
    var moves: [Move<ItemPath>] = []
    for id in movedIDs {
      let to = location(of: id, in: new)!
      if insertedIDs.contains(id) {
        inserts.append(to)
      } else {
        moves.append(Move(from: location(of: id, in: old)!, to: to))
      }
    }
    return (old, new, BatchUpdate(itemDeletes: deletes, itemInserts: inserts, itemMoves: moves))
  }
}
