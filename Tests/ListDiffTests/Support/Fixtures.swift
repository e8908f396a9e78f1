import ListDiff

/// A section of the test lists: `id` is identity, `title` its content.
struct TestSection: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var title: Int = 0
  var description: String { title == 0 ? "S\(id)" : "S\(id)'\(title)" }
}

/// An item of the test lists: `id` is identity, `value` its content.
struct TestItem: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int = 0
  var description: String { value == 0 ? "\(id)" : "\(id)'\(value)" }
}

typealias TestSnapshot = SectionedSnapshot<TestSection, TestItem>

/// Builds a snapshot from `(section id, item ids)` pairs, all with content 0.
func snapshot(_ sections: [(Int, [Int])]) -> TestSnapshot {
  TestSnapshot(
    sections: sections.map { SnapshotSection(TestSection(id: $0.0), items: $0.1.map { TestItem(id: $0) }) })
}

/// The deduplication rule, written independently of the library: first occurrence in display order wins.
func referenceDeduplicated(_ snapshot: TestSnapshot) -> (TestSnapshot, sections: [Int], items: [ItemPath]) {
  var sectionIDs = Set<Int>()
  var itemIDs = Set<Int>()
  var droppedSections: [Int] = []
  var droppedItems: [ItemPath] = []
  var kept: [SnapshotSection<TestSection, TestItem>] = []
  for sectionIndex in 0..<snapshot.sections.count {
    let section = snapshot.sections[sectionIndex]
    guard sectionIDs.insert(section.section.id).inserted else {
      droppedSections.append(sectionIndex)
      continue
    }
    var items: [TestItem] = []
    for itemIndex in 0..<section.items.count {
      let item = section.items[itemIndex]
      if itemIDs.insert(item.id).inserted {
        items.append(item)
      } else {
        droppedItems.append(ItemPath(item: itemIndex, section: sectionIndex))
      }
    }
    kept.append(SnapshotSection(section.section, items: items))
  }
  return (TestSnapshot(sections: kept), droppedSections, droppedItems)
}

/// The length of a longest strictly increasing subsequence, by the quadratic textbook method.
func referenceLongestIncreasingLength(_ values: [Int]) -> Int {
  var best = Array(repeating: 1, count: values.count)
  for index in values.indices {
    for earlier in 0..<index where values[earlier] < values[index] {
      best[index] = max(best[index], best[earlier] + 1)
    }
  }
  return best.max() ?? 0
}
