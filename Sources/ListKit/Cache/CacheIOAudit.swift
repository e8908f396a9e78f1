import Foundation

/// Counts the cache's file operations by where they ran: on the cache's own executor, or off it
/// (on a cooperative-pool thread, which a blocking call must never hold).
///
/// ``CacheDirectory`` records every operation here, so a test can check that none ran off the
/// executor; a change that moves I/O elsewhere fails that test at its source.
package final class CacheIOAudit: @unchecked Sendable {
  // @unchecked Sendable: the counts are only touched under `lock`.
  private let lock = NSLock()
  private var onExecutor = 0
  private var offExecutor = 0
  private let executor: BlockingWorkExecutor

  init(executor: BlockingWorkExecutor) {
    self.executor = executor
  }

  /// Records one file operation, from the thread that does it.
  func record() {
    let isCurrent = executor.isCurrent()
    lock.withLock {
      if isCurrent { onExecutor += 1 } else { offExecutor += 1 }
    }
  }

  /// How many file operations ran on the cache's executor, and how many off it.
  package var counts: (onExecutor: Int, offExecutor: Int) {
    lock.withLock { (onExecutor, offExecutor) }
  }
}
