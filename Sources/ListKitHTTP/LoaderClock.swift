/// The loader's clock with its `Instant` type erased: what the deadline and the log need of it.
struct LoaderClock: Sendable {
  /// Sleeps for a duration on the clock; throws `CancellationError` when cancelled.
  let sleep: @Sendable (Duration) async throws -> Void
  /// Starts measuring; the returned function tells the time since, on the clock.
  let startStopwatch: @Sendable () -> @Sendable () -> Duration

  init<C: Clock<Duration>>(_ clock: C) {
    sleep = { duration in try await clock.sleep(for: duration) }
    startStopwatch = {
      let started = clock.now
      return { started.duration(to: clock.now) }
    }
  }
}
