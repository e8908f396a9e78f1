// The checks of UIKit's batch-update rules, sections first, then rows: each change against the
// state it addresses (see BatchUpdateError for the rules and their source).

extension ValidatedBatchUpdate {
  /// The section changes of a batch, checked, and where each section goes.
  struct SectionPlan {
    /// Per old section: deleted, reloaded and moved flags.
    var flags: [UInt8]
    /// The new index of every old section, or `-1` when it is deleted.
    var newIndexOfOldSection: [Int]
    /// The old index of every new section, or `-1` when it is inserted.
    var oldIndexOfNewSection: [Int]
    /// Whether each new section is inserted.
    var isNewSectionInserted: [Bool]

    init(_ update: BatchUpdate, oldSectionCount: Int, newSectionCount: Int) throws(BatchUpdateError) {
      let deleted = ValidatedBatchUpdate.deleted
      let reloaded = ValidatedBatchUpdate.reloaded
      let moved = ValidatedBatchUpdate.moved
      var flags = [UInt8](repeating: 0, count: oldSectionCount)
      var newIndexOfOldSection = [Int](repeating: -1, count: oldSectionCount)
      var oldIndexOfNewSection = [Int](repeating: -1, count: max(newSectionCount, 0))
      var inserted = [Bool](repeating: false, count: max(newSectionCount, 0))

      for section in update.sectionDeletes {
        guard section >= 0, section < oldSectionCount else {
          throw .sectionOutOfRange(.delete, section: section, sectionCount: oldSectionCount)
        }
        guard flags[section] & deleted == 0 else {
          throw .conflictingSectionChanges(section, first: .delete, second: .delete)
        }
        flags[section] |= deleted
      }
      for section in update.sectionReloads {
        // UIKit turns a section reload into a delete and an insert, so it is checked as a delete.
        guard section >= 0, section < oldSectionCount else {
          throw .sectionOutOfRange(.reload, section: section, sectionCount: oldSectionCount)
        }
        guard flags[section] & reloaded == 0 else {
          throw .conflictingSectionChanges(section, first: .reload, second: .reload)
        }
        guard flags[section] & deleted == 0 else {
          throw .conflictingSectionChanges(section, first: .delete, second: .reload)
        }
        flags[section] |= reloaded
      }
      for move in update.sectionMoves {
        guard move.from >= 0, move.from < oldSectionCount else {
          throw .sectionOutOfRange(.move, section: move.from, sectionCount: oldSectionCount)
        }
        guard move.to >= 0, move.to < newSectionCount else {
          throw .moveSectionDestinationOutOfRange(move, sectionCount: max(newSectionCount, 0))
        }
        guard flags[move.from] & deleted == 0 else {
          throw .conflictingSectionChanges(move.from, first: .delete, second: .move)
        }
        guard flags[move.from] & reloaded == 0 else {
          throw .conflictingSectionChanges(move.from, first: .reload, second: .move)
        }
        let earlier = newIndexOfOldSection[move.from]
        if earlier == move.to { throw .conflictingSectionChanges(move.from, first: .move, second: .move) }
        if earlier >= 0 {
          throw .sectionMovedToTwoDestinations(section: move.from, first: earlier, second: move.to)
        }
        let otherSource = oldIndexOfNewSection[move.to]
        if otherSource >= 0 {
          throw .twoSectionsMovedToSameDestination(
            first: otherSource, second: move.from, destination: move.to)
        }
        flags[move.from] |= moved
        newIndexOfOldSection[move.from] = move.to
        oldIndexOfNewSection[move.to] = move.from
      }
      for section in update.sectionInserts {
        guard section >= 0, section < newSectionCount else {
          throw .sectionOutOfRange(.insert, section: section, sectionCount: max(newSectionCount, 0))
        }
        guard !inserted[section] else {
          throw .conflictingSectionChanges(section, first: .insert, second: .insert)
        }
        guard oldIndexOfNewSection[section] < 0 else {
          throw .conflictingSectionChanges(section, first: .insert, second: .move)
        }
        inserted[section] = true
      }

      // Sections that are neither deleted nor moved keep their order and fill, in order, the new
      // indexes that no insert or move claims. When the counts do not add up, the sections left
      // over stay unplaced; the count check then reports it.
      var slot = 0
      for section in 0..<oldSectionCount where flags[section] & (deleted | moved) == 0 {
        while slot < newSectionCount && (inserted[slot] || oldIndexOfNewSection[slot] >= 0) { slot += 1 }
        guard slot < newSectionCount else { break }
        newIndexOfOldSection[section] = slot
        oldIndexOfNewSection[slot] = section
        slot += 1
      }
      self.flags = flags
      self.newIndexOfOldSection = newIndexOfOldSection
      self.oldIndexOfNewSection = oldIndexOfNewSection
      isNewSectionInserted = inserted
    }
  }

  /// The row changes of a batch, checked, with the ones that count (those outside deleted,
  /// reloaded and inserted sections).
  struct RowPlan {
    private struct OldRow {
      var flags: UInt8 = 0
      var moveDestination = ItemPath(item: -1, section: -1)
    }

    var deletedRows: Set<ItemPath> = []
    var reloadedRows: Set<ItemPath> = []
    var insertedRows: [ItemPath] = []
    var moves: [ItemPath: ItemPath] = [:]
    var deletedPerOldSection: [Int]
    var reloadedPerOldSection: [Int]
    var insertedPerNewSection: [Int]

