import Foundation
import ListKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransport {
  /// The body and response of a completed exchange, or the error it amounts to.
  func interpret(_ outcome: TransportOutcome, redactor: Redactor) throws -> (Data, HTTPURLResponse) {
    switch outcome {
    case .completed(let body, let response):
      return (body, response)
    case .cancelled:
      throw CancellationError()
    case .timedOut:
      throw HTTPPageLoaderError.timedOut(after: timeout)
    case .tooLarge(let bytes):
      throw HTTPPageLoaderError.responseTooLarge(limit: maximumResponseBytes, bytes: bytes)
    case .redirectRefused(let url):
      throw HTTPPageLoaderError.redirectRefused(origin: redactor.redact(url.map(Self.origin) ?? "(no URL)"))
    case .notHTTP:
      throw HTTPPageLoaderError.transport(
        code: URLError.badServerResponse.rawValue, "the response is not HTTP")
    case .failed(let error, let response, let received):
      if error.code == .cancelled, Task.isCancelled { throw CancellationError() }
      throw Self.map(error, response: response, received: received, timeout: timeout, redactor: redactor)
    }
  }

  static func map(
    _ error: URLError, response: HTTPURLResponse?, received: Int, timeout: Duration, redactor: Redactor
  ) -> HTTPPageLoaderError {
    // NB: URLError's own description includes the failing URL (NSErrorFailingURLStringKey),
    // which may carry the token; only the code and the redacted localized text are kept.
    let why = redactor.redact(error.localizedDescription)
    switch error.code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
      return .offline(why)
    case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed:
      return .cannotConnect(why)
    case .timedOut:
      return .timedOut(after: timeout)
    case .cancelled:
      return .cancelled
    case .networkConnectionLost:
      return .connectionLost(receivedBytes: received, expectedBytes: expectedLength(response))
    case .badServerResponse where response == nil:
      // The connection closed before any response came ("Empty reply from server"): the server
      // sent nothing wrong, it sent nothing.
      return .connectionLost(receivedBytes: 0, expectedBytes: nil)
    default:
      // Linux's FoundationNetworking reports a body cut short as code -1 ("transfer closed with
      // n bytes remaining", or with a chunk outstanding): once a response has come, that is a
      // lost connection, as is a response whose announced length was not reached.
      if let expected = expectedLength(response), received < expected {
        return .connectionLost(receivedBytes: received, expectedBytes: expected)
      }
      if response != nil, error.code == .unknown {
        return .connectionLost(receivedBytes: received, expectedBytes: nil)
      }
      return .transport(code: error.code.rawValue, why)
    }
  }

  private static func expectedLength(_ response: HTTPURLResponse?) -> Int? {
    guard let length = response?.expectedContentLength, length >= 0 else { return nil }
    return Int(clamping: length)
  }

  /// Throws for a status outside 2xx.
  func checkStatus(_ response: HTTPURLResponse, body: Data, redactor: Redactor) throws(HTTPPageLoaderError) {
    let status = response.statusCode
    guard (200..<300).contains(status) else {
      let excerpt = Self.excerpt(body, redactor: redactor)
      let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap(RetryAfter.init(header:))
      if status == 429 || (status == 503 && retryAfter != nil) {
        throw .rateLimited(status: status, retryAfter: retryAfter, bodyExcerpt: excerpt)
      }
      if status == 401 || status == 403 { throw .unauthorized(status: status, bodyExcerpt: excerpt) }
      throw .httpStatus(status, bodyExcerpt: excerpt)
    }
  }

  /// `scheme://host:port` of a URL.
  static func origin(_ url: URL) -> String { StreamingDelegate.origin(of: url) ?? "(no origin)" }

  /// The first 200 Unicode scalars of a body, on one line, redacted before it is cut.
  static func excerpt(_ body: Data, redactor: Redactor) -> String {
    redactor.excerpt(String(decoding: body.prefix(64 << 10), as: UTF8.self), limit: 200)
  }
}
