extension SectionedDiffer {
  /// Splits the matched changes into the fewest batches that UIKit accepts.
  ///
  /// - A *structural* batch: section deletes, inserts and moves, item deletes, inserts and moves,
  ///   reloads of unmoved items at their old paths, and reloads of sections no item operation touches.
  /// - When an item operation touches a section that is moved, or an item moves into an inserted section
  ///   (UIKit rejects both in one batch), the structural batch splits in two: sections first, then items
  ///   addressed in the state between them (each kept section at its new index with its old items).
  /// - A final batch reloads, at their new paths, items that moved and changed (UIKit rejects a move
  ///   and a reload of the same row in one batch) and sections whose own content changed while items
  ///   in them moved, were inserted or deleted.
  @inlinable
  internal func makeChangeset(options: DiffOptions) -> Changeset<Section, Item> {
    let oldSectionCount = oldSectionRaw.count
    let newSectionCount = newSectionRaw.count
    let moved = Self.movedFlag
    let changed = Self.changedFlag

    // Which sections have item deletes, inserts or moves in them.
    var oldTouched = Array(repeating: false, count: oldSectionCount)
    var newTouched = Array(repeating: false, count: newSectionCount)
    var movedInto = Array(repeating: false, count: newSectionCount)
    for section in 0..<oldSectionCount where sectionOldToNew[section] >= 0 {
      for old in oldSectionStart[section]..<oldSectionStart[section + 1] {
        let new = Int(oldToNew[old])
        if new < 0 || newItemFlags[new] & moved != 0 {
          oldTouched[section] = true
          break
        }
      }
    }
    var split = false
    for section in 0..<newSectionCount {
      for new in newSectionStart[section]..<newSectionStart[section + 1] {
        if newToOld[new] < 0 {
          newTouched[section] = true
        } else if newItemFlags[new] & moved != 0 {
          newTouched[section] = true
          movedInto[section] = true
          break
        }
      }
      let old = sectionNewToOld[section]
      if old < 0 {
        if movedInto[section] { split = true }
      } else if sectionMoved[section] && (newTouched[section] || oldTouched[old]) {
        split = true
      }
    }

    var sections = BatchUpdate()
    var last = BatchUpdate()
    var insertedCounts: [Int] = []
    for section in 0..<oldSectionCount where sectionOldToNew[section] < 0 {
      sections.sectionDeletes.append(section)
    }
    for section in 0..<newSectionCount {
      let old = sectionNewToOld[section]
      if old < 0 {
        sections.sectionInserts.append(section)
        var count = 0
        for new in newSectionStart[section]..<newSectionStart[section + 1] where newToOld[new] < 0 {
          count += 1
        }
        insertedCounts.append(count)
        continue
      }
      if sectionMoved[section] { sections.sectionMoves.append(Move(from: old, to: section)) }
      if sectionChanged[section] {
        if !sectionMoved[section] && !newTouched[section] && !oldTouched[old] {
          sections.sectionReloads.append(old)
        } else {
          last.sectionReloads.append(section)
        }
      }
    }

    var items = BatchUpdate()
    for section in 0..<oldSectionCount {
      let newSection = sectionOldToNew[section]
      guard newSection >= 0, oldTouched[section] else { continue }
      let start = oldSectionStart[section]
      Self.forEach(in: start..<oldSectionStart[section + 1], where: { oldToNew[$0] < 0 }) { old in
        items.itemDeletes.append(ItemPath(item: old - start, section: split ? newSection : section))
      }
    }
    if split { items.itemDeletes.sort() }
    for section in 0..<newSectionCount {
      let start = newSectionStart[section]
      let range = start..<newSectionStart[section + 1]
      // The old place of a matched item, as the structural batch addresses it.
      func from(_ new: Int) -> ItemPath {
        let old = Int(newToOld[new])
        let oldSection = Self.oldSection(of: old, in: oldItemSection)
        return ItemPath(
          item: old - oldSectionStart[oldSection], section: split ? sectionOldToNew[oldSection] : oldSection)
      }
      if sectionNewToOld[section] >= 0 {
        Self.forEach(in: range, where: { newToOld[$0] < 0 }) { new in
          items.itemInserts.append(ItemPath(item: new - start, section: section))
        }
      }
      // Only matched items have flags.
      Self.forEach(in: range, where: { newItemFlags[$0] & moved != 0 }) { new in
        items.itemMoves.append(Move(from: from(new), to: ItemPath(item: new - start, section: section)))
      }
      guard !sectionChanged[section] else { continue }
      Self.forEach(in: range, where: { newItemFlags[$0] & changed != 0 }) { new in
        if newItemFlags[new] & moved == 0 && (split || !sectionMoved[section]) {
          items.itemReloads.append(from(new))
        } else {
          last.itemReloads.append(ItemPath(item: new - start, section: section))
        }
      }
    }

    var stages: [BatchUpdate] = []
    var insertedSectionItemCounts: [[Int]] = []
    if split {
      stages.append(sections)
      insertedSectionItemCounts.append(insertedCounts)
      if !items.isEmpty {
        stages.append(items)
        insertedSectionItemCounts.append([])
      }
    } else {
      var merged = items
      merged.sectionDeletes = sections.sectionDeletes
      merged.sectionInserts = sections.sectionInserts
      merged.sectionMoves = sections.sectionMoves
      merged.sectionReloads = sections.sectionReloads
      if !merged.isEmpty {
        stages.append(merged)
        insertedSectionItemCounts.append(insertedCounts)
      }
    }
    if !last.isEmpty {
      stages.append(last)
      insertedSectionItemCounts.append([])
    }

    let changeCount = stages.reduce(0) { $0 + $1.changeCount }
    var sourceItemCounts: [Int] = []
    sourceItemCounts.reserveCapacity(oldSectionCount)
    for section in 0..<oldSectionCount {
      sourceItemCounts.append(oldSectionStart[section + 1] - oldSectionStart[section])
    }
    return Changeset(
      stages: stages, duplicates: duplicates, target: deduplicatedTarget(),
      isReloadRecommended: options.reloadThreshold.map { changeCount > $0 } ?? false,
      sourceItemCounts: sourceItemCounts, insertedSectionItemCounts: insertedSectionItemCounts)
  }

