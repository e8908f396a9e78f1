extension ArrayDataSource where Item: Identifiable & Equatable {
  /// Replaces the items of a one-section data source, animating the difference.
  ///
  /// Items are matched by `id`; a kept item whose value changed is reloaded. Later items that
  /// repeat an earlier `id` are left out and reported as
  /// ``ListDiagnostic/Kind/duplicateIdentifier(_:)``. Past ``reloadThreshold`` changes, or when
  /// the view rejects the batch, the view reloads instead.
  /// - Parameters:
  ///   - items: The new items.
  ///   - animated: Whether to animate; `false` reloads.
  /// - Complexity: Expected O(n + m) for n old and m new items.
  public func setItems(_ items: [Item], animated: Bool = true) {
    setSections([items], animated: animated)
  }

  /// Replaces the sections, animating the difference (see `setItems(_:animated:)`).
  /// - Parameters:
  ///   - sections: The new items of each section.
  ///   - animated: Whether to animate; `false` reloads.
  /// - Complexity: Expected O(n + m) for n old and m new items.
  public func setSections(_ sections: [[Item]], animated: Bool = true) {
    let source = Self.snapshot(of: self.sections)
    let changeset = Self.snapshot(of: sections).difference(
      from: source, options: DiffOptions(reloadThreshold: reloadThreshold))
    for path in changeset.duplicates.targetItems {
      report(
        .duplicateIdentifier("item id \(sections[path.section][path.item].id) at \(path)"), in: "setSections")
    }
    let target = changeset.target.sections.map(\.items)
    StageDriver.perform(
      changeset.stages, on: listView, animated: animated, reloadRecommended: changeset.isReloadRecommended,
      states: { try? changeset.snapshots(applyingTo: source).map { $0.sections.map(\.items) } },
      show: { self.sections = $0 }, finish: { self.sections = target },
      showTarget: { self.sections = target },
      reportRejection: { report(.batchUpdateRejected($0), in: "setSections") })
  }

  private static func snapshot(of sections: [[Item]]) -> SectionedSnapshot<SectionIndex, Item> {
    SectionedSnapshot(
      sections: sections.enumerated().map { SnapshotSection(SectionIndex(id: $0.offset), items: $0.element) })
  }
}

/// The identity of an ``ArrayDataSource`` section: its position.
struct SectionIndex: Identifiable, Hashable, Sendable {
  var id: Int
}
