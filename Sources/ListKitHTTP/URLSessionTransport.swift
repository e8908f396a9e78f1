import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What happened to one request, before the loader interprets it.
enum TransportOutcome: Sendable {
  /// The whole body arrived (whatever the status).
  case completed(Data, HTTPURLResponse)
  /// The transport failed; `received` bytes arrived after `response`, if any.
  case failed(URLError, response: HTTPURLResponse?, received: Int)
  /// The response was not HTTP.
  case notHTTP
  /// The body went over the cap (announced or received size, after decoding).
  case tooLarge(bytes: Int)
  /// The server redirected the request to another origin, which the transport refused.
  case redirectRefused(to: URL?)
  /// The overall deadline passed.
  case timedOut
  /// The calling task was cancelled.
  case cancelled
}

/// Runs data tasks with cancellation, an overall deadline, a body size cap and a same-origin
/// redirect rule.
///
/// Every task runs on a session the transport made, with ``StreamingDelegate``: it counts the
/// body as it arrives (after `Content-Encoding` is decoded) and stops it as soon as it is over the
/// cap, and refuses a redirect to another origin. With an app's session, the transport's session
/// is made from a copy of the app session's configuration, and the app session's delegate still
/// answers authentication challenges (certificate pinning keeps working).
///
/// NB: a task-level delegate (Apple's or FoundationNetworking's) cannot stand in: on Linux it
/// gets neither the body nor the response of a task whose session has another delegate, so the
/// body could not be capped before it was all in memory.
final class URLSessionTransport: Sendable {
  let session: URLSession
  private let delegate: StreamingDelegate
  /// Where the calls that wait on the session's work queue run (task creation, `resume()`,
  /// `cancel()`): a serial queue of the transport's own, which Dispatch gives a thread of its own
  /// whatever else is running, so neither Swift's cooperative pool nor Dispatch's shared worker
  /// threads ever wait there.
  private let sessionCalls: DispatchQueue
  /// The serial queue the session's delegate queue runs on: a queue of the transport's own too.
  ///
  /// NB: kept here because `OperationQueue.underlyingQueue` is declared `unowned(unsafe)`.
  private let delegateCalls = DispatchQueue(label: "ListKitHTTP.URLSessionTransport.delegate-calls")

  /// A transport over a session it makes from a copy of `configuration`, without its URL cache.
  /// - Parameters:
  ///   - appSession: The app's session whose delegate answers authentication challenges, if any.
  ///   - invalidated: Called once the session is invalid, after the transport's release and the
  ///     end of its last task; for tests.
  init(
    configuration: URLSessionConfiguration, appSession: URLSession? = nil,
    invalidated: (@Sendable () -> Void)? = nil
  ) {
    // Pages are cached by PageCache, keyed without the token. NB: with a URL cache,
    // FoundationNetworking looks a task's response up asynchronously before it makes the task's
    // URL protocol, and defers the work of a cancel until then, past the point where the
    // delegate can keep the task registered.
    let configuration = configuration.copy() as! URLSessionConfiguration
    configuration.urlCache = nil
    let sessionCalls = DispatchQueue(label: "ListKitHTTP.URLSessionTransport.session-calls")
    let delegate = StreamingDelegate(
      challengeDelegate: appSession?.delegate, sessionCalls: sessionCalls, invalidated: invalidated)
    self.sessionCalls = sessionCalls
    self.delegate = delegate
    // NB: without an underlying queue, an OperationQueue runs on threads Dispatch shares with the
    // app, and the delegate may wait on the session's work queue (see StreamingDelegate).
    let delegateQueue = OperationQueue()
    delegateQueue.name = "ListKitHTTP.URLSessionTransport.delegate"
    delegateQueue.maxConcurrentOperationCount = 1
    delegateQueue.underlyingQueue = delegateCalls
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
  }

  /// A transport with the app's session's configuration (without its URL cache) and
  /// authentication challenges.
  convenience init(session appSession: URLSession) {
    self.init(configuration: appSession.configuration, appSession: appSession)
  }

  deinit {
    // The session retains its delegate until invalidated.
    delegate.cancelAllAndInvalidate(session)
  }

  /// Sends a request and waits for its outcome.
  ///
  /// The outcome is the whole body, a failure, the cap, a refused redirect, cancellation of the
  /// calling task, or the deadline, which a task of its own waits for on `clock`. Cancellation and
  /// the deadline end the wait at once, whatever the session is still doing.
  func send(
    _ request: URLRequest, limit: Int, deadline timeout: Duration, clock: LoaderClock
  ) async -> TransportOutcome {
    let exchange = Exchange(limit: limit) { [delegate] task in delegate.cancel(task) }
    let deadline = Task { [weak exchange] in
      do {
        try await clock.sleep(timeout)
      } catch {
        return  // the exchange ended first and cancelled the wait
      }
      exchange?.expire()
    }
    defer { deadline.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        exchange.setContinuation(continuation)
        // NB: FoundationNetworking's dataTask(with:) and resume() wait on the work queue all
        // sessions share, which a fast body keeps busy, so they run on the transport's own queue,
        // never on a Swift concurrency thread or a Dispatch worker the app shares. The block holds
        // the transport, not only its session: a cancelled send returns before the block runs,
        // and a transport released then would invalidate its session before the task exists (the
        // task never completes; on Apple's platforms it is an exception).
        sessionCalls.async { [self] in
          // Ended before the task existed (cancelled, or past the deadline): nothing to start.
          guard !exchange.hasEnded else { return }
          let task = session.dataTask(with: request)
          delegate.register(exchange, for: task)
          // Cancelled or past the deadline since the check above: the task never starts, and is
          // cancelled (a task that is neither resumed nor cancelled keeps its session from
          // invalidating).
          delegate.start(task, cancelled: !exchange.attach(task))
        }
      }
    } onCancel: {
      exchange.cancel()
    }
  }
}
