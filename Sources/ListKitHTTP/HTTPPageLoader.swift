import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``PageLoader`` for JSON APIs over `URLSession`: it turns a ``PageRequest`` into a GET
/// request (or, with a ``HTTPRequestBuilder``, a POST or a GraphQL query), and the response into
/// a ``Page``.
///
/// ```swift
/// let loader = HTTPPageLoader<Photo>(
///   baseURL: URL(string: "https://api.example.com/photos/")!,
///   style: .envelope())                      // Django REST framework's {"count", "next", "results"}
/// let page = try await loader.loadPage(
///   PageRequest(position: .page(index: 1, size: 20), context: RequestContext(userToken: token),
///               direction: .refresh))
/// ```
///
/// Requests: the position's query parameters (names from ``HTTPPagingParameters``; a page index
/// is sent as the page number, so a list of a server that counts pages from 1 uses
/// ``PagingStyle/pageIndex(firstIndex:)`` with `firstIndex` 1), the extra
/// query items and headers, `Accept: application/json`, the token as ``HTTPAuthentication`` says,
/// and the timeout as an overall deadline on the loader's clock. A cursor that is an absolute URL
/// on the base URL's origin (a `next` link from the previous page) is requested as it is.
/// The transport (deadline, size cap, cancellation, redaction, error kinds) is ``HTTPTransport``,
/// which a loader of your own can use too.
///
/// Failures are ``HTTPPageLoaderError``s; cancelling the calling task cancels the request and
/// throws `CancellationError`. Nothing the loader reports or logs contains the token.
public struct HTTPPageLoader<Item: Sendable>: PageLoader {
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
  /// How a page request becomes an HTTP request: a GET with query parameters unless configured.
  public let requestBuilder: HTTPRequestBuilder
  /// The longest a load may take, from sending to the last byte, on the loader's clock.
  public let timeout: Duration
  /// The largest body the loader accepts, in bytes.
  public let maximumResponseBytes: Int
  let decoder: JSONDecoder
  /// Sends the requests: deadline, cap, cancellation, status errors and the log.
  let transport: HTTPTransport
  /// Supplies the token instead of the context, when set (``withCredentials(_:)``).
  var credentialProvider: HTTPCredentialProvider?

  /// Creates a loader.
  /// - Parameters:
  ///   - baseURL: The URL of the first page; it may carry query items of its own.
  ///   - style: How responses are read.
  ///   - parameters: The query parameter names for each position style, or `nil` for the
  ///     style's own (``HTTPPagingParameters/jsonAPI`` for ``HTTPResponseStyle/jsonAPI(_:)``),
  ///     otherwise ``HTTPPagingParameters/standard``.
  ///   - requestBuilder: How a page request becomes an HTTP request; a GET by default.
  ///   - authentication: How the request context's token is sent.
  ///   - headers: Headers added to every request, over `Accept: application/json` and the
  ///     headers the style requires.
  ///   - queryItems: Query items added to every request built from the base URL.
  ///   - timeout: The longest a load may take, measured on `clock`. It is also the URL session's
  ///     idle timeout, which Foundation measures in real time.
  ///   - maximumResponseBytes: The largest body accepted, in bytes.
  ///   - session: The session whose configuration (headers, cookies, proxies, protocol classes)
  ///     and authentication challenges the loader uses, or `nil` for an ephemeral one. Either
  ///     way the loader runs its requests on a session of its own made from that configuration,
  ///     so that it can stop a body as soon as it is over the cap, refuse redirects to another
  ///     origin and never store responses in a URL cache; the app session's delegate still
  ///     answers authentication challenges (server trust, client certificates).
  ///   - decoder: The JSON decoder for the built-in styles; ``makeDefaultDecoder(timeZone:)``
  ///     (ISO 8601 dates and date-times, decimal strings) by default.
  ///   - log: Called with one line per request and outcome, redacted; `nil` for no logging.
  ///   - clock: The clock the deadline and the logged durations are measured on; a test passes a
  ///     manual clock (ListKitTesting's `TestClock`) and advances it instead of waiting.
  public init(
    baseURL: URL,
    style: HTTPResponseStyle<Item>,
    parameters: HTTPPagingParameters? = nil,
    requestBuilder: HTTPRequestBuilder = .get,
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
    self.parameters = parameters ?? style.parameters ?? .standard
    self.requestBuilder = requestBuilder
    self.authentication = authentication
    self.headers = headers
    self.queryItems = queryItems
    self.timeout = timeout
    self.maximumResponseBytes = maximumResponseBytes
    self.decoder = decoder
    transport = HTTPTransport(
      timeout: timeout, maximumResponseBytes: maximumResponseBytes, session: session, log: log, clock: clock)
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
      var response = try await transport.send(built, for: request, redactor: redactor)
      try checkContentType(response, redactor: redactor)
      response.totalHeader = style.totalHeader
      response.parameters = parameters
      return try read(response, redactor: redactor)
    } catch let error as HTTPPageLoaderError {
      transport.logFailure(error, of: urlRequest, redactor: redactor)
      throw error
    }
  }

  func makeRedactor(for context: RequestContext) -> Redactor {
    let parameterName: String? =
      if case .queryParameter(let name) = authentication { name } else { nil }
    return Redactor(token: context.userToken, extraParameterName: parameterName)
  }
}
