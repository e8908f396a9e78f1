/// The content of a sectioned list at one moment: an ordered list of sections, each holding ordered items.
///
/// Identity is `Identifiable.id`, content is `Equatable`: a section or item whose `id` is present in
/// two snapshots is the same element, and if it compares unequal it was updated.
/// Item ids are global to the snapshot, so an item may move from one section to another.
///
/// A snapshot may hold duplicate ids; ``SectionedSnapshot/difference(from:options:)`` then keeps the first occurrence and
/// reports the others (see ``DuplicateReport``).
public struct SectionedSnapshot<Section: Identifiable & Equatable, Item: Identifiable & Equatable> {
  /// The sections, in display order.
  public var sections: [SnapshotSection<Section, Item>]

  /// Creates a snapshot from its sections.
  /// - Parameter sections: The sections, in display order.
  @inlinable
  public init(sections: [SnapshotSection<Section, Item>] = []) {
    self.sections = sections
  }

  /// The total number of items over all sections.
  ///
  /// - Complexity: O(number of sections).
  public var itemCount: Int {
    sections.reduce(0) { $0 + $1.items.count }
  }

  /// The number of items in each section, in section order.
  public var itemCounts: [Int] {
    sections.map { $0.items.count }
  }

  /// The item at a path, or `nil` when the path is outside the snapshot.
  /// - Parameter path: The path of the item.
  /// - Returns: The item, or `nil` for an out-of-range path.
  public func item(at path: ItemPath) -> Item? {
    guard sections.indices.contains(path.section) else { return nil }
    let items = sections[path.section].items
    return items.indices.contains(path.item) ? items[path.item] : nil
  }
}

extension SectionedSnapshot: Equatable {}

extension SectionedSnapshot: Sendable where Section: Sendable, Item: Sendable {}