    init(
      _ update: BatchUpdate, sections: SectionPlan, oldItemCounts: [Int], newItemCounts: [Int]
    ) throws(BatchUpdateError) {
      let deleted = ValidatedBatchUpdate.deleted
      let reloaded = ValidatedBatchUpdate.reloaded
      let moved = ValidatedBatchUpdate.moved
      let oldSectionCount = oldItemCounts.count
      let newSectionCount = newItemCounts.count
      let oldFlags = sections.flags
      // Every caller has checked `section` against the new section count, which is the plan's
      // size; the bound only keeps an index trap out of a caller that has not.
      func isInserted(_ section: Int) -> Bool {
        section < sections.isNewSectionInserted.count && sections.isNewSectionInserted[section]
      }
      deletedPerOldSection = [Int](repeating: 0, count: oldSectionCount)
      reloadedPerOldSection = [Int](repeating: 0, count: oldSectionCount)
      insertedPerNewSection = [Int](repeating: 0, count: newSectionCount)
      var oldRows: [ItemPath: OldRow] = [:]
      oldRows.reserveCapacity(update.itemDeletes.count + update.itemReloads.count + update.itemMoves.count)
      // Destination -> source of a move; the marker stands for an insert.
      var newRows: [ItemPath: ItemPath] = [:]
      newRows.reserveCapacity(update.itemInserts.count + update.itemMoves.count)
      let insertMarker = ItemPath(item: -1, section: -1)

      /// Checks a delete or a reload against the old state and marks its row; `false` when the
      /// row's section is deleted or reloaded, which drops the change.
      func claimOldRow(_ path: ItemPath, as flag: UInt8) throws(BatchUpdateError) -> Bool {
        let change: BatchUpdateError.Change = flag == deleted ? .delete : .reload
        guard path.section >= 0, path.section < oldSectionCount else {
          throw .itemSectionOutOfRange(change, path, sectionCount: oldSectionCount)
        }
        if oldFlags[path.section] & (deleted | reloaded) != 0 { return false }
        let count = oldItemCounts[path.section]
        guard path.item >= 0, path.item < count else {
          throw .itemOutOfRange(change, path, itemCount: count)
        }
        var row = oldRows[path, default: OldRow()]
        guard row.flags & flag == 0 else {
          throw .conflictingItemChanges(path, first: change, second: change)
        }
        // Deletes are claimed first, so only a reload can meet a delete here.
        guard row.flags & deleted == 0 else {
          throw .conflictingItemChanges(path, first: .delete, second: .reload)
        }
        row.flags |= flag
        oldRows[path] = row
        return true
      }
      for path in update.itemDeletes where try claimOldRow(path, as: deleted) {
        deletedRows.insert(path)
        deletedPerOldSection[path.section] += 1
      }
      for path in update.itemReloads where try claimOldRow(path, as: reloaded) {
        reloadedRows.insert(path)
        reloadedPerOldSection[path.section] += 1
      }
      for move in update.itemMoves {
        let from = move.from
        let to = move.to
        guard from.section >= 0, from.section < oldSectionCount else {
          throw .itemSectionOutOfRange(.move, move.from, sectionCount: oldSectionCount)
        }
        let fromCount = oldItemCounts[from.section]
        guard from.item >= 0, from.item < fromCount else {
          throw .itemOutOfRange(.move, move.from, itemCount: fromCount)
        }
        guard to.section >= 0, to.section < newSectionCount else {
          throw .moveItemDestinationSectionOutOfRange(move, sectionCount: newSectionCount)
        }
        let toCount = newItemCounts[to.section]
        guard to.item >= 0, to.item < toCount else {
          throw .moveItemDestinationOutOfRange(move, itemCount: toCount)
        }
        guard oldFlags[from.section] & (deleted | reloaded) == 0 else {
          throw .moveItemFromDeletedSection(move)
        }
        guard !isInserted(to.section) else { throw .moveItemIntoInsertedSection(move) }
        var row = oldRows[from, default: OldRow()]
        guard row.flags & deleted == 0 else {
          throw .conflictingItemChanges(from, first: .delete, second: .move)
        }
        guard row.flags & reloaded == 0 else {
          throw .conflictingItemChanges(from, first: .reload, second: .move)
        }
        if row.flags & moved != 0 {
          if row.moveDestination == to { throw .conflictingItemChanges(from, first: .move, second: .move) }
          throw .itemMovedToTwoDestinations(from, first: row.moveDestination, second: to)
        }
        if let otherSource = newRows[to] {
          throw .twoItemsMovedToSameDestination(first: otherSource, second: from, destination: to)
        }
        row.flags |= moved
        row.moveDestination = to
        oldRows[from] = row
        newRows[to] = from
        moves[from] = to
      }
      for path in update.itemInserts {
        guard path.section >= 0, path.section < newSectionCount else {
          throw .itemSectionOutOfRange(.insert, path, sectionCount: newSectionCount)
        }
        if isInserted(path.section) { continue }
        let count = newItemCounts[path.section]
        guard path.item >= 0, path.item < count else {
          throw .itemOutOfRange(.insert, path, itemCount: count)
        }
        if let source = newRows[path] {
          if source == insertMarker { throw .conflictingItemChanges(path, first: .insert, second: .insert) }
          throw .conflictingItemChanges(path, first: .insert, second: .move)
        }
        newRows[path] = insertMarker
        insertedRows.append(path)
        insertedPerNewSection[path.section] += 1
      }
    }
  }
}
