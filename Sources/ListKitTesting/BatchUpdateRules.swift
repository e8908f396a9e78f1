import ListKit

/// Where each section of the old state ends up after a batch update that passed the rules.
struct SectionMapping: Sendable {
  /// The new index of every old section, or `-1` when it is deleted.
  var newIndexOfOldSection: [Int]
  /// The old index of every new section, or `-1` when it is inserted.
  var oldIndexOfNewSection: [Int]
  /// Whether each old section is reloaded (its rows are all asked for again).
  var isOldSectionReloaded: [Bool]
}

/// UIKit's batch-update rules as a pure check over section and row counts.
///
/// The order of the checks follows `-[UITableView _endCellAnimationsWithContext:]` (UIKit-3698,
/// `UITableView.m`): conflicts and ranges of deletes and reloads against the old state, of inserts
/// against the new state, of moves against both, then the number of sections (:2036), then the
/// number of rows of every surviving section (:2055).
///
/// Complexity: O(c + s) expected, where c is the number of changes and s the number of sections;
/// it allocates a few arrays of s entries and two hash tables sized to the row changes.
enum BatchUpdateRules {
  private static let deleted: UInt8 = 1
  private static let reloaded: UInt8 = 2
  private static let moved: UInt8 = 4

  private struct OldRow {
    var flags: UInt8 = 0
    var moveDestination = ItemPath(item: -1, section: -1)
  }

