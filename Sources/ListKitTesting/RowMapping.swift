import ListKit

/// Where a row of the old state is after a batch update that passed ``BatchUpdateRules``.
struct RowFateResolver {
  /// The fate of one old row.
  enum Fate: Equatable {
    /// The row (or its section) was deleted.
    case deleted
    /// The row is at this new path; `reloaded` when its cell must be asked for again.
    case kept(ItemPath, reloaded: Bool)
  }

  private let sections: SectionMapping
  private let deletedRows: Set<ItemPath>
  private let reloadedRows: Set<ItemPath>
  private let moves: [ItemPath: ItemPath]
  /// Per old section, the sorted rows that leave it (deletes and move sources).
  private let leaving: [Int: [Int]]
  /// Per new section, the sorted rows that something other than a kept row claims.
  private let claimed: [Int: [Int]]

  init(update: BatchUpdate, sections: SectionMapping) {
    self.sections = sections
    func isLive(oldSection section: Int) -> Bool {
      sections.newIndexOfOldSection[section] >= 0 && !sections.isOldSectionReloaded[section]
    }
    func isLive(newSection section: Int) -> Bool {
      let old = sections.oldIndexOfNewSection[section]
      return old >= 0 && !sections.isOldSectionReloaded[old]
    }
    let deletes = update.itemDeletes.filter { isLive(oldSection: $0.section) }
    deletedRows = Set(deletes)
    reloadedRows = Set(update.itemReloads.filter { isLive(oldSection: $0.section) })
    moves = Dictionary(update.itemMoves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    var leaving: [Int: [Int]] = [:]
    for path in deletes { leaving[path.section, default: []].append(path.item) }
    for move in update.itemMoves { leaving[move.from.section, default: []].append(move.from.item) }
    var claimed: [Int: [Int]] = [:]
    for path in update.itemInserts where isLive(newSection: path.section) {
      claimed[path.section, default: []].append(path.item)
    }
    for move in update.itemMoves { claimed[move.to.section, default: []].append(move.to.item) }
    self.leaving = leaving.mapValues { $0.sorted() }
    self.claimed = claimed.mapValues { $0.sorted() }
  }

  /// The fate of the row at `path` in the old state.
  ///
  /// - Complexity: O(k) where k is the number of changes in the row's sections.
  func fate(of path: ItemPath) -> Fate {
    guard path.section >= 0, path.section < sections.newIndexOfOldSection.count else { return .deleted }
    let newSection = sections.newIndexOfOldSection[path.section]
    if newSection < 0 || sections.isOldSectionReloaded[path.section] { return .deleted }
    if deletedRows.contains(path) { return .deleted }
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
}
