/// A ``BatchUpdate`` that passed UIKit's batch-update rules against the row counts before and
/// after it, with where it takes every section and row of the old state.
///
/// This is the one model of a batch update the package has: `HeadlessTableView` referees with it,
/// the terminal view moves its cells with it, and ``Changeset/snapshots(applyingTo:)`` replays
/// stages with it. The rules (see ``BatchUpdateError``): deletes, reloads and move sources address
/// the old state, inserts and move destinations the new one; every other section or row keeps its
/// relative order and fills, in order, the new positions that inserts and moves left free. Row
/// changes inside a deleted or reloaded section, or an inserted one, are dropped with it, as UIKit
/// drops them.
///
/// - Complexity: Checking is O(c + s) expected, for c changes and s sections; it allocates a few
///   arrays of s entries and hash tables sized to the row changes.
package struct ValidatedBatchUpdate: Sendable {
  /// Where one row of the old state is after the update.
  package enum RowFate: Equatable, Sendable {
    /// The row, or its section, is deleted; a row of a reloaded section counts as deleted (its
    /// section is made again).
    case deleted
    /// The row is at this new path; `reloaded` when its cell must be asked for again.
    case kept(ItemPath, reloaded: Bool)
  }

  /// The batch.
  package let update: BatchUpdate
  /// The number of rows of each section before the update.
  package let oldItemCounts: [Int]
  /// The number of rows of each section after the update.
  package let newItemCounts: [Int]
  /// The new index of every old section, or `-1` when it is deleted.
  package let newIndexOfOldSection: [Int]
  /// The old index of every new section, or `-1` when it is inserted.
  package let oldIndexOfNewSection: [Int]
  /// Whether each old section is reloaded (made again, with all its rows).
  package let isOldSectionReloaded: [Bool]

  private let deletedRows: Set<ItemPath>
  private let reloadedRows: Set<ItemPath>
  private let moves: [ItemPath: ItemPath]
  /// Per old section, the sorted rows that leave it (deletes and move sources).
  private let leaving: [Int: [Int]]
  /// Per new section, the sorted rows that inserts and move destinations take.
  private let claimed: [Int: [Int]]

  static let deleted: UInt8 = 1
  static let reloaded: UInt8 = 2
  static let moved: UInt8 = 4

  /// Checks a batch against the counts a data source reports before and after it.
  /// - Parameters:
  ///   - update: The batch.
  ///   - oldItemCounts: The number of rows of each section before the update.
  ///   - newItemCounts: The number of rows of each section after the update.
  /// - Throws: The first ``BatchUpdateError`` found: conflicts and ranges of deletes and reloads
  ///   against the old state, of inserts against the new state, of moves against both, then the
  ///   number of sections, then the number of rows of every section that exists before and after.
  package init(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdateError) {
    let sections = try SectionPlan(
      update, oldSectionCount: oldItemCounts.count, newSectionCount: newItemCounts.count)
    try self.init(update, sections: sections, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
  }

  /// Checks a batch against the counts before it, deriving the counts after it: what a data
  /// source must report for the batch to pass.
  ///
  /// A section that is kept or reloaded has its old rows, plus those inserted and moved in, minus
  /// those deleted and moved out.
  /// - Parameters:
  ///   - update: The batch.
  ///   - oldItemCounts: The number of rows of each section before the update.
  ///   - insertedSectionItemCounts: The number of rows of each inserted section, in the order of
  ///     `update.sectionInserts`.
  /// - Throws: ``BatchUpdateError`` as ``init(_:oldItemCounts:newItemCounts:)``, and
  ///   ``BatchUpdateError/invalidNumberOfSections(before:after:inserted:deleted:)`` when the
  ///   inserted sections' counts do not match the inserts.
  package init(
    _ update: BatchUpdate, oldItemCounts: [Int], insertedSectionItemCounts: [Int]
  ) throws(BatchUpdateError) {
    let newSectionCount = oldItemCounts.count + update.sectionInserts.count - update.sectionDeletes.count
    guard newSectionCount >= 0, insertedSectionItemCounts.count == update.sectionInserts.count else {
      throw .invalidNumberOfSections(
        before: oldItemCounts.count,
        after: oldItemCounts.count - update.sectionDeletes.count + insertedSectionItemCounts.count,
        inserted: update.sectionInserts.count, deleted: update.sectionDeletes.count)
    }
    let sections = try SectionPlan(
      update, oldSectionCount: oldItemCounts.count, newSectionCount: newSectionCount)
    var counts = [Int](repeating: 0, count: newSectionCount)
    for (index, section) in update.sectionInserts.enumerated() {
      counts[section] = insertedSectionItemCounts[index]
    }
    for (new, old) in sections.oldIndexOfNewSection.enumerated() where old >= 0 {
      counts[new] = oldItemCounts[old]
    }
    // Row changes inside a reloaded section count here: UIKit asks for such a section's rows
    // afresh, so they say only how many there are after the update.
    func isCounted(oldSection section: Int) -> Bool {
      section >= 0 && section < oldItemCounts.count && sections.flags[section] & Self.deleted == 0
    }
    func isCounted(newSection section: Int) -> Bool {
      section >= 0 && section < newSectionCount && sections.oldIndexOfNewSection[section] >= 0
    }
    for path in update.itemDeletes where isCounted(oldSection: path.section) {
      counts[sections.newIndexOfOldSection[path.section]] -= 1
    }
    for path in update.itemInserts where isCounted(newSection: path.section) { counts[path.section] += 1 }
    for move in update.itemMoves
    where isCounted(oldSection: move.from.section) && isCounted(newSection: move.to.section) {
      counts[sections.newIndexOfOldSection[move.from.section]] -= 1
      counts[move.to.section] += 1
    }
    try self.init(
      update, sections: sections, oldItemCounts: oldItemCounts, newItemCounts: counts.map { max($0, 0) })
  }

  private init(
    _ update: BatchUpdate, sections: SectionPlan, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdateError) {
    let rows = try RowPlan(
      update, sections: sections, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    let oldSectionCount = oldItemCounts.count
    let newSectionCount = newItemCounts.count

    // The number of sections (checked after the ranges, as UIKit does).
    let expectedSections = oldSectionCount + update.sectionInserts.count - update.sectionDeletes.count
    guard newSectionCount == expectedSections else {
      throw .invalidNumberOfSections(
        before: oldSectionCount, after: newSectionCount,
        inserted: update.sectionInserts.count, deleted: update.sectionDeletes.count)
    }
    let isReloaded = sections.flags.map { $0 & Self.reloaded != 0 }

    // Moves between sections count as out of the old and into the new section.
    var movedOutPerOldSection = [Int](repeating: 0, count: oldSectionCount)
    var movedInPerNewSection = [Int](repeating: 0, count: newSectionCount)
    for move in update.itemMoves {
      let source = sections.oldIndexOfNewSection[move.to.section]
      if source >= 0 && isReloaded[source] { throw .moveItemIntoInsertedSection(move) }
      if sections.newIndexOfOldSection[move.from.section] != move.to.section {
        movedOutPerOldSection[move.from.section] += 1
        movedInPerNewSection[move.to.section] += 1
      }
    }

    // The number of rows of every section that exists before and after. Reloads count as one
    // delete and one insert, as in UIKit's message.
    for section in 0..<newSectionCount {
      let after = newItemCounts[section]
      guard after >= 0 else { throw .negativeNumberOfRows(section: section, count: after) }
      let old = sections.oldIndexOfNewSection[section]
      guard old >= 0, !isReloaded[old] else { continue }
      let before = oldItemCounts[old]
      let inserted = rows.insertedPerNewSection[section]
      let deletedCount = rows.deletedPerOldSection[old]
      let movedIn = movedInPerNewSection[section]
      let movedOut = movedOutPerOldSection[old]
      guard after == before + inserted - deletedCount + movedIn - movedOut else {
        let reloads = rows.reloadedPerOldSection[old]
        throw .invalidNumberOfRows(
          section: section, before: before, after: after, inserted: inserted + reloads,
          deleted: deletedCount + reloads, movedIn: movedIn, movedOut: movedOut)
      }
    }

    self.update = update
    self.oldItemCounts = oldItemCounts
    self.newItemCounts = newItemCounts
    newIndexOfOldSection = sections.newIndexOfOldSection
    oldIndexOfNewSection = sections.oldIndexOfNewSection
    isOldSectionReloaded = isReloaded
    deletedRows = rows.deletedRows
    reloadedRows = rows.reloadedRows
    moves = rows.moves
    var leaving: [Int: [Int]] = [:]
    for path in rows.deletedRows { leaving[path.section, default: []].append(path.item) }
    for move in rows.moves { leaving[move.key.section, default: []].append(move.key.item) }
    var claimed: [Int: [Int]] = [:]
    for path in rows.insertedRows { claimed[path.section, default: []].append(path.item) }
    for move in rows.moves { claimed[move.value.section, default: []].append(move.value.item) }
    self.leaving = leaving.mapValues { $0.sorted() }
    self.claimed = claimed.mapValues { $0.sorted() }
  }

  // MARK: Where things go

  /// The index after the update of an old section, or `nil` when it is deleted or out of range.
  /// - Complexity: O(1).
  package func newSection(forOldSection section: Int) -> Int? {
    guard section >= 0, section < newIndexOfOldSection.count, newIndexOfOldSection[section] >= 0 else {
      return nil
    }
    return newIndexOfOldSection[section]
  }

  /// Where the row at an old path is after the update.
  /// - Complexity: O(k), for k row changes in the row's sections.
  package func fate(of path: ItemPath) -> RowFate {
    guard let newSection = newSection(forOldSection: path.section), !isOldSectionReloaded[path.section],
      path.item >= 0, path.item < oldItemCounts[path.section], !deletedRows.contains(path)
    else { return .deleted }
    if let destination = moves[path] { return .kept(destination, reloaded: false) }
    // The row's rank among the rows that stay, then the rank-th new slot nobody claimed.
    var rank = path.item
    for row in leaving[path.section] ?? [] where row < path.item { rank -= 1 }
    var slot = rank
    for row in claimed[newSection] ?? [] {
      if row <= slot { slot += 1 } else { break }
    }
    return .kept(ItemPath(item: slot, section: newSection), reloaded: reloadedRows.contains(path))
  }

  /// The path after the update of the row at an old path (reloaded or not), or `nil` when it is
  /// deleted.
  /// - Complexity: O(k), for k row changes in the row's sections.
  package func newPath(for path: ItemPath) -> ItemPath? {
    if case .kept(let newPath, _) = fate(of: path) { return newPath }
    return nil
  }

  /// The state after the update: each kept section and row at its new place, and new values for
  /// what is inserted.
  ///
  /// The rows of a reloaded section stay in order, as far as its new row count goes (UIKit asks
  /// for all of them again; see ``fate(of:)``).
  /// - Parameters:
  ///   - sections: One value per old section.
  ///   - rows: One array per old section, one value per row.
  ///   - insertedSection: The value of a section inserted at a new index.
  ///   - insertedRow: The value of a row inserted at a new path.
  /// - Returns: One value per new section and, per new section, one per row.
  /// - Complexity: O(n + c) expected, for n rows and sections and c changes.
  package func afterState<Section, Row>(
    sections: [Section], rows: [[Row]],
    insertedSection: (Int) -> Section, insertedRow: (ItemPath) -> Row
  ) -> (sections: [Section], rows: [[Row]]) {
    var newSections: [Section] = []
    newSections.reserveCapacity(newItemCounts.count)
    var newRows: [[Row]] = []
    newRows.reserveCapacity(newItemCounts.count)
    for section in newItemCounts.indices {
      let old = oldIndexOfNewSection[section]
      guard old >= 0 else {
        newSections.append(insertedSection(section))
        newRows.append((0..<newItemCounts[section]).map { insertedRow(ItemPath(item: $0, section: section)) })
        continue
      }
      guard !isOldSectionReloaded[old] else {
        // Every cell of a reloaded section is asked for again; its rows stay in order as far as
        // its new count goes, so a caller that tracks rows can still follow them.
        newSections.append(sections[old])
        newRows.append(
          (0..<newItemCounts[section]).map { item in
            item < rows[old].count ? rows[old][item] : insertedRow(ItemPath(item: item, section: section))
          })
        continue
      }
      newSections.append(sections[old])
      var placed = [Row?](repeating: nil, count: newItemCounts[section])
      let leavingRows = leaving[old] ?? []
      let claimedRows = claimed[section] ?? []
      var leavingIndex = 0
      var claimedIndex = 0
      var next = 0
      for (item, row) in rows[old].enumerated() {
        if leavingIndex < leavingRows.count, leavingRows[leavingIndex] == item {
          leavingIndex += 1
          continue
        }
        // Both lists are sorted and free of repeats (the checks refuse a repeat).
        while claimedIndex < claimedRows.count, claimedRows[claimedIndex] <= next {
          if claimedRows[claimedIndex] == next { next += 1 }
          claimedIndex += 1
        }
        if next < placed.count { placed[next] = row }
        next += 1
      }
      newRows.append(
        placed.enumerated().map { item, row in row ?? insertedRow(ItemPath(item: item, section: section)) })
    }
    for (from, to) in moves {
      newRows[to.section][to.item] = rows[from.section][from.item]
    }
    return (newSections, newRows)
  }
}
