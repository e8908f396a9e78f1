import ListKit

/// How an ``HTTPPageLoader`` sends the user's token from the request's ``RequestContext``.
///
/// When the context has no token (signed out), nothing is sent.
public enum HTTPAuthentication: Hashable, Sendable {
  /// No authentication, even when the context has a token.
  case none
  /// `Authorization: Bearer <token>` (OAuth 2.0 bearer tokens, RFC 6750).
  case bearer
  /// A header of your own: `name: <prefix><token>`, for example `X-Api-Key` with no prefix or
  /// `Authorization` with `"Token "` (Django REST framework's TokenAuthentication).
  case header(name: String, prefix: String = "")
  /// A query parameter `name=<token>`.
  ///
  /// Prefer a header: URLs end up in server logs and proxies. The loader redacts this parameter
  /// in everything it reports and does not use the URL cache for such requests.
  case queryParameter(name: String)
}
