import Foundation

/// Hands a diff to a background task while the main actor keeps the only lasting reference to it.
///
/// The work (and what it captures: both snapshots) is freed by ``release()`` on the main actor,
/// never by the background task, whatever order the two drop their references in. See
/// ``UpdateQueue/run(cost:work:apply:)``.
final class DiffHandoff<Result: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `work` is read and cleared only under `lock`, an NSLock because
  // Synchronization's Mutex needs iOS 18 / macOS 15 (the package supports 17 and 14).
  private let lock = NSLock()
  private var work: (@Sendable () -> Result)?

  init(_ work: @escaping @Sendable () -> Result) {
    self.work = work
  }

  /// Runs the work; the handoff keeps holding it, so the caller's reference is not the last.
  ///
  /// - Precondition: Called once, before ``release()`` (the queue calls it so).
  func run() -> Result {
    let work = lock.withLock { self.work }
    guard let work else { preconditionFailure("DiffHandoff.run() after release()") }
    return work()
  }

  /// Drops the work and what it captured, on the caller's thread.
  func release() {
    // Taken out under the lock and dropped once it is unlocked, on this thread. (Not
    // `Optional.take()`: the iOS 17 SDK's standard library lacks it.)
    _ = lock.withLock {
      defer { self.work = nil }
      return self.work
    }
  }
}
