import ListDiff
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct DiffPropertyTests {
  /// 10,000 pairs by default; `LISTKIT_HEAVY=1` runs 200,000.
  static var pairCount: Int { getenv("LISTKIT_HEAVY").map { String(cString: $0) } == "1" ? 200_000 : 10_000 }

  /// Four seeds run in parallel, a quarter of the pairs each.
  @Test(arguments: [0x5EED_D1FF, 0x0DDB_A115, 0x7E57_CA5E, 0xC0FF_EE00] as [UInt64])
  func everyRandomChangesetReproducesTheTargetInValidStagesWithFewestMoves(seed: UInt64) {
    var generator = RandomSnapshots(seed: seed)
    var failures = 0
    var stageCounts = [0, 0, 0, 0]
    for index in 0..<Self.pairCount / 4 {
      let (source, target) = generator.pair()
      let (found, changeset) = problemsAndChangeset(diffing: source, to: target)
      stageCounts[min(changeset.stages.count, 3)] += 1
      if !found.isEmpty {
        failures += 1
        if failures <= 3 {
          Issue.record(
            "seed \(seed), pair \(index):\n  source \(describe(source))\n  target \(describe(target))\n  \(found.joined(separator: "\n  "))"
          )
        }
      }
    }
    #expect(failures == 0, "seed \(seed): \(failures) of \(Self.pairCount / 4) pairs failed")
    // The generator must exercise staging, or the validity claims above prove little.
    #expect(stageCounts[2] > 0 && stageCounts[3] > 0, "stage counts \(stageCounts)")
  }

  @Test func reversingTheDiffAlsoReproduces() {
    let seed: UInt64 = 0xBAC4_3A2D
    var generator = RandomSnapshots(seed: seed)
    for index in 0..<1_000 {
      let (source, target) = generator.pair()
      let found = problems(diffing: target, to: source)
      #expect(found.isEmpty, "seed \(seed), pair \(index): \(found)")
      if !found.isEmpty { break }
    }
  }
}
