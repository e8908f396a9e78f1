/// What the app adds to every page request: the signed-in user's token and any other values
/// its loader needs (a search query, a filter).
///
/// The token is a secret: `description` and `debugDescription` never show it, so it cannot leak
/// into an error message, a log line or a cache file through string interpolation.
public struct RequestContext: Hashable, Sendable {
  /// The user's token (for example an OAuth bearer token), or `nil` when signed out.
  public var userToken: String?
  /// Other values the loader needs, by name.
  public var values: [String: String]

  /// Creates a context.
  /// - Parameters:
  ///   - userToken: The user's token, or `nil`.
  ///   - values: Other values the loader needs.
  public init(userToken: String? = nil, values: [String: String] = [:]) {
    self.userToken = userToken
    self.values = values
  }
}

extension RequestContext: CustomStringConvertible, CustomDebugStringConvertible {
  /// The context with the token redacted.
  public var description: String {
    let token = userToken == nil ? "nil" : "<redacted>"
    let pairs = values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return "RequestContext(userToken: \(token), values: [\(pairs.joined(separator: ", "))])"
  }

  /// The context with the token redacted.
  public var debugDescription: String { description }
}
