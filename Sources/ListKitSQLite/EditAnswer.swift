import ListKit

/// What the server answered to one edit an ``EditOutbox`` sent.
///
/// The outbox's `send` returns it for a final answer, and throws for the others: an error of
/// kind `PagingErrorKind.unauthorized` waits for sign-in, any other is tried again later with
/// the same `Idempotency-Key`. ``init(status:serverItem:message:retryAfter:)`` reads an HTTP status so.
public enum EditAnswer<Item: Sendable>: Sendable {
  /// The server applied the edit; `serverItem` is its copy of the item, when it sent one, and
  /// replaces the local one (the server's id for a posted item, say).
  case accepted(serverItem: Item?)
  /// The server will not apply the edit: it is rolled back.
  case refused(EditRefusal)

  /// The answer an HTTP status gives.
  ///
  /// 2xx accepts; 400, 403, 404, 409, 410, 412 and 422 (and any other 4xx but 401, 408 and 429)
  /// refuse. The others are no answer yet.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - serverItem: The item the server sent back, if any.
  ///   - message: The server's words, for a refusal.
  ///   - retryAfter: The response's `Retry-After` header, if any (`RetryAfter(header:)` reads
  ///     it); a 429's tells the outbox how long to wait.
  /// - Throws: ``EditDeliveryError`` for a status that is no answer yet: 401 (of kind
  ///   `unauthorized`: sending waits for sign-in), 429 (of kind `rateLimited`, with
  ///   `retryAfter`), 408 and 5xx and anything else (tried again later).
  public init(status: Int, serverItem: Item? = nil, message: String = "", retryAfter: RetryAfter? = nil)
    throws(EditDeliveryError)
  {
    switch status {
    case 200..<300: self = .accepted(serverItem: serverItem)
    case 401: throw .unauthorized
    case 429: throw .rateLimited(retryAfter: retryAfter)
    case 408, 500..<600: throw .retryLater(status: status, message: message)
    case 409: self = .refused(EditRefusal(.conflict, status: status, message: message))
    case 412: self = .refused(EditRefusal(.preconditionFailed, status: status, message: message))
    case 400, 422: self = .refused(EditRefusal(.invalid, status: status, message: message))
    case 403: self = .refused(EditRefusal(.forbidden, status: status, message: message))
    case 404, 410: self = .refused(EditRefusal(.notFound, status: status, message: message))
    case 400..<500: self = .refused(EditRefusal(.other, status: status, message: message))
    default: throw .retryLater(status: status, message: message)
    }
  }
}

/// An HTTP answer to an edit that is not final: ``EditAnswer/init(status:serverItem:message:retryAfter:)``
/// throws it.
public enum EditDeliveryError: Error, Hashable, Sendable, PagingErrorClassifying {
  /// HTTP 401: the user must sign in again; the outbox waits for ``EditOutbox/send()``.
  case unauthorized
  /// HTTP 429: too many requests; the outbox waits at least `retryAfter`, when the server said.
  case rateLimited(retryAfter: RetryAfter?)
  /// A status to try again later (408, 5xx, or one that means nothing here).
  case retryLater(status: Int, message: String)

  /// ``unauthorized`` is `PagingErrorKind.unauthorized`, ``rateLimited(retryAfter:)``
  /// `PagingErrorKind.rateLimited`, ``retryLater(status:message:)`` `PagingErrorKind.server`.
  public var pagingErrorKind: PagingErrorKind {
    switch self {
    case .unauthorized: .unauthorized
    case .rateLimited(let retryAfter): .rateLimited(retryAfter: retryAfter)
    case .retryLater: .server
    }
  }
}
