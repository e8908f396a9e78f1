// The paging benchmark: appends pages of 50 items, through PagingStateMachine (the engine of
// PagedList, duplicate-id check on), until 1,000,000 items are held, and compares the cost of the
// first 1,000 appends with the last 1,000. A plain array append of the same pages, without the
// check, is the baseline measured in the same run. A second table scrolls the same 1,000,000 items
// with `maximumItemCount` 1,000 beside the unbounded list: items held and peak memory added.
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

private func makePage(_ number: Int) -> [PagingBenchItem] {
  let start = number * pageSize
  return (start..<start + pageSize).map { PagingBenchItem(id: $0, value: $0 &* 31) }
}

/// The resident memory of this process (Linux: /proc/self/statm), or `nil` elsewhere.
private func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private let memoryModeVariable = "LISTKIT_PAGING_MEMORY"
/// Set to "keepFirst", "replaceWithNewest", "specialized" or "array": one untimed-output run of
/// that row only, for a profiler (`valgrind --tool=callgrind`), so that its counts divide by
/// `targetCount` into a cost per appended item.
private let profileModeVariable = "LISTKIT_PAGING_PROFILE"
/// Set to a row's name: one run of that row, its append times printed for the parent process.
private let rowModeVariable = "LISTKIT_PAGING_ROW"

/// One run of `row` in a fresh child process, or `nil` when it could not run.
///
/// NB: each run gets a process of its own so that every row, the baseline included, starts from
/// the same allocator state. In one process the rows' times followed the memory the rows before
/// had freed: glibc raises its mmap threshold to the size of a freed block, after which arrays grow
/// into memory already mapped, and the baseline's 1,000,000 appends took 1.8 ms in one run and
/// 15-26 ms in another (and the second machine row was the dearer one, whichever policy it ran).
private func runInChild(_ row: String) -> AppendRun? {
  guard let text = childOutput(rowModeVariable, row) else { return nil }
  let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int64($0) }
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

/// One run of a row by name: "keepFirst", "replaceWithNewest", "specialized" or "array".
private func run(_ row: String) -> AppendRun? {
  switch row {
  case "keepFirst": runMachine(.keepFirst)
  case "replaceWithNewest": runMachine(.replaceWithNewest)
  case "specialized": runSpecializedCheck()
  case "array": runPlainArray()
  default: nil
  }
}

