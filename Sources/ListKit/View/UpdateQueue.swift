/// Runs the updates of one data source in order, diffing large ones off the main actor.
///
/// The one update path ``ArrayDataSource`` and ``TableManager`` share, in front of
/// ``StageDriver``. An owner hands ``enqueue(_:)`` a closure that reads its latest state, and that
/// closure calls ``runDiff(from:to:options:apply:)`` (or ``run(cost:work:apply:)``) with the diff to compute and how to show its result:
///
/// - A small diff (cost below ``offMainThreshold``) runs and is applied at once, on the main actor.
/// - A large one runs on a background task; the owner keeps answering with the state the view
///   shows until the result is applied, on the main actor, in one turn.
/// - While a diff runs, a new update waits; a newer one replaces a waiting one (the latest wins),
///   and it starts from the state the view shows once the running diff is applied. So updates
///   reach the view in the order they were asked for, and every one that reaches it is a diff of
///   exactly the state the view shows.
/// - ``cancelAll()``, called when the owner shows its latest state some other way (a reload),
///   drops the waiting update and the result of the running diff.
@MainActor
final class UpdateQueue {
  /// Past this cost (rows before plus rows after) a diff runs off the main actor.
  ///
  /// Below it the diff fits well inside the main actor's share of a frame, and a hop to a
  /// background task and back would only add latency (up to a frame). `Guides/Performance.md`
  /// gives the figures.
  static let defaultOffMainThreshold = 4_096

  /// Past this cost a diff runs off the main actor (see ``defaultOffMainThreshold``).
  var offMainThreshold = UpdateQueue.defaultOffMainThreshold

  /// Whether a diff is running off the main actor.
  private(set) var isRunning = false
  /// The update that waits for the running diff; only the latest is kept.
  private var waiting: (@MainActor () -> Void)?
  /// Bumped by ``cancelAll()``: a result computed before it is dropped.
  private var generation = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Whether no diff runs and no update waits.
  var isIdle: Bool { !isRunning && waiting == nil }

  /// Starts `start` now, or keeps it (replacing a waiting update) until the running diff is
  /// applied.
  /// - Parameter start: Reads the owner's latest state and calls ``run(cost:work:apply:)``.
  func enqueue(_ start: @escaping @MainActor () -> Void) {
    if isRunning {
      waiting = start
    } else {
      start()
      resumeIdleWaiters()
    }
  }

  /// Computes `work` (at once when `cost` is below ``offMainThreshold``, otherwise on a
  /// background task) and hands its result to `apply` on the main actor, unless
  /// ``cancelAll()`` was called in between.
  /// - Parameters:
  ///   - cost: The rows before plus the rows after.
  ///   - work: The diff; must not touch the main actor's state.
  ///   - apply: Shows the result.
  func run<Result: Sendable>(
    cost: Int, work: @escaping @Sendable () -> Result, apply: @escaping @MainActor (Result) -> Void
  ) {
    guard cost >= offMainThreshold else {
      apply(work())
      return
    }
    isRunning = true
    let generation = self.generation
    // The diff runs at the priority of the code that asked for the update (a user's action).
    let priority = Task.currentPriority
    // NB: the diff's inputs and result hold the rows' managers, which may hold views that UIKit
    // requires to be freed on the main thread. So the background task neither captures the
    // inputs (the handoff drops them on the main actor) nor keeps the result (a task's stored
    // value is freed wherever the task is).
    let handoff = DiffHandoff(work)
    Task { @MainActor in
      let result = await withCheckedContinuation { continuation in
        Task.detached(priority: priority) { continuation.resume(returning: handoff.run()) }
      }
      handoff.release()
      self.finish(result, of: generation, apply: apply)
    }
  }

  /// Diffs `source` against `target` through ``run(cost:work:apply:)``, costed by the rows of
  /// both, and hands the result to `apply`: the update both owners perform.
  func runDiff<Section: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable>(
    from source: SectionedSnapshot<Section, Item>, to target: SectionedSnapshot<Section, Item>,
    options: DiffOptions, apply: @escaping @MainActor (DiffResult<Section, Item>) -> Void
  ) {
    run(
      cost: source.itemCount + target.itemCount,
      work: { DiffResult(source: source, target: target, options: options) }, apply: apply)
  }

  /// Forgets the waiting update and the result of a running diff: the owner just showed its
  /// latest state.
  func cancelAll() {
    generation &+= 1
    waiting = nil
  }

  /// Returns once no diff runs and no update waits.
  func idle() async {
    guard !isIdle else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  private func finish<Result>(_ result: Result, of generation: Int, apply: @MainActor (Result) -> Void) {
    isRunning = false
    if generation == self.generation { apply(result) }
    if let next = waiting {
      waiting = nil
      next()
    }
    resumeIdleWaiters()
  }

  private func resumeIdleWaiters() {
    guard isIdle, !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}
