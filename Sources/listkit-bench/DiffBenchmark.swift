import Foundation
import ListDiff

/// A list row in the diff benchmark: identity `id`, content `version`.
struct BenchItem: Identifiable, Hashable, Sendable {
  let id: Int
  var version: Int
}

/// A section in the diff benchmark.
struct BenchSection: Identifiable, Hashable, Sendable {
  let id: Int
}

typealias BenchSnapshot = SectionedSnapshot<BenchSection, BenchItem>

/// The changes a benchmark case makes between its two snapshots.
enum DiffCaseKind: String, CaseIterable {
  case tenPercentMix = "10% mix"
  case allReplaced = "all replaced"
  case noChange = "no change"
}

/// One measured row of the table.
struct DiffRow {
  var kind: DiffCaseKind
  var ours: DiffMeasurement
  var stages: Int
  /// `nil` when skipped; `runs` counts the measured runs.
  var stdlib: (median: Double, runs: Int, moves: Int)?
  var stdlibNote: String
  var peakMemory: Int?
}

/// Builds the two snapshots of a case: `count` items over `sections` sections; the 10% mix deletes,
/// updates, moves (inside its section) and inserts 10% of each section's items each.
func makeDiffCase(count: Int, sections: Int, kind: DiffCaseKind, seed: UInt64) -> (
  BenchSnapshot, BenchSnapshot
) {
  var random = BenchRandom(seed: seed)
  let perSection = count / sections
  var nextID = 0
  var old: [SnapshotSection<BenchSection, BenchItem>] = []
  var new: [SnapshotSection<BenchSection, BenchItem>] = []
  var order: [Int] = []
  for section in 0..<sections {
    let items = (0..<perSection).map { BenchItem(id: nextID + $0, version: 0) }
    nextID += perSection
    old.append(SnapshotSection(BenchSection(id: section), items: items))
    switch kind {
    case .noChange:
      new.append(SnapshotSection(BenchSection(id: section), items: items.map { $0 }))
    case .allReplaced:
      new.append(
        SnapshotSection(
          BenchSection(id: section), items: (0..<perSection).map { BenchItem(id: nextID + $0, version: 0) }))
      nextID += perSection
    case .tenPercentMix:
      let tenth = perSection / 10
      order = Array(0..<perSection)
      // A partial Fisher-Yates shuffle: the first 30% of `order` become a random sample.
      for index in 0..<min(3 * tenth, perSection) {
        order.swapAt(index, Int.random(in: index..<perSection, using: &random))
      }
      // 0: kept, 1: deleted, 2: moved, 3: updated
      var role = [UInt8](repeating: 0, count: perSection)
      for index in 0..<tenth { role[order[index]] = 1 }
      for index in tenth..<2 * tenth { role[order[index]] = 2 }
      for index in 2 * tenth..<3 * tenth { role[order[index]] = 3 }
      var kept: [BenchItem] = []
      kept.reserveCapacity(perSection)
      var arriving: [(slot: Int, item: BenchItem)] = []
      for index in 0..<perSection {
        switch role[index] {
        case 0: kept.append(items[index])
        case 3: kept.append(BenchItem(id: items[index].id, version: 1))
        case 2: arriving.append((0, items[index]))
        default: break
        }
      }
      for _ in 0..<tenth {
        arriving.append((0, BenchItem(id: nextID, version: 0)))
        nextID += 1
      }
      for index in arriving.indices { arriving[index].slot = Int.random(in: 0...kept.count, using: &random) }
      arriving.sort { $0.slot < $1.slot }
      var merged: [BenchItem] = []
      merged.reserveCapacity(kept.count + arriving.count)
      var next = 0
      for slot in 0...kept.count {
        while next < arriving.count && arriving[next].slot == slot {
          merged.append(arriving[next].item)
          next += 1
        }
        if slot < kept.count { merged.append(kept[slot]) }
      }
      new.append(SnapshotSection(BenchSection(id: section), items: merged))
    }
  }
  return (BenchSnapshot(sections: old), BenchSnapshot(sections: new))
}

