/// What the app adds to every page request: who the user is, how to prove it, and any other
/// values its loader needs (a search query, a filter).
///
/// The identity and the credential are apart. ``accountID`` names the user and is what the cache
/// entry and the isolation between users follow; ``userToken`` proves it and may rotate:
///
/// ```swift
/// RequestContext(accountID: user.id, userToken: token)  // a new token keeps items and cache
/// RequestContext(userToken: token)                     // the simple case: the token is the user
/// RequestContext()                                      // signed out: content for everybody
/// ```
///
/// The token is a secret: `description` and `debugDescription` never show it (nor the account
/// id), so it cannot leak into an error message, a log line or a cache file through string
/// interpolation.
public struct RequestContext: Hashable, Sendable {
  /// The user's stable account id, or `nil` when the app names none (the token then stands for
  /// the user).
  public var accountID: String?
  /// The user's token (for example an OAuth bearer token), or `nil` when signed out or when a
  /// credential provider of the loader supplies it.
  public var userToken: String?
  /// Other values the loader needs, by name.
  public var values: [String: String]

  /// Creates a context for an account, with the credential that proves it apart.
  ///
  /// Without an account id (`RequestContext(userToken: token)`), the token stands for the user:
  /// the simple case, where a new token is a new user (its own cached page, nothing of the
  /// previous token's list shown).
  /// - Parameters:
  ///   - accountID: The user's stable account id, or `nil` (the default) to let the token stand
  ///     for the user.
  ///   - userToken: The token that proves it, or `nil` (signed out, or supplied by the loader's
  ///     credential provider).
  ///   - values: Other values the loader needs.
  public init(accountID: String? = nil, userToken: String? = nil, values: [String: String] = [:]) {
    self.accountID = accountID
    self.userToken = userToken
    self.values = values
  }

  /// Who the requests are for: the account when there is one, else the token, else `nil`
  /// (nobody in particular: content that is the same for every user).
  public var identity: UserIdentity? {
    if let accountID { return .account(accountID) }
    return userToken.map { UserIdentity.token($0) }
  }

  /// Whether `other` is this context with another credential only: the same identity (an
  /// account, not a token standing for one) and the same values.
  ///
  /// A ``PagedList`` switched to such a context keeps its items and its cache entry.
  /// - Parameter other: The context to compare with.
  /// - Returns: `true` when only ``userToken`` differs, for the same account.
  package func isRotation(to other: RequestContext) -> Bool {
    accountID != nil && accountID == other.accountID && values == other.values
  }
}

extension RequestContext: CustomStringConvertible, CustomDebugStringConvertible {
  /// The context with the account id and the token redacted.
  public var description: String {
    let account = accountID == nil ? "nil" : "<redacted>"
    let token = userToken == nil ? "nil" : "<redacted>"
    let pairs = values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return
      "RequestContext(accountID: \(account), userToken: \(token), values: [\(pairs.joined(separator: ", "))])"
  }

  /// The context with the account id and the token redacted.
  public var debugDescription: String { description }
}
