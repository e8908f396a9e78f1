extension SectionedSnapshot where Section: Equatable, Item: Equatable {
  /// Applies a changeset computed from this snapshot, reproducing the changeset's target.
  ///
  /// Users can check their own updates with it:
  /// `try shown.applying(latest.difference(from: shown)) == latest` (without duplicates).
  ///
  /// - Parameter changeset: The changes, from ``difference(from:options:)`` called on the target
  ///   with this snapshot as the source.
  /// - Returns: The state after the last stage; this snapshot without duplicates when nothing
  ///   changed.
  /// - Throws: ``ChangesetApplicationError`` when this snapshot does not fit the changeset.
  /// - Complexity: O((n + m) · s), where n and m are the element counts and s the number of stages.
  public func applying(
    _ changeset: Changeset<Section, Item>
  ) throws(ChangesetApplicationError) -> SectionedSnapshot {
    if changeset.stages.isEmpty && self == changeset.target { return self }
    let deduplicated = removingDuplicates()
    if changeset.stages.isEmpty {
      guard deduplicated.itemCounts == changeset.sourceItemCounts else {
        throw ChangesetApplicationError(
          stage: nil,
          reason: "the source has item counts \(deduplicated.itemCounts) per section; "
            + "the changeset was computed from \(changeset.sourceItemCounts)")
      }
      return deduplicated
    }
    return try changeset.snapshots(applyingTo: self).last ?? deduplicated
  }
}
