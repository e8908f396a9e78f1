import ListDiff
import ListKitTesting
import Testing

/// Long, mostly ordered lists: the shape the diff's fast paths are built for (matching by order,
/// item indexes implied until a duplicate, the longest run extended or its last item replaced),
/// where the random pairs of `DiffPropertyTests` (at most 200 items, heavily shuffled) rarely go.
@Suite struct LongListTests {
  /// `count` items over `sections` sections, then 5% deleted, 5% moved anywhere, 5% inserted and 5%
  /// updated; with `duplicates`, each snapshot repeats an early id near its end.
  static func pair(
    count: Int, sections: Int, duplicates: Bool, seed: UInt64
  ) -> (TestSnapshot, TestSnapshot) {
    var random = SplitMix64(seed: seed)
    let perSection = count / sections
    var source = (0..<sections).map { section in
      (section, Array(section * perSection..<(section + 1) * perSection).map { TestItem(id: $0) })
    }
    var target = source
    let twentieth = max(count / 20, 1)
    var nextID = count
    func randomPlace() -> (section: Int, index: Int) {
      let section = Int.random(in: 0..<sections, using: &random)
      return (section, Int.random(in: 0...target[section].1.count, using: &random))
    }
    func randomItem() -> (section: Int, index: Int)? {
      let section = Int.random(in: 0..<sections, using: &random)
      guard !target[section].1.isEmpty else { return nil }
      return (section, Int.random(in: 0..<target[section].1.count, using: &random))
    }
    for _ in 0..<twentieth {
      if let (section, index) = randomItem() { target[section].1.remove(at: index) }
      if let (section, index) = randomItem() {
        let item = target[section].1.remove(at: index)
        let place = randomPlace()
        target[place.section].1.insert(item, at: place.index)
      }
      let place = randomPlace()
      target[place.section].1.insert(TestItem(id: nextID), at: place.index)
      nextID += 1
      if let (section, index) = randomItem() { target[section].1[index].value += 1 }
    }
    if duplicates {
      source[sections - 1].1.insert(source[0].1[1], at: source[sections - 1].1.count - 1)
      target[sections - 1].1.append(target[0].1[0])
    }
    func snapshot(_ lists: [(Int, [TestItem])]) -> TestSnapshot {
      TestSnapshot(sections: lists.map { SnapshotSection(TestSection(id: $0.0), items: $0.1) })
    }
    return (snapshot(source), snapshot(target))
  }

  @Test(arguments: [(1, false), (1, true), (3, false), (3, true)])
  func mostlyOrderedListsGiveValidStagesWithFewestMoves(sections: Int, duplicates: Bool) {
    for seed: UInt64 in 1...3 {
      let (source, target) = Self.pair(count: 1_200, sections: sections, duplicates: duplicates, seed: seed)
      let found = problems(diffing: source, to: target)
      #expect(
        found.isEmpty, "seed \(seed): \(found.count) problems, first: \(found.first?.prefix(300) ?? "")")
    }
  }
}
