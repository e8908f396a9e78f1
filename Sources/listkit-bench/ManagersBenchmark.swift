import Foundation
import ListKit

/// A model in the managers benchmark.
struct ManagedModel: Identifiable, Equatable, Sendable {
  let id: Int
  var value: Int
}

/// The cell the benchmark configures.
final class ManagedCell: ListCell {
  var value = 0
  init() {}
}

/// One row kind, as an app writes it.
final class ManagedRow: ModelCellManager<ManagedModel, ManagedCell> {
  override func configure(cell: ManagedCell) { cell.value = model.value }
  override func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    Double(44 + model.value & 7)
  }
}

/// A list view that only hands out one cell per identifier: what is measured is the dispatch,
/// not a view.
@MainActor final class DispatchOnlyListView: ListView {
  weak var dataSource: (any ListDataSource)?
  weak var delegate: (any ListDelegate)?
  var cells: [String: AnyObject] = [:]
  func register(_ registration: CellRegistration) {
    cells[registration.reuseIdentifier] = registration.make()
  }
  func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
    -> AnyObject
  {
    guard let cell = cells[identifier] else { throw .unregisteredIdentifier(identifier) }
    return cell
  }
  func reloadData() {}
  func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {}
  var visibleItemPaths: [ItemPath] { [] }
  func scroll(toItemAt path: ItemPath) {}
}

/// The baseline: a "massive view controller" that answers the same calls by indexing its models
/// directly, with the same configure code — what the managers replace.
@MainActor final class DirectIndexingDataSource: ListDataSource, ListDelegate {
  let models: [[ManagedModel]]
  init(models: [[ManagedModel]]) { self.models = models }
  func numberOfSections(in listView: any ListView) -> Int { models.count }
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    models[section].count
  }
  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    let model = models[path.section][path.item]
    let cell = (try? listView.dequeueReusableCell(withIdentifier: "ManagedCell", for: path)) as! ManagedCell
    cell.value = model.value
    return cell
  }
  func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    Double(44 + models[path.section][path.item].value & 7)
  }
}

/// The managers benchmarks: (a) one million cell + height requests through table → section →
/// cell on a 1,000,000-row, 1,000-section table against direct array indexing with the same
/// configure code; (b) an update after one model change on a 100,000-row screen against a 60 Hz
/// frame and against diffing the whole screen.
@MainActor func runManagersBenchmark() async {
  if ProcessInfo.processInfo.environment["LISTKIT_BENCH_PART"] != "update" { runDispatchBenchmark() }
  await runUpdateBenchmark()
}

/// Benchmark (a): dispatch through the hierarchy against a direct-indexing data source.
@MainActor func runDispatchBenchmark() {
  print(
    "== managers: dispatch through table → section → cell (release build; thread CPU time, median of 9 interleaved passes)"
  )
  let sectionCount = 1_000
  let rowsPerSection = 1_000
  let models = (0..<sectionCount).map { section in
    (0..<rowsPerSection).map { ManagedModel(id: section * rowsPerSection + $0, value: $0) }
  }
  let view = DispatchOnlyListView()
  let table = TableManager(sections: models.map { SectionManager(cells: $0.map(ManagedRow.init)) })
  table.attach(to: view)
  func configure(_ cell: ManagedCell, _ model: ManagedModel) { cell.value = model.value }
  func height(_ model: ManagedModel) -> Double { Double(44 + model.value & 7) }

  var random = BenchRandom(seed: 4)
  let requests = 1_000_000
  let paths = (0..<requests).map { _ in
    ItemPath(
      item: Int.random(in: 0..<rowsPerSection, using: &random),
      section: Int.random(in: 0..<sectionCount, using: &random))
  }
  var sink = 0.0
  let massive = DirectIndexingDataSource(models: models)
  let viewController: any ListDataSource & ListDelegate = massive
  let managers: any ListDataSource & ListDelegate = table
  /// One pass of the requests through `source`, as a list view asks; CPU seconds of this thread.
  func pass(_ source: any ListDataSource & ListDelegate, _ paths: [ItemPath]) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    for path in paths {
      let cell = source.listView(view, cellForItemAt: path)
      sink += source.listView(view, heightForItemAt: path) ?? 0
      sink += Double((cell as! ManagedCell).value)
    }
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }
  /// Passes of two workloads interleaved (so both see the same machine), 9 each: the medians and
  /// the median of the pairwise ratios.
  func compare(
    _ first: (source: any ListDataSource & ListDelegate, paths: [ItemPath]),
    _ second: (source: any ListDataSource & ListDelegate, paths: [ItemPath])
  ) -> (first: Double, second: Double, ratio: Double) {
    var firsts: [Double] = []
    var seconds: [Double] = []
    for _ in 0..<9 {
      firsts.append(pass(first.source, first.paths))
      seconds.append(pass(second.source, second.paths))
    }
    let ratios = zip(firsts, seconds).map { $0 / $1 }
    return (BenchSupport.median(firsts), BenchSupport.median(seconds), BenchSupport.median(ratios))
  }
  func direct(_ paths: [ItemPath]) -> Double {
    BenchSupport.median(
      BenchSupport.timings(runs: 5) {
        for path in paths {
          let model = models[path.section][path.item]
          let cell = (try? view.dequeueReusableCell(withIdentifier: "ManagedCell", for: path)) as! ManagedCell
          configure(cell, model)
          sink += height(model)
          sink += Double(cell.value)
        }
      })
  }
  let scroll = (0..<sectionCount).flatMap { section in
    (0..<rowsPerSection).map { ItemPath(item: $0, section: section) }
  }
  let perCall = { (seconds: Double) in String(format: "%6.1f ns", seconds / Double(requests) * 1e9) }
  let column = { (text: String) in BenchSupport.pad(text, -44) }
  for (name, pattern) in [
    ("every row top to bottom, as a scrolling table asks", scroll), ("random rows", paths),
  ] {
    let (managersTime, massiveTime, ratio) = compare((managers, pattern), (viewController, pattern))
    let inlineTime = direct(pattern)
    print("  1,000,000 cell + height requests, \(name):")
    print("    \(column("managers (table → section → cell)"))\(perCall(managersTime))/request")
    print("    \(column("direct-indexing data source (baseline)"))\(perCall(massiveTime))/request")
    print("    \(column("inlined loop, no data-source call"))\(perCall(inlineTime))/request")
    print(
      String(
        format: "    ratio to the baseline %.2f× (target ≤ 4×); to the inlined loop %.2f×",
        ratio, managersTime / inlineTime))
  }
  let early = [ItemPath](repeating: ItemPath(item: 10, section: 0), count: requests)
  let late = [ItemPath](
    repeating: ItemPath(item: rowsPerSection - 1, section: sectionCount - 1), count: requests)
  let (managersLate, managersEarly, lateToEarly) = compare((managers, late), (managers, early))
  print("  the same request repeated 1,000,000 times through the managers (interleaved passes):")
  print("    \(column("row 10"))\(perCall(managersEarly))/request")
  print("    \(column("row 1,000,000"))\(perCall(managersLate))/request")
  print(
    String(
      format: "    ratio %.2f× (target: within 1.5× of each other)", max(lateToEarly, 1 / lateToEarly)))

  if sink == 42 { print("") }
}

