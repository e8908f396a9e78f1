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
  /// The body went over the cap (announced or received size).
  case tooLarge(bytes: Int)
  /// The overall deadline passed.
  case timedOut
  /// The calling task was cancelled.
  case cancelled
}

/// Runs data tasks with cancellation, an overall deadline and a body size cap.
///
/// With a session it made itself, it streams through ``StreamingDelegate`` and stops a body as
/// soon as it is known to be over the cap. With an injected session (whose delegate it cannot
/// own) it uses completion handlers and checks the size once the body has arrived.
final class URLSessionTransport: Sendable {
  let session: URLSession
  private let delegate: StreamingDelegate?

  /// A transport over a session it owns, streaming through its own delegate.
  init(configuration: URLSessionConfiguration) {
    let delegate = StreamingDelegate()
    self.delegate = delegate
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  /// A transport over the app's session.
  init(session: URLSession) {
    self.delegate = nil
    self.session = session
  }

  deinit {
    // The session retains its delegate until invalidated; only invalidate a session we made.
    if delegate != nil { session.finishTasksAndInvalidate() }
  }

  /// Sends a request and waits for its outcome: the whole body, a failure, the cap, cancellation
  /// of the calling task, or the deadline, which a task of its own waits for on `clock`.
  func send(
    _ request: URLRequest, limit: Int, deadline timeout: Duration, clock: LoaderClock
  ) async -> TransportOutcome {
    let exchange = Exchange(limit: limit)
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
        let task: URLSessionDataTask
        if let delegate {
          task = session.dataTask(with: request)
          delegate.register(exchange, for: task)
        } else {
          task = session.dataTask(with: request) { data, response, error in
            exchange.complete(data: data, response: response, error: error)
          }
        }
        guard exchange.attach(task) else {
          // Cancelled or past the deadline before the task existed: it never starts.
          delegate?.unregister(task)
          exchange.finish(exchange.stoppedOutcome ?? .cancelled)
          return
        }
        task.resume()
      }
    } onCancel: {
      exchange.cancel()
    }
  }
}

/// The state of one request, shared by the calling task, the cancellation handler, the deadline
/// and the URL session's callbacks.
///
/// `@unchecked Sendable`: every stored property is guarded by `lock` (Synchronization's `Mutex`
/// needs macOS 15 / iOS 18, above the package's platforms).
final class Exchange: @unchecked Sendable {
  private enum Stop { case cancelled, timedOut, tooLarge(Int) }

  private let lock = NSLock()
  private let limit: Int
  private var continuation: CheckedContinuation<TransportOutcome, Never>?
  private var task: URLSessionTask?
  private var stop: Stop?
  private var finished = false
  private var body = Data()
  private var response: HTTPURLResponse?

  init(limit: Int) { self.limit = limit }

  func setContinuation(_ continuation: CheckedContinuation<TransportOutcome, Never>) {
    lock.withLock { self.continuation = continuation }
  }

  /// Keeps the task for cancelling; `false` when the exchange was already cancelled.
  func attach(_ task: URLSessionTask) -> Bool {
    lock.withLock {
      self.task = task
      return stop == nil
    }
  }

  func cancel() { halt(.cancelled) }

  /// The outcome of a stop before the task existed, if the exchange was stopped.
  var stoppedOutcome: TransportOutcome? {
    lock.withLock {
      switch stop {
      case .cancelled: .cancelled
      case .timedOut: .timedOut
      case .tooLarge(let bytes): .tooLarge(bytes: bytes)
      case nil: nil
      }
    }
  }

  func expire() { halt(.timedOut) }

  private func halt(_ reason: Stop) {
    let task: URLSessionTask? = lock.withLock {
      guard !finished, stop == nil else { return nil }
      stop = reason
      return self.task
    }
    task?.cancel()
  }

  /// The response arrived (streaming path); `false` when its announced length is over the cap.
  func receive(_ response: URLResponse) -> Bool {
    lock.withLock {
      self.response = response as? HTTPURLResponse
      let announced = response.expectedContentLength
      if announced > Int64(limit) {
        if stop == nil { stop = .tooLarge(Int(clamping: announced)) }
        return false
      }
      return true
    }
  }

  /// Body bytes arrived (streaming path); cancels the task once the body is over the cap.
  func receive(_ data: Data) {
    let task: URLSessionTask? = lock.withLock {
      guard stop == nil else { return nil }
      body.append(data)
      guard body.count > limit else { return nil }
      stop = .tooLarge(body.count)
      body = Data()
      return self.task
    }
    task?.cancel()
  }

  /// The task ended; `data` is `nil` on the streaming path (the body is already here).
  func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
    let outcome: TransportOutcome = lock.withLock {
      if let data { body = data }
      if let response { self.response = response as? HTTPURLResponse }
      switch stop {
      case .cancelled: return .cancelled
      case .timedOut: return .timedOut
      case .tooLarge(let bytes): return .tooLarge(bytes: bytes)
      case nil: break
      }
      if let error {
        let urlError = error as? URLError ?? URLError(.unknown)
        return .failed(urlError, response: self.response, received: body.count)
      }
      guard let http = self.response ?? (response as? HTTPURLResponse) else { return .notHTTP }
      if body.count > limit { return .tooLarge(bytes: body.count) }
      return .completed(body, http)
    }
    finish(outcome)
  }

  func finish(_ outcome: TransportOutcome) {
    let continuation: CheckedContinuation<TransportOutcome, Never>? = lock.withLock {
      guard !finished else { return nil }
      finished = true
      task = nil
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: outcome)
  }
}

/// The delegate of a session the transport owns: routes each task's callbacks to its exchange.
///
/// `@unchecked Sendable`: `exchanges` is guarded by `lock`.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: Exchange] = [:]

  func register(_ exchange: Exchange, for task: URLSessionTask) {
    lock.withLock { exchanges[task.taskIdentifier] = exchange }
  }

  func unregister(_ task: URLSessionTask) {
    _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
    lock.withLock { exchanges[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let allowed = exchange(for: dataTask)?.receive(response) ?? true
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
    exchange?.complete(data: nil, response: task.response, error: error)
  }
}
