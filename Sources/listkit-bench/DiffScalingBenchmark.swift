import ListDiff

/// The growth from 100,000 to 1,000,000 items, printed as information (it is not a target: past the
/// caches it measures the machine's memory as much as the diff), beside what the same machine charges
/// the standard library's own hashing for the same growth; measured so that drift of a shared
/// machine cannot decide it.
///
/// Each pair is one 1,000,000-item diff and, right before it, the median of five 100,000-item diffs
/// of the same case; the figure is the median of 11 pairwise ratios. The reference does the least
/// work any hash-based diff must do: it inserts the old snapshot's ids into a `Dictionary` and looks
/// the new snapshot's ids up, measured in pairs the same way. Where that reference itself grows by
/// more than 10×, the growth comes from the memory hierarchy (the 100,000-item working set fits the
/// caches, the 1,000,000-item one does not), not from the algorithm.
enum DiffScaling {
  /// Measures every case and prints one line each.
  static func run() {
    print("")
    print("growth from 100,000 to 1,000,000 items, for information (median of 11 interleaved pairs;")
    print("reference: Dictionary insert + lookup of the same ids, the least work a hash-based diff does,")
    print("measured the same way)")
    for sections in [1, 100] {
      for kind in DiffCaseKind.allCases {
        let small = makeDiffCase(count: 100_000, sections: sections, kind: kind, seed: 2026)
        let large = makeDiffCase(count: 1_000_000, sections: sections, kind: kind, seed: 2026)
        var sink = 0
        let diffRatio = pairedRatio(
          small: { sink &+= small.1.difference(from: small.0).stages.count },
          large: { sink &+= large.1.difference(from: large.0).stages.count })
        let smallIDs = ids(of: small)
        let largeIDs = ids(of: large)
        let referenceRatio = pairedRatio(
          small: { sink &+= hashReference(smallIDs.old, smallIDs.new) },
          large: { sink &+= hashReference(largeIDs.old, largeIDs.new) })
        if sink == 42 { print("") }
        print(
          String(
            format: "  %@ %3d section(s): diff %5.1fx the time; reference %5.1fx",
            BenchSupport.pad(kind.rawValue, -12), sections, diffRatio, referenceRatio))
      }
    }
  }

  /// The median over 11 pairs of `large`'s time over the median of five runs of `small` just before.
  static func pairedRatio(small: () -> Void, large: () -> Void) -> Double {
    small()
    large()
    let ratios = (0..<11).map { _ in
      let smallTime = BenchSupport.median(BenchSupport.timings(runs: 5, small))
      return BenchSupport.seconds(large) / smallTime
    }
    return BenchSupport.median(ratios)
  }

  /// The item ids of both snapshots of a case.
  static func ids(of snapshots: (BenchSnapshot, BenchSnapshot)) -> (old: [Int], new: [Int]) {
    (snapshots.0.sections.flatMap { $0.items.map(\.id) }, snapshots.1.sections.flatMap { $0.items.map(\.id) })
  }

  /// Inserts the old ids into a dictionary (id to position) and looks every new id up.
  static func hashReference(_ old: [Int], _ new: [Int]) -> Int {
    var positions = [Int: Int32](minimumCapacity: old.count)
    for (position, id) in old.enumerated() { positions[id] = Int32(truncatingIfNeeded: position) }
    var found = 0
    for id in new where positions[id] != nil { found += 1 }
    return found
  }
}
