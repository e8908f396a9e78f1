import Foundation

/// Removes secrets from text before it leaves the loader (errors, log lines).
///
/// It replaces the token itself wherever it appears, in raw and percent-encoded form, and the
/// values of query parameters that commonly carry credentials, so that a URL or a server's echo
/// of the request is safe to show.
struct Redactor: Sendable {
  static let placeholder = "<redacted>"
  /// Query parameter names whose values are always hidden, compared case-insensitively.
  static let credentialParameterNames: Set<String> = [
    "access_token", "token", "api_key", "apikey", "key", "auth", "authorization", "password",
    "secret", "signature", "sig", "client_secret", "refresh_token", "id_token",
  ]

  private let secrets: [String]
  private let parameterNames: Set<String>

  init(token: String?, extraParameterName: String?) {
    var secrets: [String] = []
    if let token, !token.isEmpty {
      secrets.append(token)
      for encoded in [
        token.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed),
        token.addingPercentEncoding(
          withAllowedCharacters: CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")),
      ] {
        if let encoded, encoded != token, !secrets.contains(encoded) { secrets.append(encoded) }
      }
    }
    // Longest first, so that a secret containing another is replaced whole.
    self.secrets = secrets.sorted { $0.count > $1.count }
    var names = Self.credentialParameterNames
    if let extraParameterName { names.insert(extraParameterName.lowercased()) }
    self.parameterNames = names
  }

  /// Returns `text` with every secret replaced.
  func redact(_ text: String) -> String {
    var result = text
    for secret in secrets where result.contains(secret) {
      result = result.replacingOccurrences(of: secret, with: Self.placeholder)
    }
    return result
  }

  /// Returns the URL as text, with credential query values and the token replaced.
  func redact(_ url: URL?) -> String {
    guard let url else { return "(no URL)" }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return redact(url.absoluteString)
    }
    if components.password != nil { components.password = "redacted" }
    if let items = components.queryItems {
      components.queryItems = items.map { item in
        parameterNames.contains(item.name.lowercased()) && item.value != nil
          ? URLQueryItem(name: item.name, value: "redacted") : item
      }
    }
    return redact(components.string ?? url.absoluteString)
  }
}
