import Foundation
import ListDiff
import ListKit

/// Local updates of a 100,000-item `PagedList`, each beside a baseline from the same process.
///
/// One update — kept at once, and pending then confirmed — against the same update made to a
/// plain array and diffed with ListDiff, and through a `PagedSection` and a `TableManager` to a
/// view; then a 50-item page appended to a list that holds 100,000 or more through the same path,
/// against the same change made to a plain array and diffed. Main-actor CPU time, median of
/// interleaved runs.
@MainActor func runEditingBenchmark() async {
  let count = 100_000
  let runs = 101
  print(
    "== editing: one update of a \(BenchSupport.grouped(count))-item paged list (release build; thread CPU time, median of \(runs) interleaved runs)"
  )
  let models = (0..<count).map { BenchItem(id: $0, version: 0) }
  func makeList() async -> PagedList<BenchItem> {
    let configuration = try! PagingConfiguration(style: .offset, pageSize: 1000)
    let list = PagedList(
      listName: "bench", configuration: configuration,
      loader: ClosurePageLoader { (request: PageRequest) -> Page<BenchItem> in
        guard case .offset(let offset, let limit) = request.position else {
          return Page(items: [], hasMore: false)
        }
        let end = min(count, offset + limit)
        return Page(items: Array(models[offset..<end]), hasMore: end < count)
      })
    await list.start()?.value
    while list.hasMore { await list.loadNextPage()?.value }
    return list
  }
  let kept = await makeList()
  let pending = await makeList()
  let shown = await makeList()
  let view = DispatchOnlyListView()
  let table = TableManager(sections: [PagedSection(list: shown) { ManagedBenchRow($0) }])
  table.attach(to: view)
  table.update()
  await table.updatesApplied()
  var array = models
  var snapshot = SectionedSnapshot(items: array)
  var random = BenchRandom(seed: 26)
  var (keptTimes, pendingTimes, confirmTimes, tableTimes, baselineTimes) = (
    [Double](), [Double](), [Double](), [Double](), [Double]()
  )
  var changes = 0
  for run in 1...runs {
    let id = random.next(below: count)
    keptTimes.append(BenchSupport.seconds { kept.apply(.update(id: id) { $0.version = run }) })
    var edit: PendingEdit?
    pendingTimes.append(
      BenchSupport.seconds { edit = pending.applyPending(.update(id: id) { $0.version = run }) })
    confirmTimes.append(BenchSupport.seconds { pending.confirm(edit!) })
    tableTimes.append(
      BenchSupport.seconds {
        shown.apply(.update(id: id) { $0.version = run })
        table.update()
      })
    baselineTimes.append(
      BenchSupport.seconds {
        array[id].version = run
        let next = SectionedSnapshot(items: array)
        changes += next.difference(from: snapshot).stages.count
        snapshot = next
      })
  }
  await table.updatesApplied()
  let baseline = BenchSupport.median(baselineTimes)
  let column = { (text: String) in BenchSupport.pad(text, -58) }
  func line(_ name: String, _ times: [Double]) {
    let median = BenchSupport.median(times)
    print(
      "    \(column(name))\(BenchSupport.duration(median))   \(String(format: "%.4f×", median / baseline)) baseline"
        + (median <= 0.001 ? "   (≤ 1 ms)" : "   (OVER 1 ms)"))
  }
  line("apply(.update): kept at once", keptTimes)
  line("applyPending(.update) (copies the items once)", pendingTimes)
  line("confirm(_:) of that update", confirmTimes)
  line("apply(.update) + PagedSection + TableManager.update()", tableTimes)
  print(
    "    \(column("baseline: plain array, element changed, ListDiff diff"))\(BenchSupport.duration(baseline))"
  )
  if changes < 0 { print("") }
  if kept.items.count != count || shown.items.count != count { print("    (unexpected item count)") }
  await runAppendBenchmark(count: count, runs: runs)
}

/// A 50-item page appended to a paged list that holds `count` items or more, through a `PagedSection`
/// and a `TableManager` to a view, against the same change of a plain array diffed by ListDiff.
@MainActor private func runAppendBenchmark(count: Int, runs: Int) async {
  let pageSize = 50
  let configuration = try! PagingConfiguration(
    style: .offset, pageSize: pageSize, firstPageSize: count)
  func makeList() async -> PagedList<BenchItem> {
    let list = PagedList(
      listName: "bench-append", configuration: configuration,
      loader: ClosurePageLoader { (request: PageRequest) -> Page<BenchItem> in
        guard case .offset(let offset, let limit) = request.position else {
          return Page(items: [], hasMore: false)
        }
        return Page(items: (offset..<offset + limit).map { BenchItem(id: $0, version: 0) }, hasMore: true)
      })
    await list.start()?.value
    return list
  }
  let list = await makeList()
  let bare = await makeList()
  let view = DispatchOnlyListView()
  let table = TableManager(sections: [PagedSection(list: list) { ManagedBenchRow($0) }])
  table.attach(to: view)
  table.update()
  await table.updatesApplied()
  var array = list.items
  var snapshot = SectionedSnapshot(items: array)
  var (appendTimes, bareTimes, baselineTimes) = ([Double](), [Double](), [Double]())
  var changes = 0
  for _ in 1...runs {
    let bareStart = BenchSupport.threadSeconds()
    await bare.loadNextPage()?.value
    bareTimes.append(BenchSupport.threadSeconds() - bareStart)
    // The main thread's CPU time across the load: the loader runs off the main actor, and the
    // main thread is idle while it waits.
    let start = BenchSupport.threadSeconds()
    await list.loadNextPage()?.value
    await table.updatesApplied()
    appendTimes.append(BenchSupport.threadSeconds() - start)
    let first = array.last!.id + 1
    baselineTimes.append(
      BenchSupport.seconds {
        array.append(contentsOf: (first..<first + pageSize).map { BenchItem(id: $0, version: 0) })
        let next = SectionedSnapshot(items: array)
        changes += next.difference(from: snapshot).stages.count
        snapshot = next
      })
  }
  let baseline = BenchSupport.median(baselineTimes)
  let median = BenchSupport.median(appendTimes)
  let column = { (text: String) in BenchSupport.pad(text, -58) }
  print(
    "    \(column("next page of 50 at \(BenchSupport.grouped(count))+ held + PagedSection + TableManager"))"
      + "\(BenchSupport.duration(median))   \(String(format: "%.4f×", median / baseline)) baseline"
      + (median <= 0.0003 ? "   (≤ 0.3 ms)" : "   (OVER 0.3 ms)"))
  let bareMedian = BenchSupport.median(bareTimes)
  print(
    "    \(column("the same next page, PagedList alone (no section, no table)"))"
      + "\(BenchSupport.duration(bareMedian))   \(String(format: "%.4f×", bareMedian / baseline)) baseline")
  print(
    "    \(column("baseline: plain array, 50 appended, ListDiff diff"))\(BenchSupport.duration(baseline))"
  )
  if changes < 0 { print("") }
  if list.items.count != count + runs * pageSize || list.items.last?.id != array.last?.id {
    print("    (unexpected items)")
  }
}

/// The row of the editing benchmark's table.
final class ManagedBenchRow: ModelCellManager<BenchItem, ManagedCell> {
  override func configure(cell: ManagedCell) { cell.value = model.version }
}
