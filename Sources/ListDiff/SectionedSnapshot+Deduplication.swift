extension SectionedSnapshot {
  /// The snapshot without later duplicates: the rule of ``DuplicateReport``.
  ///
  /// - Complexity: O(n) expected, where n is the number of sections and items.
  internal func removingDuplicates() -> SectionedSnapshot {
    var sectionIDs = Set<Section.ID>(minimumCapacity: sections.count)
    var itemIDs = Set<Item.ID>(minimumCapacity: itemCount)
    var kept: [SnapshotSection<Section, Item>] = []
    kept.reserveCapacity(sections.count)
    for section in sections where sectionIDs.insert(section.section.id).inserted {
      kept.append(
        SnapshotSection(section.section, items: section.items.filter { itemIDs.insert($0.id).inserted }))
    }
    return SectionedSnapshot(sections: kept)
  }
}
