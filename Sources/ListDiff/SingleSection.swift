/// The one section of a list that has no sections of its own.
///
/// Use it as the `Section` of a ``SectionedSnapshot`` built with ``SectionedSnapshot/init(items:)``.
public struct SingleSection: Identifiable, Hashable, Sendable {
  /// The identity of the only section; always `0`.
  public var id: Int { 0 }

  /// Creates the section.
  public init() {}
}

extension SectionedSnapshot where Section == SingleSection {
  /// Creates a snapshot of one section holding the given items.
  /// - Parameter items: The items, in display order.
  @inlinable
  public init(items: [Item]) {
    self.init(sections: [SnapshotSection(SingleSection(), items: items)])
  }

  /// The items of the only section (empty when the snapshot has no section).
  public var items: [Item] {
    sections.first?.items ?? []
  }
}
