import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a transport's session: routes each task's callbacks to its exchange, refuses
/// redirects to another origin, passes authentication challenges to the app's delegate, and
/// cancels tasks.
///
/// Tasks are cancelled only on the session's delegate queue (serial), and only while their
/// completion has not been delivered there. NB: FoundationNetworking's `URLSessionTask.cancel()`
/// takes the task's URL protocol on the work queue and later, on that queue again, stops it and
/// reports the failure through `session.behaviour(for:)`, which traps ("Trying to access a
/// behaviour for a task that in not in the registry") once the completion has removed the task
/// from the session's registry. The completion removes it from an operation on the delegate
/// queue, after calling `didCompleteWithError`: a cancel that runs on that queue either sees the
/// task completed (and does nothing) or queues its work ahead of the removal. A redirect's
/// completion handler is not called for a task that has been cancelled: FoundationNetworking
/// traps ("Received callback for HTTP redirection, but we're not waiting for it") when the
/// handler comes after the cancel has completed the task.
///
/// `@unchecked Sendable`: `exchanges`, `tasks` and `cancelled` are guarded by `lock`;
/// `challengeDelegate` and `queue` are never changed (URL sessions call their delegates from any
/// thread).
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: Exchange] = [:]
  private var tasks: [Int: URLSessionTask] = [:]
  /// Tasks this delegate has cancelled and whose completion has not arrived.
  private var cancelled: Set<Int> = []
  private let challengeDelegate: (any URLSessionDelegate)?
  /// The session's delegate queue: serial.
  let queue: OperationQueue

  init(challengeDelegate: (any URLSessionDelegate)?) {
    self.challengeDelegate = challengeDelegate
    queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "ListKitHTTP.StreamingDelegate"
  }

  func register(_ exchange: Exchange, for task: URLSessionTask) {
    lock.withLock {
      exchanges[task.taskIdentifier] = exchange
      tasks[task.taskIdentifier] = task
    }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
    lock.withLock { exchanges[task.taskIdentifier] }
  }

  /// Cancels `task` on the delegate queue, ahead of the callbacks waiting there (the body
  /// chunks FoundationNetworking has queued), unless its completion has been delivered.
  func cancel(_ task: URLSessionTask) {
    let operation = BlockOperation { [self] in
      let running: Bool = lock.withLock {
        guard tasks[task.taskIdentifier] != nil else { return false }
        return cancelled.insert(task.taskIdentifier).inserted
      }
      if running { task.cancel() }
    }
    operation.queuePriority = .veryHigh
    queue.addOperation(operation)
  }

  /// Cancels every task and invalidates `session`, on the delegate queue (not
  /// `invalidateAndCancel()`, which cancels from the calling thread).
  func cancelAllAndInvalidate(_ session: URLSession) {
    queue.addOperation { [self] in
      let running: [URLSessionTask] = lock.withLock {
        let running = tasks.filter { !cancelled.contains($0.key) }.map(\.value)
        cancelled.formUnion(running.map(\.taskIdentifier))
        return running
      }
      for task in running { task.cancel() }
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
      cancelled.contains(task.taskIdentifier) ? nil : exchanges[task.taskIdentifier]
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
    let exchange = lock.withLock {
      tasks[task.taskIdentifier] = nil
      cancelled.remove(task.taskIdentifier)
      return exchanges.removeValue(forKey: task.taskIdentifier)
    }
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
