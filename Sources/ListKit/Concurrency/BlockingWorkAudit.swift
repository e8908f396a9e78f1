import Foundation

/// Counts blocking operations (file I/O, SQLite calls) by where they ran: on the executor their
/// owner gave them, or off it (on a cooperative-pool thread, which a blocking call must never
/// hold).
///
/// The disk cache's `CacheDirectory` (in ListKitCache) and the SQLite store record every
/// operation here, so a test can check that none ran off the executor; a change that moves
/// blocking work elsewhere fails that test at its source.
package final class BlockingWorkAudit: @unchecked Sendable {
  // @unchecked Sendable: the counts are only touched under `lock`.
  private let lock = NSLock()
  private var onExecutor = 0
  private var offExecutor = 0
  private let executor: BlockingWorkExecutor

  package init(executor: BlockingWorkExecutor) {
    self.executor = executor
  }

  /// Records one operation, from the thread that does it.
  package func record() {
    let isCurrent = executor.isCurrent()
    lock.withLock {
      if isCurrent { onExecutor += 1 } else { offExecutor += 1 }
    }
  }

  /// How many operations ran on the executor, and how many off it.
  package var counts: (onExecutor: Int, offExecutor: Int) {
    lock.withLock { (onExecutor, offExecutor) }
  }
}
