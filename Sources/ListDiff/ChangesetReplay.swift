/// Performs the stages of a changeset on placeholders ("slots") the way UIKit performs batch updates,
/// then fills each slot with its source value, or with the target value at its final position when it
/// was inserted or reloaded.
internal struct ChangesetReplay<Section: Identifiable & Equatable, Item: Identifiable & Equatable> {
  internal typealias Failure = ChangesetApplicationError

  /// One list state: section slots and, per section, item slots.
  internal struct State {
    internal var sections: [Int]
    internal var items: [[Int]]
  }

  internal let changeset: Changeset<Section, Item>
  internal let source: SectionedSnapshot<Section, Item>
  /// By section slot: the source section index, or -1 for an inserted section.
  internal var sectionOrigin: [Int] = []
  /// By section slot: the stage that reloaded it, or `Int.max`.
  internal var sectionReloadStage: [Int] = []
  /// By item slot: the source path, or `nil` for an inserted item.
  internal var itemOrigin: [ItemPath?] = []
  /// By item slot: the stage that reloaded it, or `Int.max`.
  internal var itemReloadStage: [Int] = []
  /// The state after each stage.
  internal var states: [State] = []
  internal var current = State(sections: [], items: [])

  internal init(changeset: Changeset<Section, Item>, source: SectionedSnapshot<Section, Item>) {
    self.changeset = changeset
    self.source = source
  }

  internal mutating func run() throws(Failure) {
    guard source.itemCounts == changeset.sourceItemCounts else {
      throw Failure(
        stage: nil,
        reason: "the source has item counts \(source.itemCounts) per section; "
          + "the changeset was computed from \(changeset.sourceItemCounts)")
    }
    for section in source.sections.indices {
      current.sections.append(newSectionSlot(origin: section))
      var slots: [Int] = []
      for index in source.sections[section].items.indices {
        slots.append(newItemSlot(origin: ItemPath(item: index, section: section)))
      }
      current.items.append(slots)
    }
    for (stage, update) in changeset.stages.enumerated() {
      let counts =
        stage < changeset.insertedSectionItemCounts.count ? changeset.insertedSectionItemCounts[stage] : []
      try perform(update, stage: stage, insertedSectionItemCounts: counts)
      states.append(current)
    }
  }

  private mutating func newSectionSlot(origin: Int) -> Int {
    sectionOrigin.append(origin)
    sectionReloadStage.append(Int.max)
    return sectionOrigin.count - 1
  }

  private mutating func newItemSlot(origin: ItemPath?) -> Int {
    itemOrigin.append(origin)
    itemReloadStage.append(Int.max)
    return itemOrigin.count - 1
  }

