import ListKit

/// Follows items through a ``BatchUpdate``: where an item that was at an old path is after it.
///
/// UIKit's rule: deletes, reloads and move sources address the old state, inserts and move
/// destinations the new one; every other section or item keeps its relative order and fills
/// the new positions that inserts and moves left free.
struct BatchUpdatePathMapper {
  private let update: BatchUpdate
  private let oldCounts: [Int]
  private let newCounts: [Int]
  private let deletedSections: Set<Int>
  private let reloadedSections: Set<Int>
  private let removedSections: [Int]
  private let occupiedSections: [Int]
  private let movedSections: [Int: Int]
  private let deletedItems: Set<ItemPath>
  private let reloadedItems: Set<ItemPath>
  private let movedItems: [ItemPath: ItemPath]
  /// Per old section: the item indexes that leave it (deleted or moved away), sorted.
  private let removedItems: [Int: [Int]]
  /// Per new section: the item indexes that inserts and moves take, sorted.
  private let occupiedItems: [Int: [Int]]

  init(update: BatchUpdate, oldCounts: [Int], newCounts: [Int]) {
    self.update = update
    self.oldCounts = oldCounts
    self.newCounts = newCounts
    deletedSections = Set(update.sectionDeletes)
    reloadedSections = Set(update.sectionReloads)
    removedSections = Set(update.sectionDeletes + update.sectionMoves.map(\.from)).sorted()
    occupiedSections = Set(update.sectionInserts + update.sectionMoves.map(\.to)).sorted()
    movedSections = Dictionary(update.sectionMoves.map { ($0.from, $0.to) }) { first, _ in first }
    deletedItems = Set(update.itemDeletes)
    reloadedItems = Set(update.itemReloads)
    movedItems = Dictionary(update.itemMoves.map { ($0.from, $0.to) }) { first, _ in first }
    var removed: [Int: Set<Int>] = [:]
    for path in update.itemDeletes + update.itemMoves.map(\.from) {
      removed[path.section, default: []].insert(path.item)
    }
    removedItems = removed.mapValues { $0.sorted() }
    var occupied: [Int: Set<Int>] = [:]
    for path in update.itemInserts + update.itemMoves.map(\.to) {
      occupied[path.section, default: []].insert(path.item)
    }
    occupiedItems = occupied.mapValues { $0.sorted() }
  }

  /// The index after the update of an old section, or `nil` when it is deleted.
  func newSection(for section: Int) -> Int? {
    guard !deletedSections.contains(section) else { return nil }
    if let moved = movedSections[section] { return moved }
    return Self.shifted(section, removed: removedSections, occupied: occupiedSections, limit: newCounts.count)
  }

  /// The path after the update of the item at an old path, or `nil` when it is deleted (or the
  /// update does not add up).
  func newPath(for path: ItemPath) -> ItemPath? {
    guard !deletedItems.contains(path), let section = newSection(for: path.section) else { return nil }
    if let moved = movedItems[path] { return moved }
    guard
      let item = Self.shifted(
        path.item, removed: removedItems[path.section] ?? [], occupied: occupiedItems[section] ?? [],
        limit: newCounts.indices.contains(section) ? newCounts[section] : 0)
    else { return nil }
    return ItemPath(item: item, section: section)
  }

  /// Whether the item at an old path is reloaded (by itself or with its section), so its cell
  /// must be asked for again.
  func isReloaded(_ path: ItemPath) -> Bool {
    reloadedItems.contains(path) || reloadedSections.contains(path.section)
  }

  /// Checks the counts the way UIKit does before it animates, with `HeadlessTableView`'s
  /// reporting: sections in new order, the new section index, reloads counted as one delete
  /// and one insert.
  /// - Throws: ``BatchUpdateError`` for the section count, or the first section whose rows are
  ///   negative or do not add up.
  func validate() throws(BatchUpdateError) {
    let expectedSections = oldCounts.count - update.sectionDeletes.count + update.sectionInserts.count
    guard expectedSections == newCounts.count else {
      throw .invalidNumberOfSections(
        before: oldCounts.count, after: newCounts.count, inserted: update.sectionInserts.count,
        deleted: update.sectionDeletes.count)
    }
    var oldSectionOfNew = [Int?](repeating: nil, count: newCounts.count)
    for section in oldCounts.indices {
      if let newSection = newSection(for: section), oldSectionOfNew.indices.contains(newSection) {
        oldSectionOfNew[newSection] = section
      }
    }
    for (newSection, after) in newCounts.enumerated() {
      guard after >= 0 else { throw .negativeNumberOfRows(section: newSection, count: after) }
      guard let section = oldSectionOfNew[newSection], !reloadedSections.contains(section) else { continue }
      let before = oldCounts[section]
      let deleted = update.itemDeletes.count { $0.section == section }
      let reloaded = update.itemReloads.count { $0.section == section }
      let inserted = update.itemInserts.count { $0.section == newSection }
      let movedOut = update.itemMoves.count { $0.from.section == section && $0.to.section != newSection }
      let movedIn = update.itemMoves.count { $0.to.section == newSection && $0.from.section != section }
      guard after == before - deleted + inserted + movedIn - movedOut else {
        throw .invalidNumberOfRows(
          section: newSection, before: before, after: after, inserted: inserted + reloaded,
          deleted: deleted + reloaded, movedIn: movedIn, movedOut: movedOut)
      }
    }
  }

  /// The new index of an old one that neither leaves nor is placed explicitly: its rank among
  /// the old indexes that stay, taken to the same rank among the new indexes left free.
  private static func shifted(_ index: Int, removed: [Int], occupied: [Int], limit: Int) -> Int? {
    guard removed.firstIndex(of: index) == nil else { return nil }
    var result = index - removed.count { $0 < index }
    for taken in occupied {
      if taken <= result { result += 1 } else { break }
    }
    return result < limit ? result : nil
  }
}
