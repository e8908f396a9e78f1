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
/// removal after `didCompleteWithError` returns). And `cancel()` waits on that work queue, which
/// a fast body can keep busy until it has all arrived. So a task is cancelled on the transport's
/// queue for session calls (the delegate queue keeps taking, and dropping, the body), only once
/// ``start(_:cancelled:)`` has seen it registered, and only while its completion has not been delivered;
/// `didCompleteWithError` waits for a cancel in flight to finish, and the cancel waits for its own
/// work (a second `cancel()` returns once the first one's work on the same serial queue has run).
/// A redirect's completion handler is not called once a cancel has started: FoundationNetworking
/// traps ("Received callback for HTTP redirection, but we're not waiting for it") when the handler
/// comes after the cancel has completed the task. Nothing here asks the session for its tasks:
/// `getAllTasks` reads the registry on the delegate queue while the work queue changes it (a data
/// race inside FoundationNetworking that traps under load).
///
/// The one wait here, `didCompleteWithError` waiting for a cancel in flight, holds the session's
/// delegate queue (the transport's session made it) for as long as that cancel's work takes on the
/// transport's own queue; never a thread of Swift's cooperative pool or one Dispatch shares.
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
    /// A cancel was asked for; it starts once the task is registered.
    var isCancelRequested = false
    /// Signalled when a cancel that has started has finished; `nil` before it starts.
    var cancelling: DispatchSemaphore?
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

  /// Cancels `task` unless its completion has been delivered: now, on the transport's queue for
  /// session calls, if the session has registered it, or once it has.
  func cancel(_ task: URLSessionTask) {
    let cancelling: DispatchSemaphore? = lock.withLock {
      guard var record = records[task.taskIdentifier], record.cancelling == nil else { return nil }
      record.isCancelRequested = true
      if record.isRegistered { record.cancelling = DispatchSemaphore(value: 0) }
      records[task.taskIdentifier] = record
      return record.cancelling
    }
    guard let cancelling else { return }
    sessionCalls.async {
      task.cancel()
      // Returns at once (the task is no longer running), but only after the first call's work.
      task.cancel()
      cancelling.signal()
    }
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
      guard let record = records[task.taskIdentifier], record.cancelling == nil else { return nil }
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
    // The session removes the task from its registry after this returns: a cancel in flight
    // must have done its work first.
    //
    // NB: FoundationNetworking's own protocols complete in a turn of the session's work queue,
    // and drop the task's protocol in that turn, so there the order would hold without this
    // wait: a cancel's turn either queues its work ahead of the completion, or finds no protocol
    // and does nothing. An app's URL protocol (`protocolClasses` of the app session, which the
    // transport keeps) may complete from a thread of its own, while a cancel's turn holds the
    // work queue; the removal this method's return queues then lands ahead of the cancel's work,
    // which traps in `session.behaviour(for:)` (swift-corelibs-foundation 6.3.1,
    // URLSessionTask.swift `cancel()` and `urlProtocol(task:didFailWithError:)`).
    record?.cancelling?.wait()
    let exchange = record?.exchange
    exchange?.complete(response: task.response, error: error)
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
