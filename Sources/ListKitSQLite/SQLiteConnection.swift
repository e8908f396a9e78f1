internal import CSQLite
import Foundation

/// One connection to a database file, used only from the executor of the store that owns it.
///
/// Every call that fails throws a ``SQLiteStoreError`` naming the file and SQLite's message; the
/// result codes that mean a damaged file (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) are
/// ``SQLiteStoreError/corrupt(_:)``, a full disk or a read-only file is
/// ``SQLiteStoreError/writeFailed(_:)``.
final class SQLiteConnection {
  private let handle: OpaquePointer
  /// The file, for error messages.
  let path: String
  private var statements: [String: SQLiteStatement] = [:]
  private var isClosed = false

  /// Opens the file at `path`, which must already exist as a regular file (the store creates it
  /// with its permissions first); a symbolic link at the path is refused.
  init(path: String) throws(SQLiteStoreError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw Self.error(code: code, message: message, path: path, doing: "open")
    }
    self.handle = handle
    self.path = path
  }

  deinit { close() }

  /// Finalizes every statement and closes the file now.
  ///
  /// Afterwards no descriptor of the process points at the file or at its `-wal` and `-shm` (on
  /// Linux, a file removed while open stays readable through them). The connection must not be
  /// used after.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    // Finalized first: with a statement left, SQLite would only mark the connection to close later.
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs statements that return no rows (schema, pragmas, `BEGIN`, `COMMIT`).
  func execute(_ sql: String) throws(SQLiteStoreError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw failure(code, doing: sql) }
  }

  /// The prepared statement for `sql`, prepared once and reset for each use.
  func statement(_ sql: String) throws(SQLiteStoreError) -> SQLiteStatement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    var raw: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
    guard code == SQLITE_OK, let raw else { throw failure(code, doing: sql) }
    let statement = SQLiteStatement(raw, connection: self)
    statements[sql] = statement
    return statement
  }

  /// Runs `body` in one write transaction: all of it is committed, or none of it.
  func transaction<Result>(_ body: () throws(SQLiteStoreError) -> Result) throws(SQLiteStoreError) -> Result {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
  }

  /// Runs `body` in one write transaction and commits it, unless `body` returns `nil`: then
  /// nothing of it is written.
  func transactionUnlessNil<Result>(_ body: () throws(SQLiteStoreError) -> Result?) throws(SQLiteStoreError)
    -> Result?
  {
    try execute("BEGIN IMMEDIATE")
    let result: Result?
    do {
      result = try body()
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
    guard let result else {
      try execute("ROLLBACK")
      return nil
    }
    try execute("COMMIT")
    return result
  }

  /// The number of rows the last statement changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// The error for a failed call, with the file and SQLite's message.
  func failure(_ code: Int32, doing what: String) -> SQLiteStoreError {
    Self.error(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, doing: what)
  }

  private static func error(code: Int32, message: String, path: String, doing what: String)
    -> SQLiteStoreError
  {
    let text = "\(path): \(what): \(message) (SQLite code \(code))"
    switch code & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(text)
    case SQLITE_FULL, SQLITE_READONLY: return .writeFailed(text)
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: return .unreadable(text)
    case SQLITE_IOERR:
      // The extended codes SQLITE_IOERR_WRITE (3) and SQLITE_IOERR_FSYNC (4), which Swift does
      // not import: a write or a flush the file system refused.
      let extended = code >> 8
      return extended == 3 || extended == 4 ? .writeFailed(text) : .unreadable(text)
    default: return .unreadable(text)
    }
  }
}
