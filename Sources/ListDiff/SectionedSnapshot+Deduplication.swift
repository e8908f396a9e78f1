extension SectionedSnapshot {
  /// The snapshot without later duplicates: the rule of ``DuplicateReport``.
  ///
  /// - Complexity: O(n) expected, where n is the number of sections and items.
  internal func removingDuplicates() -> SectionedSnapshot {
    deduplicated().snapshot
  }

  /// The snapshot without later duplicates, and the positions dropped: the rule of
  /// ``DuplicateReport`` (the first occurrence of an id is kept; a dropped section is dropped with
  /// its items, which are not listed one by one).
  ///
  /// - Returns: The deduplicated snapshot, the indexes of dropped sections and the paths of
  ///   dropped items, in positions of this snapshot.
  /// - Complexity: O(n) expected, where n is the number of sections and items.
  package func deduplicated() -> (snapshot: SectionedSnapshot, sections: [Int], items: [ItemPath]) {
    var sectionIDs = Set<Section.ID>(minimumCapacity: sections.count)
    var itemIDs = Set<Item.ID>(minimumCapacity: itemCount)
    var kept: [SnapshotSection<Section, Item>] = []
    var droppedSections: [Int] = []
    var droppedItems: [ItemPath] = []
    kept.reserveCapacity(sections.count)
    for (sectionIndex, section) in sections.enumerated() {
      guard sectionIDs.insert(section.section.id).inserted else {
        droppedSections.append(sectionIndex)
        continue
      }
      var items: [Item] = []
      items.reserveCapacity(section.items.count)
      for (itemIndex, item) in section.items.enumerated() {
        if itemIDs.insert(item.id).inserted {
          items.append(item)
        } else {
          droppedItems.append(ItemPath(item: itemIndex, section: sectionIndex))
        }
      }
      kept.append(SnapshotSection(section.section, items: items))
    }
    return (SectionedSnapshot(sections: kept), droppedSections, droppedItems)
  }
}
