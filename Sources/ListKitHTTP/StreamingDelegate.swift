import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a transport's session: routes each task's callbacks to its exchange, refuses
/// redirects to another origin, and passes authentication challenges to the app's delegate.
///
/// `@unchecked Sendable`: `exchanges` is guarded by `lock`; `challengeDelegate` is never changed
/// (URL sessions call their delegates from any thread).
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: Exchange] = [:]
  private let challengeDelegate: (any URLSessionDelegate)?

  init(challengeDelegate: (any URLSessionDelegate)?) {
    self.challengeDelegate = challengeDelegate
  }

  func register(_ exchange: Exchange, for task: URLSessionTask) {
    lock.withLock { exchanges[task.taskIdentifier] = exchange }
  }

  func unregister(_ task: URLSessionTask) {
    _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
    lock.withLock { exchanges[task.taskIdentifier] }
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
    guard Self.isSameOrigin(task.originalRequest?.url, request.url) else {
      exchange(for: task)?.refuseRedirect(to: request.url)
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
    let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
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
