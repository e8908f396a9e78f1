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

  /// Performs one stage on the slots: the shared model of a batch update checks it against the
  /// counts before it and says where every slot goes.
  private mutating func perform(
    _ update: BatchUpdate, stage: Int, insertedSectionItemCounts: [Int]
  ) throws(Failure) {
    let validated: ValidatedBatchUpdate
    do {
      validated = try ValidatedBatchUpdate(
        update, oldItemCounts: current.items.map(\.count),
        insertedSectionItemCounts: insertedSectionItemCounts)
    } catch {
      throw Failure(stage: stage, rejection: error)
    }
    for section in update.sectionReloads {
      let slot = current.sections[section]
      sectionReloadStage[slot] = min(sectionReloadStage[slot], stage)
      for slot in current.items[section] { itemReloadStage[slot] = min(itemReloadStage[slot], stage) }
    }
    for path in update.itemReloads {
      // A reload inside a deleted or reloaded section is dropped with it.
      guard validated.newSection(forOldSection: path.section) != nil,
        !validated.isOldSectionReloaded[path.section]
      else { continue }
      let slot = current.items[path.section][path.item]
      itemReloadStage[slot] = min(itemReloadStage[slot], stage)
    }
    let after = validated.afterState(
      sections: current.sections, rows: current.items,
      insertedSection: { _ in newSectionSlot(origin: -1) }, insertedRow: { _ in newItemSlot(origin: nil) })
    current = State(sections: after.sections, items: after.rows)
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
