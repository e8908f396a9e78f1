/// Who a list's requests are for: what its cache entry and the isolation between users follow.
///
/// An identity names a user; a credential (``RequestContext/userToken``) proves it. Tokens expire
/// and rotate, a user does not: an app that knows a stable account id passes it as
/// ``account(_:)``, and a new token for that account keeps the items shown and the cached page.
/// An app that passes only a token gets ``token(_:)``: the token stands for the user, so a new
/// token is a new user (the simple case).
///
/// Neither case's text is shown by `description`; caches keep only a one-way hash of it.
public enum UserIdentity: Hashable, Sendable {
  /// A stable account id chosen by the app (its user id, an account's UUID).
  case account(String)
  /// The token itself, standing for the user when the app names no account.
  case token(String)
}

extension UserIdentity: CustomStringConvertible, CustomDebugStringConvertible {
  /// The kind of identity, its text redacted.
  public var description: String {
    switch self {
    case .account: "account(<redacted>)"
    case .token: "token(<redacted>)"
    }
  }

  /// The kind of identity, its text redacted.
  public var debugDescription: String { description }
}
