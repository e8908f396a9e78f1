extension Changeset {
  /// The state a list shows after each stage, computed by performing the stages on `source` the way
  /// UIKit performs batch updates.
  ///
  /// Element `k` is the state after stage `k`: make the data source answer with it, then perform
  /// stage `k` (UIKit asks for the new state during a batch update). The last element equals
  /// ``target``. Kept elements keep their `source` value until a reload, so a
  /// changeset that misses an update or misplaces an element yields a last element unequal to the target.
  ///
  /// - Parameter source: The snapshot the changeset was computed from (duplicates are dropped as the
  ///   diff dropped them).
  /// - Returns: One snapshot per stage; empty when the changeset is empty.
  /// - Throws: ``ChangesetApplicationError`` when `source` is not the snapshot the changeset was
  ///   computed from, or a stage addresses an index outside the state it applies to.
  /// - Complexity: O((n + m) · s), where n and m are the element counts and s the number of stages.
  public func snapshots(
    applyingTo source: SectionedSnapshot<Section, Item>
  ) throws(ChangesetApplicationError) -> [SectionedSnapshot<Section, Item>] {
    // An empty changeset has no state to show; `SectionedSnapshot.applying(_:)` checks the source in that case.
    if stages.isEmpty { return [] }
    var replay = ChangesetReplay(changeset: self, source: source.removingDuplicates())
    try replay.run()
    return try replay.materializeAll()
  }
}
