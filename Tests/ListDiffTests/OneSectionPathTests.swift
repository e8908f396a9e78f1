import Foundation
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListDiff

/// The one-section matching path (`matchOneSection`) against the general one (`matchItems`) on the
/// same snapshots: the same matches both ways and the same changed items; and it steps aside, having
/// stored nothing, whenever there is a duplicate id or more than one section.
@Suite struct OneSectionPathTests {
  /// How a target is made from its source.
  enum Shape: CaseIterable {
    /// Scattered deletes, moves, inserts and updates (about 10% each).
    case scattered
    /// Blocks of deleted and of inserted items (longer than the path's guesses reach).
    case blocks
    /// The source reversed, then a few updates.
    case reversed
    /// A fresh order.
    case shuffled
  }

  static func pair(count: Int, shape: Shape, seed: UInt64) -> (TestSnapshot, TestSnapshot) {
    var random = SplitMix64(seed: seed)
    let source = (0..<count).map { TestItem(id: $0) }
    var target = source
    var nextID = count
    switch shape {
    case .scattered:
      for _ in 0..<max(count / 10, 1) {
        if !target.isEmpty { target.remove(at: Int.random(in: 0..<target.count, using: &random)) }
        if !target.isEmpty {
          let item = target.remove(at: Int.random(in: 0..<target.count, using: &random))
          target.insert(item, at: Int.random(in: 0...target.count, using: &random))
        }
        target.insert(TestItem(id: nextID), at: Int.random(in: 0...target.count, using: &random))
        nextID += 1
        if !target.isEmpty { target[Int.random(in: 0..<target.count, using: &random)].value += 1 }
      }
    case .blocks:
      for _ in 0..<3 where target.count > 1 {
        let start = Int.random(in: 0..<target.count, using: &random)
        target.removeSubrange(start..<min(start + Int.random(in: 1...50, using: &random), target.count))
        let place = Int.random(in: 0...target.count, using: &random)
        let inserted = (0..<Int.random(in: 1...50, using: &random)).map { TestItem(id: nextID + $0) }
        nextID += inserted.count
        target.insert(contentsOf: inserted, at: place)
      }
    case .reversed:
      target.reverse()
      for _ in 0..<min(count, 5) { target[Int.random(in: 0..<target.count, using: &random)].value += 1 }
    case .shuffled:
      target.shuffle(using: &random)
    }
    return (TestSnapshot(sections: [section(source)]), TestSnapshot(sections: [section(target)]))
  }

  static func section(_ items: [TestItem]) -> SnapshotSection<TestSection, TestItem> {
    SnapshotSection(TestSection(id: 0), items: items)
  }

  /// The matches both paths find for the same snapshots, or `nil` when the one-section path steps aside.
  static func matches(_ source: TestSnapshot, _ target: TestSnapshot) -> Both? {
    var fast = SectionedDiffer(source: source, target: target)
    fast.matchSections()
    var general = fast
    guard fast.matchOneSection() else {
      #expect(fast.oldToNew.isEmpty && fast.newToOld.isEmpty, "nothing is stored when it steps aside")
      return nil
    }
    general.matchItems()
    return Both(oneSection: Matches(fast), general: Matches(general))
  }

  struct Both: Equatable {
    var oneSection: Matches
    var general: Matches
  }

  struct Matches: Equatable {
    var oldToNew: [Int32]
    var newToOld: [Int32]
    var changed: Set<Int32>
    var starts: [Int]

    init(_ differ: SectionedDiffer<TestSection, TestItem>) {
      oldToNew = differ.oldToNew
      newToOld = differ.newToOld
      changed = Set(differ.changedItems)
      starts = differ.oldSectionStart + differ.newSectionStart
    }
  }

  /// Seeds per shape: 20 by default (see ``Sweep``).
  static var seedCount: UInt64 { UInt64(Sweep.runs(20, heavy: 2_000)) }

  @Test(arguments: Shape.allCases)
  func matchesWhatTheGeneralPathMatches(shape: Shape) throws {
    for seed: UInt64 in 1...Self.seedCount {
      let count = [0, 1, 2, 7, 100, 1_500][Int(seed) % 6]
      let (source, target) = Self.pair(count: count, shape: shape, seed: seed)
      let found = try #require(Self.matches(source, target), "seed \(seed): no duplicate, one section")
      #expect(found.oneSection == found.general, "seed \(seed), \(count) items")
    }
  }

  @Test(arguments: [(true, false), (false, true), (true, true)])
  func stepsAsideAtADuplicateID(inSource: Bool, inTarget: Bool) {
    for seed: UInt64 in 1...10 {
      var (source, target) = Self.pair(count: 300, shape: .scattered, seed: seed)
      var random = SplitMix64(seed: seed)
      // An id repeated at a random place: right after its first occurrence, or far from it.
      func repeatOne(_ snapshot: inout TestSnapshot) {
        var items = snapshot.sections[0].items
        let item = items[Int.random(in: 0..<items.count, using: &random)]
        items.insert(item, at: Int.random(in: 0...items.count, using: &random))
        snapshot = TestSnapshot(sections: [Self.section(items)])
      }
      if inSource { repeatOne(&source) }
      if inTarget { repeatOne(&target) }
      #expect(Self.matches(source, target) == nil, "seed \(seed)")
      // The general path then reports the duplicates, and the changes still reproduce the target.
      let found = problems(diffing: source, to: target)
      #expect(found.isEmpty, "seed \(seed): \(found.first?.prefix(300) ?? "")")
    }
  }

  @Test func stepsAsideWithMoreThanOneSection() {
    let items = (0..<10).map { TestItem(id: $0) }
    let one = TestSnapshot(sections: [Self.section(items)])
    let two = TestSnapshot(sections: [
      Self.section(Array(items[..<5])), SnapshotSection(TestSection(id: 1), items: Array(items[5...])),
    ])
    let renamed = TestSnapshot(sections: [SnapshotSection(TestSection(id: 9), items: items)])
    #expect(Self.matches(one, two) == nil)
    #expect(Self.matches(two, one) == nil)
    #expect(Self.matches(one, renamed) == nil, "a different section: its items leave with it")
  }
}
