import ListKit

/// Sends the edits a ``StoredPageLoader`` keeps for the server — likes, deletes and posts made
/// offline, or before the app was quit or killed — one at a time, in the order they were made,
/// each with an idempotency key that stays the same across retries and launches.
///
/// Make each edit with `PagedList.applyPending(_:)` and let the outbox send it: the list shows
/// it at once, the store keeps it until the server answers, and the outbox confirms it (the
/// server's item replaces the local one) or rolls it back. `send` is the app's request for one
/// edit; pass ``StoredPendingEdit/idempotencyKey`` as its `Idempotency-Key` header, so a server
/// that applied the edit before a crash applies it once.
///
/// ```swift
/// let outbox = EditOutbox(list: list, loader: loader) { pending, context in
///   var request = URLRequest(url: api.url(for: pending.edit))
///   request.setValue(pending.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
///   let (status, item) = try await api.send(request, as: context)
///   return try EditAnswer(status: status, serverItem: item)
/// }
/// list.applyPending(.update(id: photo.id) { $0.isLiked = true })
/// outbox.send()
/// ```
///
/// What `send` says decides what follows:
/// - ``EditAnswer/accepted(serverItem:)``: the edit is confirmed and written into the stored
///   rows; the next one goes.
/// - ``EditAnswer/refused(_:)``: the edit is rolled back and ``onRefused`` tells the app why.
///   The later edits of the same item that replace it whole were made on top of the refused one
///   (they carry its change): they are rolled back with it, unsent, each reported with
///   ``EditRefusal/Reason/madeOnARefusedEdit``.
/// - an error of kind `PagingErrorKind.unauthorized`: nothing more is sent until ``send()`` is
///   called again (after sign-in) or the network answers a request of the list.
/// - any other error (offline, timed out, a 5xx, 429…): the same edit goes again after a delay
///   that doubles with each try, from `firstRetryDelay` up to `maximumRetryDelay` (a 429's
///   `Retry-After` seconds when longer, up to `maximumRetryDelay` too), on the outbox's clock — or
///   at once when the network answers a request of the list, or ``send()`` is called.
///
/// An edit is sent only once the store has it on disk, so an edit the server applied is never
/// one a crash could lose.
///
/// Edits of an account the list no longer shows wait, on disk, for the next time that account
/// opens its list.
@MainActor
public final class EditOutbox<Item: Codable & Identifiable & Sendable> where Item.ID: Codable & Sendable {
  /// Sends one edit as `context`'s user, and returns the server's final answer or throws.
  public typealias Send =
    @Sendable (_ edit: StoredPendingEdit<Item>, _ context: RequestContext) async throws ->
    EditAnswer<Item>

  /// What the outbox is doing.
  public private(set) var state = EditOutboxState.idle
  /// Called for each edit the server refused, after it was rolled back.
  public var onRefused: (@MainActor (_ edit: StoredPendingEdit<Item>, _ refusal: EditRefusal) -> Void)?

  private let list: PagedList<Item>
  private let loader: StoredPageLoader<Item>
  private let deliver: Send
  private let sleep: @Sendable (Duration) async throws -> Void
  private let firstRetryDelay: Duration
  private let maximumRetryDelay: Duration
  private var worker: Task<Void, Never>?
  /// Counts the workers started, so a stopped one that ends late leaves its successor alone.
  private var workerNumber = 0
  private var retryWait: Task<Void, any Error>?

  /// Creates the outbox of a list, and sends again each time the network answers one of the
  /// list's requests.
  /// - Parameters:
  ///   - list: The list whose pending edits it sends.
  ///   - loader: The list's loader, which keeps the edits.
  ///   - clock: The clock the delays before a retry run on (inject a test clock in tests).
  ///   - firstRetryDelay: The delay after the first failed try of an edit.
  ///   - maximumRetryDelay: The longest delay between two tries.
  ///   - send: The app's request for one edit.
  public init<C: Clock>(
    list: PagedList<Item>, loader: StoredPageLoader<Item>, clock: C = ContinuousClock(),
    firstRetryDelay: Duration = .seconds(1), maximumRetryDelay: Duration = .seconds(300), send: @escaping Send
  ) where C.Duration == Duration {
    self.list = list
    self.loader = loader
    self.deliver = send
    self.sleep = { try await clock.sleep(for: $0) }
    self.firstRetryDelay = firstRetryDelay
    self.maximumRetryDelay = max(firstRetryDelay, maximumRetryDelay)
    loader.onNetworkAnswered { [weak self] in
      Task { @MainActor in self?.networkAnswered() }
    }
  }

