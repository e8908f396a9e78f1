import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends HTTP requests with ``HTTPPageLoader``'s guarantees, for a ``PageLoader`` of your own: an
/// overall deadline on a `Clock`, a body size cap, cancellation with the calling task, redaction
/// of the user's token, and failures as classified ``HTTPPageLoaderError``s.
///
/// ```swift
/// let transport = HTTPTransport(timeout: .seconds(15), maximumResponseBytes: 1 << 20)
/// let response = try await transport.send(urlRequest, for: pageRequest)
/// let rows = try JSONDecoder().decode([Row].self, from: response.body)
/// ```
///
/// It neither adds headers nor authenticates: the request goes out as it is given.
public struct HTTPTransport: Sendable {
  /// The longest an exchange may take, from sending to the last byte, on the transport's clock.
  public let timeout: Duration
  /// The largest body accepted, in bytes.
  public let maximumResponseBytes: Int
  let transport: URLSessionTransport
  let clock: LoaderClock
  let log: (@Sendable (String) -> Void)?

  /// Creates a transport.
  /// - Parameters:
  ///   - timeout: The longest an exchange may take, measured on `clock`. It is also the URL
  ///     session's idle timeout, which Foundation measures in real time.
  ///   - maximumResponseBytes: The largest body accepted, in bytes.
  ///   - session: The session whose configuration (headers, cookies, proxies, protocol classes)
  ///     and authentication challenges the transport uses, or `nil` for an ephemeral one. Either
  ///     way requests run on a session of the transport's own made from that configuration, so
  ///     that it can stop a body as soon as it is over the cap, refuse redirects to another origin
  ///     and never store responses in a URL cache; the app session's delegate still answers
  ///     authentication challenges (server trust, client certificates).
  ///   - log: Called with one redacted line per request and outcome; `nil` for no logging.
  ///   - clock: The clock the deadline and the logged durations are measured on; a test passes a
  ///     manual clock (ListKitTesting's `TestClock`) and advances it instead of waiting.
  public init(
    timeout: Duration = .seconds(30),
    maximumResponseBytes: Int = 8 << 20,
    session: URLSession? = nil,
    log: (@Sendable (String) -> Void)? = nil,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.timeout = timeout
    self.maximumResponseBytes = maximumResponseBytes
    self.log = log
    self.clock = LoaderClock(clock)
    if let session {
      transport = URLSessionTransport(session: session)
    } else {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = max(Double(timeout.components.seconds), 1)
      transport = URLSessionTransport(configuration: configuration)
    }
  }

  /// Sends a request and returns its successful (2xx) response.
  /// - Parameters:
  ///   - urlRequest: The request, as it is to be sent (with its token, if any).
  ///   - pageRequest: The page request it loads: its context's token is redacted from every error
  ///     and log line, and the response carries it.
  /// - Returns: The body, status, URL and headers.
  /// - Throws: ``HTTPPageLoaderError``: ``HTTPPageLoaderError/unauthorized(status:bodyExcerpt:)``
  ///   for 401 and 403, ``HTTPPageLoaderError/httpStatus(_:bodyExcerpt:)`` for other statuses
  ///   outside 2xx, ``HTTPPageLoaderError/timedOut(after:)``,
  ///   ``HTTPPageLoaderError/responseTooLarge(limit:bytes:)`` and the network failures; or
  ///   `CancellationError` when the calling task is cancelled.
  public func send(_ urlRequest: URLRequest, for pageRequest: PageRequest) async throws -> HTTPResponse {
    let redactor = Redactor(token: pageRequest.context.userToken, extraParameterName: nil)
    do {
      return try await send(urlRequest, for: pageRequest, redactor: redactor)
    } catch let error as HTTPPageLoaderError {
      logFailure(error, of: urlRequest, redactor: redactor)
      throw error
    }
  }

  /// Logs a failed exchange, or a request that could not be built when `urlRequest` is `nil`.
  func logFailure(_ error: HTTPPageLoaderError, of urlRequest: URLRequest?, redactor: Redactor) {
    let method = urlRequest?.httpMethod ?? "GET"
    log?("\(method) \(urlRequest.map { redactor.redact($0.url) } ?? "(no request)") failed: \(error)")
  }

  /// Throws when the timeout or the cap is not positive.
  func validate() throws(HTTPPageLoaderError) {
    guard timeout > .zero else {
      throw .invalidRequest("timeout must be positive, not \(timeout)")
    }
    guard maximumResponseBytes > 0 else {
      throw .invalidRequest("maximumResponseBytes must be positive, not \(maximumResponseBytes)")
    }
  }

  /// Sends a request, logs its outcome, and returns its 2xx response; errors are not logged.
  func send(_ urlRequest: URLRequest, for pageRequest: PageRequest, redactor: Redactor) async throws
    -> HTTPResponse
  {
    try Task.checkCancellation()
    try validate()
    let elapsed = clock.startStopwatch()
    let outcome = await transport.send(
      urlRequest, limit: maximumResponseBytes, deadline: timeout, clock: clock)
    let (body, response) = try interpret(outcome, redactor: redactor)
    if let log {
      let elapsed = elapsed()
      let milliseconds =
        elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
      log(
        "\(urlRequest.httpMethod ?? "GET") \(redactor.redact(urlRequest.url)) -> \(response.statusCode), "
          + "\(body.count) bytes in \(milliseconds) ms")
    }
    try checkStatus(response, body: body, redactor: redactor)
    return HTTPResponse(body: body, response: response, request: pageRequest)
  }
}
