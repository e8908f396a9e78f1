import Foundation
import ListKit

/// The file name of a cache entry, derived from its key so that no key can reach outside the
/// cache directory and no file name reveals the user (their account id or token).
///
/// The name is `<scope>~<hash>.json`, made of hexadecimal digits (and `shared`):
/// - `scope`: `shared` when the key has no user, otherwise the first 16 hexadecimal digits of
///   the SHA-256 of the user's identity (see ``userScope(for:)``), so that one user's entries can
///   be found and removed without the identity being readable from the file name. The identity
///   is the account id, or the token when it stands for the user; a new token for the same
///   account keeps the same names.
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
struct CacheFileName: Hashable, Sendable {
  /// The file name, without a directory.
  var value: String

  /// The suffix of entry files.
  static let entrySuffix = ".json"
  /// The prefix of temporary files that a write renames into place.
  static let temporaryPrefix = ".tmp-"

  /// The file name for a key.
  init(key: PageCacheKey) {
    let scope = Self.userScope(for: key.user)
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
  static func isEntryName(_ name: String) -> Bool {
    guard name.hasSuffix(entrySuffix) else { return false }
    let parts = name.dropLast(entrySuffix.count).split(separator: "~", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    func isHex(_ text: Substring, count: Int) -> Bool {
      text.utf8.count == count
        && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
    return (parts[0] == "shared" || isHex(parts[0], count: 16)) && isHex(parts[1], count: 64)
  }

  /// The one-way identity of a user: the SHA-256 of the account id or of the token, or `shared`
  /// without a user.
  ///
  /// Each kind is prefixed with a label of its own, so that an account id and a token of the
  /// same text, or the same text hashed for another purpose, give other values. A label is part
  /// of every file name of its kind: changing one orphans the entries already on disk.
  static func userScope(for user: UserIdentity?) -> String {
    switch user {
    case nil: "shared"
    case .token(let token)?: SHA256.hexDigest("listkit.page-cache.user\n" + normalized(token))
    case .account(let account)?: SHA256.hexDigest("listkit.page-cache.account\n" + normalized(account))
    }
  }

  /// The Normalization Form C of a text: one spelling for all canonically equivalent texts.
  static func normalized(_ text: String) -> String {
    text.precomposedStringWithCanonicalMapping
  }

  /// The part of the file name that names the user.
  static func scopeTag(for user: UserIdentity?) -> String {
    scopeTag(userScope(for: user))
  }

  private static func scopeTag(_ scope: String) -> String {
    scope == "shared" ? scope : String(scope.prefix(16))
  }
}
