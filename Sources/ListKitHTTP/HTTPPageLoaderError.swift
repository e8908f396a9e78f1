import Foundation
import ListKit

/// Why an ``HTTPPageLoader`` could not load a page, in terms an app can act on.
///
/// Every string it carries has been redacted: the user's token, and the value of any query
/// parameter that carries credentials, are replaced by `<redacted>` before they get here, so an
/// error can be logged or shown as it is.
///
/// Cancelling the Swift task that called ``HTTPPageLoader/loadPage(_:)`` ends the load with
/// `CancellationError` (the ``PageLoader`` contract), not with ``cancelled``.
public enum HTTPPageLoaderError: Error, Hashable, Sendable {
  /// The request could not be built: a bad position, a bad configuration value or a next-page
  /// URL the loader will not follow; the text says which.
  case invalidRequest(String)
  /// The device is offline (no network, or data not allowed); retry when it is back.
  case offline(String)
  /// The host could not be found or refused the connection.
  case cannotConnect(String)
  /// No complete answer arrived within the loader's timeout, which it carries.
  case timedOut(after: Duration)
  /// The URL session cancelled the request although the calling task was not cancelled
  /// (for example, the session was invalidated).
  case cancelled
  /// The connection closed before the whole answer arrived: before any response (`receivedBytes`
  /// 0, `expectedBytes` `nil`), or in the middle of the body.
  case connectionLost(receivedBytes: Int, expectedBytes: Int?)
  /// The server answered 401 or 403: the user must sign in again (or lacks access).
  case unauthorized(status: Int, bodyExcerpt: String)
  /// The server answered another status outside 200–299, with the start of its body.
  case httpStatus(Int, bodyExcerpt: String)
  /// The server asked the app to slow down: HTTP 429, or 503 with a `Retry-After` header; the
  /// delay is the header's, `nil` when it sent none (or one that cannot be read).
  case rateLimited(status: Int, retryAfter: RetryAfter?, bodyExcerpt: String)
  /// The server redirected the request to another origin (scheme, host or port), which the
  /// loader does not follow: the request carries the user's credentials. `origin` is where the
  /// redirect pointed (`https://login.example.net:443`).
  case redirectRefused(origin: String)
  /// The response's `Content-Type` is not one the response style reads (for example an HTML
  /// captive portal page); `nil` when the server sent none and one was required.
  case unexpectedContentType(String?)
  /// The body is larger than the loader's cap; `bytes` is the size announced or received so far.
  case responseTooLarge(limit: Int, bytes: Int)
  /// The body is not what the response style expects; `codingPath` says where (`results[2].id`).
  case decodingFailed(codingPath: String, reason: String)
  /// Any other transport failure, with its `URLError` code (for example −1011,
  /// `badServerResponse`: the server closed the connection without an answer).
  case transport(code: Int, String)
  /// The server answered 2xx, but its body reports an error (GraphQL's `errors`, see
  /// ``HTTPResponseStyle/reportingGraphQLErrors(codes:)``): the kind it maps to, the server's
  /// code (`"UNAUTHENTICATED"`) and the start of its message.
  case reportedInBody(kind: PagingErrorKind, code: String?, message: String)
}

extension HTTPPageLoaderError: CustomStringConvertible {
  /// A one-line explanation, safe to log: it never contains the user's token.
  public var description: String {
    switch self {
    case .invalidRequest(let why): "invalid page request: \(why)"
    case .offline(let why): "offline: \(why)"
    case .cannotConnect(let why): "cannot connect: \(why)"
    case .timedOut(let timeout): "timed out after \(timeout)"
    case .cancelled: "the request was cancelled by the URL session"
    case .connectionLost(let received, let expected):
      "connection lost after \(received) bytes"
        + (expected.map { " of \($0)" } ?? "") + " (truncated response)"
    case .unauthorized(let status, let excerpt): "unauthorized (HTTP \(status)): \(excerpt)"
    case .httpStatus(let status, let excerpt): "HTTP \(status): \(excerpt)"
    case .rateLimited(let status, let retryAfter, let excerpt):
      "rate limited (HTTP \(status), retry after \(retryAfter.map { "\($0)" } ?? "an unknown delay")): \(excerpt)"
    case .redirectRefused(let origin): "refused a redirect to another origin, \(origin)"
    case .unexpectedContentType(let type): "unexpected content type \(type ?? "(none)")"
    case .responseTooLarge(let limit, let bytes):
      "response of \(bytes) bytes or more is over the \(limit)-byte cap"
    case .decodingFailed(let path, let reason):
      "cannot decode the response at \(path.isEmpty ? "the top level" : path): \(reason)"
    case .transport(let code, let why): "network error \(code): \(why)"
    case .reportedInBody(let kind, let code, let message):
      "the server reported an error (\(code ?? "no code"), \(kind)): \(message)"
    }
  }
}

