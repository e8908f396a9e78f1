// The paging benchmark: appends pages of 50 items through PagingStateMachine (the engine of
// PagedList, duplicate-id check on) until 1,000,000 items are held, beside a plain array append of
// the same pages measured in the same run. Budget: a page applied to a list holding about
// 1,000,000 items costs at most 100 µs (the median of the last 1,000 appends), and the last 1,000
// appends cost at most 1.5× the first 1,000 (flat, whatever the number held). A second table
// scrolls the same 1,000,000 items with `maximumItemCount` 1,000 beside the unbounded list.
// Guides/Performance.md records the figures.
import Foundation
import ListKit

/// A small list item: an id and one value (16 bytes).
private struct PagingBenchItem: Identifiable, Sendable {
  let id: Int
  let value: Int
}

private let pageSize = 50
private let targetCount = 1_000_000
private let window = 1_000
private let repetitions = 5
/// The budget of one page applied to a list holding about `targetCount` items.
private let pageBudget = Duration.microseconds(100)

private func makePage(_ number: Int) -> [PagingBenchItem] {
  let start = number * pageSize
  return (start..<start + pageSize).map { PagingBenchItem(id: $0, value: $0 &* 31) }
}

/// Set to a row's name: one run of that row, its append times printed for the parent process.
private let rowModeVariable = "LISTKIT_PAGING_ROW"

/// One run of `row` in a fresh child process, or `nil` when it could not run.
///
/// Each run gets a process of its own so that every row, the baseline included, starts from the
/// same allocator state (Guides/Performance.md says why).
private func runInChild(_ row: String) -> AppendRun? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["paging"]
  process.environment = ProcessInfo.processInfo.environment.merging([rowModeVariable: row]) { $1 }
  let output = Pipe()
  process.standardOutput = output
  guard (try? process.run()) != nil else { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
    Int64($0)
  }
  guard fields.count == targetCount / pageSize + 1 else { return nil }
  return AppendRun(durations: fields.dropFirst().map { Duration.nanoseconds($0) }, held: Int(fields[0]))
}

/// The child side of ``runInChild(_:)``: the items held, then each append's nanoseconds.
private func printRun(_ row: String) {
  guard let run = run(row) else { return print("unknown row \(row)") }
  let nanoseconds = run.durations.map { duration in
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
  }
  print(([Int64(run.held)] + nanoseconds).map(String.init).joined(separator: " "))
}

/// One run of a row by name: "keepFirst", "replaceWithNewest" or "array".
private func run(_ row: String) -> AppendRun? {
  switch row {
  case "keepFirst": runMachine(.keepFirst)
  case "replaceWithNewest": runMachine(.replaceWithNewest)
  case "array": runPlainArray()
  default: nil
  }
}

/// The time of every append of one run.
private struct AppendRun {
  var durations: [Duration] = []
  var held = 0

  var total: Duration { durations.reduce(.zero, +) }
  var first: ArraySlice<Duration> { durations.prefix(window) }
  var last: ArraySlice<Duration> { durations.suffix(window) }
  /// Last window over first window, summed.
  var ratio: Double { last.reduce(.zero, +) / first.reduce(.zero, +) }
  /// The median append of the last window: a page applied to a list holding about
  /// `targetCount` (the median, which an append preempted by another process cannot skew).
  var lastMedian: Duration { last.sorted()[last.count / 2] }
  /// The mean append of the last window (amortized growth included).
  var lastMean: Duration { last.reduce(.zero, +) / last.count }
  /// The dearest append of the last window.
  var lastMax: Duration { last.max() ?? .zero }
}

private func configuration(_ policy: DuplicateIDPolicy) -> PagingConfiguration {
  (try? PagingConfiguration(pageSize: pageSize, duplicatePolicy: policy)) ?? .standard
}

/// Appends every page through the state machine, timing each append.
private func runMachine(_ policy: DuplicateIDPolicy) -> AppendRun {
  let clock = ContinuousClock()
  var run = AppendRun()
  var machine = PagingStateMachine<PagingBenchItem>(configuration: configuration(policy))
  for number in 0..<targetCount / pageSize {
    let page = Page(items: makePage(number), hasMore: true)
    run.durations.append(
      clock.measure {
        let actions = number == 0 ? machine.refresh() : machine.loadNextPage()
        guard case .load(let ticket, _)? = actions.last else {
          preconditionFailure("internal inconsistency: page \(number) did not start")
        }
        _ = machine.succeeded(ticket, with: page)
      })
  }
  run.held = machine.items.count
  return run
}

/// The baseline: the same pages appended to a plain array, no duplicate check.
private func runPlainArray() -> AppendRun {
  let clock = ContinuousClock()
  var run = AppendRun()
  var items: [PagingBenchItem] = []
  for number in 0..<targetCount / pageSize {
    let page = makePage(number)
    run.durations.append(clock.measure { items.append(contentsOf: page) })
  }
  run.held = items.count
  return run
}

