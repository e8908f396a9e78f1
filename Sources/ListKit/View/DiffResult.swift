/// A diff computed for an update, with the states between its stages when there are several:
/// everything an update needs that can be computed off the main actor.
struct DiffResult<Section: Identifiable & Equatable, Item: Identifiable & Equatable> {
  /// The diff.
  var changeset: Changeset<Section, Item>
  /// The state after each stage, when there are several stages to perform; empty for none.
  ///
  /// `nil` after a single stage (whose state is the changeset's target), past the reload
  /// threshold, or when they cannot be derived.
  var intermediateStates: [SectionedSnapshot<Section, Item>]?

  /// Diffs `source` against `target`.
  /// - Complexity: The diff's, plus O(n) for n rows when there are several stages.
  init(
    source: SectionedSnapshot<Section, Item>, target: SectionedSnapshot<Section, Item>, options: DiffOptions
  ) {
    changeset = target.difference(from: source, options: options)
    switch changeset.stages.count {
    case 0: intermediateStates = []  // nothing to perform: no reload either
    case 1: intermediateStates = nil
    default:
      intermediateStates = changeset.isReloadRecommended ? nil : try? changeset.snapshots(applyingTo: source)
    }
  }
}

extension DiffResult: Sendable where Section: Sendable, Item: Sendable {}
