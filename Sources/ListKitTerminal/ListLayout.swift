import ListKit

/// Where every header, item and footer of a list sits, in lines from the top of the content.
///
/// Built from the counts and heights the data source and delegate give, once per reload, so
/// that finding what is on screen is a binary search and cells are asked for only there.
struct ListLayout {
  enum Kind: Hashable {
    case header(Int)
    case item(ItemPath)
    case footer(Int)
  }

  struct Entry {
    var kind: Kind
    /// The first line, from the top of the content.
    var top: Int
    /// The number of lines (0 for an item the delegate made invisible).
    var height: Int
    var bottom: Int { top + height }
  }

  /// Headers and footers of height 0 are left out; every item has an entry.
  private(set) var entries: [Entry] = []
  /// The number of items in each section.
  private(set) var itemCounts: [Int] = []
  /// The index in ``entries`` of each section's first item.
  private var firstItemEntry: [Int] = []

  init() {}

  /// Lays out sections.
  /// - Parameters:
  ///   - itemCounts: The number of items per section (negative counts as 0).
  ///   - headerHeight: The lines of a section's header (0 for none).
  ///   - itemHeight: The lines of an item (negative counts as 0).
  ///   - footerHeight: The lines of a section's footer (0 for none).
  init(
    itemCounts: [Int], headerHeight: (Int) -> Int, itemHeight: (ItemPath) -> Int,
    footerHeight: (Int) -> Int
  ) {
    self.itemCounts = itemCounts.map { max(0, $0) }
    var top = 0
    entries.reserveCapacity(self.itemCounts.reduce(0, +) + 2 * itemCounts.count)
    for (section, count) in self.itemCounts.enumerated() {
      let header = max(0, headerHeight(section))
      if header > 0 {
        entries.append(Entry(kind: .header(section), top: top, height: header))
        top += header
      }
      firstItemEntry.append(entries.count)
      for item in 0..<count {
        let path = ItemPath(item: item, section: section)
        let height = max(0, itemHeight(path))
        entries.append(Entry(kind: .item(path), top: top, height: height))
        top += height
      }
      let footer = max(0, footerHeight(section))
      if footer > 0 {
        entries.append(Entry(kind: .footer(section), top: top, height: footer))
        top += footer
      }
    }
  }

  /// The total number of lines.
  var contentHeight: Int { entries.last?.bottom ?? 0 }

  /// Whether a path names an item of this layout.
  func contains(_ path: ItemPath) -> Bool {
    itemCounts.indices.contains(path.section) && (0..<itemCounts[path.section]).contains(path.item)
  }

  /// The entry of an item.
  /// - Complexity: O(1).
  func entry(for path: ItemPath) -> Entry? {
    guard contains(path) else { return nil }
    return entries[firstItemEntry[path.section] + path.item]
  }

  /// The index in ``entries`` of an item.
  func entryIndex(for path: ItemPath) -> Int? {
    contains(path) ? firstItemEntry[path.section] + path.item : nil
  }

  /// The indexes of the entries that show at least one line between `top` and `top + height`.
  /// - Complexity: O(log n + k) for k entries on screen.
  func visibleEntryIndexes(top: Int, height: Int) -> [Int] {
    guard height > 0 else { return [] }
    // The first entry whose bottom is below `top`.
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].bottom <= top { low = middle + 1 } else { high = middle }
    }
    var result: [Int] = []
    var index = low
    while index < entries.count, entries[index].top < top + height {
      if entries[index].height > 0 { result.append(index) }
      index += 1
    }
    return result
  }

  /// The items after (or before) an entry, in display order, up to a number.
  func items(after entryIndex: Int, count: Int, forward: Bool) -> [ItemPath] {
    var result: [ItemPath] = []
    var index = entryIndex
    while result.count < count {
      index += forward ? 1 : -1
      guard entries.indices.contains(index) else { break }
      if case .item(let path) = entries[index].kind { result.append(path) }
    }
    return result
  }

  /// All item paths, in display order.
  var allItemPaths: [ItemPath] {
    entries.compactMap { entry in
      if case .item(let path) = entry.kind { return path }
      return nil
    }
  }
}
