/// The state of a ``TestClock``, guarded by its mutex: the current instant and the suspended tasks.
///
/// Every method returns the continuations to resume, and the clock resumes them after unlocking.
struct TestClockState<Instant: Comparable & Sendable>: Sendable {
  /// What a suspended task waits for.
  enum Kind: Sendable {
    /// The clock to reach a deadline.
    case sleeper(deadline: Instant)
    /// At least `count` sleepers.
    case sleeperWaiter(count: Int)
  }

  /// A suspension between its reservation and its end.
  enum Entry: Sendable {
    /// Reserved; the continuation is not registered yet.
    case reserved
    /// Cancelled before its continuation was registered.
    case cancelledEarly
    /// Suspended.
    case suspended(Kind, CheckedContinuation<Void, any Error>)
  }

  private(set) var now: Instant
  /// Suspensions by reservation number, which is also the order they began.
  private var entries: [UInt64: Entry] = [:]
  private var nextID: UInt64 = 0

  init(now: Instant) { self.now = now }

  var sleeperCount: Int {
    entries.values.reduce(0) { count, entry in
      if case .suspended(.sleeper, _) = entry { count + 1 } else { count }
    }
  }

  /// Reserves a number for a suspension that is about to begin.
  mutating func reserve() -> UInt64 {
    nextID += 1
    entries[nextID] = .reserved
    return nextID
  }

  /// Registers a reserved suspension; returns what to resume now (the suspension itself when it
  /// was cancelled or is already due, waiters whose count it completes).
  mutating func register(
    _ id: UInt64, _ kind: Kind, _ continuation: CheckedContinuation<Void, any Error>
  ) -> [(CheckedContinuation<Void, any Error>, Result<Void, any Error>)] {
    guard case .reserved? = entries[id] else {
      entries[id] = nil
      return [(continuation, .failure(CancellationError()))]
    }
    let due =
      switch kind {
      case .sleeper(let deadline): deadline <= now
      case .sleeperWaiter(let count): count <= sleeperCount
      }
    if due {
      entries[id] = nil
      return [(continuation, .success(()))]
    }
    entries[id] = .suspended(kind, continuation)
    guard case .sleeper = kind else { return [] }
    return takeWaiters(upTo: sleeperCount).map { ($0, .success(())) }
  }

  /// Ends a suspension because its task was cancelled; returns its continuation if it was
  /// suspended.
  mutating func cancel(_ id: UInt64) -> CheckedContinuation<Void, any Error>? {
    switch entries[id] {
    case .reserved?:
      entries[id] = .cancelledEarly
      return nil
    case .suspended(_, let continuation)?:
      entries[id] = nil
      return continuation
    case .cancelledEarly?, nil:
      return nil
    }
  }

  /// Moves to `instant` (never back); returns the sleepers due, in deadline order, ties in the
  /// order they began.
  mutating func advance(to instant: Instant) -> [CheckedContinuation<Void, any Error>] {
    guard instant > now else { return [] }
    now = instant
    var due: [(deadline: Instant, id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    for (id, entry) in entries {
      if case .suspended(.sleeper(let deadline), let continuation) = entry, deadline <= instant {
        due.append((deadline, id, continuation))
      }
    }
    due.sort { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
    for sleeper in due { entries[sleeper.id] = nil }
    return due.map(\.continuation)
  }

  /// Removes and returns the waiters satisfied by `sleepers` sleepers.
  private mutating func takeWaiters(upTo sleepers: Int) -> [CheckedContinuation<Void, any Error>] {
    var satisfied: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    for (id, entry) in entries {
      if case .suspended(.sleeperWaiter(let count), let continuation) = entry, count <= sleepers {
        satisfied.append((id, continuation))
      }
    }
    satisfied.sort { $0.id < $1.id }
    for waiter in satisfied { entries[waiter.id] = nil }
    return satisfied.map(\.continuation)
  }
}
