import Foundation

/// What kind of failure ended a page load: the part of an error an app switches on.
///
/// ```swift
/// if let error = photos.refreshState.error {
///   switch error.kind {
///   case .unauthorized: session.signOut()            // show the sign-in screen
///   case .offline, .cannotConnect: banner.showOffline()
///   default: break                                    // the footer shows error.message
///   }
/// }
/// ```
///
/// A loader's error supplies its kind by adopting ``PagingErrorClassifying``
/// (`ListKitHTTP.HTTPPageLoaderError` does); `CancellationError`, `URLError` and `DecodingError`
/// are classified without it; anything else is ``other``.
public enum PagingErrorKind: Hashable, Sendable, CaseIterable {
  /// The user must sign in (again): HTTP 401, an expired or revoked token.
  case unauthorized
  /// The user is signed in but may not see this list: HTTP 403.
  case forbidden
  /// The device has no usable network connection.
  case offline
  /// The server could not be found or refused the connection.
  case cannotConnect
  /// No complete answer arrived in time.
  case timedOut
  /// The connection dropped before the whole answer arrived: closed before any response came, or
  /// in the middle of the body. Nothing the server sent was wrong; trying again usually works.
  case connectionLost
  /// The server answered with an error status (a 5xx, or a 4xx other than 401, 403 and 429).
  case server
  /// The server asked the app to slow down (HTTP 429, or 503 with `Retry-After`); `retryAfter`
  /// says when to try again, `nil` when the server did not say.
  case rateLimited(retryAfter: RetryAfter?)
  /// The server answered with something that is not a readable page: wrong type, bad JSON, too
  /// large, or an answer HTTP cannot parse (`URLError.badServerResponse`, −1011).
  case badResponse
  /// The load was cancelled by something other than the list itself.
  case cancelled
  /// Anything else.
  case other

  /// Every kind, once, with ``rateLimited(retryAfter:)`` carrying no delay.
  ///
  /// Written out because a case with a value is not synthesized; keep it in step with the cases.
  public static var allCases: [PagingErrorKind] {
    [
      .unauthorized, .forbidden, .offline, .cannotConnect, .timedOut, .connectionLost, .server,
      .rateLimited(retryAfter: nil), .badResponse, .cancelled, .other,
    ]
  }

  /// Classifies any error: through ``PagingErrorClassifying`` when it adopts it, otherwise by its
  /// type (`CancellationError`, `URLError`, `DecodingError`); ``other`` for the rest.
  /// - Parameter error: The error a loader threw.
  public init(classifying error: any Error) {
    switch error {
    case let classified as any PagingErrorClassifying: self = classified.pagingErrorKind
    case is CancellationError: self = .cancelled
    case is DecodingError: self = .badResponse
    case let error as URLError: self = Self(urlErrorCode: error.code)
    default: self = .other
    }
  }

  /// The one table from a `URLError` code to a kind: ``init(classifying:)`` uses it for a
  /// `URLError`, and `ListKitHTTP` for the transport failures it reports by code.
  /// - Parameter code: The `URLError` code; codes not listed are ``other``.
  package init(urlErrorCode code: URLError.Code) {
    switch code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive: self = .offline
    case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed: self = .cannotConnect
    case .timedOut: self = .timedOut
    case .networkConnectionLost: self = .connectionLost
    case .userAuthenticationRequired, .userCancelledAuthentication: self = .unauthorized
    case .cancelled: self = .cancelled
    case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
      .zeroByteResource, .dataLengthExceedsMaximum:
      self = .badResponse
    default: self = .other
    }
  }

  /// The sentence a footer shows for this kind when the error brings no text of its own.
  /// - Parameter direction: Which way the failed load went; it words ``other``.
  /// - Returns: A short English sentence.
  public func defaultMessage(for direction: PagingDirection) -> String {
    switch self {
    case .unauthorized: "Please sign in again."
    case .forbidden: "You do not have access to this list."
    case .offline: "You appear to be offline."
    case .cannotConnect: "The server could not be reached."
    case .timedOut: "The server took too long to answer."
    case .connectionLost: "The connection was lost. Please try again."
    case .server: "The server had a problem. Please try again."
    case .rateLimited(let retryAfter):
      "The server is busy. " + (retryAfter?.suggestion ?? "Please try again in a few minutes.")
    case .badResponse: "The server sent a page that could not be read."
    case .cancelled: "The request was cancelled."
    case .other:
      switch direction {
      case .refresh: "The list could not be loaded."
      case .nextPage: "More items could not be loaded."
      case .previousPage: "Earlier items could not be loaded."
      }
    }
  }
}