  /// Sends every edit waiting, oldest first; a wait before a retry, or for sign-in, ends at
  /// once.
  /// - Returns: The task sending them, which ends when none is left or sending waits for sign-in.
  @discardableResult
  public func send() -> Task<Void, Never> {
    if let worker, !worker.isCancelled {
      retryWait?.cancel()
      return worker
    }
    // A stopped worker may still be waiting for an answer: the new one starts after it, so two
    // never send at once.
    let stopped = self.worker
    workerNumber += 1
    let number = workerNumber
    let worker = Task {
      await stopped?.value
      await run(number)
    }
    self.worker = worker
    return worker
  }

  /// Stops sending; the edits stay on disk, and ``send()`` goes on with them.
  public func stop() {
    worker?.cancel()
    retryWait?.cancel()
  }

  private func networkAnswered() {
    guard state != .sending else { return }
    if worker != nil || !loader.pendingEdits().isEmpty { send() }
  }

  private func run(_ number: Int) async {
    defer { if number == workerNumber { worker = nil } }
    var attempts = 0
    var lastHandle: PendingEdit?
    while !Task.isCancelled {
      // What is sent must be on disk first: a crash after the server applied an edit must not
      // lose the edit (nor its key, which keeps a resend from applying it twice).
      await loader.waitForWrites()
      if Task.isCancelled { break }
      guard let next = loader.pendingEdits().first(where: { list.isPending($0.handle) }) else {
        state = .idle
        return
      }
      if next.handle != lastHandle { attempts = 0 }
      lastHandle = next.handle
      state = .sending
      let answer: Result<EditAnswer<Item>, any Error>
      do {
        answer = .success(try await deliver(next, list.context))
      } catch {
        answer = .failure(error)
      }
      switch answer {
      case .success(.accepted(let serverItem)):
        list.confirm(next.handle, serverItem: serverItem)
      case .success(.refused(let refusal)):
        list.rollBack(next.handle)
        onRefused?(next, refusal)
        rollBackEdits(madeOn: next, refusal: refusal)
      case .failure(let error):
        let kind = PagingErrorKind(classifying: error)
        if kind == .unauthorized {
          state = .waitingForSignIn
          return
        }
        if Task.isCancelled { break }
        attempts += 1
        state = .waitingToRetry(attempts: attempts, kind: kind)
        let delay = retryDelay(after: attempts, kind: kind)
        let wait = Task { [sleep] in try await sleep(delay) }
        retryWait = wait
        _ = try? await wait.value
        retryWait = nil
      }
    }
    if number == workerNumber { state = .idle }
  }

  /// Rolls back the pending edits after `refused` that replace the same item whole: the list
  /// showed them on top of the refused edit, so they carry its change.
  private func rollBackEdits(madeOn refused: StoredPendingEdit<Item>, refusal: EditRefusal) {
    for later in loader.pendingEdits() where list.isPending(later.handle) && later.edit.id == refused.edit.id
    {
      guard case .replace = later.edit else { continue }
      list.rollBack(later.handle)
      onRefused?(
        later,
        EditRefusal(
          .madeOnARefusedEdit, status: refusal.status,
          message: "an earlier edit of the same item was refused: \(refusal.message)"))
    }
  }

  /// The delay before try `attempts + 1`: doubling from the first, at most the maximum, or the
  /// server's `Retry-After` seconds when longer (but never longer than the maximum: a server
  /// cannot stall the outbox).
  private func retryDelay(after attempts: Int, kind: PagingErrorKind) -> Duration {
    var delay = firstRetryDelay
    for _ in 1..<max(1, attempts) where delay < maximumRetryDelay { delay *= 2 }
    if case .rateLimited(.seconds(let seconds)?) = kind { delay = max(delay, .seconds(seconds)) }
    return min(delay, maximumRetryDelay)
  }
}
