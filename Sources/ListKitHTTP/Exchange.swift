import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The state of one request, shared by the calling task, the cancellation handler, the deadline
/// and the URL session's callbacks.
///
/// A stop (cancellation, the deadline, the cap) ends the wait at once and asks `cancelTask` to
/// cancel the URL session task, which ``StreamingDelegate`` does on a thread of its own (see there
/// when and why); a refused redirect ends the wait and lets the task complete by itself.
/// FoundationNetworking ignores a `.cancel` answer to a response, so the cap cancels the task too.
///
/// `@unchecked Sendable`: every stored property is guarded by `lock` (Synchronization's `Mutex`
/// needs macOS 15 / iOS 18, above the package's platforms).
final class Exchange: @unchecked Sendable {
  private let lock = NSLock()
  private let limit: Int
  private let cancelTask: @Sendable (URLSessionTask) -> Void
  private var continuation: CheckedContinuation<TransportOutcome, Never>?
  /// The task, for a stop to cancel; once the outcome is known nothing reads it.
  private var task: URLSessionTask?
  /// The outcome, once known; delivered as soon as there is a continuation.
  private var outcome: TransportOutcome?
  private var body = Data()

  /// - Parameters:
  ///   - limit: The largest body accepted, in decoded bytes.
  ///   - cancelTask: Cancels the URL session task once the exchange has stopped.
  init(limit: Int, cancelTask: @escaping @Sendable (URLSessionTask) -> Void) {
    self.limit = limit
    self.cancelTask = cancelTask
  }

  /// Sets the one continuation the outcome resumes (at once if the outcome is known).
  func setContinuation(_ continuation: CheckedContinuation<TransportOutcome, Never>) {
    lock.withLock { self.continuation = continuation }
    deliver()
  }

  /// Whether the exchange has ended (its outcome is known).
  var hasEnded: Bool { lock.withLock { outcome != nil } }

  /// Keeps the task for cancelling; `false` when the exchange has already ended.
  func attach(_ task: URLSessionTask) -> Bool {
    lock.withLock {
      guard outcome == nil else { return false }
      self.task = task
      return true
    }
  }

  func cancel() { stop(.cancelled) }

  func expire() { stop(.timedOut) }

  /// Refuses a redirect: the exchange ends with ``TransportOutcome/redirectRefused(to:)``; the
  /// task is not cancelled, it completes with the redirect response.
  func refuseRedirect(to url: URL?) { _ = end(.redirectRefused(to: url)) }

  /// Ends the exchange with `outcome` unless it has ended, and cancels its task.
  private func stop(_ outcome: TransportOutcome) {
    if let task = end(outcome) { cancelTask(task) }
  }

  /// Ends the exchange with `outcome` unless it has ended; the task, if this ended it.
  private func end(_ outcome: TransportOutcome) -> URLSessionTask? {
    let task: URLSessionTask? = lock.withLock {
      guard self.outcome == nil else { return nil }
      self.outcome = outcome
      defer { self.task = nil }
      return self.task
    }
    deliver()
    return task
  }

  /// The response arrived; `false` (and the exchange ends) when its announced length is over
  /// the cap.
  func receive(_ response: URLResponse) -> Bool {
    let announced = response.expectedContentLength
    guard announced > Int64(limit) else { return true }
    stop(.tooLarge(bytes: Int(clamping: announced)))
    return false
  }

  /// Body bytes arrived, decoded; ends the exchange once the body is over the cap.
  func receive(_ data: Data) {
    let over: Int? = lock.withLock {
      guard outcome == nil else { return nil }
      guard body.count + data.count <= limit else { return body.count + data.count }
      body.append(data)
      return nil
    }
    if let over { stop(.tooLarge(bytes: over)) }
  }

  /// The task ended.
  /// - Parameters:
  ///   - response: The task's response (`URLSessionTask.response`): the one whose body arrived,
  ///     or the redirect that was refused; `nil` when none arrived.
  ///   - error: Why the task failed, or `nil`.
  func complete(response: URLResponse?, error: (any Error)?) {
    let http = response as? HTTPURLResponse
    let outcome: TransportOutcome = lock.withLock {
      if let error {
        let urlError = error as? URLError ?? URLError(.unknown)
        return .failed(urlError, response: http, received: body.count)
      }
      guard let http else { return .notHTTP }
      return .completed(body, http)
    }
    lock.withLock {
      if self.outcome == nil { self.outcome = outcome }
    }
    deliver()
  }

  /// Resumes the continuation once there is both an outcome and a continuation.
  private func deliver() {
    let ready: (CheckedContinuation<TransportOutcome, Never>, TransportOutcome)? = lock.withLock {
      guard let continuation, let outcome else { return nil }
      self.continuation = nil
      return (continuation, outcome)
    }
    if let (continuation, outcome) = ready { continuation.resume(returning: outcome) }
  }
}
