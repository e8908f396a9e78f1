import Foundation

extension PagedList {
  /// Whether nothing is in flight: no refresh, no next page and no cache read at launch.
  ///
  /// Saves of the first page to the cache are not counted (see ``waitForCacheWrites()``).
  package var isIdle: Bool { !machine.hasLoadInFlight }

  /// Waits until the list is idle: no refresh, next page or launch cache read in flight.
  ///
  /// Returns at once when the list is idle already; otherwise when a load ends and none is left,
  /// including loads started while waiting (a next page the view asked for as the refreshed rows
  /// appeared). Loads that failed or were cancelled by a refresh count as ended. What tests and
  /// SwiftUI previews need instead of sleeping:
  ///
  /// ```swift
  /// photos.start()
  /// await photos.idle()        // the cached page and the first network page are in
  /// ```
  ///
  /// The list stays alive while a caller waits. A caller whose task is cancelled returns at once.
  /// A loader that never answers keeps its load in flight, and this waits as long.
  public func idle() async {
    while machine.hasLoadInFlight, !Task.isCancelled {
      await idleWaiters.wait()
    }
  }
}

/// The continuations of callers of ``PagedList/idle()``, resumed when the list becomes idle or
/// when the waiting task is cancelled.
///
/// `@unchecked Sendable`: every stored property is guarded by `lock` (Synchronization's `Mutex`
/// needs macOS 15 / iOS 18, above the package's platforms); the cancellation handler runs on
/// any thread.
final class IdleWaiters: @unchecked Sendable {
  private let lock = NSLock()
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextID = 0

  /// Suspends until ``resumeAll()`` or the task's cancellation.
  ///
  /// Runs on the main actor, the list's, so no transition can resume the waiters between the
  /// caller's check of the state and the registration here.
  @MainActor func wait() async {
    let id = lock.withLock {
      defer { nextID += 1 }
      return nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = lock.withLock { () -> Bool in
          // Cancelled before the continuation was stored: the handler found nothing to resume.
          if Task.isCancelled { return true }
          waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      lock.withLock { waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Resumes every waiting caller.
  func resumeAll() {
    let ready = lock.withLock {
      defer { waiters.removeAll() }
      return Array(waiters.values)
    }
    for continuation in ready { continuation.resume() }
  }
}
