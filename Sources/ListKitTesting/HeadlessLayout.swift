import ListKit

/// The geometry of a headless table: every section's header, rows and footer stacked top to
/// bottom, with heights kept in a Fenwick tree of prefix sums.
///
/// The tree makes both "what is at offset y" and "this row's real height replaces its
/// estimate" O(log n), so scrolling a table of 100,000 rows costs a few dozen steps per frame.
/// Elements are numbered in display order: section `s` starts at element
/// `firstRow[s] + 2 * s` (its header), its rows follow, then its footer.
struct HeadlessLayout {
  /// One thing stacked in the table.
  enum Element: Equatable {
    case header(Int)
    case row(ItemPath, global: Int)
    case footer(Int)
  }

  private(set) var itemCounts: [Int]
  /// The global index of the first row of each section, plus the total row count at the end.
  private(set) var firstRow: [Int]
  private var heights: [Double]
  private var tree: [Double]  // Fenwick tree, 1-based
  /// Global rows whose height is still an estimate.
  private(set) var estimatedRows: Set<Int> = []

  init() {
    itemCounts = []
    firstRow = [0]
    heights = []
    tree = [0]
  }

  /// Builds the layout; `heights` are in element order (see the type's discussion).
  init(itemCounts: [Int], heights: [Double], estimatedRows: Set<Int>) {
    self.itemCounts = itemCounts
    var first = [Int]()
    first.reserveCapacity(itemCounts.count + 1)
    var total = 0
    for count in itemCounts {
      first.append(total)
      total += count
    }
    first.append(total)
    firstRow = first
    self.heights = heights
    self.estimatedRows = estimatedRows
    // O(n) Fenwick construction.
    var tree = [Double](repeating: 0, count: heights.count + 1)
    for index in stride(from: 1, through: heights.count, by: 1) {
      tree[index] += heights[index - 1]
      let parent = index + (index & -index)
      if parent <= heights.count { tree[parent] += tree[index] }
    }
    self.tree = tree
  }

  var sectionCount: Int { itemCounts.count }
  var rowCount: Int { firstRow[firstRow.count - 1] }
  var elementCount: Int { heights.count }
  var contentHeight: Double { top(ofElement: heights.count) }

  func elementIndex(ofHeader section: Int) -> Int { firstRow[section] + 2 * section }
  func elementIndex(ofFooter section: Int) -> Int { firstRow[section + 1] + 2 * section + 1 }
  func elementIndex(ofRow global: Int, section: Int) -> Int { global + 2 * section + 1 }

  func globalRow(of path: ItemPath) -> Int { firstRow[path.section] + path.item }

  func contains(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < itemCounts.count && path.item >= 0
      && path.item < itemCounts[path.section]
  }

  /// The section that holds a global row.
  ///
  /// - Complexity: O(log sections).
  func section(ofGlobalRow global: Int) -> Int {
    var low = 0
    var high = itemCounts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if firstRow[middle] <= global { low = middle } else { high = middle - 1 }
    }
    return low
  }

  func path(ofGlobalRow global: Int) -> ItemPath {
    let section = section(ofGlobalRow: global)
    return ItemPath(item: global - firstRow[section], section: section)
  }

  func height(ofElement index: Int) -> Double { heights[index] }

  /// The offset of the top of an element (or the content height for `elementCount`).
  /// - Complexity: O(log n).
  func top(ofElement index: Int) -> Double {
    var sum = 0.0
    var position = index
    while position > 0 {
      sum += tree[position]
      position -= position & -position
    }
    return sum
  }

  /// The element that contains offset `y`, or `elementCount` when `y` is past the end.
  /// - Complexity: O(log n).
  func element(at y: Double) -> Int {
    var position = 0
    var remaining = y
    var step = 1
    while step * 2 <= heights.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next <= heights.count && tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return position
  }

  /// Replaces an element's height.
  ///
  /// - Complexity: O(log n).
  mutating func setHeight(_ height: Double, ofElement index: Int) {
    let delta = height - heights[index]
    heights[index] = height
    var position = index + 1
    while position < tree.count {
      tree[position] += delta
      position += position & -position
    }
  }

  mutating func resolveEstimate(ofGlobalRow global: Int, height: Double) {
    estimatedRows.remove(global)
    let section = section(ofGlobalRow: global)
    setHeight(height, ofElement: elementIndex(ofRow: global, section: section))
  }

  /// The elements with a positive height that intersect `lower..<upper`, in display order.
  /// - Complexity: O(log n + k) for k elements returned (plus zero-height ones skipped).
  func elements(from lower: Double, to upper: Double) -> [Element] {
    guard upper > lower, !heights.isEmpty else { return [] }
    var index = element(at: max(lower, 0))
    guard index < heights.count else { return [] }
    var top = top(ofElement: index)
    var section = sectionOfElement(index)
    var result: [Element] = []
    while index < heights.count && top < upper {
      let height = heights[index]
      if height > 0 && top + height > lower {
        result.append(kind(ofElement: index, section: section))
      }
      top += height
      if index == elementIndex(ofFooter: section) { section += 1 }
      index += 1
    }
    return result
  }

  private func sectionOfElement(_ index: Int) -> Int {
    var low = 0
    var high = itemCounts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if elementIndex(ofHeader: middle) <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  private func kind(ofElement index: Int, section: Int) -> Element {
    let header = elementIndex(ofHeader: section)
    if index == header { return .header(section) }
    if index == elementIndex(ofFooter: section) { return .footer(section) }
    let item = index - header - 1
    return .row(ItemPath(item: item, section: section), global: firstRow[section] + item)
  }
}