  /// Calls `body` with each position in `range` that passes `test`, in order.
  ///
  /// The test runs on every position without a branch, 64 at a time into a bit mask, and only the
  /// positions it finds reach `body`: which items were deleted, inserted, moved or changed is random,
  /// and a branch on each item would be mispredicted for many of them.
  /// - Complexity: O(n + k) for n positions, k of them passing.
  @inlinable
  internal static func forEach(in range: Range<Int>, where test: (Int) -> Bool, _ body: (Int) -> Void) {
    var chunk = range.lowerBound
    while chunk < range.upperBound {
      let end = min(chunk + 64, range.upperBound)
      var found: UInt64 = 0
      for position in chunk..<end { found |= UInt64(test(position) ? 1 : 0) &<< (position - chunk) }
      while found != 0 {
        body(chunk + found.trailingZeroBitCount)
        found &= found - 1
      }
      chunk = end
    }
  }

  /// The target without the sections and items reported as duplicates.
  @inlinable
  internal func deduplicatedTarget() -> SectionedSnapshot<Section, Item> {
    if duplicates.targetSections.isEmpty && duplicates.targetItems.isEmpty { return target }
    var sections: [SnapshotSection<Section, Item>] = []
    sections.reserveCapacity(newSectionRaw.count)
    for section in newSectionRaw.indices {
      let given = target.sections[newSectionRaw[section]]
      var items: [Item] = []
      items.reserveCapacity(newSectionStart[section + 1] - newSectionStart[section])
      for new in newSectionStart[section]..<newSectionStart[section + 1] {
        items.append(given.items[newIndex(of: new, in: section)])
      }
      sections.append(SnapshotSection(given.section, items: items))
    }
    return SectionedSnapshot(sections: sections)
  }
}
