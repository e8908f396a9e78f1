import Foundation

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
    case failed(String)
  }

  /// A file the listing found.
  struct ListedFile {
    var name: String
    var bytes: Int
    var modificationTime: Double
  }

  /// A temporary file older than this (by the real clock) belongs to a writer that died.
  static let abandonedTemporaryAge: Double = 60

  let url: URL
  let path: String

  init(url: URL) {
    self.url = url.standardizedFileURL
    var path = self.url.path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.path = path
  }

  private func filePath(_ name: String) -> String {
    path + "/" + name
  }

  /// Reads a whole file; a missing file or directory is `.notFound`.
  func read(_ name: String) -> ReadResult {
    let fd = open(filePath(name), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if fd < 0 {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .notFound }
      return .failed("cannot open \(name): \(Self.describe(code))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      return .failed("cannot stat \(name): \(Self.describe(errno))")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      return .failed("\(name) is not a regular file")
    }
    var data = Data(count: max(Int(info.st_size), 0))
    var filled = 0
    while true {
      if filled == data.count {
        // A file is only ever replaced by rename, never grown in place, but read to the end
        // anyway rather than trust the size.
        data.count += 64 * 1024
      }
      let count = data.withUnsafeMutableBytes { buffer in
        systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failed("cannot read \(name): \(Self.describe(errno))")
      }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return .data(data)
  }

  /// Writes a file atomically: a temporary file in the same directory, written in full, given
  /// its modification time, flushed to the disk with `fsync`, then renamed over the old entry.
  ///
  /// A process killed at any point leaves the old entry or the new one, never part of one. The
  /// `fsync` before the rename keeps a power loss from leaving a renamed file whose data never
  /// reached the disk. The directory itself is not flushed: after a power loss the entry may be
  /// the previous version, which a cache can afford.
  ///
  /// - Returns: Whether the directory had to be created first (it was missing or purged).
  func writeAtomically(_ data: Data, to name: String, modificationTime: Double) throws(PageCacheError)
    -> Bool
  {
    let now = Date().timeIntervalSince1970
    let temporaryName = "\(CacheFileName.temporaryPrefix)\(Int(now))-\(UUID().uuidString)"
    let temporaryPath = filePath(temporaryName)
    var created = false
    var fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    if fd < 0 && (errno == ENOENT || errno == ENOTDIR) {
      try create()
      created = true
      fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    }
    guard fd >= 0 else {
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
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { buffer in
        systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw fail("cannot write", errno)
      }
      written += count
    }
    var times = [Self.makeTimespec(modificationTime), Self.makeTimespec(modificationTime)]
    guard futimens(fd, &times) == 0 else { throw fail("cannot set the time of", errno) }
    guard fsync(fd) == 0 else { throw fail("cannot flush", errno) }
    closed = true
    guard close(fd) == 0 else { throw fail("cannot close", errno) }
    guard rename(temporaryPath, filePath(name)) == 0 else { throw fail("cannot rename", errno) }
    return created
  }

  /// Sets a file's modification time (the cache's record of its last access).
  func setModificationTime(of name: String, to time: Double) {
    var times = [Self.makeTimespec(time), Self.makeTimespec(time)]
    // A failure only makes the file look older to the next start's eviction order.
    _ = utimensat(AT_FDCWD, filePath(name), &times, AT_SYMLINK_NOFOLLOW)
  }

  /// Removes a file; a missing one is not an error.
  func remove(_ name: String) {
    unlink(filePath(name))
  }

  /// Creates the directory and any missing parent, each with mode 0700.
  func create() throws(PageCacheError) {
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
  /// the way. A missing directory has no files.
  func listEntries() -> [ListedFile] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: path) else { return [] }
    let now = Date().timeIntervalSince1970
    var files: [ListedFile] = []
    for name in names {
      if name.hasPrefix(CacheFileName.temporaryPrefix) {
        let stamp = name.dropFirst(CacheFileName.temporaryPrefix.count).prefix { $0 != "-" }
        if let created = Double(stamp), now - created > Self.abandonedTemporaryAge {
          remove(name)
        }
        continue
      }
      guard CacheFileName.isEntryName(name),
        let attributes = try? manager.attributesOfItem(atPath: filePath(name)),
        attributes[.type] as? FileAttributeType == .typeRegular
      else { continue }
      let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
      let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      files.append(ListedFile(name: name, bytes: bytes, modificationTime: time))
    }
    return files
  }

  private static func makeTimespec(_ time: Double) -> timespec {
    let seconds = time.rounded(.down)
    return timespec(tv_sec: Int(seconds), tv_nsec: Int((time - seconds) * 1_000_000_000))
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
