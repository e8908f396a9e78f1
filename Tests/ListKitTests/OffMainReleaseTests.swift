import Foundation
import ListKitTesting
import Testing

@testable import ListKit

/// What a background diff holds is freed on the main actor.
///
/// A row's manager is main-actor state, and an app's subclass may hold views: UIKit requires those
/// to be freed on the main thread. A diff off the main actor holds the rows of both snapshots while
/// it runs and returns them in its result; none of those references may be the last one to go on
/// the background thread, whatever order the two threads drop theirs in.
@MainActor @Suite struct OffMainReleaseTests {
  /// Counts the rows freed, and those freed off the main queue.
  ///
  /// The main actor runs its jobs on the main dispatch queue, which a test runner need not drain
  /// on the process's first thread (`Thread.isMainThread` is false in a main-actor test on Linux),
  /// so the main queue is told apart by a value set on it.
  final class Tally: @unchecked Sendable {
    // NB: a lock rather than Synchronization.Mutex, which needs macOS 15 (the package supports 14).
    private let lock = NSLock()
    private var counts = (freed: 0, offMain: 0)
    private let mainQueueKey = DispatchSpecificKey<Bool>()

    init() { DispatchQueue.main.setSpecific(key: mainQueueKey, value: true) }

    /// Records a row freed on the queue that runs this call.
    func recordFree() {
      let onMainQueue = DispatchQueue.getSpecific(key: mainQueueKey) == true
      lock.withLock {
        counts.freed += 1
        if !onMainQueue { counts.offMain += 1 }
      }
    }

    var freed: Int { lock.withLock { counts.freed } }
    var freedOffMain: Int { lock.withLock { counts.offMain } }
  }

  final class TrackedRow: ModelCellManager<OrderItem, TextCell> {
    var tally: Tally?

    deinit { tally?.recordFree() }

    override func configure(cell: TextCell) { cell.text = model.name }
  }

  func rows(_ ids: some Sequence<Int>, version: Int, tally: Tally) -> [CellManager] {
    ids.map { id in
      let row = TrackedRow(OrderItem(id: id, name: "i\(id)", price: version))
      row.tally = tally
      return row
    }
  }

  @Test(arguments: 0..<3 as Range<UInt64>)
  func rowsReplacedWhileTheirDiffsRunOffMain_areFreedOnTheMainActor(seed: UInt64) async {
    let tally = Tally()
    var random = SplitMix64(seed: seed)
    let section = SectionManager(cells: rows(0..<300, version: 0, tally: tally))
    let view = HeadlessTableView(viewportHeight: 10_000)
    var table: TableManager? = TableManager(sections: [section])
    table?.updates.offMainThreshold = 0
    table?.attach(to: view)
    for version in 1...60 {
      // Every round replaces every row (new managers, shuffled, some ids new), so each diff's
      // snapshots hold the only references left to the rows it replaces.
      let start = Int(random.next() % 50)
      section.cells = rows((start..<start + 300).shuffled(using: &random), version: version, tally: tally)
      table?.update()
      if random.next() % 4 == 0 { await table?.updatesApplied() }
      if random.next() % 7 == 0 { table?.update(animated: false) }
    }
    await table?.updatesApplied()
    section.cells = []
    table?.update(animated: false)
    table = nil
    // Every reference a diff held is dropped on the main actor before its result is applied, so
    // with the rows gone from the section and the table every row is freed by now.
    #expect(tally.freed == 61 * 300, "seed \(seed)")
    #expect(tally.freedOffMain == 0, "seed \(seed): \(tally.freedOffMain) rows freed off the main actor")
  }
}