private func format(_ duration: Duration) -> String {
  let microseconds =
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  return String(format: "%9.1f µs", microseconds)
}

/// Runs the paging benchmark and prints its figures beside the plain-array baseline.
func runPagingBenchmark() {
  if let row = ProcessInfo.processInfo.environment[rowModeVariable] {
    return printRun(row)
  }
  #if DEBUG
    let build = "debug"
  #else
    let build = "release"
  #endif
  print("paging: append pages of \(pageSize) until \(targetCount) items are held (\(build) build)")
  print(
    "  item: \(MemoryLayout<PagingBenchItem>.stride) bytes (Int id + Int value); every id new; \(repetitions) runs"
      + " each in a fresh process; the run shown is the median by per-page cost")
  print(
    "  per page at 1M: the median (and mean) of the last \(window) appends (lists of 950,000-1,000,000 items)"
  )
  let kinds: [(name: String, row: String)] = [
    ("machine, keepFirst (default)", "keepFirst"),
    ("machine, replaceWithNewest", "replaceWithNewest"),
    ("[Item].append (baseline)", "array"),
  ]
  var runs = kinds.map { _ in [AppendRun]() }
  for _ in 0..<repetitions {
    for (index, kind) in kinds.enumerated() {
      guard let run = runInChild(kind.row) else { return print("  \(kind.row): the child process failed") }
      runs[index].append(run)
    }
  }
  print(
    "  what                           per page at 1M (mean)          dearest of last 1,000  last/first        total"
  )
  var shown: [AppendRun] = []
  for (index, kind) in kinds.enumerated() {
    let run = runs[index].sorted { $0.lastMedian < $1.lastMedian }[repetitions / 2]
    shown.append(run)
    print(
      "  \(kind.name.padding(toLength: 29, withPad: " ", startingAt: 0))"
        + "   \(format(run.lastMedian)) (\(format(run.lastMean)))   \(format(run.lastMax))"
        + "     \(String(format: "%5.2f×", run.ratio))  \(format(run.total))")
  }
  print(
    "  budget per page at 1M ≤ 100 µs: "
      + (0..<2).map { "\(kinds[$0].row) \(shown[$0].lastMedian <= pageBudget ? "met" : "NOT met")" }
      .joined(separator: ", ")
      + String(format: " (baseline %.1f µs)", shown[2].lastMedian / .microseconds(1)))
  print(
    "  target last/first ≤ 1.50×: "
      + (0..<2).map { "\(kinds[$0].row) \(shown[$0].ratio <= 1.5 ? "met" : "NOT met")" }
      .joined(separator: ", "))
  print("  items held: " + shown.map { "\($0.held)" }.joined(separator: ", "))
  printBoundedMemory()
}

private let maximumItemCount = 1_000

/// Scrolls `targetCount` items down through the machine, with or without a maximum; the items
/// held at the end and the time taken.
private func scrollDown(maximum: Int?) -> (held: Int, seconds: Double) {
  let configuration =
    (try? PagingConfiguration(pageSize: pageSize, maximumItemCount: maximum)) ?? .standard
  var machine = PagingStateMachine<PagingBenchItem>(configuration: configuration)
  let seconds = BenchSupport.seconds {
    for number in 0..<targetCount / pageSize {
      let actions = number == 0 ? machine.refresh() : machine.loadNextPage()
      guard case .load(let ticket, _)? = actions.last else {
        preconditionFailure("internal inconsistency: page \(number) did not start")
      }
      _ = machine.succeeded(ticket, with: Page(items: makePage(number), hasMore: true))
    }
  }
  return (machine.items.count, seconds)
}

/// The same scroll with `maximumItemCount` 1,000 beside the unbounded one: items held and the
/// peak memory the scroll added (BenchSupport.extraMemory).
private func printBoundedMemory() {
  print(
    "paging, bounded: scroll \(BenchSupport.grouped(targetCount)) items down in pages of \(pageSize)")
  print("  what                              items held   peak memory added        time")
  for (name, maximum) in [("maximumItemCount 1,000", Optional(maximumItemCount)), ("unbounded (nil)", nil)] {
    var result = (held: 0, seconds: 0.0)
    let bytes = BenchSupport.extraMemory { result = scrollDown(maximum: maximum) }
    print(
      "  \(name.padding(toLength: 30, withPad: " ", startingAt: 0))"
        + "\(BenchSupport.pad(BenchSupport.grouped(result.held), 12))"
        + "\(BenchSupport.pad(BenchSupport.megabytes(bytes), 20))"
        + "\(BenchSupport.duration(result.seconds, width: 12))")
  }
}
