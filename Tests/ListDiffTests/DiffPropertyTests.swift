import ListDiff
import ListKitFixtures
import Testing

@Suite struct DiffPropertyTests {
  /// 10,000 pairs by default (see ``Sweep``).
  static var pairCount: Int { Sweep.runs(10_000, heavy: 200_000) }

  /// Four seeds run in parallel, a quarter of the pairs each.
  @Test(arguments: [0x5EED_D1FF, 0x0DDB_A115, 0x7E57_CA5E, 0xC0FF_EE00] as [UInt64])
  func everyRandomChangesetReproducesTheTargetInValidStagesWithFewestMoves(seed: UInt64) async {
    // NB: a sweep of seconds (a minute under ThreadSanitizer) runs on a thread of its own, so it
    // never holds one of the cooperative pool's threads (two here) that every other test needs.
    let (reports, failures, stageCounts) = await offPool { Self.sweep(seed: seed) }
    for report in reports { Issue.record(Comment(rawValue: report)) }
    #expect(failures == 0, "seed \(seed): \(failures) of \(Self.pairCount / 4) pairs failed")
    // The generator must exercise staging, or the validity claims above prove little.
    #expect(stageCounts[2] > 0 && stageCounts[3] > 0, "stage counts \(stageCounts)")
  }

  /// Diffs a quarter of the pairs from `seed`; returns the first three failures described, how
  /// many pairs failed, and how many changesets had 0, 1, 2 and 3 or more stages.
  static func sweep(seed: UInt64) -> (reports: [String], failures: Int, stageCounts: [Int]) {
    var generator = RandomSnapshots(seed: seed)
    var reports: [String] = []
    var failures = 0
    var stageCounts = [0, 0, 0, 0]
    for index in 0..<Self.pairCount / 4 {
      let (source, target) = generator.pair()
      let (found, changeset) = problemsAndChangeset(diffing: source, to: target)
      stageCounts[min(changeset.stages.count, 3)] += 1
      if !found.isEmpty {
        failures += 1
        if failures <= 3 {
          reports.append(
            "seed \(seed), pair \(index):\n  source \(describe(source))\n  target \(describe(target))\n  \(found.joined(separator: "\n  "))"
          )
        }
      }
    }
    return (reports, failures, stageCounts)
  }

  @Test func reversingTheDiffAlsoReproduces() async {
    let seed: UInt64 = 0xBAC4_3A2D
    // NB: a sweep of seconds (a minute under ThreadSanitizer) runs on a thread of its own, so it
    // never holds one of the cooperative pool's threads (two here) that every other test needs.
    let failure: String? = await offPool {
      var generator = RandomSnapshots(seed: seed)
      for index in 0..<1_000 {
        let (source, target) = generator.pair()
        let found = problems(diffing: target, to: source)
        if !found.isEmpty { return "seed \(seed), pair \(index): \(found)" }
      }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }
}
