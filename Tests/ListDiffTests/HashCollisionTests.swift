import ListDiff
import Testing

/// Identities are compared by value, not by hash: a diff of ids whose every hash collides (a
/// poor `Hashable` conformance an app may have) finds the same changes, only slower.
@Suite struct HashCollisionTests {
  struct CollidingID: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  struct CollidingItem: Identifiable, Equatable, Sendable {
    let id: CollidingID
    let value: Int
  }

  typealias CollidingSnapshot = SectionedSnapshot<TestSection, CollidingItem>

  static func colliding(_ snapshot: TestSnapshot) -> CollidingSnapshot {
    CollidingSnapshot(
      sections: snapshot.sections.map { section in
        SnapshotSection(
          section.section,
          items: section.items.map { CollidingItem(id: CollidingID(value: $0.id), value: $0.value) })
      })
  }

  /// Random pairs of every kind of change, duplicates included, small enough for the probes that
  /// every collision costs: the changes are those of the same ids with their own hashes.
  @Test func collidingIdsGiveTheChangesOfTheSameIdsWithDistinctHashes() throws {
    var generator = RandomSnapshots(seed: 0xC011_1DE5)
    var staged = 0
    for index in 0..<300 {
      let (source, target) = generator.pair()
      let expected = target.difference(from: source)
      let changes = Self.colliding(target).difference(from: Self.colliding(source))
      #expect(changes.stages == expected.stages, "pair \(index)")
      #expect(changes.duplicates == expected.duplicates, "pair \(index)")
      #expect(
        try changes.snapshots(applyingTo: Self.colliding(source)).last ?? Self.colliding(source)
          == Self.colliding(expected.target), "pair \(index)")
      if !changes.stages.isEmpty { staged += 1 }
    }
    #expect(staged > 100, "the pairs change something")
  }
}
