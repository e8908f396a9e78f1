extension SectionedSnapshot {
  /// Computes the batch updates that turn another snapshot into this one.
  ///
  /// Sections and items are matched by `id`; a match whose content compares unequal is reloaded.
  /// Within a section, the items kept in place are one longest run whose old order is preserved, so the
  /// number of item moves is the fewest possible; an item that changes section is always a move.
  /// Every stage of the result is valid for `UITableView.performBatchUpdates(_:completion:)` and
  /// `UICollectionView.performBatchUpdates(_:completion:)`.
  ///
  /// Duplicate ids are dropped, first occurrence kept, and reported in ``Changeset/duplicates``.
  /// An item whose old section is deleted is deleted with it and inserted at its new place.
  /// Two snapshots that are equal element for element are recognised by one comparison scan, without
  /// hashing: the result is empty and its ``Changeset/target`` is this snapshot as given (duplicates
  /// are not searched, since the list already shows exactly that).
  ///
  ///     let changes = latest.difference(from: shown, options: DiffOptions(reloadThreshold: 300))
  ///
  /// - Parameters:
  ///   - source: The snapshot the list shows now; this snapshot is the one it should show.
  ///   - options: Settings such as the change count past which a full reload is recommended.
  /// - Returns: The staged changes, the deduplicated target and the duplicates found.
  /// - Complexity: O(n) comparisons when the snapshots are equal; otherwise expected O(n + m) hashing
  ///   and comparing, where n and m are the element counts (sections plus items) of the snapshots, plus
  ///   O(k log k) to order the k items of a section that are reordered (O(k) when none is).
  ///   Memory O(n + m).
  @inlinable
  public func difference(
    from source: SectionedSnapshot, options: DiffOptions = DiffOptions()
  ) -> Changeset<Section, Item> {
    if source.sections == sections {
      return Changeset(
        stages: [], duplicates: DuplicateReport(), target: self, isReloadRecommended: false,
        sourceItemCounts: source.itemCounts, insertedSectionItemCounts: [])
    }
    var differ = SectionedDiffer(source: source, target: self)
    return differ.run(options: options)
  }
}
