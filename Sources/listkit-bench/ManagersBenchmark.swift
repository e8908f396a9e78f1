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
}

/// Issue 4's benchmarks: (a) one million cell + height requests through table → section → cell
/// on a 1,000,000-row, 1,000-section table against direct array indexing with the same configure
/// code; (b) an update after one model change on a 100,000-row screen against a 60 Hz frame and
/// against diffing the whole screen.
@MainActor func runManagersBenchmark() {
  print("== managers: dispatch through table → section → cell (release build, median of 5 runs)")
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
  func throughManagers(_ paths: [ItemPath]) -> Double {
    BenchSupport.median(
      BenchSupport.timings(runs: 5) {
        for path in paths {
          let cell = table.listView(view, cellForItemAt: path)
          sink += table.listView(view, heightForItemAt: path) ?? 0
          sink += Double((cell as! ManagedCell).value)
        }
      })
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
  let managersScroll = throughManagers(scroll)
  let directScroll = direct(scroll)
  let managersRandom = throughManagers(paths)
  let directRandom = direct(paths)
  let early = [ItemPath](repeating: ItemPath(item: 10, section: 0), count: requests)
  let late = [ItemPath](
    repeating: ItemPath(item: rowsPerSection - 1, section: sectionCount - 1), count: requests)
  let managersEarly = throughManagers(early)
  let managersLate = throughManagers(late)
  let perCall = { (seconds: Double) in String(format: "%.1f ns", seconds / Double(requests) * 1e9) }
  print(
    "  1,000,000 cell + height requests, every row top to bottom as a scrolling table asks (1,000 sections):")
  print("    managers       \(BenchSupport.duration(managersScroll))  \(perCall(managersScroll))/request")
  print("    direct index   \(BenchSupport.duration(directScroll))  \(perCall(directScroll))/request")
  print(String(format: "    ratio          %.2f×   (target ≤ 3×)", managersScroll / directScroll))
  print("  1,000,000 cell + height requests at random rows (every request a cache miss on both sides):")
  print("    managers       \(BenchSupport.duration(managersRandom))  \(perCall(managersRandom))/request")
  print("    direct index   \(BenchSupport.duration(directRandom))  \(perCall(directRandom))/request")
  print(String(format: "    ratio          %.2f×", managersRandom / directRandom))
  print("  the same request repeated 1,000,000 times:")
  print("    row 10         \(BenchSupport.duration(managersEarly))  \(perCall(managersEarly))/request")
  print("    row 1,000,000  \(BenchSupport.duration(managersLate))  \(perCall(managersLate))/request")
  print(
    String(
      format: "    ratio          %.2f×   (target: within 1.5× of each other)",
      max(managersEarly, managersLate) / min(managersEarly, managersLate)))

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
  let everyRow = BenchSupport.median(
    BenchSupport.timings(runs: 5) {
      counter += 1
      for section in screenSections {
        for case let row as ManagedRow in section.cells { row.model.value = counter }
      }
      screen.update()
    })
  let frame = 1.0 / 60
  print("    one model changed  \(BenchSupport.duration(oneChange))")
  print("    every row changed  \(BenchSupport.duration(everyRow))   (a full diff of the screen)")
  print(String(format: "    one change / 60 Hz frame (16.67 ms)  %.2f×   (target < 1)", oneChange / frame))
  print(String(format: "    one change / full diff               %.2f×", oneChange / everyRow))
  if sink == 42 { print("") }
}
