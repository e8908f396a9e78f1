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
    // An empty changeset has no state to show; `apply(_:to:)` checks the source in that case.
    if stages.isEmpty { return [] }
    var replay = ChangesetReplay(changeset: self, source: source.removingDuplicates())
    try replay.run()
    return try replay.materializeAll()
  }
}

/// Applies a changeset to the snapshot it was computed from, reproducing the changeset's target.
///
/// Users can check their own updates with it: `try apply(diff(from: a, to: b), to: a) == diff(...).target`.
///
/// - Parameters:
///   - changeset: The changes, from ``diff(from:to:options:)``.
///   - source: The snapshot the changeset was computed from.
/// - Returns: The state after the last stage; the deduplicated source when nothing changed.
/// - Throws: ``ChangesetApplicationError`` when `source` does not fit the changeset.
/// - Complexity: O((n + m) · s), where n and m are the element counts and s the number of stages.
public func apply<Section, Item>(
  _ changeset: Changeset<Section, Item>, to source: SectionedSnapshot<Section, Item>
) throws(ChangesetApplicationError) -> SectionedSnapshot<Section, Item> {
  if changeset.stages.isEmpty && source == changeset.target { return source }
  let deduplicated = source.removingDuplicates()
  if changeset.stages.isEmpty {
    guard deduplicated.itemCounts == changeset.sourceItemCounts else {
      throw ChangesetApplicationError(
        stage: nil,
        reason: "the source has item counts \(deduplicated.itemCounts) per section; "
          + "the changeset was computed from \(changeset.sourceItemCounts)")
    }
    return deduplicated
  }
  return try changeset.snapshots(applyingTo: source).last ?? deduplicated
}
