/// One section of a ``SectionedSnapshot``: the section's own value (its identity and content, such as a
/// header) and its items in display order.
public struct SnapshotSection<Section: Identifiable & Equatable, Item: Identifiable & Equatable> {
  /// The section's value; `id` is its identity, `==` compares its content.
  public var section: Section
  /// The items of the section, in display order.
  public var items: [Item]

  /// Creates a section.
  /// - Parameters:
  ///   - section: The section's value.
  ///   - items: The items of the section, in display order.
  @inlinable
  public init(_ section: Section, items: [Item]) {
    self.section = section
    self.items = items
  }
}

extension SnapshotSection: Equatable {}

extension SnapshotSection: Sendable where Section: Sendable, Item: Sendable {}