extension HTTPPageLoaderError: LocalizedError {
  /// A short sentence to show the user; ``PagedList`` shows it as the load's error message.
  ///
  /// It never contains server text or the token; ``description`` has the details.
  public var errorDescription: String? {
    switch self {
    case .invalidRequest: "The list could not be requested."
    case .offline: "You appear to be offline."
    case .cannotConnect: "The server could not be reached."
    case .timedOut: "The server took too long to answer."
    case .cancelled: "The request was cancelled."
    case .connectionLost: "The connection was lost while the page was loading."
    case .unauthorized(403, _): "You do not have access to this list."
    case .unauthorized: "Please sign in again."
    case .httpStatus(let status, _) where (500..<600).contains(status):
      "The server had a problem (HTTP \(status)). Please try again."
    case .httpStatus(let status, _): "The server refused the request (HTTP \(status))."
    case .rateLimited: pagingErrorKind.defaultMessage(for: .refresh)
    case .redirectRefused: "The server sent the request to another site, so it was not sent there."
    case .unexpectedContentType:
      "The server sent an unexpected answer. On a public network, you may need to sign in to it first."
    case .responseTooLarge, .decodingFailed: "The server sent a page that could not be read."
    case .transport: "A network error occurred."
    case .reportedInBody(.other, _, _): "The server reported an error."
    case .reportedInBody(let kind, _, _): kind.defaultMessage(for: .refresh)
    }
  }
}

extension HTTPPageLoaderError: PagingErrorClassifying {
  /// The kind of failure, for ``PagedList`` and the app to switch on: 401 is
  /// ``PagingErrorKind/unauthorized``, 403 ``PagingErrorKind/forbidden``, other statuses
  /// ``PagingErrorKind/server``, 429 (and 503 with `Retry-After`)
  /// ``PagingErrorKind/rateLimited(retryAfter:)``, a connection dropped before the whole answer
  /// came ``PagingErrorKind/connectionLost``, an unreadable body or a refused redirect
  /// ``PagingErrorKind/badResponse``, an error reported in a 2xx body the kind it was
  /// mapped to; a ``transport(code:_:)`` failure is classified by its `URLError` code exactly as
  /// ``PagingErrorKind/init(classifying:)`` classifies that `URLError`.
  public var pagingErrorKind: PagingErrorKind {
    switch self {
    case .invalidRequest: .other
    case .offline: .offline
    case .cannotConnect: .cannotConnect
    case .timedOut: .timedOut
    case .cancelled: .cancelled
    case .connectionLost: .connectionLost
    case .unexpectedContentType, .responseTooLarge, .decodingFailed: .badResponse
    case .unauthorized(403, _): .forbidden
    case .unauthorized: .unauthorized
    case .httpStatus: .server
    case .transport(let code, _):
      // NB: optional on Linux (failable there), promoted on Apple platforms (not failable there).
      (URLError.Code(rawValue: code) as URLError.Code?).map(PagingErrorKind.init(urlErrorCode:)) ?? .other
    case .reportedInBody(let kind, _, _): kind
    case .rateLimited(_, let retryAfter, _): .rateLimited(retryAfter: retryAfter)
    case .redirectRefused: .badResponse
    }
  }
}

extension HTTPPageLoaderError {
  /// The error with the token removed from the text a style or a builder put in it.
  func redacted(by redactor: Redactor) -> Self {
    switch self {
    case .invalidRequest(let why): .invalidRequest(redactor.redact(why))
    case .decodingFailed(let path, let reason):
      .decodingFailed(codingPath: redactor.redact(path), reason: redactor.redact(reason))
    case .reportedInBody(let kind, let code, let message):
      .reportedInBody(kind: kind, code: code.map { redactor.redact($0) }, message: redactor.redact(message))
    case .unauthorized(let status, let excerpt):
      .unauthorized(status: status, bodyExcerpt: redactor.redact(excerpt))
    case .httpStatus(let status, let excerpt): .httpStatus(status, bodyExcerpt: redactor.redact(excerpt))
    default: self
    }
  }
}