/// Benchmarks `difference(from:)` against the standard library's `difference(from:by:)` +
/// `inferringMoves()` on the same items (flattened: the standard library knows no sections).
func runDiffBenchmark() {
  if ProcessInfo.processInfo.environment["LISTKIT_BENCH_PART"] == "floor" {
    DiffFloor.printTargets(DiffFloor.run(counts: [10_000, 100_000, 1_000_000], sectionCounts: [1, 100]))
    return
  }
  print("ListDiff difference(from:) vs stdlib difference(from:by: id ==).inferringMoves()")
  print("build: swift run -c release; element: struct { id: Int, version: Int }; seeded input (SplitMix64)")
  print("times are medians (runs in brackets); stdlib/ours > 1 means ours is faster")
  print(
    "one stdlib run when one is predicted over 5 s, none when over 60 s (predicted from the 10x smaller N)")
  print("")
  let header = [
    BenchSupport.pad("N", 9), BenchSupport.pad("sections", 8), BenchSupport.pad("case", -12),
    BenchSupport.pad("ours", 10), BenchSupport.pad("stages", 6), BenchSupport.pad("moves", 9),
    BenchSupport.pad("ours extra", 10), BenchSupport.pad("stdlib", 14), BenchSupport.pad("stdlib moves", 12),
    BenchSupport.pad("stdlib/ours", 11), BenchSupport.pad("peak RSS", 10),
  ].joined(separator: "  ")
  print(header)
  print(String(repeating: "-", count: header.count))

  var rows: [DiffRow] = []
  var overallPeak = 0
  for sections in [1, 100] {
    for kind in DiffCaseKind.allCases {
      var previousStdlib: (count: Int, seconds: Double)?
      for count in [10_000, 100_000, 1_000_000] {
        BenchSupport.restartPeakMemory()
        let (old, new) = makeDiffCase(count: count, sections: sections, kind: kind, seed: 2026)
        var changes = new.difference(from: old)
        let ourRuns = count >= 1_000_000 ? 5 : 9
        let ours = BenchSupport.median(
          BenchSupport.timings(runs: ourRuns) { changes = new.difference(from: old) })
        let extra = BenchSupport.extraMemory { new.difference(from: old) }
        var row = DiffRow(
          kind: kind,
          ours: DiffMeasurement(
            count: count, sections: sections, seconds: ours,
            moves: changes.stages.reduce(0) { $0 + $1.itemMoves.count }, extraMemory: extra),
          stages: changes.stages.count, stdlib: nil, stdlibNote: "", peakMemory: nil)

        let oldFlat = old.sections.flatMap(\.items)
        let newFlat = new.sections.flatMap(\.items)
        // Myers' difference is O((n + m) · d): d grows with n except when nothing changed.
        let growth = kind == .noChange ? 10.0 : 100.0
        let predicted = previousStdlib.map { $0.seconds * growth * Double(count) / Double($0.count * 10) }
        if let predicted, predicted > 60 {
          row.stdlibNote = String(format: "skipped: ~%.0f s", predicted)
        } else {
          var moves = 0
          let runs = (predicted ?? 0) > 5 ? 1 : 5
          var times: [Double] = []
          for run in 0..<runs {
            times.append(
              BenchSupport.seconds {
                let difference = newFlat.difference(from: oldFlat) { $0.id == $1.id }.inferringMoves()
                if run == 0 {
                  moves = difference.insertions.reduce(0) {
                    if case .insert(_, _, let associated) = $1, associated != nil { return $0 + 1 }
                    return $0
                  }
                }
              })
            if run == 0 && times[0] > 5 { break }
          }
          let median = BenchSupport.median(times)
          row.stdlib = (median, times.count, moves)
          previousStdlib = (count, median)
        }
        row.peakMemory = BenchSupport.memoryStatus("VmHWM")
        overallPeak = max(overallPeak, row.peakMemory ?? 0)
        rows.append(row)
        printDiffRow(row)
      }
    }
  }
  DiffScaling.run()
  let floors = DiffFloor.run(counts: [10_000, 100_000, 1_000_000], sectionCounts: [1, 100])
  printDiffTargets(rows, overallPeak: overallPeak)
  DiffFloor.printTargets(floors)
}

private func printDiffRow(_ row: DiffRow) {
  let stdlibText: String
  let movesText: String
  let ratioText: String
  if let stdlib = row.stdlib {
    stdlibText = BenchSupport.duration(stdlib.median, width: 10) + " [\(stdlib.runs)]"
    movesText = BenchSupport.grouped(stdlib.moves)
    ratioText = String(format: "%.1fx", stdlib.median / row.ours.seconds)
  } else {
    stdlibText = row.stdlibNote
    movesText = "-"
    ratioText = "-"
  }
  print(
    [
      BenchSupport.pad(BenchSupport.grouped(row.ours.count), 9), BenchSupport.pad("\(row.ours.sections)", 8),
      BenchSupport.pad(row.kind.rawValue, -12), BenchSupport.duration(row.ours.seconds),
      BenchSupport.pad("\(row.stages)", 6), BenchSupport.pad(BenchSupport.grouped(row.ours.moves), 9),
      BenchSupport.pad(BenchSupport.megabytes(row.ours.extraMemory), 10), BenchSupport.pad(stdlibText, 14),
      BenchSupport.pad(movesText, 12), BenchSupport.pad(ratioText, 11),
      BenchSupport.pad(BenchSupport.megabytes(row.peakMemory), 10),
    ].joined(separator: "  "))
}

private func printDiffTargets(_ rows: [DiffRow], overallPeak: Int) {
  func row(_ count: Int, _ sections: Int, _ kind: DiffCaseKind) -> DiffRow? {
    rows.first { $0.ours.count == count && $0.ours.sections == sections && $0.kind == kind }
  }
  func verdict(_ passed: Bool) -> String { passed ? "met" : "MISSED" }
  print("")
  print("targets")
  if let mix = row(100_000, 1, .tenPercentMix), let stdlib = mix.stdlib {
    let ratio = stdlib.median / mix.ours.seconds
    print(
      String(
        format: "  100,000 items, 10%% mix, one section: %.0fx faster than stdlib (target >= 400x): %@",
        ratio, verdict(ratio >= 400)))
    print(
      "    moves: ours \(BenchSupport.grouped(mix.ours.moves)) (10% of the items were moved), stdlib \(BenchSupport.grouped(stdlib.moves))"
    )
  }
  for sections in [1, 100] {
    for count in [10_000, 100_000, 1_000_000] {
      guard let same = row(count, sections, .noChange), let stdlib = same.stdlib else { continue }
      let ratio = same.ours.seconds / stdlib.median
      print(
        String(
          format:
            "  no change, %@ items, %d section(s): ours takes %.2fx the stdlib equality scan (target <= 3x): %@",
          BenchSupport.grouped(count), sections, ratio, verdict(ratio <= 3)))
    }
  }
  for sections in [1, 100] {
    if let mix = row(100_000, sections, .tenPercentMix), let extra = mix.ours.extraMemory {
      print(
        "  extra memory of one diff, 100,000 items, 10% mix, \(sections) section(s): "
          + "\(BenchSupport.megabytes(extra)) (target < 16 MB): \(verdict(extra < 16 << 20))")
    }
  }
  print("  process peak memory (VmHWM, highest of the rows): \(BenchSupport.megabytes(overallPeak))")
}
