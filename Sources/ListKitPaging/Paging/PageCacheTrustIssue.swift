/// Why a cache does not trust a file or its directory: someone other than the current user
/// could have written it.
///
/// An entry with a trust issue is reported as ``PageCacheMiss/untrusted(_:)`` and removed; a
/// directory with one is reported as ``PageCacheMiss/untrustedDirectory(_:)`` on a read and
/// ``PageCacheError/untrustedDirectory(_:)`` on a save.
public enum PageCacheTrustIssue: Hashable, Sendable {
  /// It belongs to another user (`ownerID` is its owner's user ID), who can change it at will.
  case ownedByAnotherUser(ownerID: UInt32)
  /// Its permissions let the group or others write to it (an entry), or use it at all (the
  /// directory, when it could not be made private). `permissions` are its mode bits, for
  /// example `0o666`.
  case openToOthers(permissions: Int)
  /// It has `linkCount` hard links: the same file is reachable under another name, perhaps
  /// outside the cache directory, where someone else may change it.
  case hardLinked(linkCount: Int)
}
