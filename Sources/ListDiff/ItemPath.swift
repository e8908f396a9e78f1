/// The position of one item in a sectioned list: a section index and an item index inside it.
///
/// `ItemPath` is ListKit's platform-neutral stand-in for `IndexPath` (whose `section` and `row`
/// exist only on Apple platforms). The UIKit layer converts at its edge.
///
/// Paths order by section first, then by item, which is the order rows appear on screen.
public struct ItemPath: Hashable, Sendable {
  /// The index of the section.
  public var section: Int
  /// The index of the item inside its section (a table view's row).
  public var item: Int

  /// Creates a path.
  /// - Parameters:
  ///   - item: The index of the item inside its section.
  ///   - section: The index of the section.
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }
}

extension ItemPath: Comparable {
  /// Orders paths as rows appear on screen: by section, then by item.
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}

extension ItemPath: CustomStringConvertible {
  /// The path as `[section, item]`, the way UIKit prints index paths.
  public var description: String { "[\(section), \(item)]" }
}

extension ItemPath: Codable {}
