/// The updates that turn one ``SectionedSnapshot`` into another, as batches a list view accepts.
///
/// Perform the ``stages`` in order, each in its own `performBatchUpdates`. As UIKit requires, the
/// data source must already answer with the state *after* a stage when the stage is performed: the
/// element `k` of ``snapshots(applyingTo:)`` for stage `k` (the last one is ``target``). Most
/// changes need one stage; see the guide *Diffing* for when a second or third is used.
///
/// The changeset relates the *deduplicated* snapshots (see ``DuplicateReport``): a list view must
/// show ``target``, not the target as passed to the diff.
public struct Changeset<Section: Identifiable & Equatable, Item: Identifiable & Equatable> {
  /// The batches to perform, in order; empty when nothing changed.
  public internal(set) var stages: [BatchUpdate]
  /// The sections and items dropped from either snapshot because their id occurred earlier.
  public internal(set) var duplicates: DuplicateReport
  /// The target snapshot without its duplicates: what the list shows after the last stage.
  public internal(set) var target: SectionedSnapshot<Section, Item>
  /// Whether the change count exceeds ``DiffOptions/reloadThreshold``, so that reloading the whole
  /// list reads better than animating every change.
  public internal(set) var isReloadRecommended: Bool

  /// The item count of each deduplicated source section, to recognise the source in `apply`.
  @usableFromInline internal var sourceItemCounts: [Int]
  /// For each stage, the item count each inserted section arrives with, in `sectionInserts` order.
  @usableFromInline internal var insertedSectionItemCounts: [[Int]]

  @usableFromInline
  internal init(
    stages: [BatchUpdate], duplicates: DuplicateReport, target: SectionedSnapshot<Section, Item>,
    isReloadRecommended: Bool, sourceItemCounts: [Int], insertedSectionItemCounts: [[Int]]
  ) {
    self.stages = stages
    self.duplicates = duplicates
    self.target = target
    self.isReloadRecommended = isReloadRecommended
    self.sourceItemCounts = sourceItemCounts
    self.insertedSectionItemCounts = insertedSectionItemCounts
  }

  /// The number of changes over all stages (a moved item whose content changed counts twice).
  public var changeCount: Int {
    stages.reduce(0) { $0 + $1.changeCount }
  }

  /// Whether the two snapshots show the same thing.
  public var isEmpty: Bool { stages.isEmpty }
}

extension Changeset: Equatable {}

extension Changeset: Sendable where Section: Sendable, Item: Sendable {}
