import Foundation
import ListKit

/// Removes secrets from text before it leaves the loader (errors, log lines).
///
/// The token goes through ListKit's `SecretRedactor`, which removes every piece of it in every
/// common encoding; a URL also loses the values of query parameters that commonly carry
/// credentials and its password. A URL is redacted as the text it is, never rebuilt: rebuilding
/// re-encodes it, and the token could come back in a spelling the text did not have.
struct Redactor: Sendable {
  static let placeholder = SecretRedactor.placeholder
  /// Query parameter names whose values are always hidden, compared case-insensitively.
  static let credentialParameterNames: Set<String> = [
    "access_token", "token", "api_key", "apikey", "key", "auth", "authorization", "password",
    "secret", "signature", "sig", "client_secret", "refresh_token", "id_token",
  ]

  private let secrets: SecretRedactor
  private let parameterNames: Set<String>

  init(token: String?, extraParameterName: String?) {
    secrets = SecretRedactor(secrets: token.map { [$0] } ?? [])
    var names = Self.credentialParameterNames
    if let extraParameterName { names.insert(extraParameterName.lowercased()) }
    self.parameterNames = names
  }

  /// Returns `text` with every piece of the token replaced.
  func redact(_ text: String) -> String { secrets.redact(text) }

  /// The start of `text`, redacted before it is cut, on one line.
  func excerpt(_ text: String, limit: Int) -> String { secrets.excerpt(text, limit: limit) }

  /// Returns the URL as text, with credential query values, any password and the token replaced.
  func redact(_ url: URL?) -> String {
    guard let url else { return "(no URL)" }
    var text = url.absoluteString
    // The password of `scheme://user:password@host`.
    if let scheme = text.range(of: "://"),
      let at = text[scheme.upperBound...].prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        .lastIndex(of: "@"),
      let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
    {
      text.replaceSubrange(text.index(after: colon)..<at, with: "redacted")
    }
    if let query = text.firstIndex(of: "?") {
      let end = text[query...].firstIndex(of: "#") ?? text.endIndex
      let items = text[text.index(after: query)..<end].split(separator: "&", omittingEmptySubsequences: false)
        .map { item -> String in
          guard let equals = item.firstIndex(of: "=") else { return String(item) }
          let name = item[..<equals]
          let decoded = (name.removingPercentEncoding ?? String(name)).lowercased()
          return parameterNames.contains(decoded) ? "\(name)=redacted" : String(item)
        }
      text.replaceSubrange(text.index(after: query)..<end, with: items.joined(separator: "&"))
    }
    return redact(text)
  }
}
