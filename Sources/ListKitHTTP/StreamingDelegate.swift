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
/// asynchronously on its work queue), or after the completion has removed it (from an operation
/// on the delegate queue, after `didCompleteWithError`). So a task is cancelled only on the
/// session's delegate queue (serial), only after `getAllTasks` has answered since the task was
/// made (its answer is queued behind the registration), only while its completion has not been
/// delivered, and the cancelling operation waits until that work has run (a second `cancel()`
/// returns once the first one's work on the same serial queue is done). A redirect's completion
/// handler is not called for a task that has been cancelled: FoundationNetworking traps
/// ("Received callback for HTTP redirection, but we're not waiting for it") when the handler comes
/// after the cancel has completed the task.
///
/// `@unchecked Sendable`: `records` is guarded by `lock`; `challengeDelegate` and `queue` are
/// never changed (URL sessions call their delegates from any thread).
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// What the delegate knows of one of its session's tasks, until its completion.
  private struct TaskRecord {
    let task: URLSessionTask
    let exchange: Exchange
    /// The session has registered the task.
    var isRegistered = false
    /// A cancel was asked for; it is performed once the task is registered.
    var isCancelRequested = false
    var isCancelled = false
  }

  private let lock = NSLock()
  private var records: [Int: TaskRecord] = [:]
  private let challengeDelegate: (any URLSessionDelegate)?
  /// The session's delegate queue: serial.
  let queue: OperationQueue

  init(challengeDelegate: (any URLSessionDelegate)?) {
    self.challengeDelegate = challengeDelegate
    queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "ListKitHTTP.StreamingDelegate"
  }

  /// Routes the callbacks of `task`, which `session` has just made, to `exchange`.
  func register(_ exchange: Exchange, for task: URLSessionTask, in session: URLSession) {
    lock.withLock { records[task.taskIdentifier] = TaskRecord(task: task, exchange: exchange) }
    session.getAllTasks { [self] _ in
      let cancel: Bool = lock.withLock {
        guard records[task.taskIdentifier] != nil else { return false }
        records[task.taskIdentifier]?.isRegistered = true
        return records[task.taskIdentifier]?.isCancelRequested == true
      }
      if cancel { requestCancel(task) }
    }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
    lock.withLock { records[task.taskIdentifier]?.exchange }
  }

  /// Cancels `task` on the delegate queue, ahead of the callbacks waiting there (the body
  /// chunks FoundationNetworking has queued), unless its completion has been delivered.
  func cancel(_ task: URLSessionTask) {
    let operation = BlockOperation { [self] in requestCancel(task) }
    operation.queuePriority = .veryHigh
    queue.addOperation(operation)
  }

  /// Cancels `task` now if it is registered and not completed, or once it is registered; on the
  /// delegate queue.
  private func requestCancel(_ task: URLSessionTask) {
    let perform: Bool = lock.withLock {
      guard var record = records[task.taskIdentifier], !record.isCancelled else { return false }
      record.isCancelRequested = true
      record.isCancelled = record.isRegistered
      records[task.taskIdentifier] = record
      return record.isCancelled
    }
    guard perform else { return }
    task.cancel()
    // Returns at once (the task is no longer running), but only after the first call's work.
    task.cancel()
  }

  /// Cancels every task and invalidates `session`, on the delegate queue (not
  /// `invalidateAndCancel()`, which cancels from the calling thread).
  func cancelAllAndInvalidate(_ session: URLSession) {
    queue.addOperation { [self] in
      for task in lock.withLock({ records.values.map(\.task) }) { requestCancel(task) }
      session.finishTasksAndInvalidate()
    }
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
    let exchange: Exchange? = lock.withLock {
      records[task.taskIdentifier].flatMap { $0.isCancelled ? nil : $0.exchange }
    }
    // A task that has been cancelled, or has completed, must not hear of its redirect again.
    guard let exchange else { return }
    guard Self.isSameOrigin(task.originalRequest?.url, request.url) else {
      exchange.refuseRedirect(to: request.url)
      completionHandler(nil)
      return
    }
    completionHandler(request)
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
    let exchange = lock.withLock { records.removeValue(forKey: task.taskIdentifier)?.exchange }
    exchange?.complete(response: task.response, error: error)
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