/// Benchmark (b): one model change on a 100,000-row screen, in place and with the rows
/// re-assigned, the latter diffed on the main actor (the synchronous path, forced) and off it.
@MainActor func runUpdateBenchmark() async {
  print("== managers: update after one model change on a 100,000-row screen (100 sections)")
  let screenSections = (0..<100).map { section in
    SectionManager(cells: (0..<1_000).map { ManagedRow(ManagedModel(id: section * 1_000 + $0, value: 0)) })
  }
  let screenView = DispatchOnlyListView()
  let screen = TableManager(sections: screenSections)
  screen.attach(to: screenView)
  var counter = 0
  let oneChange = BenchSupport.median(
    BenchSupport.timings(runs: 21) {
      counter += 1
      let row = screenSections[counter % 100].cells[counter % 1_000] as! ManagedRow
      row.model.value = counter
      screen.update()
    })
  /// Changes one model and re-assigns its section's rows (as `section.cells = models.map(Row.init)`
  /// does), so the update rebuilds that section's keys and diffs the whole screen.
  func reassign() {
    counter += 1
    let section = screenSections[counter % 100]
    let rows = section.cells
    (rows[counter % 1_000] as! ManagedRow).model.value = counter
    section.cells = rows
  }
  let offMainThreshold = screen.offMainThreshold
  var synchronous: [Double] = []
  var mainActor: [Double] = []
  var total: [Double] = []
  var latency: [Double] = []
  // Interleaved passes, so both paths see the same machine.
  for _ in 0..<15 {
    screen.offMainThreshold = .max
    synchronous.append(
      BenchSupport.processSeconds {
        reassign()
        screen.update()
      })
    screen.offMainThreshold = offMainThreshold
    let (mainStart, totalStart, wallStart) = (
      BenchSupport.threadSeconds(), BenchSupport.processSeconds(), ContinuousClock.now
    )
    reassign()
    screen.update()
    await screen.updatesApplied()
    mainActor.append(BenchSupport.threadSeconds() - mainStart)
    total.append(BenchSupport.processSeconds() - totalStart)
    let wall = ContinuousClock.now - wallStart
    latency.append(Double(wall.components.attoseconds) / 1e18 + Double(wall.components.seconds))
  }
  let ratios = zip(total, synchronous).map { $0 / $1 }
  let frame = 1.0 / 60
  let column = { (text: String) in BenchSupport.pad(text, -66) }
  print("    \(column("one model changed in place (the row reloads)"))\(BenchSupport.duration(oneChange))")
  print(
    "  one model changed, rows re-assigned (full diff; release build; CPU time, median of 15 interleaved passes):"
  )
  print(
    "    \(column("diffed on the main actor (forced synchronous): main-actor time"))\(BenchSupport.duration(BenchSupport.median(synchronous)))"
  )
  print(
    "    \(column("off the main actor: main-actor time per update"))\(BenchSupport.duration(BenchSupport.median(mainActor)))"
  )
  print(
    "    \(column("off the main actor: total CPU time, background included"))\(BenchSupport.duration(BenchSupport.median(total)))"
  )
  print(
    "    \(column("off the main actor: wall time until applied (informative)"))\(BenchSupport.duration(BenchSupport.median(latency)))"
  )
  print(
    String(
      format:
        "    main-actor time off main %.3f ms (target ≤ 2 ms, %.3f× a 60 Hz frame); total / synchronous %.2f× (target ≤ 1.2×)",
      BenchSupport.median(mainActor) * 1000, BenchSupport.median(mainActor) / frame,
      BenchSupport.median(ratios)))
  print(String(format: "    in place / 60 Hz frame (16.67 ms)   %.4f×   (target < 1)", oneChange / frame))
  print(
    String(format: "    synchronous full diff / 60 Hz frame %.2f×", BenchSupport.median(synchronous) / frame))
}
