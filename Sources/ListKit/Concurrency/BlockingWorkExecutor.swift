import Dispatch

/// A serial executor on a dispatch queue of its own, for work that blocks: file I/O, `fsync`,
/// directory listings, SQLite calls.
///
/// An actor that does such work runs on one of these through `unownedExecutor`, so a blocking
/// call holds this queue's thread and never one of the cooperative pool's, which has only as
/// many threads as the machine has cores and which every other task of the app needs.
///
/// ```swift
/// actor Store {
///   private let executor = BlockingWorkExecutor(label: "app.store")
///   nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
package final class BlockingWorkExecutor: SerialExecutor {
  private let queue: DispatchQueue
  private let marker = QueueMarker()

  /// Creates an executor with a serial queue of its own.
  ///
  /// - Parameter label: The queue's label, shown in debuggers and crash reports.
  package init(label: String) {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: marker.key, value: true)
  }

  /// Runs the job on this executor's queue, after every job enqueued before it.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  /// This executor, as an actor's `unownedExecutor` returns it.
  package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Whether the caller is running on this executor's queue now.
  package func isCurrent() -> Bool {
    // `dispatchPrecondition` traps; this is its yes/no form, for checks in tests.
    DispatchQueue.getSpecific(key: marker.key) == true
  }
}

/// The key that marks a ``BlockingWorkExecutor``'s queue.
///
/// `@unchecked Sendable`: Apple's Dispatch does not mark `DispatchSpecificKey` `Sendable`
/// (Linux's does); the key is immutable, and Dispatch reads it from any thread.
private struct QueueMarker: @unchecked Sendable {
  let key = DispatchSpecificKey<Bool>()
}
