import Foundation

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
///
/// Keys that are equal by `==` have one name: `String` compares by Unicode canonical equivalence
/// ("café" with a precomposed "é" equals "café" with "e" + a combining accent), so every text is
/// hashed in Normalization Form C, which canonically equivalent strings share.
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
    let listName = Self.normalized(key.listName)
    let query = key.query.map(Self.normalized)
    // Length-prefixed fields: "a|b" + "c" and "a" + "b|c" must not collide.
    var canonical = "listkit.page-cache.v1\n"
    canonical += "\(listName.utf8.count):\(listName)\n"
    canonical += "\(scope.utf8.count):\(scope)\n"
    if let query {
      canonical += "\(query.utf8.count):\(query)"
    } else {
      canonical += "-"
    }
    let hash = SHA256.hexDigest(canonical)
    value = "\(Self.scopeTag(scope))~\(hash)\(Self.entrySuffix)"
  }

  /// Whether a file name is one this cache makes for an entry: `shared` or 16 hexadecimal
  /// digits, `~`, 64 hexadecimal digits, `.json`.
  ///
  /// Other files in the directory are never counted, evicted or removed.
  package static func isEntryName(_ name: String) -> Bool {
    guard name.hasSuffix(entrySuffix) else { return false }
    let parts = name.dropLast(entrySuffix.count).split(separator: "~", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    func isHex(_ text: Substring, count: Int) -> Bool {
      text.utf8.count == count
        && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
    return (parts[0] == "shared" || isHex(parts[0], count: 16)) && isHex(parts[1], count: 64)
  }

  /// The one-way identity of a user: the SHA-256 of the token, or `shared` without a token.
  ///
  /// The token is prefixed with a fixed label so that the same token hashed for another purpose
  /// gives another value.
  package static func userScope(forToken token: String?) -> String {
    guard let token else { return "shared" }
    return SHA256.hexDigest("listkit.page-cache.user\n" + normalized(token))
  }

  /// The Normalization Form C of a text: one spelling for all canonically equivalent texts.
  static func normalized(_ text: String) -> String {
    text.precomposedStringWithCanonicalMapping
  }

  /// The part of the file name that names the user.
  package static func scopeTag(forToken token: String?) -> String {
    scopeTag(userScope(forToken: token))
  }

  private static func scopeTag(_ scope: String) -> String {
    scope == "shared" ? scope : String(scope.prefix(16))
  }
}
