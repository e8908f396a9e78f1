internal import CSQLite
import Foundation

/// A prepared statement of a ``SQLiteConnection``: bind, step, read columns.
final class SQLiteStatement {
  private let raw: OpaquePointer
  private unowned let connection: SQLiteConnection

  init(_ raw: OpaquePointer, connection: SQLiteConnection) {
    self.raw = raw
    self.connection = connection
  }

  deinit { sqlite3_finalize(raw) }

  /// Clears the bindings and rewinds, for the next use.
  func reset() {
    sqlite3_reset(raw)
    sqlite3_clear_bindings(raw)
  }

  /// Binds values to the parameters `?1`, `?2`, … in order.
  @discardableResult
  func bind(_ values: SQLiteValue...) -> SQLiteStatement {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value {
      case .integer(let number): sqlite3_bind_int64(raw, index, Int64(number))
      case .real(let number): sqlite3_bind_double(raw, index, number)
      case .text(let text): sqlite3_bind_text(raw, index, text, -1, transient)
      case .blob(let data):
        data.withUnsafeBytes { bytes in
          // An empty blob still binds a blob, not NULL.
          _ = sqlite3_bind_blob(
            raw, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), transient)
        }
      case .null: sqlite3_bind_null(raw, index)
      }
    }
    return self
  }

  /// Steps once: `true` when a row is ready to read, `false` when the statement is done.
  func step() throws(SQLiteStoreError) -> Bool {
    switch sqlite3_step(raw) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.failure(code, doing: String(cString: sqlite3_sql(raw)))
    }
  }

  /// Runs a statement that returns no rows.
  func run() throws(SQLiteStoreError) {
    while try step() {}
  }

  /// The integer in `column` of the current row.
  func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(raw, column)) }

  /// The real in `column` of the current row.
  func real(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }

  /// Whether `column` of the current row is NULL.
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }

  /// The text in `column` of the current row, or `nil` for NULL.
  func text(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(raw, column) else { return nil }
    return String(cString: bytes)
  }

  /// The bytes in `column` of the current row (empty for NULL).
  func blob(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(raw, column))
    guard count > 0, let bytes = sqlite3_column_blob(raw, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
  case integer(Int)
  case real(Double)
  case text(String)
  case blob(Data)
  case null
}

/// SQLite's "copy the value now" destructor.
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
