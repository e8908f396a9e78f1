import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a transport's session: routes each task's callbacks to its exchange, refuses
/// redirects to another origin, passes authentication challenges to the app's delegate, and
/// cancels tasks.
///
/// NB: FoundationNetworking traps ("Trying to access a behaviour for a task that in not in the
/// registry") when the work a `URLSessionTask.cancel()` queues on the task's work queue (stop the
/// URL protocol, report the failure through `session.behaviour(for:)`) runs while the task is not
/// in the session's registry: before the session has registered a new task (it does so
/// asynchronously on its work queue), or after the completion has removed it (it queues the
/// removal when `didCompleteWithError` returns). And `cancel()` waits on that work queue, which a
/// fast body can keep busy until it has all arrived, so a cancel never runs on the delegate
/// queue: that queue keeps taking, and dropping, the body (held, it would hold every chunk).
/// The rules:
///
/// - A task is cancelled on the transport's queue for session calls, only once
///   ``start(_:cancelled:)`` has seen it registered, and only while its completion has not been
///   delivered.
/// - A cancel that is running when the completion is delivered may have read the task's URL
///   protocol before an app's protocol completed from a thread of its own; its work would then
///   be queued after the removal. So `didCompleteWithError` cancels the task itself, twice,
///   before it returns: FoundationNetworking runs the cancels of a task one at a time on its work
///   queue, and the second returns only after the work of the first (the running cancel's, or
///   its own) has run. FoundationNetworking's own protocols complete in a turn of the work queue
///   and drop the task's protocol in it, so for them this changes nothing.
/// - A redirect's completion handler is not called once a cancel has started: FoundationNetworking
///   traps ("Received callback for HTTP redirection, but we're not waiting for it") when the
///   handler comes after the cancel has completed the task.
/// - Nothing here asks the session for its tasks: `getAllTasks` reads the registry on the
///   delegate queue while the work queue changes it (a data race inside FoundationNetworking that
///   traps under load).
///
/// The session's delegate queue runs on a serial queue of the transport's own, so a callback that
/// waits on the work queue (a completion cancelling its task) holds neither Swift's cooperative
/// pool nor a thread Dispatch shares.
///
/// `@unchecked Sendable`: `records` is guarded by `lock`; `challengeDelegate`, `sessionCalls` and
/// `invalidated` are never changed (URL sessions call their delegates from any thread).
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// What the delegate knows of one of its session's tasks, until its completion.
  private struct TaskRecord {
    let task: URLSessionTask
    let exchange: Exchange
    /// The session has registered the task.
    var isRegistered = false
    /// A cancel was asked for; it is queued once the task is registered.
    var isCancelRequested = false
    var cancel = CancelProgress.notQueued
  }

  /// How far a task's cancel on the transport's queue for session calls has gone.
  private enum CancelProgress {
    case notQueued, queued, running, finished
  }

  private let lock = NSLock()
  private var records: [Int: TaskRecord] = [:]
  private let challengeDelegate: (any URLSessionDelegate)?
  private let sessionCalls: DispatchQueue
  private let invalidated: (@Sendable () -> Void)?

  /// - Parameters:
  ///   - challengeDelegate: Answers authentication challenges, if any.
  ///   - sessionCalls: The transport's queue for calls that wait on the session's work queue;
  ///     cancels run there.
  ///   - invalidated: Called once the session is invalid (every task has ended); for tests.
  init(
    challengeDelegate: (any URLSessionDelegate)?, sessionCalls: DispatchQueue,
    invalidated: (@Sendable () -> Void)? = nil
  ) {
    self.challengeDelegate = challengeDelegate
    self.sessionCalls = sessionCalls
    self.invalidated = invalidated
  }

  /// Routes the callbacks of `task`, which the transport has just made, to `exchange`.
  func register(_ exchange: Exchange, for task: URLSessionTask) {
    lock.withLock { records[task.taskIdentifier] = TaskRecord(task: task, exchange: exchange) }
  }

  /// Resumes a registered `task`, or cancels it when `cancelled` (its exchange ended before the
  /// task existed), and from then on lets ``cancel(_:)`` reach it.
  ///
  /// Blocks on the session's work queue: call it off Swift's cooperative pool.
  ///
  /// NB: FoundationNetworking registers a new task with a block it queues on the session's work
  /// queue. `resume()` and the `priority` getter run synchronously on the task's work queue, which
  /// targets the session's (serial) one, so once either has returned the task is registered.
  func start(_ task: URLSessionTask, cancelled: Bool) {
    if cancelled { _ = task.priority } else { task.resume() }
    let cancel: Bool = lock.withLock {
      guard var record = records[task.taskIdentifier] else { return false }  // completed
      record.isRegistered = true
      record.isCancelRequested = record.isCancelRequested || cancelled
      records[task.taskIdentifier] = record
      return record.isCancelRequested
    }
    if cancel { self.cancel(task) }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
    lock.withLock { records[task.taskIdentifier]?.exchange }
  }

  /// Cancels `task` on the transport's queue for session calls unless its completion has been
  /// delivered by then: once the session has registered it.
  func cancel(_ task: URLSessionTask) {
    let id = task.taskIdentifier
    let queue: Bool = lock.withLock {
      guard var record = records[id], record.cancel == .notQueued else { return false }
      record.isCancelRequested = true
      if record.isRegistered { record.cancel = .queued }
      records[id] = record
      return record.cancel == .queued
    }
    guard queue else { return }
    sessionCalls.async { [self] in
      let run: Bool = lock.withLock {
        guard records[id] != nil else { return false }  // completed meanwhile
        records[id]?.cancel = .running
        return true
      }
      guard run else { return }
      Self.cancelAndFlush(task)
      lock.withLock { records[id]?.cancel = .finished }
    }
  }

  /// Cancels `task`, and returns once the work a cancel queued on the task's work queue has run.
  ///
  /// Blocks on the session's work queue.
  private static func cancelAndFlush(_ task: URLSessionTask) {
    task.cancel()
    // Returns at once (the task is no longer running), but only after the first call's work.
    task.cancel()
  }

  /// Cancels every task and invalidates `session` (not `invalidateAndCancel()`, which cancels
  /// whatever the state of each task).
  func cancelAllAndInvalidate(_ session: URLSession) {
    for task in lock.withLock({ records.values.map(\.task) }) { cancel(task) }
    session.finishTasksAndInvalidate()
  }

  /// Whether two URLs have the same scheme, host and port (RFC 6454), default ports included.
  static func isSameOrigin(_ first: URL?, _ second: URL?) -> Bool {
    guard let first = origin(of: first) else { return false }
    return first == origin(of: second)
  }

  /// `scheme://host:port`, lower-cased, with the scheme's default port; `nil` without a host.
  static func origin(of url: URL?) -> String? {
    guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\(host):\(port)"
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // The request carries the user's credentials, set for the origin the app configured: a
    // redirect that leaves it is not followed (the URL session would copy every header).
    // The handler is called under the lock: a cancel that has not started by then queues its
    // work behind the handler's.
    let refused: Exchange? = lock.withLock {
      // A task that is being cancelled, or has completed, must not hear of its redirect again.
      guard let record = records[task.taskIdentifier],
        record.cancel == .notQueued || record.cancel == .queued
      else { return nil }
      guard Self.isSameOrigin(task.originalRequest?.url, request.url) else {
        completionHandler(nil)
        return record.exchange
      }
      completionHandler(request)
      return nil
    }
    // Before the completion, which this queue delivers after this returns.
    refused?.refuseRedirect(to: request.url)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let allowed = exchange(for: dataTask)?.receive(response) ?? false
    completionHandler(allowed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    exchange(for: dataTask)?.receive(data)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask,
    willCacheResponse proposedResponse: CachedURLResponse,
    completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
  ) {
    // Pages are cached by PageCache, keyed without the token; never by URL, which may carry it.
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let record = lock.withLock { records.removeValue(forKey: task.taskIdentifier) }
    record?.exchange.complete(response: task.response, error: error)
    // The session removes the task from its registry after this returns: the work of a cancel
    // that is running must be done by then (see the type's notes). A cancel not running yet
    // finds no record, and does not start.
    if record?.cancel == .running { Self.cancelAndFlush(task) }
  }

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    invalidated?()
  }

  func urlSession(
    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    guard let challengeDelegate else { return completionHandler(.performDefaultHandling, nil) }
    #if canImport(FoundationNetworking)
      challengeDelegate.urlSession(session, didReceive: challenge, completionHandler: completionHandler)
    #else
      if case .none = challengeDelegate.urlSession?(
        session, didReceive: challenge, completionHandler: completionHandler)
      {
        completionHandler(.performDefaultHandling, nil)
      }
    #endif
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    guard let taskDelegate = challengeDelegate as? any URLSessionTaskDelegate else {
      // Apple sends server-trust challenges here when the task-level method exists.
      return urlSession(session, didReceive: challenge, completionHandler: completionHandler)
    }
    #if canImport(FoundationNetworking)
      taskDelegate.urlSession(
        session, task: task, didReceive: challenge, completionHandler: completionHandler)
    #else
      if case .none = taskDelegate.urlSession?(
        session, task: task, didReceive: challenge, completionHandler: completionHandler)
      {
        urlSession(session, didReceive: challenge, completionHandler: completionHandler)
      }
    #endif
  }
}
