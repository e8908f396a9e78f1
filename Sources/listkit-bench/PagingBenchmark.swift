// The paging benchmark: appends pages of 50 items, through PagingStateMachine (the engine of
// PagedList, duplicate-id check on), until 1,000,000 items are held, and compares the cost of the
// first 1,000 appends with the last 1,000. A plain array append of the same pages, without the
// check, is the baseline measured in the same run.
import Foundation
import ListKit

/// A small list item: an id and one value (16 bytes).
private struct BenchItem: Identifiable, Sendable {
  let id: Int
  let value: Int
}

private let pageSize = 50
private let targetCount = 1_000_000
private let window = 1_000
private let repetitions = 3

private func makePage(_ number: Int) -> [BenchItem] {
  let start = number * pageSize
  return (start..<start + pageSize).map { BenchItem(id: $0, value: $0 &* 31) }
}

/// The resident memory of this process (Linux: /proc/self/statm), or `nil` elsewhere.
private func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private let memoryModeVariable = "LISTKIT_PAGING_MEMORY"

/// Bytes per item held by `structure` ("machine" or "array"), measured in a fresh child process
/// so that memory freed by earlier runs cannot hide any.
private func bytesPerItem(_ structure: String) -> Double? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["paging"]
  process.environment = ProcessInfo.processInfo.environment.merging([memoryModeVariable: structure]) { $1 }
  let output = Pipe()
  process.standardOutput = output
  guard (try? process.run()) != nil else { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The child side of ``bytesPerItem(_:)``: builds the structure and prints bytes per item.
private func printBytesPerItem(_ structure: String) {
  guard let before = residentBytes() else { return print("n/a") }
  let count: Int
  let after: Int?
  if structure == "machine" {
    var machine = PagingStateMachine<BenchItem>(
      configuration: (try? PagingConfiguration(pageSize: pageSize)) ?? .standard)
    for number in 0..<targetCount / pageSize {
      let actions = number == 0 ? machine.refresh() : machine.loadNextPage()
      guard case .load(let ticket, _)? = actions.last else { return print("n/a") }
      _ = machine.succeeded(ticket, with: Page(items: makePage(number), hasMore: true))
    }
    after = residentBytes()
    count = machine.items.count
  } else {
    var items: [BenchItem] = []
    for number in 0..<targetCount / pageSize { items.append(contentsOf: makePage(number)) }
    after = residentBytes()
    count = items.count
  }
  guard let after else { return print("n/a") }
  print(Double(after - before) / Double(count))
}

private struct AppendRun {
  var firstWindow: Duration = .zero
  var lastWindow: Duration = .zero
  var total: Duration = .zero
  var held = 0

  var ratio: Double { lastWindow / firstWindow }
}

/// Appends every page through the state machine, timing each append.
private func runMachine() -> AppendRun {
  let clock = ContinuousClock()
  var run = AppendRun()
  var machine = PagingStateMachine<BenchItem>(
    configuration: (try? PagingConfiguration(pageSize: pageSize)) ?? .standard)
  let pages = targetCount / pageSize
  for number in 0..<pages {
    let page = Page(items: makePage(number), hasMore: true)
    let elapsed = clock.measure {
      let actions = number == 0 ? machine.refresh() : machine.loadNextPage()
      guard case .load(let ticket, _)? = actions.last else {
        preconditionFailure("internal inconsistency: page \(number) did not start")
      }
      _ = machine.succeeded(ticket, with: page)
    }
    run.total += elapsed
    if number < window { run.firstWindow += elapsed }
    if number >= pages - window { run.lastWindow += elapsed }
  }
  run.held = machine.items.count
  return run
}

/// The baseline: the same pages appended to a plain array, no duplicate check.
private func runPlainArray() -> AppendRun {
  let clock = ContinuousClock()
  var run = AppendRun()
  var items: [BenchItem] = []
  let pages = targetCount / pageSize
  for number in 0..<pages {
    let page = makePage(number)
    let elapsed = clock.measure { items.append(contentsOf: page) }
    run.total += elapsed
    if number < window { run.firstWindow += elapsed }
    if number >= pages - window { run.lastWindow += elapsed }
  }
  run.held = items.count
  return run
}

private func format(_ duration: Duration) -> String {
  let microseconds =
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  return String(format: "%9.1f µs", microseconds)
}

private func format(bytes: Double?) -> String {
  bytes.map { String(format: "%6.1f", $0) } ?? "   n/a"
}

/// Runs the paging benchmark and prints its figures beside the plain-array baseline.
func runPagingBenchmark() {
  if let structure = ProcessInfo.processInfo.environment[memoryModeVariable] {
    return printBytesPerItem(structure)
  }
  #if DEBUG
    let build = "debug"
  #else
    let build = "release"
  #endif
  print("paging: append pages of \(pageSize) until \(targetCount) items are held (\(build) build)")
  print("  item: \(MemoryLayout<BenchItem>.stride) bytes (Int id + Int value); duplicate-id check on;")
  print("  first/last = the first and the last \(window) appends; median of \(repetitions) runs by ratio")
  var machineRuns: [AppendRun] = []
  var arrayRuns: [AppendRun] = []
  for _ in 0..<repetitions {
    machineRuns.append(runMachine())
    arrayRuns.append(runPlainArray())
  }
  let machine = machineRuns.sorted { $0.ratio < $1.ratio }[repetitions / 2]
  let array = arrayRuns.sorted { $0.ratio < $1.ratio }[repetitions / 2]
  print("  what                          first 1,000     last 1,000   last/first   total        bytes/item")
  let rows = [
    ("PagingStateMachine (checked)", machine, bytesPerItem("machine")),
    ("[Item].append (baseline)", array, bytesPerItem("array")),
  ]
  for (name, run, bytes) in rows {
    print(
      "  \(name.padding(toLength: 28, withPad: " ", startingAt: 0))  \(format(run.firstWindow))  "
        + "\(format(run.lastWindow))   \(String(format: "%5.2f×", run.ratio))     "
        + "\(format(run.total))  \(format(bytes: bytes))")
  }
  print(
    "  ratios per run (machine): "
      + machineRuns.map { String(format: "%.2f×", $0.ratio) }.joined(separator: " "))
  print(
    "  checked vs baseline, whole run: \(String(format: "%.1f×", machine.total / array.total)); "
      + "target last/first ≤ 1.50×: \(machine.ratio <= 1.5 ? "met" : "NOT met")")
  print("  bytes/item: resident memory added while building the list, in a fresh child process")
  print("  items held: \(machine.held) (machine), \(array.held) (baseline)")
}