  static func check(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdateError) -> SectionMapping {
    let oldSectionCount = oldItemCounts.count
    let newSectionCount = newItemCounts.count

    // Sections: flags per old section, move destinations, and per new section what fills it.
    var oldFlags = [UInt8](repeating: 0, count: oldSectionCount)
    var oldMoveDestination = [Int](repeating: -1, count: oldSectionCount)
    var newInserted = [Bool](repeating: false, count: newSectionCount)
    var newMoveSource = [Int](repeating: -1, count: newSectionCount)

    for section in update.sectionDeletes {
      guard section >= 0, section < oldSectionCount else {
        throw .deleteSectionOutOfRange(section: section, sectionCount: oldSectionCount)  // :1694
      }
      guard oldFlags[section] & deleted == 0 else { throw .duplicateSectionChange(section, change: .delete) }
      oldFlags[section] |= deleted
    }
    for section in update.sectionReloads {
      // UIKit turns a section reload into a delete and an insert, so it is checked as a delete.
      guard section >= 0, section < oldSectionCount else {
        throw .reloadSectionOutOfRange(section: section, sectionCount: oldSectionCount)  // :1694
      }
      guard oldFlags[section] & reloaded == 0 else { throw .duplicateSectionChange(section, change: .reload) }
      guard oldFlags[section] & deleted == 0 else { throw .deleteAndReloadSameSection(section) }  // :1615
      oldFlags[section] |= reloaded
    }
    for move in update.sectionMoves {
      guard move.from >= 0, move.from < oldSectionCount else {
        throw .moveSectionSourceOutOfRange(move, sectionCount: oldSectionCount)  // :1864
      }
      guard move.to >= 0, move.to < newSectionCount else {
        throw .moveSectionDestinationOutOfRange(move, sectionCount: newSectionCount)  // :1865
      }
      guard oldFlags[move.from] & deleted == 0 else { throw .deleteAndMoveSameSection(move.from) }  // :1678
      guard oldFlags[move.from] & reloaded == 0 else { throw .reloadAndMoveSameSection(move.from) }  // :1678
      let earlier = oldMoveDestination[move.from]
      if earlier == move.to { throw .duplicateSectionChange(move.from, change: .move) }
      if earlier >= 0 {
        throw .sectionMovedToTwoDestinations(section: move.from, first: earlier, second: move.to)  // :1886
      }
      let otherSource = newMoveSource[move.to]
      if otherSource >= 0 {
        // UITableView.m:1895
        throw .twoSectionsMovedToSameDestination(first: otherSource, second: move.from, destination: move.to)
      }
      oldFlags[move.from] |= moved
      oldMoveDestination[move.from] = move.to
      newMoveSource[move.to] = move.from
    }
    for section in update.sectionInserts {
      guard section >= 0, section < newSectionCount else {
        throw .insertSectionOutOfRange(section: section, sectionCount: newSectionCount)  // :1783
      }
      guard !newInserted[section] else { throw .duplicateSectionChange(section, change: .insert) }
      guard newMoveSource[section] < 0 else { throw .insertAndMoveSameSection(section) }  // :1766
      newInserted[section] = true
    }

    // Rows. Changes inside a deleted or reloaded (old) or inserted (new) section are dropped,
    // as UIKit drops them when it processes the section change (UITableView.m, after :1694/:1783).
    var deletedPerOldSection = [Int](repeating: 0, count: oldSectionCount)
    var reloadedPerOldSection = [Int](repeating: 0, count: oldSectionCount)
    var insertedPerNewSection = [Int](repeating: 0, count: newSectionCount)
    var oldRows: [ItemPath: OldRow] = [:]
    oldRows.reserveCapacity(update.itemDeletes.count + update.itemReloads.count + update.itemMoves.count)
    var newRows: [ItemPath: ItemPath] = [:]  // destination -> source of a move; source (-1,-1) = insert
    newRows.reserveCapacity(update.itemInserts.count + update.itemMoves.count)
    let insertMarker = ItemPath(item: -1, section: -1)

    for path in update.itemDeletes {
      guard path.section >= 0, path.section < oldSectionCount else {
        throw .deleteItemSectionOutOfRange(path, sectionCount: oldSectionCount)  // :1727
      }
      if oldFlags[path.section] & (deleted | reloaded) != 0 { continue }
      let count = oldItemCounts[path.section]
      guard path.item >= 0, path.item < count else {
        throw .deleteItemOutOfRange(path, itemCount: count)  // :1728
      }
      var row = oldRows[path, default: OldRow()]
      guard row.flags & deleted == 0 else { throw .duplicateItemChange(path, change: .delete) }
      row.flags |= deleted
      oldRows[path] = row
      deletedPerOldSection[path.section] += 1
    }
    for path in update.itemReloads {
      guard path.section >= 0, path.section < oldSectionCount else {
        throw .reloadItemSectionOutOfRange(path, sectionCount: oldSectionCount)  // :1727
      }
      if oldFlags[path.section] & (deleted | reloaded) != 0 { continue }
      let count = oldItemCounts[path.section]
      guard path.item >= 0, path.item < count else {
        throw .reloadItemOutOfRange(path, itemCount: count)  // :1728
      }
      var row = oldRows[path, default: OldRow()]
      guard row.flags & reloaded == 0 else { throw .duplicateItemChange(path, change: .reload) }
      guard row.flags & deleted == 0 else { throw .deleteAndReloadSameItem(path) }  // :1615
      row.flags |= reloaded
      oldRows[path] = row
      reloadedPerOldSection[path.section] += 1
    }
    for move in update.itemMoves {
      let from = move.from
      let to = move.to
      guard from.section >= 0, from.section < oldSectionCount else {
        throw .moveItemSourceSectionOutOfRange(move, sectionCount: oldSectionCount)  // :1868
      }
      let fromCount = oldItemCounts[from.section]
      guard from.item >= 0, from.item < fromCount else {
        throw .moveItemSourceOutOfRange(move, itemCount: fromCount)  // :1869
      }
      guard to.section >= 0, to.section < newSectionCount else {
        throw .moveItemDestinationSectionOutOfRange(move, sectionCount: newSectionCount)  // :1870
      }
      let toCount = newItemCounts[to.section]
      guard to.item >= 0, to.item < toCount else {
        throw .moveItemDestinationOutOfRange(move, itemCount: toCount)  // :1871
      }
      guard oldFlags[from.section] & (deleted | reloaded) == 0 else {
        throw .moveItemFromDeletedSection(move)
      }
      guard !newInserted[to.section] else { throw .moveItemIntoInsertedSection(move) }
      var row = oldRows[from, default: OldRow()]
      guard row.flags & deleted == 0 else { throw .deleteAndMoveSameItem(from) }  // :1681
      guard row.flags & reloaded == 0 else { throw .reloadAndMoveSameItem(from) }  // :1681
      if row.flags & moved != 0 {
        if row.moveDestination == to { throw .duplicateItemChange(from, change: .move) }
        throw .itemMovedToTwoDestinations(from, first: row.moveDestination, second: to)  // :1889
      }
      if let otherSource = newRows[to] {
        throw .twoItemsMovedToSameDestination(first: otherSource, second: from, destination: to)  // :1898
      }
      row.flags |= moved
      row.moveDestination = to
      oldRows[from] = row
      newRows[to] = from
    }
    for path in update.itemInserts {
      guard path.section >= 0, path.section < newSectionCount else {
        throw .insertItemSectionOutOfRange(path, sectionCount: newSectionCount)  // :1813
      }
      if newInserted[path.section] { continue }
      let count = newItemCounts[path.section]
      guard path.item >= 0, path.item < count else {
        throw .insertItemOutOfRange(path, itemCount: count)  // :1814
      }
      if let source = newRows[path] {
        if source == insertMarker { throw .duplicateItemChange(path, change: .insert) }
        throw .insertAndMoveSameItem(path)  // :1769
      }
      newRows[path] = insertMarker
      insertedPerNewSection[path.section] += 1
    }

    // The number of sections (UITableView.m:2036).
    let expectedSections = oldSectionCount + update.sectionInserts.count - update.sectionDeletes.count
    guard newSectionCount == expectedSections else {
      throw .invalidNumberOfSections(
        before: oldSectionCount, after: newSectionCount,
        inserted: update.sectionInserts.count, deleted: update.sectionDeletes.count)
    }

    // Sections that are neither deleted nor moved keep their order and fill, in order, the new
    // indexes that no insert or move claims.
    var mapping = SectionMapping(
      newIndexOfOldSection: oldMoveDestination,
      oldIndexOfNewSection: newMoveSource,
      isOldSectionReloaded: oldFlags.map { $0 & reloaded != 0 })
    var slot = 0
    for section in 0..<oldSectionCount where oldFlags[section] & (deleted | moved) == 0 {
      while slot < newSectionCount && (newInserted[slot] || newMoveSource[slot] >= 0) { slot += 1 }
      // The count check above makes the free slots exactly as many as these sections.
      guard slot < newSectionCount else {
        throw .invalidNumberOfSections(
          before: oldSectionCount, after: newSectionCount,
          inserted: update.sectionInserts.count, deleted: update.sectionDeletes.count)
      }
      mapping.newIndexOfOldSection[section] = slot
      mapping.oldIndexOfNewSection[slot] = section
      slot += 1
    }

    // Moves between sections count as out of the old and into the new section.
    var movedOutPerOldSection = [Int](repeating: 0, count: oldSectionCount)
    var movedInPerNewSection = [Int](repeating: 0, count: newSectionCount)
    for move in update.itemMoves {
      let source = mapping.oldIndexOfNewSection[move.to.section]
      if source >= 0 && mapping.isOldSectionReloaded[source] { throw .moveItemIntoInsertedSection(move) }
      if mapping.newIndexOfOldSection[move.from.section] != move.to.section {
        movedOutPerOldSection[move.from.section] += 1
        movedInPerNewSection[move.to.section] += 1
      }
    }

    // The number of rows of every section that exists before and after (UITableView.m:2050, :2055).
    // Reloads count as one delete and one insert, as in UIKit's message.
    for section in 0..<newSectionCount {
      let after = newItemCounts[section]
      guard after >= 0 else { throw .negativeNumberOfRows(section: section, count: after) }
      let old = mapping.oldIndexOfNewSection[section]
      guard old >= 0, !mapping.isOldSectionReloaded[old] else { continue }
      let before = oldItemCounts[old]
      let inserted = insertedPerNewSection[section]
      let deletedCount = deletedPerOldSection[old]
      let movedIn = movedInPerNewSection[section]
      let movedOut = movedOutPerOldSection[old]
      guard after == before + inserted - deletedCount + movedIn - movedOut else {
        let reloads = reloadedPerOldSection[old]
        throw .invalidNumberOfRows(
          section: section, before: before, after: after, inserted: inserted + reloads,
          deleted: deletedCount + reloads, movedIn: movedIn, movedOut: movedOut)
      }
    }
    return mapping
  }
}
