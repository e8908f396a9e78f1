import Foundation

/// Stores the first page of a list so the next launch can show it before the network answers.
///
/// Implementations are `Sendable` and do their I/O off the main actor. Reading never throws:
/// anything that is not a good entry is a ``PageCacheLookup/miss(_:)`` with its reason.
/// `FilePageCache`, in the `ListKitCache` module, is the disk implementation.
public protocol PageCache<Item>: Sendable {
  /// The type of the cached items.
  associatedtype Item: Sendable

  /// Returns the cached first page for a key, or why there is none.
  /// - Parameter key: The list, user and query the page belongs to.
  /// - Returns: A hit with the page and when it was saved, or a miss with its reason.
  func loadFirstPage(for key: PageCacheKey) async -> PageCacheLookup<Item>

  /// Saves a first page for a key, replacing what was there.
  /// - Parameters:
  ///   - page: The page to save.
  ///   - key: The list, user and query it belongs to.
  /// - Throws: ``PageCacheError`` when the page cannot be stored (too large, the disk failed).
  func saveFirstPage(_ page: Page<Item>, for key: PageCacheKey) async throws(PageCacheError)

  /// Removes the entry for a key, if any.
  /// - Parameter key: The key to forget.
  func removeFirstPage(for key: PageCacheKey) async

  /// Removes every entry saved for a user, whatever the list and query (sign-out).
  ///
  /// The default implementation removes nothing: a cache that cannot find a user's entries
  /// leaves them to expire. ``PagedList/signOut(removingCachedEntries:)`` removes the entry of its
  /// own key through ``removeFirstPage(for:)`` as well. `FilePageCache` removes them all.
  /// - Parameter user: Whose entries to remove, or `nil` for the entries shared by all users.
  func removeEntries(forUser user: UserIdentity?) async
}

extension PageCache {
  /// Removes nothing (see the requirement).
  /// - Parameter user: Whose entries to remove.
  public func removeEntries(forUser user: UserIdentity?) async {}
}

/// Which cached page: a list, the user it was loaded for, and an optional query.
///
/// The user is a ``UserIdentity``: an account id, or (the simple case) the token standing for the
/// user. It is held only to be hashed by the cache; it never appears in `description`, and a cache
/// must never store it (FilePageCache names files by a SHA-256 of it). A key built from a
/// ``RequestContext`` follows its ``RequestContext/identity``, so a new token for the same account
/// keeps the same key.
public struct PageCacheKey: Hashable, Sendable {
  /// The name of the list, for example `"photos"`.
  public var listName: String
  /// Whose page it is, or `nil` for content that is the same for every user.
  public var user: UserIdentity?
  /// A query that selects the content (a search term, a filter), or `nil`.
  public var query: String?

  /// Creates a key for a user.
  ///
  /// A token-only app passes ``UserIdentity/token(_:)``, or builds the key from its
  /// ``RequestContext`` with ``init(listName:context:query:)``.
  /// - Parameters:
  ///   - listName: The name of the list.
  ///   - user: Whose page it is, or `nil` (the default) for content that is the same for every
  ///     user.
  ///   - query: The query, or `nil`.
  public init(listName: String, user: UserIdentity? = nil, query: String? = nil) {
    self.listName = listName
    self.user = user
    self.query = query
  }

  /// Creates the key of a list for a context: its identity, never its credential.
  /// - Parameters:
  ///   - listName: The name of the list.
  ///   - context: The context; only its ``RequestContext/identity`` is kept.
  ///   - query: The query, or `nil`.
  public init(listName: String, context: RequestContext, query: String? = nil) {
    self.init(listName: listName, user: context.identity, query: query)
  }
}

extension PageCacheKey: CustomStringConvertible {
  /// The key with the user redacted.
  public var description: String {
    "PageCacheKey(listName: \(listName), user: \(user.map(\.description) ?? "nil"), "
      + "query: \(query ?? "nil"))"
  }
}

/// A page read back from a cache, with when it was saved.
public struct CachedPage<Item> {
  /// The page as it was saved.
  public var page: Page<Item>
  /// When it was saved.
  public var savedAt: Date

  /// Creates a cached page.
  /// - Parameters:
  ///   - page: The page.
  ///   - savedAt: When it was saved.
  public init(page: Page<Item>, savedAt: Date) {
    self.page = page
    self.savedAt = savedAt
  }
}

extension CachedPage: Sendable where Item: Sendable {}
extension CachedPage: Equatable where Item: Equatable {}

/// The answer of a cache read: the page, or why there is none.
public enum PageCacheLookup<Item> {
  /// A good entry.
  case hit(CachedPage<Item>)
  /// No usable entry.
  case miss(PageCacheMiss)
}

extension PageCacheLookup: Sendable where Item: Sendable {}
extension PageCacheLookup: Equatable where Item: Equatable {}

/// Why a cache read found no usable page.
///
/// Each case names what was found; the cases that carry values say how far off it was. A
/// `FilePageCache` removes the entry file for every reason but ``notFound``, ``unreadable(_:)``,
/// ``untrustedDirectory(_:)`` and a directory standing in an entry's place (see `Guides/Caching.md`).
public enum PageCacheMiss: Hashable, Sendable {
  /// Nothing is stored for the key (or the cache directory does not exist).
  case notFound
  /// The entry is older than the time-to-live; it was removed.
  ///
  /// `age` is how long ago it was saved, by the cache's clock; it is negative when the clock was
  /// set back by more than the time-to-live (but within the allowed clock skew).
  case expired(age: Duration)
  /// The entry is dated further in the future than the cache's clock allows for skew (the clock
  /// was set back, or the date was altered); it was removed.
  ///
  /// `by` is how far ahead of the cache's clock its save date is.
  case datedInTheFuture(by: Duration)
  /// The entry was written by another schema version; it was removed.
  case schemaMismatch(found: Int, expected: Int)
  /// The entry is truncated, altered (its checksum does not match) or not a cache entry at all;
  /// it was removed. The text says what was wrong.
  case corrupt(String)
  /// The entry is well-formed, but its items no longer decode as the item type; it was removed.
  case undecodable(String)
  /// The entry could not be read (permissions, I/O). The text names the file and the error.
  case unreadable(String)
  /// Something other than a regular file stands where the entry should be (a named pipe, a
  /// socket, a device, a directory or a symbolic link); it was not opened for reading.
  case notARegularFile(PageCacheFileKind)
  /// The entry is larger than the most one entry may take; it was not read whole, and it was
  /// removed.
  ///
  /// `bytes` is its size, or, for a file that grew while it was read, the bytes read before the
  /// read stopped (one more than `limit`).
  case tooLarge(bytes: Int, limit: Int)
  /// The entry file could have been written by someone else (another owner, open permissions,
  /// a second hard link); it was not read, and it was removed.
  case untrusted(PageCacheTrustIssue)
  /// The cache directory could be changed by someone else and could not be made private; no
  /// entry was read.
  case untrustedDirectory(PageCacheTrustIssue)
}

/// Why a cache could not store a page.
public enum PageCacheError: Error, Hashable, Sendable {
  /// The encoded entry is larger than the most one entry may take, so it was not written.
  case entryTooLarge(bytes: Int, limit: Int)
  /// The cache directory could be changed by someone else and could not be made private, so
  /// nothing was written.
  case untrustedDirectory(PageCacheTrustIssue)
  /// The items could not be encoded.
  case encodingFailed(String)
  /// The file system refused the write.
  case writeFailed(String)
}