  private mutating func perform(
    _ update: BatchUpdate, stage: Int, insertedSectionItemCounts: [Int]
  ) throws(Failure) {
    func failure(_ reason: String) -> Failure { Failure(stage: stage, reason: reason) }
    let oldCount = current.sections.count
    var oldSectionUsed = Array(repeating: false, count: oldCount)
    var removed = Array(repeating: false, count: oldCount)
    func claimOld(_ section: Int, _ what: String) throws(Failure) {
      guard section >= 0 && section < oldCount else {
        throw failure("\(what) section \(section) is outside the \(oldCount) sections before the update")
      }
      guard !oldSectionUsed[section] else {
        throw failure("section \(section) is changed twice before the update")
      }
      oldSectionUsed[section] = true
    }
    for section in update.sectionDeletes {
      try claimOld(section, "deleted")
      removed[section] = true
    }
    for move in update.sectionMoves {
      try claimOld(move.from, "moved")
      removed[move.from] = true
    }
    for section in update.sectionReloads {
      try claimOld(section, "reloaded")
      sectionReloadStage[current.sections[section]] = min(
        sectionReloadStage[current.sections[section]], stage)
      for slot in current.items[section] { itemReloadStage[slot] = min(itemReloadStage[slot], stage) }
    }
    let newCount = oldCount - update.sectionDeletes.count + update.sectionInserts.count

    // 0: untouched, 1: reloaded (stays), 2: deleted or moved away.
    var oldPathUse = current.items.map { Array(repeating: UInt8(0), count: $0.count) }
    func claimOldPath(_ path: ItemPath, _ what: String, _ use: UInt8) throws(Failure) -> Int {
      guard
        path.section >= 0 && path.section < oldCount && path.item >= 0
          && path.item < current.items[path.section].count
      else { throw failure("\(what) item \(path) is outside the state before the update") }
      guard oldPathUse[path.section][path.item] == 0 else {
        throw failure("item \(path) is changed twice before the update")
      }
      oldPathUse[path.section][path.item] = use
      return current.items[path.section][path.item]
    }
    for path in update.itemReloads {
      let slot = try claimOldPath(path, "reloaded", 1)
      itemReloadStage[slot] = min(itemReloadStage[slot], stage)
    }
    for path in update.itemDeletes { _ = try claimOldPath(path, "deleted", 2) }
    var movedSlots: [Int] = []
    movedSlots.reserveCapacity(update.itemMoves.count)
    for move in update.itemMoves { movedSlots.append(try claimOldPath(move.from, "moved", 2)) }
    var remaining: [[Int]] = []
    remaining.reserveCapacity(oldCount)
    for section in 0..<oldCount {
      let slots = current.items[section]
      let use = oldPathUse[section]
      var kept: [Int] = []
      kept.reserveCapacity(slots.count)
      for index in 0..<slots.count where use[index] != 2 { kept.append(slots[index]) }
      remaining.append(kept)
    }

    var sections = Array(repeating: -1, count: max(newCount, 0))
    var items = Array(repeating: [Int](), count: max(newCount, 0))
    func claimNew(_ section: Int, _ what: String) throws(Failure) {
      guard section >= 0 && section < newCount else {
        throw failure(
          "\(what) section \(section) is outside the \(max(newCount, 0)) sections after the update")
      }
      guard sections[section] == -1 else {
        throw failure("section \(section) is filled twice after the update")
      }
    }
    for move in update.sectionMoves {
      try claimNew(move.to, "moved")
      sections[move.to] = current.sections[move.from]
      items[move.to] = remaining[move.from]
    }
    guard insertedSectionItemCounts.count == update.sectionInserts.count else {
      throw failure(
        "the stage inserts \(update.sectionInserts.count) sections but has item counts for \(insertedSectionItemCounts.count)"
      )
    }
    for (index, section) in update.sectionInserts.enumerated() {
      try claimNew(section, "inserted")
      sections[section] = newSectionSlot(origin: -1)
      items[section] = (0..<insertedSectionItemCounts[index]).map { _ in newItemSlot(origin: nil) }
    }
    var next = 0
    for section in 0..<oldCount where !removed[section] {
      while next < newCount && sections[next] != -1 { next += 1 }
      guard next < newCount else { throw failure("the sections after the update do not add up") }
      sections[next] = current.sections[section]
      items[next] = remaining[section]
    }

    var incoming = Array(repeating: [(index: Int, slot: Int)](), count: max(newCount, 0))
    func claimNewPath(_ path: ItemPath, _ what: String) throws(Failure) {
      guard path.section >= 0 && path.section < newCount && path.item >= 0 else {
        throw failure("\(what) item \(path) is outside the state after the update")
      }
    }
    for path in update.itemInserts {
      try claimNewPath(path, "inserted")
      incoming[path.section].append((path.item, newItemSlot(origin: nil)))
    }
    for (index, move) in update.itemMoves.enumerated() {
      try claimNewPath(move.to, "moved")
      incoming[move.to.section].append((move.to.item, movedSlots[index]))
    }
    for section in 0..<max(newCount, 0) where !incoming[section].isEmpty {
      let total = items[section].count + incoming[section].count
      var placed = Array(repeating: -1, count: total)
      for entry in incoming[section] {
        guard entry.index < total else {
          throw failure(
            "item [\(section), \(entry.index)] is outside the \(total) items of section \(section) after the update"
          )
        }
        guard placed[entry.index] == -1 else {
          throw failure("item [\(section), \(entry.index)] is filled twice after the update")
        }
        placed[entry.index] = entry.slot
      }
      var rest = items[section].makeIterator()
      for index in 0..<total where placed[index] == -1 {
        guard let slot = rest.next() else { throw failure("the items of section \(section) do not add up") }
        placed[index] = slot
      }
      items[section] = placed
    }
    current = State(sections: sections, items: items)
  }

  /// Fills every state's slots with values.
  internal func materializeAll() throws(Failure) -> [SectionedSnapshot<Section, Item>] {
    let target = changeset.target
    guard let final = states.last else { return [] }
    guard final.items.map(\.count) == target.itemCounts else {
      throw Failure(
        stage: nil,
        reason:
          "the stages end with item counts \(final.items.map(\.count)); the target has \(target.itemCounts)")
    }
    var sectionFinal = Array(repeating: -1, count: sectionOrigin.count)
    var itemFinal = Array(repeating: ItemPath?.none, count: itemOrigin.count)
    for section in 0..<final.sections.count {
      sectionFinal[final.sections[section]] = section
      let items = final.items[section]
      for index in 0..<items.count { itemFinal[items[index]] = ItemPath(item: index, section: section) }
    }
    var result: [SectionedSnapshot<Section, Item>] = []
    for stage in 0..<states.count {
      let state = states[stage]
      var sections: [SnapshotSection<Section, Item>] = []
      sections.reserveCapacity(state.sections.count)
      for position in 0..<state.sections.count {
        let slot = state.sections[position]
        let header: Section
        if sectionOrigin[slot] >= 0 && sectionReloadStage[slot] > stage {
          header = source.sections[sectionOrigin[slot]].section
        } else if sectionFinal[slot] >= 0 {
          header = target.sections[sectionFinal[slot]].section
        } else {
          throw Failure(
            stage: stage, reason: "section \(position) is inserted or reloaded but not in the target")
        }
        var items: [Item] = []
        let slots = state.items[position]
        items.reserveCapacity(slots.count)
        for index in 0..<slots.count {
          let item = slots[index]
          if let origin = itemOrigin[item], itemReloadStage[item] > stage {
            items.append(source.sections[origin.section].items[origin.item])
          } else if let path = itemFinal[item] {
            items.append(target.sections[path.section].items[path.item])
          } else {
            throw Failure(
              stage: stage,
              reason: "item [\(position), \(index)] is inserted or reloaded but not in the target")
          }
        }
        sections.append(SnapshotSection(header, items: items))
      }
      result.append(SectionedSnapshot(sections: sections))
    }
    return result
  }
}
