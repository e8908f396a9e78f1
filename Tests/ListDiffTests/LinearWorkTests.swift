import ListDiff
import ListKitTesting
import Testing

/// An item whose id and content comparisons count in the id's ``WorkCounter``.
private struct CountedItem: Identifiable, Equatable {
  let id: CountedID
  var content: Int
  static func == (lhs: CountedItem, rhs: CountedItem) -> Bool {
    lhs.id.counter.comparisons += 1
    return lhs.id.value == rhs.id.value && lhs.content == rhs.content
  }
}

/// A source of `count` items in `sections` sections and a target with 10% deleted, inserted, moved
/// (half of them to another section) and updated.
private func tenPercentMix(
  count: Int, sections: Int, counter: WorkCounter, seed: UInt64
) -> (SectionedSnapshot<TestSection, CountedItem>, SectionedSnapshot<TestSection, CountedItem>) {
  var random = SplitMix64(seed: seed)
  let perSection = count / sections
  var nextID = 0
  var source: [[CountedItem]] = []
  for _ in 0..<sections {
    source.append(
      (0..<perSection).map { _ in
        nextID += 1
        return CountedItem(id: CountedID(nextID, counter), content: 0)
      })
  }
  var target = source
  let tenth = max(perSection / 10, 1)
  for section in 0..<sections {
    for _ in 0..<tenth {
      target[section].remove(at: Int.random(in: 0..<target[section].count, using: &random))
    }
    for _ in 0..<tenth {
      target[section][Int.random(in: 0..<target[section].count, using: &random)].content += 1
    }
    for step in 0..<tenth {
      let item = target[section].remove(at: Int.random(in: 0..<target[section].count, using: &random))
      let destination = step % 2 == 0 ? section : Int.random(in: 0..<sections, using: &random)
      target[destination].insert(item, at: Int.random(in: 0...target[destination].count, using: &random))
    }
    for _ in 0..<tenth {
      nextID += 1
      let item = CountedItem(id: CountedID(nextID, counter), content: 0)
      target[section].insert(item, at: Int.random(in: 0...target[section].count, using: &random))
    }
  }
  func snapshot(_ lists: [[CountedItem]]) -> SectionedSnapshot<TestSection, CountedItem> {
    SectionedSnapshot(
      sections: lists.enumerated().map { SnapshotSection(TestSection(id: $0.offset), items: $0.element) })
  }
  return (snapshot(source), snapshot(target))
}

@Suite struct LinearWorkTests {
  /// Counts the work instead of timing it, as swift-collections does.
  ///
  /// Each element is hashed at most once
  /// and compared a small constant number of times (guesses, hash-table probes, one content comparison).
  @Test(arguments: [(1_000, 1), (20_000, 1), (20_000, 100)])
  func hashingAndComparingGrowLinearly(count: Int, sections: Int) throws {
    let counter = WorkCounter()
    let (source, target) = tenPercentMix(count: count, sections: sections, counter: counter, seed: 42)
    let elements = source.itemCount + target.itemCount
    counter.hashes = 0
    counter.comparisons = 0
    let changes = target.difference(from: source)
    #expect(counter.hashes <= elements, "no item is hashed twice")
    #expect(counter.work <= 3 * elements, "\(counter.work) hashes and comparisons for \(elements) items")
    #expect(try source.applying(changes) == target)
  }
}
