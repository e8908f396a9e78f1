import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``PageLoader`` for JSON APIs over `URLSession`: it turns a ``PageRequest`` into a GET
/// request, and the response into a ``Page``.
///
/// ```swift
/// let loader = HTTPPageLoader<Photo>(
///   baseURL: URL(string: "https://api.example.com/photos/")!,
///   style: .envelope())                      // Django REST framework's {"count", "next", "results"}
/// let page = try await loader.loadPage(
///   PageRequest(position: .page(index: 1, size: 20), context: RequestContext(userToken: token),
///               isFirstPage: true))
/// ```
///
/// Requests: the position's query parameters (names from ``HTTPPagingParameters``; a page index
/// is sent as the page number, so a list of a server that counts pages from 1 uses
/// ``PagingStyle/pageIndex(firstIndex:)`` with `firstIndex` 1), the extra
/// query items and headers, `Accept: application/json`, the token as ``HTTPAuthentication`` says,
/// and the timeout as an overall deadline on the loader's clock. A cursor that is an absolute URL
/// on the base URL's origin (a `next` link from the previous page) is requested as it is.
///
/// Failures are ``HTTPPageLoaderError``s; cancelling the calling task cancels the request and
/// throws `CancellationError`. Nothing the loader reports or logs contains the token.
public struct HTTPPageLoader<Item: Decodable & Sendable>: PageLoader {
  /// The URL of the first page, before paging parameters are added.
  public let baseURL: URL
  /// How the response is read.
  public let style: HTTPResponseStyle<Item>
  /// The query parameter names for each position style.
  public let parameters: HTTPPagingParameters
  /// How the token from the request context is sent.
  public let authentication: HTTPAuthentication
  /// Headers added to every request.
  public let headers: [String: String]
  /// Query items added to every request built from the base URL.
  public let queryItems: [URLQueryItem]
  /// The longest a load may take, from sending to the last byte, on the loader's clock.
  public let timeout: Duration
  /// The largest body the loader accepts, in bytes.
  public let maximumResponseBytes: Int
  let decoder: JSONDecoder
  let transport: URLSessionTransport
  let log: (@Sendable (String) -> Void)?
  /// Measures the deadline and the times in the log.
  let clock: LoaderClock
  /// Supplies the token instead of the context, when set (``withCredentials(_:)``).
  var credentialProvider: HTTPCredentialProvider?

  /// Creates a loader.
  /// - Parameters:
  ///   - baseURL: The URL of the first page; it may carry query items of its own.
  ///   - style: How responses are read.
  ///   - parameters: The query parameter names for each position style.
  ///   - authentication: How the request context's token is sent.
  ///   - headers: Headers added to every request.
  ///   - queryItems: Query items added to every request built from the base URL.
  ///   - timeout: The longest a load may take, measured on `clock`. It is also the URL session's
  ///     idle timeout, which Foundation measures in real time.
  ///   - maximumResponseBytes: The largest body accepted, in bytes.
  ///   - session: The session to use, or `nil` for the loader's own ephemeral session, which
  ///     stops a body as soon as it is over the cap and never stores responses in a URL cache.
  ///     An app's session is checked for size only once the body has arrived.
  ///   - decoder: The JSON decoder for the built-in styles; ``makeDefaultDecoder()`` (ISO 8601
  ///     dates with or without fractional seconds) by default.
  ///   - log: Called with one line per request and outcome, redacted; `nil` for no logging.
  ///   - clock: The clock the deadline and the logged durations are measured on; a test passes a
  ///     manual clock (ListKitTesting's `TestClock`) and advances it instead of waiting.
  public init(
    baseURL: URL,
    style: HTTPResponseStyle<Item>,
    parameters: HTTPPagingParameters = .standard,
    authentication: HTTPAuthentication = .bearer,
    headers: [String: String] = [:],
    queryItems: [URLQueryItem] = [],
    timeout: Duration = .seconds(30),
    maximumResponseBytes: Int = 8 << 20,
    session: URLSession? = nil,
    decoder: JSONDecoder = makeDefaultDecoder(),
    log: (@Sendable (String) -> Void)? = nil,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    self.style = style
    self.parameters = parameters
    self.authentication = authentication
    self.headers = headers
    self.queryItems = queryItems
    self.timeout = timeout
    self.maximumResponseBytes = maximumResponseBytes
    self.decoder = decoder
    self.log = log
    self.clock = LoaderClock(clock)
    if let session {
      transport = URLSessionTransport(session: session)
    } else {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      transport = URLSessionTransport(configuration: configuration)
    }
  }

  /// Loads the page a request describes.
  /// - Parameter request: The position and the context (its token is sent as configured).
  /// - Returns: The page, with whether more follow and the next-page URL or cursor, if any.
  /// - Throws: ``HTTPPageLoaderError`` when the page cannot be loaded, or `CancellationError`
  ///   when the calling task is cancelled; with a credential provider, what it throws when asked
  ///   for the current token.
  public func loadPage(_ request: PageRequest) async throws -> Page<Item> {
    if let credentialProvider { return try await loadPage(request, credentials: credentialProvider) }
    return try await send(request)
  }

  /// Loads a page with the context's token, once.
  func send(_ request: PageRequest) async throws -> Page<Item> {
    let redactor = makeRedactor(for: request.context)
    var urlRequest: URLRequest?
    do {
      try Task.checkCancellation()
      let built = try makeURLRequest(for: request, redactor: redactor)
      urlRequest = built
      return try await load(request, built, redactor: redactor)
    } catch let error as HTTPPageLoaderError {
      log?("GET \(urlRequest.map { redactor.redact($0.url) } ?? "(no request)") failed: \(error)")
      throw error
    }
  }

  private func load(
    _ request: PageRequest, _ urlRequest: URLRequest, redactor: Redactor
  ) async throws -> Page<Item> {
    let elapsed = clock.startStopwatch()
    let outcome = await transport.send(
      urlRequest, limit: maximumResponseBytes, deadline: timeout, clock: clock)
    let (body, response) = try interpret(outcome, redactor: redactor)
    if let log {
      let elapsed = elapsed()
      let milliseconds =
        elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
      log(
        "GET \(redactor.redact(urlRequest.url)) -> \(response.statusCode), \(body.count) bytes in "
          + "\(milliseconds) ms")
    }
    try check(response, body: body, redactor: redactor)
    return try read(HTTPResponse(body: body, response: response, request: request), redactor: redactor)
  }

  func makeRedactor(for context: RequestContext) -> Redactor {
    let parameterName: String? =
      if case .queryParameter(let name) = authentication { name } else { nil }
    return Redactor(token: context.userToken, extraParameterName: parameterName)
  }
}
