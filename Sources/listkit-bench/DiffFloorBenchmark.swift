import ListDiff

/// The 10% mix against the hash floor: the least work any hash-based diff of the same snapshots does,
/// measured in the same run on the same ids.
///
/// The floor inserts every old id into a `Dictionary` (id to position), then looks every new id up
/// and compares the content of the item found with the new one. The diff does that and more (moves,
/// stages, the deduplicated target), so its ratio to the floor is what the diff's own bookkeeping
/// costs. Each figure is the median of interleaved pairs (one diff, one floor), thread CPU time.
enum DiffFloor {
  /// One measured case.
  struct Figure {
    var diff: DiffMeasurement
    var floor: Double
    var ratio: Double
  }

  /// Measures the 10% mix at `counts` items in `sections` sections and prints one line each.
  static func run(counts: [Int], sectionCounts: [Int]) -> [Figure] {
    print("")
    print("10% mix against the hash floor (Dictionary insert of the old ids + lookup and content compare of")
    print("the new ones, same ids, same run; median of 21 interleaved pairs, 7 at 1,000,000;")
    print("thread CPU time)")
    var figures: [Figure] = []
    for sections in sectionCounts {
      for count in counts {
        let (old, new) = makeDiffCase(count: count, sections: sections, kind: .tenPercentMix, seed: 2026)
        let oldItems = old.sections.flatMap(\.items)
        let newItems = new.sections.flatMap(\.items)
        var sink = 0
        var moves = 0
        var diffs: [Double] = []
        var floors: [Double] = []
        // 21 pairs below a million items, 7 at a million, where each pass is long.
        for pass in 0..<(count >= 1_000_000 ? 8 : 22) {
          let diffTime = BenchSupport.seconds {
            let changes = new.difference(from: old)
            moves = changes.stages.reduce(0) { $0 + $1.itemMoves.count }
          }
          let floorTime = BenchSupport.seconds { sink &+= floor(oldItems, newItems) }
          // The first pass warms the caches and the allocator.
          if pass > 0 {
            diffs.append(diffTime)
            floors.append(floorTime)
          }
        }
        let extra = BenchSupport.extraMemory { new.difference(from: old) }
        if sink == 42 { print("") }
        let figure = Figure(
          diff: DiffMeasurement(
            count: count, sections: sections, seconds: BenchSupport.median(diffs), moves: moves,
            extraMemory: extra),
          floor: BenchSupport.median(floors), ratio: BenchSupport.median(zip(diffs, floors).map { $0 / $1 }))
        figures.append(figure)
        print(
          "  \(BenchSupport.pad(BenchSupport.grouped(count), 9)) items \(BenchSupport.pad("\(sections)", 3)) section(s): "
            + "diff \(BenchSupport.duration(figure.diff.seconds)), floor \(BenchSupport.duration(figure.floor)), "
            + String(format: "ratio %.2fx", figure.ratio)
            + ", moves \(BenchSupport.grouped(moves)), extra \(BenchSupport.megabytes(extra))")
      }
    }
    return figures
  }

  /// The floor: inserts the old ids into a dictionary, then looks each new id up and compares contents.
  static func floor(_ old: [BenchItem], _ new: [BenchItem]) -> Int {
    var positions = [Int: Int32](minimumCapacity: old.count)
    for (position, item) in old.enumerated() { positions[item.id] = Int32(truncatingIfNeeded: position) }
    var changed = 0
    for item in new {
      if let position = positions[item.id], old[Int(position)] != item { changed += 1 }
    }
    return changed
  }

  /// Prints the target line of the 100,000-item, one-section case.
  static func printTargets(_ figures: [Figure]) {
    guard let figure = figures.first(where: { $0.diff.count == 100_000 && $0.diff.sections == 1 }) else {
      return
    }
    let met = figure.ratio <= 1.2 && (figure.diff.extraMemory ?? 0) < 16 << 20 && figure.diff.moves == 10_000
    print(
      String(
        format: "  100,000 items, 10%% mix, one section: %.2fx the hash floor (target <= 1.2x), ",
        figure.ratio)
        + "moves \(BenchSupport.grouped(figure.diff.moves)) (minimal: 10,000), extra memory "
        + "\(BenchSupport.megabytes(figure.diff.extraMemory)) (target < 16 MB): \(met ? "met" : "MISSED")")
  }
}
