import Foundation

/// A value guarded by an `NSLock`, for the little state a `Sendable` class shares between tasks.
///
/// NB: not Synchronization's `Mutex`, which needs iOS 18 / macOS 15 (the package supports iOS 17
/// and macOS 14), and whose contended hand-over on Linux ThreadSanitizer cannot see.
package final class Locked<Value>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  /// Creates the guarded value.
  /// - Parameter value: The initial value.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock.
  /// - Parameter body: Reads or changes the value; it must not call back into this lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }
}
