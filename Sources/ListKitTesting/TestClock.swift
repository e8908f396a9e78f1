import Foundation

/// A clock that moves only when a test moves it, for testing code that waits — timeouts,
/// deadlines, simulated latency, retry delays — without waiting for real time to pass.
///
/// Hand it to the code under test wherever that code takes `some Clock<Duration>`, start the
/// work, wait until the work is asleep on the clock, then move the clock past its deadline:
///
/// ```swift
/// let clock = TestClock()
/// let loader = HTTPPageLoader<Photo>(baseURL: url, style: .array, timeout: .seconds(5), clock: clock)
/// let load = Task { try await loader.loadPage(request) }
/// try await clock.waitForSleepers()       // the deadline is set
/// clock.advance(by: .seconds(5))          // and passes: the load ends with a timeout
/// await #expect(throws: HTTPPageLoaderError.timedOut(after: .seconds(5))) { try await load.value }
/// ```
///
/// A sleep whose deadline has already come returns at once. ``advance(by:)`` and ``advance(to:)``
/// resume every sleeper whose deadline the clock reaches, in deadline order (sleepers with equal
/// deadlines in the order they began to sleep). Cancelling a sleeping task ends its sleep at once
/// with `CancellationError`, as `Task.sleep` does. Nothing here reads the wall clock or counts
/// scheduler turns, so a test that uses it behaves the same on a loaded machine.
///
/// `TestClock` is `Sendable`: share one clock between the test and the code under test.
public final class TestClock: Clock, @unchecked Sendable {
  /// A point in time on a ``TestClock``: how far the clock had been advanced.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant.
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` after this one.
    /// - Parameter duration: The time to add; may be negative.
    /// - Returns: The later (or earlier) instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to another.
    /// - Parameter other: The other instant.
    /// - Returns: `other` minus this instant; negative when `other` is earlier.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, for example `2.5 seconds`.
    public var description: String { "\(offset)" }
  }

  // @unchecked Sendable: `unsafeState` is only touched inside `withState`, under `lock`.
  //
  // NB: an NSLock (a pthread mutex), not Synchronization's Mutex: on Linux, Mutex hands a
  // contended lock over through the kernel (a PI futex), which ThreadSanitizer cannot see, so
  // TSan reports the clock's state as raced.
  private let lock = NSLock()
  private nonisolated(unsafe) var unsafeState: TestClockState<Instant>

  /// Creates a clock that stands at `now` until it is advanced.
  /// - Parameter now: The starting instant; by default the clock's start.
  public init(now: Instant = Instant(offset: .zero)) {
    unsafeState = TestClockState(now: now)
  }

  private func withState<T>(_ body: (inout TestClockState<Instant>) -> T) -> T {
    lock.withLock { body(&unsafeState) }
  }

  /// The current instant; it changes only through ``advance(by:)`` and ``advance(to:)``.
  public var now: Instant { withState { $0.now } }

  /// The smallest step the clock can take: any duration.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock now.
  public var sleeperCount: Int { withState { $0.sleeperCount } }

  /// Suspends until the clock reaches `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at; at or before ``now`` the call returns at once.
  ///   - tolerance: Ignored: the clock wakes sleepers exactly at their deadlines.
  /// - Throws: `CancellationError` when the calling task is cancelled before or while asleep.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    try await suspend(.sleeper(deadline: deadline))
  }

  /// Suspends until at least `count` tasks are asleep on this clock.
  ///
  /// Call it between starting the work under test and advancing the clock, so that the advance
  /// reaches the deadline the work set rather than passing before the work began to wait.
  /// - Parameter count: The number of sleepers to wait for.
  /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
  public func waitForSleepers(_ count: Int = 1) async throws {
    try Task.checkCancellation()
    try await suspend(.sleeperWaiter(count: count))
  }

  /// Moves the clock forward and wakes every sleeper whose deadline it reaches.
  ///
  /// - Parameter duration: How far to move; zero or a negative duration leaves the clock where
  ///   it is (it never goes back) and wakes nobody.
  /// - Complexity: O(*s* log *s*) for *s* sleepers.
  public func advance(by duration: Duration) {
    let woken = withState { state in state.advance(to: state.now.advanced(by: duration)) }
    for continuation in woken { continuation.resume() }
  }

  /// Moves the clock forward to `instant` and wakes every sleeper whose deadline it reaches.
  ///
  /// - Parameter instant: Where to move; at or before ``now`` the clock stays where it is.
  /// - Complexity: O(*s* log *s*) for *s* sleepers.
  public func advance(to instant: Instant) {
    let woken = withState { $0.advance(to: instant) }
    for continuation in woken { continuation.resume() }
  }

  /// Registers the calling task as a sleeper or a waiter and suspends it until it is woken or
  /// cancelled.
  private func suspend(_ kind: TestClockState<Instant>.Kind) async throws {
    let id = withState { $0.reserve() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let ready = withState { $0.register(id, kind, continuation) }
        for (waiting, result) in ready { waiting.resume(with: result) }
      }
    } onCancel: {
      let cancelled = withState { $0.cancel(id) }
      cancelled?.resume(throwing: CancellationError())
    }
  }
}
