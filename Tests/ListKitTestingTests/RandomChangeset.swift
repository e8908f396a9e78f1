import ListKit
import ListKitTesting

/// A random old state, a new state made from it by random section and row changes, and the
/// UIKit-valid batch update between them; every row is a unique id, so where each old row
/// went can be read off the new state.
struct RandomChangeset {
  var old: [[String]]
  var new: [[String]]
  var update: BatchUpdate
  /// Old sections whose rows all get new cells (deleted or reloaded).
  var replacedOldSections: Set<Int>
  /// Old paths of the rows that were reloaded.
  var reloadedRows: Set<ItemPath>

  /// Where each old row is after the update, or `nil` when it is gone or replaced.
  func expectedDestination(of path: ItemPath) -> ItemPath? {
    guard !replacedOldSections.contains(path.section) else { return nil }
    let id = old[path.section][path.item]
    for (section, items) in new.enumerated() {
      if let item = items.firstIndex(of: id) { return ItemPath(item: item, section: section) }
    }
    return nil
  }

  init(using random: inout SplitMix64, maxSections: Int = 5, maxRows: Int = 8) {
    var nextID = 0
    func fresh() -> String {
      nextID += 1
      return "id\(nextID)"
    }
    old = (0..<Int.random(in: 0...maxSections, using: &random)).map { _ in
      (0..<Int.random(in: 0...maxRows, using: &random)).map { _ in fresh() }
    }

    // What happens to each old section.
    enum SectionFate { case keep, delete, reload, move }
    let sectionFates: [SectionFate] = old.indices.map { _ in
      switch Int.random(in: 0..<10, using: &random) {
      case 0: return .delete
      case 1: return .reload
      case 2: return .move
      default: return .keep
      }
    }
    enum Slot: Equatable {
      case old(Int)
      case inserted
    }
    var slots: [Slot] = old.indices.filter { sectionFates[$0] == .keep || sectionFates[$0] == .reload }
      .map { .old($0) }
    for section in old.indices where sectionFates[section] == .move {
      slots.insert(.old(section), at: Int.random(in: 0...slots.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      slots.insert(.inserted, at: Int.random(in: 0...slots.count, using: &random))
    }
    var update = BatchUpdate()
    var newIndexOfOld: [Int: Int] = [:]
    for (index, slot) in slots.enumerated() {
      switch slot {
      case .inserted:
        update.sectionInserts.append(index)
      case .old(let section):
        newIndexOfOld[section] = index
        if sectionFates[section] == .move { update.sectionMoves.append(Move(from: section, to: index)) }
        if sectionFates[section] == .reload { update.sectionReloads.append(section) }
      }
    }
    for section in old.indices where sectionFates[section] == .delete {
      update.sectionDeletes.append(section)
    }
    replacedOldSections = Set(
      old.indices.filter { sectionFates[$0] == .delete || sectionFates[$0] == .reload })

    // Rows of live sections: kept (maybe reloaded), deleted, or moved to a live section.
    let liveNewSections = slots.indices.filter { index in
      if case .old(let section) = slots[index] { return sectionFates[section] != .reload }
      return false
    }
    var newRows: [[String]] = slots.map { _ in [] }
    var movedIn: [Int: [String]] = [:]
    var oldPathOfID: [String: ItemPath] = [:]
    var deletes: [ItemPath] = []
    var reloads: [ItemPath] = []
    for (index, slot) in slots.enumerated() {
      guard case .old(let section) = slot, sectionFates[section] != .reload else {
        newRows[index] = (0..<Int.random(in: 0...maxRows, using: &random)).map { _ in fresh() }
        continue
      }
      for (item, id) in old[section].enumerated() {
        let oldPath = ItemPath(item: item, section: section)
        oldPathOfID[id] = oldPath
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<3:
          deletes.append(oldPath)
        case 3..<6:
          movedIn[liveNewSections.randomElement(using: &random)!, default: []].append(id)
        case 6..<8:
          reloads.append(oldPath)
          newRows[index].append(id)
        default:
          newRows[index].append(id)
        }
      }
    }
    var moved: Set<String> = []
    var inserted: Set<String> = []
    for index in liveNewSections {
      for id in movedIn[index] ?? [] {
        newRows[index].insert(id, at: Int.random(in: 0...newRows[index].count, using: &random))
        moved.insert(id)
      }
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        let id = fresh()
        newRows[index].insert(id, at: Int.random(in: 0...newRows[index].count, using: &random))
        inserted.insert(id)
      }
    }
    for (section, items) in newRows.enumerated() {
      for (item, id) in items.enumerated() {
        let newPath = ItemPath(item: item, section: section)
        if moved.contains(id), let from = oldPathOfID[id] {
          update.itemMoves.append(Move(from: from, to: newPath))
        }
        if inserted.contains(id) { update.itemInserts.append(newPath) }
      }
    }
    update.itemDeletes = deletes.shuffled(using: &random)
    update.itemReloads = reloads.shuffled(using: &random)
    update.itemMoves.shuffle(using: &random)
    update.itemInserts.shuffle(using: &random)
    update.sectionDeletes.shuffle(using: &random)
    update.sectionInserts.shuffle(using: &random)
    update.sectionMoves.shuffle(using: &random)
    self.update = update
    self.reloadedRows = Set(reloads)
    new = newRows
  }
}
