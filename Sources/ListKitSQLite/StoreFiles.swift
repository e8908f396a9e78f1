import Foundation
import ListKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files of one account's database and the checks made before SQLite opens them: a private
/// folder (0700, the current user's), a regular file of the current user that nobody else may
/// write (created 0600), never a symbolic link.
struct StoreFiles {
  /// The folder holding every account's database.
  let directory: String
  /// The database file.
  let path: String

  /// The files of `user`'s database in `directory`: `<hash>.sqlite`, where the hash is a SHA-256
  /// of the identity, so neither an account id nor a token appears in a file name.
  init(directory: URL, user: UserIdentity?) {
    self.directory = directory.path
    self.path = directory.appendingPathComponent(Self.fileName(for: user)).path
  }

  /// The file name of a user's database.
  static func fileName(for user: UserIdentity?) -> String {
    let scope: String
    switch user {
    case nil: scope = "shared"
    case .account(let account)?:
      scope = SHA256.hexDigest("listkit.store.account\n" + account.precomposedStringWithCanonicalMapping)
    case .token(let token)?:
      scope = SHA256.hexDigest("listkit.store.token\n" + token.precomposedStringWithCanonicalMapping)
    }
    return "listkit-\(scope).sqlite"
  }

  /// The database file and the files SQLite keeps beside it.
  var allPaths: [String] { [path, path + "-wal", path + "-shm", path + "-journal"] }

  /// Makes sure the folder exists, belongs to the current user and is private (0700), creating it
  /// when missing; a folder open to others is made private unless it has the sticky bit (a folder
  /// shared on purpose, like /tmp), which is refused.
  func secureDirectory() throws(SQLiteStoreError) {
    var info = stat()
    if stat(directory, &info) != 0 {
      guard errno == ENOENT else { throw .unreadable("\(directory): \(Self.describe(errno))") }
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .writeFailed("\(directory): cannot create the folder: \(error.localizedDescription)")
      }
      guard stat(directory, &info) == 0 else { throw .writeFailed("\(directory): \(Self.describe(errno))") }
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .untrustedDirectory("\(directory) is not a folder") }
    guard info.st_uid == geteuid() else {
      throw .untrustedDirectory("\(directory) belongs to user \(info.st_uid), not \(geteuid())")
    }
    let permissions = Int(info.st_mode) & 0o7777
    if permissions & 0o077 != 0 {
      guard permissions & 0o1000 == 0, chmod(directory, 0o700) == 0 else {
        throw .untrustedDirectory(
          "\(directory) is open to others (mode \(String(permissions, radix: 8))) and cannot be made private")
      }
    }
  }

  /// Checks what stands at the database's path (and its `-wal` and `-shm`): nothing, or regular
  /// files of the current user that nobody else may write, with one name each.
  /// - Returns: Whether the database file exists.
  func checkFiles() throws(SQLiteStoreError) -> Bool {
    var exists = false
    for (index, file) in [path, path + "-wal", path + "-shm"].enumerated() {
      var info = stat()
      guard lstat(file, &info) == 0 else {
        guard errno == ENOENT else { throw .unreadable("\(file): \(Self.describe(errno))") }
        continue
      }
      if index == 0 { exists = true }
      switch info.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFLNK: throw .untrustedFile("\(file) is a symbolic link")
      default: throw .untrustedFile("\(file) is not a regular file")
      }
      if info.st_uid != geteuid() {
        throw .untrustedFile("\(file) belongs to user \(info.st_uid), not \(geteuid())")
      }
      let permissions = Int(info.st_mode) & 0o7777
      if permissions & 0o077 != 0 {
        throw .untrustedFile("\(file) is open to others (mode \(String(permissions, radix: 8)))")
      }
      if info.st_nlink > 1 { throw .untrustedFile("\(file) has \(info.st_nlink) names (a hard link)") }
    }
    return exists
  }

  /// Creates an empty database file readable and writable by the current user only (0600); SQLite
  /// gives its `-wal` and `-shm` the same mode.
  func createFile() throws(SQLiteStoreError) {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .writeFailed("\(path): cannot create: \(Self.describe(errno))") }
    close(descriptor)
  }

  /// Removes the database and the files beside it; a name that is already gone is fine.
  func removeAll() {
    for file in allPaths { unlink(file) }
  }

  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
