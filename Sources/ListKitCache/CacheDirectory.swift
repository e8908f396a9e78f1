import Foundation
import ListKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The cache's directory and the few file operations the cache needs, done with POSIX calls so
/// that each failure has its `errno` and each write is atomic.
///
/// Every name passed in is a ``CacheFileName`` value or a temporary name made here: none comes
/// from the caller, so no path built here leaves the directory.
struct CacheDirectory: Sendable {
  /// What reading an entry file found.
  enum ReadResult {
    case data(Data)
    case notFound
    /// Something else than a regular file; it was not opened, or not read.
    case notARegularFile(PageCacheFileKind)
    /// A regular file that someone else could have written; it was not read.
    case untrusted(PageCacheTrustIssue)
    /// Larger than the limit: its size, or the bytes read before the read stopped.
    case tooLarge(bytes: Int)
    case failed(String)
  }

  /// What a bounded read of an open file found.
  enum BoundedRead: Equatable {
    case data(Data)
    /// The file holds more than the limit: this many bytes were read before the read stopped.
    case tooLarge(bytes: Int)
    case failed(Int32)
  }

  /// What the directory's check found.
  enum DirectoryState: Equatable {
    /// It does not exist (or something on its path is not a directory).
    case missing
    /// It exists, belongs to the current user and is private (mode 0700 or tighter).
    case ready
    /// It exists and cannot be trusted.
    case refused(PageCacheTrustIssue)
  }

  /// A file the listing found.
  struct ListedFile {
    var name: String
    var bytes: Int
    var modificationTime: Double
    /// Whether a read could serve it: a regular file of the current user that nobody else may
    /// write, with one link, of at most the listing's limit.
    var isServable: Bool
  }

  /// A temporary file older than this, by ``wallClock``, belongs to a writer that died.
  static let abandonedTemporaryAge: Double = 60

  let url: URL
  let path: String
  /// Where each file operation ran; every operation records itself before it touches the disk.
  let audit: BlockingWorkAudit
  /// The time, in seconds since 1970, that temporary files are stamped and aged by: the real
  /// time, whatever clock the cache was given, since writers in other processes stamp by it too.
  let wallClock: @Sendable () -> Double

  /// - Parameters:
  ///   - url: The directory.
  ///   - audit: Where file operations record the thread they ran on.
  ///   - wallClock: The time temporary files are stamped and aged by; tests pass a fixed one.
  init(
    url: URL, audit: BlockingWorkAudit,
    wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
  ) {
    self.audit = audit
    self.wallClock = wallClock
    self.url = url.standardizedFileURL
    var path = self.url.path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.path = path
  }

  private func filePath(_ name: String) -> String {
    path + "/" + name
  }

  /// Reads a whole entry file, if it is a regular file the current user alone could have
  /// written, holding at most `limit` bytes.
  ///
  /// Nothing here can block: the type is checked with `lstat` before the file is opened (a named
  /// pipe or a device is never opened), the open neither follows a link nor waits
  /// (`O_NOFOLLOW | O_NONBLOCK`), and the descriptor is checked again with `fstat`, which is
  /// what counts if the file was swapped in between. Memory is bounded by `limit`, whatever the
  /// file's size says and however it grows while it is read.
  func read(_ name: String, limit: Int) -> ReadResult {
    audit.record()
    let path = filePath(name)
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if Self.isMissing(code) { return .notFound }
      return .failed("cannot stat \(name): \(Self.describe(code))")
    }
    if let kind = Self.kind(info) { return .notARegularFile(kind) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    if fd == -1 {
      let code = errno
      if Self.isMissing(code) { return .notFound }
      // Swapped for a link, a pipe or a socket since the lstat: a failure now, and the next
      // read's lstat tells what it is.
      return .failed("cannot open \(name): \(Self.describe(code))")
    }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else {
      return .failed("cannot stat \(name): \(Self.describe(errno))")
    }
    if let kind = Self.kind(info) { return .notARegularFile(kind) }
    if let issue = Self.trustIssue(ofEntry: info) { return .untrusted(issue) }
    let size = Int(info.st_size)
    if size > limit { return .tooLarge(bytes: size) }
    switch Self.readBounded(fd, sizeHint: size, limit: limit) {
    case .data(let data): return .data(data)
    case .tooLarge(let bytes): return .tooLarge(bytes: bytes)
    case .failed(let code): return .failed("cannot read \(name): \(Self.describe(code))")
    }
  }

