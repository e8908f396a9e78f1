extension ArrayDataSource where Item: Identifiable & Equatable & Sendable {
  /// Replaces the items of a one-section data source, animating the difference; a large change
  /// is diffed off the main actor.
  ///
  /// Items without an identity, or not `Sendable`, cannot be animated: ``replaceItems(_:)``
  /// reloads instead.
  ///
  /// Items are matched by `id`; a kept item whose value changed is reloaded. Later items that
  /// repeat an earlier `id` are left out and reported as
  /// ``ListDiagnostic/Kind/duplicateIdentifier(_:)``. Past ``reloadThreshold`` changes, or when
  /// the view rejects the batch, the view reloads instead.
  ///
  /// When the items before and after number several thousand, the diff runs on a background
  /// task and ``sections`` (what the view is told about) changes only when its result is
  /// applied, on the main actor. Replacements asked for meanwhile wait and coalesce (the latest
  /// wins) and reach the view in order; await ``updatesApplied()`` to know they did.
  /// - Parameters:
  ///   - items: The new items.
  ///   - animated: Whether to animate; `false` reloads at once, and drops a replacement still
  ///     being diffed.
  /// - Complexity: Expected O(n + m) for n old and m new items, off the main actor when large.
  public func setItems(_ items: [Item], animated: Bool = true) {
    setSections([items], animated: animated)
  }

  /// Replaces the sections, animating the difference; a large change is diffed off the main
  /// actor (see `setItems(_:animated:)`).
  /// - Parameters:
  ///   - sections: The new items of each section.
  ///   - animated: Whether to animate; `false` reloads at once, and drops a replacement still
  ///     being diffed.
  /// - Complexity: Expected O(n + m) for n old and m new items, off the main actor when large.
  public func setSections(_ sections: [[Item]], animated: Bool = true) {
    guard animated, listView != nil else {
      updates.cancelAll()
      let result = DiffResult(
        source: Self.snapshot(of: self.sections), target: Self.snapshot(of: sections),
        options: DiffOptions(reloadThreshold: reloadThreshold))
      show(result, of: sections, animated: animated)
      return
    }
    updates.enqueue { [weak self] in
      guard let self else { return }
      updates.runDiff(
        from: Self.snapshot(of: self.sections), to: Self.snapshot(of: sections),
        options: DiffOptions(reloadThreshold: reloadThreshold)
      ) { [weak self] result in
        self?.show(result, of: sections, animated: true)
      }
    }
  }

  /// Shows a diff of ``sections`` against `target`: its stages, each with its state, or a reload.
  func show(_ result: DiffResult<SectionIndex, Item>, of target: [[Item]], animated: Bool) {
    let changeset = result.changeset
    for path in changeset.duplicates.targetItems {
      report(
        .duplicateIdentifier("item id \(target[path.section][path.item].id) at \(path)"), in: "setSections")
    }
    let shown = changeset.target.sections.map(\.items)
    StageDriver.perform(
      changeset.stages, on: listView, animated: animated, reloadRecommended: changeset.isReloadRecommended,
      states: {
        changeset.stages.count == 1
          ? [shown] : result.intermediateStates.map { $0.map { $0.sections.map(\.items) } }
      },
      show: { self.sections = $0 }, finish: { self.sections = shown },
      showTarget: { self.sections = shown },
      reportRejection: { report(.batchUpdateRejected($0), in: "setSections") })
  }

  static func snapshot(of sections: [[Item]]) -> SectionedSnapshot<SectionIndex, Item> {
    SectionedSnapshot(
      sections: sections.enumerated().map { SnapshotSection(SectionIndex(id: $0.offset), items: $0.element) })
  }
}

/// The identity of an ``ArrayDataSource`` section: its position.
struct SectionIndex: Identifiable, Hashable, Sendable {
  var id: Int
}
