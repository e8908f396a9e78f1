/// The file name of a cache entry, derived from its key so that no key can reach outside the
/// cache directory and no file name reveals the user's token.
///
/// The name is `<scope>~<hash>.json`, made of hexadecimal digits (and `shared`):
/// - `scope`: `shared` when the key has no token, otherwise the first 16 hexadecimal digits of
///   the SHA-256 of the token (see ``userScope(forToken:)``), so that one user's entries can be
///   found and removed without the token being readable from the file name.
/// - `hash`: the SHA-256 of an unambiguous encoding of the whole key (list, user scope, query).
///   Two different keys never share a file.
///
/// No text of the key appears in the name: an app that puts something private in a list name
/// or a query (a user name, a search term) does not see it written in the directory listing.
/// `../`, `/`, NUL and very long keys all end up as one ordinary file of at most 86 characters.
package struct CacheFileName: Hashable, Sendable {
  /// The file name, without a directory.
  package var value: String

  /// The suffix of entry files.
  package static let entrySuffix = ".json"
  /// The prefix of temporary files that a write renames into place.
  package static let temporaryPrefix = ".tmp-"

  /// The file name for a key.
  package init(key: PageCacheKey) {
    let scope = Self.userScope(forToken: key.userToken)
    // Length-prefixed fields: "a|b" + "c" and "a" + "b|c" must not collide.
    var canonical = "listkit.page-cache.v1\n"
    canonical += "\(key.listName.utf8.count):\(key.listName)\n"
    canonical += "\(scope.utf8.count):\(scope)\n"
    if let query = key.query {
      canonical += "\(query.utf8.count):\(query)"
    } else {
      canonical += "-"
    }
    let hash = SHA256.hexDigest(canonical)
    value = "\(Self.scopeTag(scope))~\(hash)\(Self.entrySuffix)"
  }

  init(value: String) {
    self.value = value
  }

  /// The one-way identity of a user: the SHA-256 of the token, or `shared` without a token.
  ///
  /// The token is prefixed with a fixed label so that the same token hashed for another purpose
  /// gives another value.
  package static func userScope(forToken token: String?) -> String {
    guard let token else { return "shared" }
    return SHA256.hexDigest("listkit.page-cache.user\n" + token)
  }

  /// The part of the file name that names the user.
  package static func scopeTag(forToken token: String?) -> String {
    scopeTag(userScope(forToken: token))
  }

  private static func scopeTag(_ scope: String) -> String {
    scope == "shared" ? scope : String(scope.prefix(16))
  }

  /// Text reduced to `[A-Za-z0-9_-]` and a maximum length; when anything had to change, a short
  /// hash of the original is appended so different inputs stay apart.
  ///
  /// - Returns: A non-empty string that is safe as a file-name component.
  package static func sanitized(_ text: String, maximumLength: Int) -> String {
    var out = ""
    var changed = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "A"..."Z", "a"..."z", "0"..."9", "_", "-":
        out.unicodeScalars.append(scalar)
      default:
        out.append("_")
        changed = true
      }
    }
    if out.count > maximumLength || out.isEmpty {
      out = String(out.prefix(maximumLength))
      changed = true
    }
    if changed {
      out = String(out.prefix(max(0, maximumLength - 9))) + "-" + String(SHA256.hexDigest(text).prefix(8))
    }
    return out
  }
}
