import Foundation
import ListKit

/// A `PageCache` that keeps each first page in a JSON file of its own: written atomically,
/// keyed per user by a one-way hash, expired on read, and kept under a byte limit by evicting
/// the least recently used entries.
///
/// One entry is kept per `PageCacheKey` (list name, user token, query); keys that are equal by
/// `==` (Unicode canonical equivalence, as for `String`) share it. A read never throws, never
/// crashes and never blocks: an expired entry, one dated in the future, one written by another
/// schema version, a truncated, altered or invalid file, one whose items no longer decode, one
/// that is too large, one that someone else could have written, or anything but a regular file
/// is a `PageCacheLookup.miss(_:)` with its `PageCacheMiss` reason, and a bad file is removed
/// so the next launch does not meet it again.
///
/// ```swift
/// let cache = FilePageCache<Photo>(name: "photos", schemaVersion: 2, timeToLive: .seconds(3600))
/// let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: session.token))
/// switch await cache.loadFirstPage(for: key) {
/// case .hit(let cached): show(cached.page.items, savedAt: cached.savedAt)
/// case .miss(let reason): log("cold start: \(reason)")
/// }
/// try await cache.saveFirstPage(freshPage, for: key)
/// ```
///
/// The user token is never stored: file names hold the SHA-256 of it, and files hold only the
/// page. Every file carries a CRC-32C of its bytes, checked on every read. Files have mode 0600
/// and the directory 0700 (a looser existing directory is tightened). A missing or purged
/// directory is an empty cache; the next save creates it again. See `Guides/Caching.md` for the
/// file format and every miss reason.
///
/// The cache is an actor: calls from any task are serialised, so a read never meets a write of
/// the same instance half done, and writes from other processes are atomic renames. File I/O is
/// done on the actor, which suits files of a first page (kilobytes to a few megabytes); the actor
/// runs on a serial queue of its own, so a read, a save or its `fsync` never holds a thread of
/// the cooperative pool that the rest of the app's tasks share.
public actor FilePageCache<Item: Codable & Sendable>: PageCache {
  /// The directory the entries are in.
  public nonisolated let directory: URL
  /// The version of the items' schema; entries saved with another version are misses.
  public nonisolated let schemaVersion: Int
  /// How long after saving an entry is still served.
  public nonisolated let timeToLive: Duration
  /// The most bytes all entries together may take.
  public nonisolated let byteLimit: Int
  /// The most bytes one entry may take: ``byteLimit``, but at most 64 MiB.
  ///
  /// A larger page is refused by ``saveFirstPage(_:for:)``; a larger file (however it got
  /// there, or grew) is a `PageCacheMiss.tooLarge(bytes:limit:)` miss, read no further than
  /// this many bytes. A read never holds more than this in memory.
  public nonisolated let entryByteLimit: Int

  /// How far in the future an entry's save date may be, by the cache's clock, and still be
  /// served: 60 seconds, for clocks that disagree slightly or are corrected while the app runs.
  ///
  /// An entry dated further ahead is a `PageCacheMiss.datedInTheFuture(by:)` miss.
  public static var clockSkewAllowance: Duration { .seconds(60) }

  /// The ceiling of ``entryByteLimit``, whatever the byte limit.
  static var maximumEntryBytes: Int { 64 * 1024 * 1024 }
  /// How long an entry is served when the initialiser is not told: seven days.
  @usableFromInline static var defaultTimeToLive: Duration { .seconds(7 * 24 * 60 * 60) }
  /// The most bytes all entries may take when the initialiser is not told: 20 MB.
  @usableFromInline static var defaultByteLimit: Int { 20 * 1024 * 1024 }

  /// The queue the actor runs on: file I/O blocks, so it must not hold a cooperative-pool thread.
  private nonisolated let executor: BlockingWorkExecutor
  private let files: CacheDirectory
  private let now: @Sendable () -> Date
  private let timeToLiveSeconds: Double
  private var index: CacheIndex
  private var indexLoaded = false
  private let encoder = JSONEncoder()
  private let decoder = JSONDecoder()

  /// Creates a cache in a directory of your choice.
  ///
  /// The directory belongs to the cache: entries are the `*.json` files in it. It is created
  /// (mode 0700, with missing parents) on the first save; an existing one that the group or
  /// others may use is made private (mode 0700) on the first read or save, and one that belongs
  /// to another user is refused.
  ///
  /// - Parameters:
  ///   - directory: Where to keep the entries.
  ///   - schemaVersion: The version of `Item`'s encoded form; raise it when the form changes
  ///     so that old entries are misses instead of garbage.
  ///   - timeToLive: How long after saving an entry is served (default seven days). A zero or
  ///     negative value expires every entry.
  ///   - byteLimit: The most bytes all entries together may take (default 20 MB).
  ///   - now: The clock for save dates, expiry and last access; tests pass a fixed one.
  public init(
    directory: URL,
    schemaVersion: Int = 1,
    timeToLive: Duration = defaultTimeToLive,
    byteLimit: Int = defaultByteLimit,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.directory = directory
    self.schemaVersion = schemaVersion
    self.timeToLive = timeToLive
    self.byteLimit = byteLimit
    self.entryByteLimit = max(0, min(byteLimit, Self.maximumEntryBytes))
    let executor = BlockingWorkExecutor(label: "ListKit.FilePageCache")
    self.executor = executor
    self.files = CacheDirectory(url: directory, audit: BlockingWorkAudit(executor: executor))
    self.now = now
    self.timeToLiveSeconds = Self.seconds(timeToLive)
    self.index = CacheIndex(byteLimit: byteLimit)
  }

  /// Creates a cache in the user's caches directory, in a folder named after the cache.
  ///
  /// - Parameters:
  ///   - name: The cache's name; its folder is ``defaultDirectory(named:)``.
  ///   - schemaVersion: The version of `Item`'s encoded form.
  ///   - timeToLive: How long after saving an entry is served (default seven days).
  ///   - byteLimit: The most bytes all entries together may take (default 20 MB).
  ///   - now: The clock for save dates, expiry and last access.
  public init(
    name: String,
    schemaVersion: Int = 1,
    timeToLive: Duration = defaultTimeToLive,
    byteLimit: Int = defaultByteLimit,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      directory: FilePageCacheLocation.defaultDirectory(named: name), schemaVersion: schemaVersion,
      timeToLive: timeToLive, byteLimit: byteLimit, now: now)
  }

  /// The directory a cache named `name` uses by default.
  ///
  /// `Caches/ListKit/<name>` on Apple platforms; `$XDG_CACHE_HOME/ListKit/<name>` on Linux, or
  /// `~/.cache/ListKit/<name>` when `XDG_CACHE_HOME` is unset or not absolute. The name is
  /// reduced to `[A-Za-z0-9_-]`, so it cannot point elsewhere.
  /// - Parameter name: The cache's name.
  /// - Returns: The directory.
  public static func defaultDirectory(named name: String) -> URL {
    FilePageCacheLocation.defaultDirectory(named: name)
  }

  /// The executor the cache runs on: a serial queue of its own, where its file I/O blocks
  /// instead of on a thread of the cooperative pool.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Where the cache's file operations ran so far, for tests.
  nonisolated var ioAudit: BlockingWorkAudit { files.audit }

  // MARK: - PageCache

  /// Returns the saved first page for a key, or why there is none.
  ///
  /// A hit counts as a use for eviction. Any entry that is not good is reported as a miss with
  /// its reason and, except where removing it would not help (see `PageCacheMiss`), removed.
  /// Only regular files of the current user, at most ``entryByteLimit`` bytes, whose checksum
  /// matches, are decoded.
  /// - Parameter key: The list, user and query.
  /// - Returns: The page and when it was saved, or a miss with its reason.
  /// - Complexity: O(*n*) in the size of the entry.
  public func loadFirstPage(for key: PageCacheKey) async -> PageCacheLookup<Item> {
    switch files.secure() {
    case .missing:
      // Whatever the index remembered is gone: it is rebuilt when next needed.
      indexLoaded = false
      return .miss(.notFound)
    case .refused(let issue):
      return .miss(.untrustedDirectory(issue))
    case .ready:
      break
    }
    loadIndexIfNeeded()
    let name = CacheFileName(key: key).value
    let file: Data
    switch files.read(name, limit: entryByteLimit) {
    case .notFound:
      index.remove(name)
      return .miss(.notFound)
    case .failed(let message):
      return .miss(.unreadable(message))
    case .notARegularFile(.directory):
      index.remove(name)
      return .miss(.notARegularFile(.directory))
    case .notARegularFile(let kind):
      // Removing the name never opens what it names, so a pipe or device is not disturbed.
      return discard(name, .notARegularFile(kind))
    case .untrusted(let issue):
      return discard(name, .untrusted(issue))
    case .tooLarge(let bytes):
      return discard(name, .tooLarge(bytes: bytes, limit: entryByteLimit))
    case .data(let contents):
      file = contents
    }

    let payload: Data
    switch CacheEnvelope.payload(of: file) {
    case .success(let checked):
      payload = checked
    case .failure(let corruption):
      return discard(name, .corrupt("\(file.count) bytes: \(corruption)"))
    }
    let entry: CacheEntry<Item>
    do {
      entry = try decoder.decode(CacheEntry<Item>.self, from: payload)
    } catch {
      return discard(name, .corrupt("\(payload.count) bytes that are not a cache entry: \(error)"))
    }
    guard entry.schemaVersion == schemaVersion else {
      return discard(name, .schemaMismatch(found: entry.schemaVersion, expected: schemaVersion))
    }
    let time = now().timeIntervalSince1970
    let age = time - entry.savedAt
    guard age.isFinite else {
      return discard(name, .corrupt("its save date \(entry.savedAt) is not a time"))
    }
    guard -age <= Self.seconds(Self.clockSkewAllowance) else {
      return discard(name, .datedInTheFuture(by: Self.duration(-age)))
    }
    // A clock set back by more than the time-to-live makes an entry as untrustworthy as an old one.
    guard abs(age) <= timeToLiveSeconds else {
      return discard(name, .expired(age: Self.duration(age)))
    }
    let items: [Item]
    switch entry.items {
    case .success(let decoded):
      items = decoded
    case .failure(let error):
      return discard(name, .undecodable("items do not decode as \(Item.self): \(error)"))
    }
    guard items.count == entry.itemCount else {
      return discard(name, .corrupt("holds \(items.count) items, its header says \(entry.itemCount)"))
    }

    files.setModificationTime(of: name, to: time)
    remove(index.record(name, bytes: file.count, at: time))
    let page = Page(
      items: items, hasMore: entry.hasMore, nextCursor: entry.nextCursor, totalCount: entry.totalCount)
    return .hit(CachedPage(page: page, savedAt: Date(timeIntervalSince1970: entry.savedAt)))
  }

  /// Saves a first page for a key, replacing the entry that was there, and evicts the least
  /// recently used other entries if the total goes over the byte limit.
  ///
  /// The write is atomic: a crash leaves the old entry or the new one.
  /// - Parameters:
  ///   - page: The page to save.
  ///   - key: The list, user and query.
  /// - Throws: `PageCacheError.entryTooLarge(bytes:limit:)` when the encoded entry is larger
  ///   than ``entryByteLimit`` (nothing is written, the old entry stays),
  ///   `PageCacheError.encodingFailed(_:)` when the items do not encode,
  ///   `PageCacheError.untrustedDirectory(_:)` when the directory belongs to another user or
  ///   cannot be made private, and `PageCacheError.writeFailed(_:)` when the file system
  ///   refuses the write.
  /// - Complexity: O(*n*) in the size of the entry, plus O(*m*) per evicted entry for *m*
  ///   entries in the cache.
  public func saveFirstPage(_ page: Page<Item>, for key: PageCacheKey) async throws(PageCacheError) {
    switch files.secure() {
    case .missing:
      break  // Created by the write below, which tells, and the index is emptied.
    case .refused(let issue):
      throw .untrustedDirectory(issue)
    case .ready:
      loadIndexIfNeeded()
    }
    let time = now().timeIntervalSince1970
    let entry = CacheEntry(
      schemaVersion: schemaVersion, savedAt: time, itemCount: page.items.count, hasMore: page.hasMore,
      nextCursor: page.nextCursor, totalCount: page.totalCount, items: .success(page.items))
    let data: Data
    do {
      data = try encoder.encode(entry)
    } catch {
      throw .encodingFailed("\(Item.self): \(error)")
    }
    let header = CacheEnvelope.header(for: data)
    let bytes = header.count + data.count
    guard bytes <= entryByteLimit else {
      throw .entryTooLarge(bytes: bytes, limit: entryByteLimit)
    }
    let name = CacheFileName(key: key).value
    if try files.writeAtomically([header, data], to: name, modificationTime: time) {
      // The directory was missing: whatever the index remembered is gone.
      index.removeAll()
    }
    remove(index.record(name, bytes: bytes, at: time))
  }

  /// Removes the entry for a key, if any.
  /// - Parameter key: The list, user and query.
  public func removeFirstPage(for key: PageCacheKey) async {
    loadIndexIfNeeded()
    let name = CacheFileName(key: key).value
    files.remove(name)
    index.remove(name)
  }

  // MARK: - Housekeeping

  /// Removes every entry saved for a user, whatever the list and query; call it at sign-out.
  /// - Parameter user: The user (`UserIdentity.token(_:)` when a token stands for them), or
  ///   `nil` for the entries shared by all users.
  public func removeEntries(forUser user: UserIdentity?) async {
    loadIndexIfNeeded()
    let tag = CacheFileName.scopeTag(for: user) + "~"
    for file in files.listEntries(limit: entryByteLimit) where file.name.hasPrefix(tag) {
      files.remove(file.name)
      index.remove(file.name)
    }
  }

  /// Removes every entry.
  public func removeAll() async {
    for file in files.listEntries(limit: entryByteLimit) {
      files.remove(file.name)
    }
    index.removeAll()
  }

  /// The bytes all entries take, as the cache counts them.
  public var totalBytes: Int {
    loadIndexIfNeeded()
    return index.totalBytes
  }

  // MARK: - Internals

  /// Rebuilds the index from the directory the first time it is needed, so that the limit
  /// holds across launches; last access is each file's modification date.
  private func loadIndexIfNeeded() {
    guard !indexLoaded else { return }
    indexLoaded = true
    let listed = files.listEntries(limit: entryByteLimit).filter(\.isServable).map {
      (name: $0.name, entry: CacheIndex.Entry(bytes: $0.bytes, lastAccess: $0.modificationTime))
    }
    remove(index.rebuild(from: listed))
  }

  private static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  /// A duration of a finite number of seconds, clamped to what `Duration` holds.
  private static func duration(_ seconds: Double) -> Duration {
    .seconds(min(max(seconds, -1e15), 1e15))
  }

  private func discard(_ name: String, _ reason: PageCacheMiss) -> PageCacheLookup<Item> {
    files.remove(name)
    index.remove(name)
    return .miss(reason)
  }

  private func remove(_ evicted: [String]) {
    for name in evicted {
      files.remove(name)
    }
  }
}
