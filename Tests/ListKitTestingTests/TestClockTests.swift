import Foundation
import ListKitTesting
import Testing

/// The manual clock apps use in their paging tests: it moves only when advanced, wakes sleepers
/// in deadline order, ends sleeps on cancellation, and never goes back.
@Suite struct TestClockTests {
  typealias Instant = TestClock.Instant

  /// Records the order in which sleepers woke.
  ///
  /// NB: NSLock, not Mutex: ThreadSanitizer cannot see Mutex's contended hand-over on Linux.
  final class Wakes: @unchecked Sendable {
    // @unchecked: `order` is guarded by `lock`.
    private let lock = NSLock()
    private var order: [String] = []
    func append(_ name: String) { lock.withLock { order.append(name) } }
    var all: [String] { lock.withLock { order } }
  }

  @Test func aSleepWhoseDeadlineHasComeReturnsAtOnce() async throws {
    let clock = TestClock(now: Instant(offset: .seconds(10)))
    try await clock.sleep(until: Instant(offset: .seconds(10)))
    try await clock.sleep(until: Instant(offset: .seconds(3)))
    try await clock.sleep(for: .zero)
    #expect(clock.now == Instant(offset: .seconds(10)), "sleeping does not move the clock")
    #expect(clock.sleeperCount == 0)
  }

  @Test func advancingWakesExactlyTheSleepersItReaches() async throws {
    let clock = TestClock()
    let short = Task { try await clock.sleep(for: .seconds(1)) }
    let long = Task { try await clock.sleep(for: .seconds(5)) }
    try await clock.waitForSleepers(2)
    clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 2, "a millisecond early wakes nobody")
    clock.advance(by: .milliseconds(1))
    try await short.value
    #expect(clock.sleeperCount == 1, "the 5 s sleeper sleeps on")
    #expect(clock.now == Instant(offset: .seconds(1)))
    clock.advance(to: Instant(offset: .seconds(5)))
    try await long.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func eachAdvanceWakesTheSleepersWhoseDeadlinesItReaches_earliestFirst() async throws {
    // NB: the order in which woken tasks then run is the scheduler's, not the clock's, so the
    // test observes what each advance woke (awaiting it) rather than the order tasks record.
    let clock = TestClock()
    let c = Task { try await clock.sleep(for: .seconds(3)) }
    let a1 = Task { try await clock.sleep(for: .seconds(1)) }
    let b = Task { try await clock.sleep(for: .seconds(2)) }
    let a2 = Task { try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers(4)

    clock.advance(to: Instant(offset: .seconds(1)))
    try await a1.value
    try await a2.value
    #expect(clock.sleeperCount == 2, "b and c sleep on")
    clock.advance(to: Instant(offset: .seconds(2)))
    try await b.value
    #expect(clock.sleeperCount == 1, "c sleeps on")
    clock.advance(by: .seconds(10))
    try await c.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingASleeperEndsItsSleepWithCancellationError() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    try await clock.waitForSleepers()
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == Instant(offset: .zero), "cancellation does not move the clock")
  }

  @Test func aTaskCancelledBeforeSleepingThrowsWithoutSleeping() async throws {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func waitingForSleepersEndsOnCancellation() async throws {
    let clock = TestClock()
    let waiter = Task { try await clock.waitForSleepers(3) }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
  }

  @Test func theClockNeverGoesBack() async throws {
    let clock = TestClock()
    clock.advance(by: .seconds(2))
    clock.advance(by: .seconds(-1))
    clock.advance(to: Instant(offset: .seconds(1)))
    #expect(clock.now == Instant(offset: .seconds(2)))
    #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(3))) == .seconds(3))
  }

  @Test func manySleepersOnManyThreadsAllWakeOnce() async throws {
    let clock = TestClock()
    let count = 200
    let woken = Wakes()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<count {
        group.addTask {
          try await clock.sleep(for: .milliseconds(index % 7 + 1))
          woken.append("\(index)")
        }
      }
      // Cancelled and finished sleepers leave no trace: the count reaches exactly `count`.
      try await clock.waitForSleepers(count)
      #expect(clock.sleeperCount == count)
      for step in 1...7 { clock.advance(to: Instant(offset: .milliseconds(step))) }
      try await group.waitForAll()
    }
    #expect(Set(woken.all) == Set((0..<count).map { "\($0)" }))
    #expect(clock.sleeperCount == 0)
  }
}