/// Bytes per item held by `structure` ("machine", "replacing" or "array"), measured in a fresh child process
/// so that memory freed by earlier runs cannot hide any.
private func bytesPerItem(_ structure: String) -> Double? {
  childOutput(memoryModeVariable, structure).flatMap {
    Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

/// What `listkit-bench paging` prints when run again as a child process with `variable` set to
/// `value`, or `nil` when it could not run.
private func childOutput(_ variable: String, _ value: String) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["paging"]
  process.environment = ProcessInfo.processInfo.environment.merging([variable: value]) { $1 }
  let output = Pipe()
  process.standardOutput = output
  guard (try? process.run()) != nil else { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

/// The child side of ``bytesPerItem(_:)``: builds the structure and prints bytes per item.
private func printBytesPerItem(_ structure: String) {
  guard let before = residentBytes() else { return print("n/a") }
  let count: Int
  let after: Int?
  if structure != "array" {
    let policy: DuplicateIDPolicy = structure == "machine" ? .keepFirst : .replaceWithNewest
    var machine = PagingStateMachine<PagingBenchItem>(configuration: configuration(policy))
    for number in 0..<targetCount / pageSize {
      let actions = number == 0 ? machine.refresh() : machine.loadNextPage()
      guard case .load(let ticket, _)? = actions.last else { return print("n/a") }
      _ = machine.succeeded(ticket, with: Page(items: makePage(number), hasMore: true))
    }
    after = residentBytes()
    count = machine.items.count
  } else {
    var items: [PagingBenchItem] = []
    for number in 0..<targetCount / pageSize { items.append(contentsOf: makePage(number)) }
    after = residentBytes()
    count = items.count
  }
  guard let after else { return print("n/a") }
  print(Double(after - before) / Double(count))
}

/// The time of every append of one run.
private struct AppendRun {
  var durations: [Duration] = []
  var held = 0

  var total: Duration { durations.reduce(.zero, +) }
  var first: ArraySlice<Duration> { durations.prefix(window) }
  var last: ArraySlice<Duration> { durations.suffix(window) }
  /// Last window over first window, summed (what the target is about).
  var ratio: Double { last.reduce(.zero, +) / first.reduce(.zero, +) }
  /// The same with each window's median append, which a preempted append cannot skew.
  var medianRatio: Double { median(last) / median(first) }
}

private func median(_ durations: ArraySlice<Duration>) -> Duration {
  durations.sorted()[durations.count / 2]
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

/// A reference: the same duplicate check written here, where the compiler specializes it for
/// `PagingBenchItem` (the machine's generic code, called from another module, is not specialized).
private func runSpecializedCheck() -> AppendRun {
  let clock = ContinuousClock()
  var run = AppendRun()
  var items: [PagingBenchItem] = []
  var heldIDs: Set<Int> = []
  for number in 0..<targetCount / pageSize {
    let page = makePage(number)
    run.durations.append(
      clock.measure {
        for item in page where heldIDs.insert(item.id).inserted { items.append(item) }
      })
  }
  run.held = items.count
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

private func milliseconds(_ duration: Duration) -> String {
  String(
    format: "%.1f",
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15)
}

private func format(bytes: Double?) -> String {
  bytes.map { String(format: "%6.1f", $0) } ?? "   n/a"
}

/// Runs the paging benchmark and prints its figures beside the plain-array baseline.
func runPagingBenchmark() {
  if let structure = ProcessInfo.processInfo.environment[memoryModeVariable] {
    return printBytesPerItem(structure)
  }
  if let row = ProcessInfo.processInfo.environment[rowModeVariable] {
    return printRun(row)
  }
  if let row = ProcessInfo.processInfo.environment[profileModeVariable] {
    return print(
      run(row).map { "\(row): \($0.held) items held" } ?? "\(profileModeVariable): unknown row \(row)")
  }
  #if DEBUG
    let build = "debug"
  #else
    let build = "release"
  #endif
  print("paging: append pages of \(pageSize) until \(targetCount) items are held (\(build) build)")
  print(
    "  item: \(MemoryLayout<PagingBenchItem>.stride) bytes (Int id + Int value); every id new; \(repetitions) runs each"
  )
  print(
    "  first/last: the first and the last \(window) appends (pages); the run shown is the median by ratio;"
      + " each run in a fresh process")
  let kinds: [(name: String, row: String, memory: String?)] = [
    ("machine, keepFirst (default)", "keepFirst", "machine"),
    ("machine, replaceWithNewest", "replaceWithNewest", "replacing"),
    ("keepFirst check, specialized", "specialized", nil),
    ("[Item].append (baseline)", "array", "array"),
  ]
  var runs = kinds.map { _ in [AppendRun]() }
  for _ in 0..<repetitions {
    for (index, kind) in kinds.enumerated() {
      guard let run = runInChild(kind.row) else { return print("  \(kind.row): the child process failed") }
      runs[index].append(run)
    }
  }
  print(
    "  what                           first 1,000    last 1,000  last/first  (medians)   total     bytes/item"
  )
  var shown: [AppendRun] = []
  for (index, kind) in kinds.enumerated() {
    let run = runs[index].sorted { $0.ratio < $1.ratio }[repetitions / 2]
    shown.append(run)
    let bytes = kind.memory.flatMap(bytesPerItem)
    print(
      "  \(kind.name.padding(toLength: 29, withPad: " ", startingAt: 0))"
        + "\(format(run.first.reduce(.zero, +)))  \(format(run.last.reduce(.zero, +)))"
        + "   \(String(format: "%5.2f×", run.ratio))    \(String(format: "%5.2f×", run.medianRatio))"
        + "  \(format(run.total))  \(format(bytes: bytes))")
  }
  let machineRuns = runs[0]
  print(
    "  machine last/first per run: "
      + machineRuns.map { String(format: "%.2f× (medians %.2f×)", $0.ratio, $0.medianRatio) }
      .joined(separator: ", "))
  print(
    "  whole run vs baseline: keepFirst \(String(format: "%.1f×", shown[0].total / shown[3].total)), "
      + "replaceWithNewest \(String(format: "%.1f×", shown[1].total / shown[3].total)), "
      + "specialized keepFirst \(String(format: "%.1f×", shown[2].total / shown[3].total))")
  print(
    "  whole runs, fastest-slowest of \(repetitions): "
      + kinds.indices.map { index in
        let totals = runs[index].map(\.total).sorted()
        return "\(kinds[index].row) \(milliseconds(totals[0]))-\(milliseconds(totals[totals.count - 1])) ms"
      }.joined(separator: ", "))
  // The same rows once in this process, one after the other, sharing its allocator (see
  // `runInChild(_:)`): what the rows cost when earlier ones have freed memory.
  let shared = kinds.map { run($0.row)?.total ?? .zero }
  print(
    "  in one process, one after the other: "
      + kinds.indices.map { "\(kinds[$0].row) \(milliseconds(shared[$0])) ms" }.joined(separator: ", "))
  print(
    "  target last/first ≤ 1.50×: keepFirst \(shown[0].ratio <= 1.5 ? "met" : "NOT met"), "
      + "replaceWithNewest \(shown[1].ratio <= 1.5 ? "met" : "NOT met")")
  print(
    "  (the machine is generic code in another module, so it runs unspecialized, as in an app;"
      + " the specialized row is the same check compiled for PagingBenchItem)")
  print("  bytes/item: resident memory added while building the list, in a fresh child process")
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
