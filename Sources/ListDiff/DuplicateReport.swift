/// The sections and items that the diff dropped because their id had already occurred in the same snapshot.
///
/// The rule is deterministic: walking a snapshot in display order (section by section, item by item),
/// the first occurrence of an id is kept and every later one is dropped. A dropped section is dropped
/// with all its items (they are not reported one by one). Item ids are compared across the whole
/// snapshot, since items may move between sections. Positions are those of the snapshot as given.
public struct DuplicateReport: Hashable, Sendable {
  /// Indexes of the source sections dropped as duplicates.
  public var sourceSections: [Int]
  /// Indexes of the target sections dropped as duplicates.
  public var targetSections: [Int]
  /// Paths of the source items dropped as duplicates.
  public var sourceItems: [ItemPath]
  /// Paths of the target items dropped as duplicates.
  public var targetItems: [ItemPath]

  /// Creates a report.
  /// - Parameters:
  ///   - sourceSections: Indexes of dropped source sections.
  ///   - targetSections: Indexes of dropped target sections.
  ///   - sourceItems: Paths of dropped source items.
  ///   - targetItems: Paths of dropped target items.
  @inlinable
  package init(
    sourceSections: [Int] = [], targetSections: [Int] = [], sourceItems: [ItemPath] = [],
    targetItems: [ItemPath] = []
  ) {
    self.sourceSections = sourceSections
    self.targetSections = targetSections
    self.sourceItems = sourceItems
    self.targetItems = targetItems
  }

  /// Whether neither snapshot had a duplicate.
  public var isEmpty: Bool {
    sourceSections.isEmpty && targetSections.isEmpty && sourceItems.isEmpty && targetItems.isEmpty
  }
}