  /// Reads an open file to its end, or until it has given more than `limit` bytes.
  ///
  /// `sizeHint` (the size `fstat` gave) only sizes the first buffer; the file may have grown or
  /// shrunk since. The buffer never grows past `limit + 1` bytes, so a file that grows without
  /// end costs at most that much memory.
  static func readBounded(_ fd: Int32, sizeHint: Int, limit: Int) -> BoundedRead {
    let ceiling = limit + 1
    var data = Data(count: min(max(sizeHint, 0), limit) + 1)
    var filled = 0
    while filled < ceiling {
      if filled == data.count {
        data.count = min(ceiling, max(data.count * 2, 64 * 1024))
      }
      let count = data.withUnsafeMutableBytes { buffer in
        systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count == -1 {
        // EAGAIN cannot come from a regular file; if it does, give up rather than spin.
        if errno == EINTR { continue }
        return .failed(errno)
      }
      if count == 0 { break }
      filled += count
    }
    if filled > limit { return .tooLarge(bytes: filled) }
    data.count = filled
    return .data(data)
  }

  /// The kind of a file that is not a regular file, or `nil` for a regular file.
  static func kind(_ info: stat) -> PageCacheFileKind? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: .directory
    case S_IFLNK: .symbolicLink
    case S_IFIFO: .namedPipe
    case S_IFSOCK: .socket
    case S_IFCHR: .characterDevice
    case S_IFBLK: .blockDevice
    default: .other
    }
  }

  /// Why an entry file cannot be trusted, or `nil`: it must belong to the current user, be
  /// writable by nobody else, and have no other name.
  static func trustIssue(ofEntry info: stat) -> PageCacheTrustIssue? {
    if info.st_uid != geteuid() { return .ownedByAnotherUser(ownerID: UInt32(info.st_uid)) }
    let permissions = Int(info.st_mode) & 0o7777
    if permissions & 0o022 != 0 { return .openToOthers(permissions: permissions) }
    if info.st_nlink > 1 { return .hardLinked(linkCount: Int(info.st_nlink)) }
    return nil
  }

  /// Checks that the directory, if it exists, belongs to the current user and is private, and
  /// makes it private (mode 0700) when group or others have any access to it — unless it has
  /// the sticky bit, the mark of a directory shared on purpose, which is refused unchanged.
  ///
  /// The check follows a symbolic link at the directory's own path (an app may well keep its
  /// caches behind one); the entries inside are never followed.
  func secure() -> DirectoryState {
    audit.record()
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return .missing }
    if info.st_uid != geteuid() { return .refused(.ownedByAnotherUser(ownerID: UInt32(info.st_uid))) }
    let permissions = Int(info.st_mode) & 0o7777
    if permissions & 0o077 != 0 {
      // The sticky bit marks a directory shared on purpose (like /tmp): a cache pointed at one
      // must not take it from everyone else.
      guard permissions & 0o1000 == 0, chmod(path, mode_t(0o700)) == 0 else {
        return .refused(.openToOthers(permissions: permissions))
      }
    }
    return .ready
  }

  /// Writes the concatenation of `parts` (the header, then the payload) to a file atomically: a
  /// temporary file in the same directory, written in full, given its modification time, flushed
  /// to the disk with `fsync`, then renamed over the old entry.
  ///
  /// A process killed at any point leaves the old entry or the new one, never part of one. The
  /// `fsync` before the rename keeps a power loss from leaving a renamed file whose data never
  /// reached the disk. The directory itself is not flushed: after a power loss the entry may be
  /// the previous version, which a cache can afford.
  ///
  /// - Returns: Whether the directory had to be created first (it was missing or purged).
  func writeAtomically(_ parts: [Data], to name: String, modificationTime: Double) throws(PageCacheError)
    -> Bool
  {
    audit.record()
    let temporaryName = "\(CacheFileName.temporaryPrefix)\(Int(wallClock()))-\(UUID().uuidString)"
    let temporaryPath = filePath(temporaryName)
    var created = false
    var fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    if fd == -1 && Self.isMissing(errno) {
      try create()
      created = true
      fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    }
    guard fd != -1 else {
      throw .writeFailed("cannot create a temporary file in \(path): \(Self.describe(errno))")
    }
    var closed = false
    defer {
      if !closed { close(fd) }
    }
    func fail(_ what: String, _ code: Int32) -> PageCacheError {
      unlink(temporaryPath)
      return .writeFailed("\(what) \(temporaryName): \(Self.describe(code))")
    }
    // The creation mode is filtered by the umask; set it exactly.
    guard fchmod(fd, mode_t(0o600)) == 0 else { throw fail("cannot chmod", errno) }
    for data in parts {
      if let code = Self.writeAll(data, to: fd) { throw fail("cannot write", code) }
    }
    var times = [Self.makeTimespec(modificationTime), Self.makeTimespec(modificationTime)]
    guard futimens(fd, &times) == 0 else { throw fail("cannot set the time of", errno) }
    guard fsync(fd) == 0 else { throw fail("cannot flush", errno) }
    closed = true
    guard close(fd) == 0 else { throw fail("cannot close", errno) }
    guard rename(temporaryPath, filePath(name)) == 0 else { throw fail("cannot rename", errno) }
    return created
  }

  /// Writes all of `data` to an open file, again after a write cut short or interrupted.
  /// - Returns: `nil`, or the `errno` of the write the system refused.
  static func writeAll(_ data: Data, to fd: Int32) -> Int32? {
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { buffer in
        systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
      }
      if count == -1 {
        if errno == EINTR { continue }
        return errno
      }
      written += count
    }
    return nil
  }

  /// Sets a file's modification time (the cache's record of its last access).
  func setModificationTime(of name: String, to time: Double) {
    audit.record()
    var times = [Self.makeTimespec(time), Self.makeTimespec(time)]
    // A failure only makes the file look older to the next start's eviction order.
    _ = utimensat(AT_FDCWD, filePath(name), &times, AT_SYMLINK_NOFOLLOW)
  }

  /// Removes a file; a missing one is not an error.
  func remove(_ name: String) {
    audit.record()
    unlink(filePath(name))
  }

  /// Creates the directory and any missing parent, each with mode 0700.
  func create() throws(PageCacheError) {
    audit.record()
    var current = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      current += "/" + component
      if mkdir(current, mode_t(0o700)) == 0 {
        // The creation mode is filtered by the umask; set it exactly.
        chmod(current, mode_t(0o700))
        continue
      }
      let code = errno
      // Some systems answer EROFS or EACCES rather than EEXIST for a directory that exists on
      // a read-only or foreign parent; what matters is whether it is a directory.
      var info = stat()
      guard stat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
        throw .writeFailed("cannot create the directory \(current): \(Self.describe(code))")
      }
    }
  }

  /// The entry files in the directory, with their sizes and modification times.
  ///
  /// Only names the cache makes count (``CacheFileName/isEntryName(_:)``): a file someone else
  /// put in the directory is never evicted or removed. Abandoned temporary files are removed on
  /// the way. Entry names that a read would refuse — larger than `limit`, failing
  /// ``trustIssue(ofEntry:)``, or not regular files — are listed as not servable, so that they
  /// neither count against the byte limit nor push good entries out; the read of their key
  /// reports why and removes them. Directories are not listed. A missing directory has no files.
  func listEntries(limit: Int) -> [ListedFile] {
    audit.record()
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: path) else { return [] }
    let now = wallClock()
    var files: [ListedFile] = []
    for name in names {
      if name.hasPrefix(CacheFileName.temporaryPrefix) {
        let stamp = name.dropFirst(CacheFileName.temporaryPrefix.count).prefix { $0 != "-" }
        if let created = Double(stamp), now - created > Self.abandonedTemporaryAge {
          remove(name)
        }
        continue
      }
      var info = stat()
      guard CacheFileName.isEntryName(name), lstat(filePath(name), &info) == 0 else { continue }
      let kind = Self.kind(info)
      if kind == .directory { continue }
      let bytes = Int(info.st_size)
      files.append(
        ListedFile(
          name: name, bytes: bytes, modificationTime: Self.modificationTime(info),
          isServable: kind == nil && Self.trustIssue(ofEntry: info) == nil && bytes <= limit))
    }
    return files
  }

  private static func modificationTime(_ info: stat) -> Double {
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  private static func makeTimespec(_ time: Double) -> timespec {
    let seconds = time.rounded(.down)
    return timespec(tv_sec: Int(seconds), tv_nsec: Int((time - seconds) * 1_000_000_000))
  }

  /// Whether an error of a call on a path says that nothing is there: the file is missing, or a
  /// directory of its path is (or is no directory).
  static func isMissing(_ code: Int32) -> Bool {
    code == ENOENT || code == ENOTDIR
  }

  static func describe(_ code: Int32) -> String {
    "\(String(cString: strerror(code))) (errno \(code))"
  }
}

// NB: `read` and `write` inside a type that has `read(_:)` resolve to the method; these name the
// C functions.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
