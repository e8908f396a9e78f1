/// Why an ``SQLiteListStore`` could not use its database file.
///
/// Each case says what was wrong and where; the text of a case names the file and SQLite's own
/// message. A store that meets a file it cannot trust or read (``corrupt(_:)``,
/// ``untrustedFile(_:)``, ``schemaMismatch(found:expected:)``) removes it and starts an empty one,
/// so the list loads from the network again; the others leave the file alone.
public enum SQLiteStoreError: Error, Hashable, Sendable {
  /// The file is not a database, is truncated, or a row's checksum does not match what was
  /// written (the file was altered). The text says which check failed.
  case corrupt(String)
  /// The file was written by a schema this version does not know.
  case schemaMismatch(found: Int, expected: Int)
  /// Something stands at the database's path that the store must not open: a symbolic link, a
  /// file of another owner or one others may write. The text names it.
  case untrustedFile(String)
  /// The folder of the database could be changed by someone else and could not be made private.
  case untrustedDirectory(String)
  /// The file system refused to create or write the database (a read-only folder, a full disk).
  case writeFailed(String)
  /// The file could not be opened or read (permissions, I/O).
  case unreadable(String)
  /// The store was closed (``SQLiteListStore/removeDatabase()``, sign-out) while the call waited.
  case closed
  /// A stored row no longer decodes as the item type (the app changed the type without changing
  /// its schema version). The text is the decoder's message.
  case undecodable(String)
}

extension SQLiteStoreError {
  /// Whether the file itself is bad, so the store removes it and starts an empty one.
  var meansRecreate: Bool {
    switch self {
    case .corrupt, .schemaMismatch, .untrustedFile, .undecodable: true
    case .untrustedDirectory, .writeFailed, .unreadable, .closed: false
    }
  }
}
