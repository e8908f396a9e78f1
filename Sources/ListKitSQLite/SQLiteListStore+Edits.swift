import Foundation

// The edits the app makes: kept ones written into the rows, pending ones kept apart until the
// server answers. Each call is one transaction.
extension SQLiteListStore {
  /// Writes an edit the server has into the list's rows.
  ///
  /// An edit of a row that is not stored writes nothing (a load brings the server's copy), as
  /// does an insert after a row that is not stored.
  /// - Throws: ``SQLiteStoreError/writeFailed(_:)`` when 32 inserts were made between the same
  ///   two rows since they were loaded: the row is not written, and the next load of that part
  ///   of the list brings the server's copy.
  package func keep(_ edit: StoredEdit, in list: String) throws(SQLiteStoreError) {
    try using { connection throws(SQLiteStoreError) in
      try connection.transaction { () throws(SQLiteStoreError) in try Self.write(edit, in: list, connection) }
    }
  }

  /// The stored body of the row of `id`, or `nil` when it is not stored.
  /// - Throws: ``SQLiteStoreError/corrupt(_:)`` when the row was altered on disk.
  package func body(of id: String, in list: String) throws(SQLiteStoreError) -> Data? {
    try using { connection throws(SQLiteStoreError) in try Self.body(of: id, in: list, connection) }
  }

  /// Changes the stored row of `id` in place, in one transaction.
  ///
  /// `change` gets the row's body and returns the new one. A row that is not stored is left
  /// alone.
  /// - Parameters:
  ///   - id: The row's id, as the rows spell it.
  ///   - list: The list.
  ///   - change: Makes the new body from the stored one; runs on the store's executor.
  /// - Returns: Whether the row was stored (and so changed).
  /// - Throws: ``SQLiteStoreError/corrupt(_:)`` when the stored row was altered on disk (it is
  ///   left as it is, and never handed to `change`); ``SQLiteStoreError/writeFailed(_:)`` when
  ///   `change` throws.
  package func update(_ id: String, in list: String, _ change: @Sendable (Data) throws -> Data)
    throws(SQLiteStoreError) -> Bool
  {
    try using { connection throws(SQLiteStoreError) in
      try connection.transaction { () throws(SQLiteStoreError) -> Bool in
        guard let stored = try Self.body(of: id, in: list, connection) else { return false }
        let body: Data
        do {
          body = try change(stored)
        } catch {
          throw .writeFailed("\(connection.path): list \(list), row \(id) cannot be changed: \(error)")
        }
        try Self.write(.replace(id: id, body: body), in: list, connection)
        return true
      }
    }
  }

  /// Keeps an edit waiting for the server, after the ones kept before it.
  package func addPending(_ record: StoredPendingRecord, in list: String) throws(SQLiteStoreError) {
    try using { connection throws(SQLiteStoreError) in
      try connection.statement(
        "INSERT OR REPLACE INTO pending (list, key, id, body, crc) VALUES (?1, ?2, ?3, ?4, ?5)"
      )
      .bind(
        .text(list), .text(record.key), .text(record.id), .blob(record.body),
        .integer(Self.checksum(id: record.key, body: record.body))
      ).run()
    }
  }

  /// Ends a pending edit: removes it and, when the server accepted it, writes `kept` into the
  /// rows, in the same transaction.
  /// - Parameters:
  ///   - key: The pending edit's key.
  ///   - kept: The edit as the server has it, or `nil` for one rolled back.
  package func endPending(_ key: String, keeping kept: StoredEdit?, in list: String) throws(SQLiteStoreError)
  {
    try using { connection throws(SQLiteStoreError) in
      try connection.transaction { () throws(SQLiteStoreError) in
        try connection.statement("DELETE FROM pending WHERE list = ?1 AND key = ?2").bind(
          .text(list), .text(key)
        )
        .run()
        if let kept { try Self.write(kept, in: list, connection) }
      }
    }
  }

  /// Removes every list's rows and place, and keeps the edits waiting for the server (a
  /// sign-out that keeps them); the removed rows are overwritten on disk, not only unlinked.
  package func removeRowsKeepingPending() throws(SQLiteStoreError) {
    try using { connection throws(SQLiteStoreError) in
      try connection.execute("PRAGMA secure_delete = ON")
      try connection.transaction { () throws(SQLiteStoreError) in
        try connection.execute("DELETE FROM item")
        try connection.execute("DELETE FROM list")
      }
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
  }

  /// The number of edits waiting for the server, in every list.
  package func pendingCount() throws(SQLiteStoreError) -> Int {
    try using { connection throws(SQLiteStoreError) in
      let count = try connection.statement("SELECT count(*) FROM pending")
      defer { count.reset() }
      return try count.step() ? count.integer(0) : 0
    }
  }

  /// The edits waiting for the server, oldest first.
  /// - Throws: ``SQLiteStoreError/corrupt(_:)`` when one was altered on disk.
  package func pendingRecords(in list: String) throws(SQLiteStoreError) -> [StoredPendingRecord] {
    try using { connection throws(SQLiteStoreError) in
      let select = try connection.statement(
        "SELECT key, id, body, crc FROM pending WHERE list = ?1 ORDER BY seq"
      )
      .bind(.text(list))
      defer { select.reset() }
      var records: [StoredPendingRecord] = []
      while try select.step() {
        let record = StoredPendingRecord(
          key: select.text(0) ?? "", id: select.text(1) ?? "", body: select.blob(2))
        guard Self.checksum(id: record.key, body: record.body) == select.integer(3) else {
          throw .corrupt(
            "\(connection.path): list \(list), pending edit \(record.key): the checksum does not match")
        }
        records.append(record)
      }
      return records
    }
  }

  private static func body(of id: String, in list: String, _ connection: SQLiteConnection)
    throws(SQLiteStoreError) -> Data?
  {
    let select = try connection.statement("SELECT body, crc FROM item WHERE list = ?1 AND id = ?2")
      .bind(.text(list), .text(id))
    defer { select.reset() }
    guard try select.step() else { return nil }
    let body = select.blob(0)
    guard checksum(id: id, body: body) == select.integer(1) else {
      throw .corrupt("\(connection.path): list \(list), row \(id): the checksum does not match")
    }
    return body
  }

  private static func write(_ edit: StoredEdit, in list: String, _ connection: SQLiteConnection)
    throws(SQLiteStoreError)
  {
    switch edit {
    case .replace(let id, let body):
      try connection.statement("UPDATE item SET body = ?1, crc = ?2 WHERE list = ?3 AND id = ?4")
        .bind(.blob(body), .integer(checksum(id: id, body: body)), .text(list), .text(id)).run()
    case .remove(let id):
      try connection.statement("DELETE FROM item WHERE list = ?1 AND id = ?2").bind(.text(list), .text(id))
        .run()
    case .insert(let id, let body, let previousID):
      guard let position = try insertionPosition(after: previousID, in: list, connection) else { return }
      try connection.statement(
        "INSERT OR REPLACE INTO item (list, pos, id, body, crc) VALUES (?1, ?2, ?3, ?4, ?5)"
      )
      .bind(.text(list), .integer(position), .text(id), .blob(body), .integer(checksum(id: id, body: body)))
      .run()
    }
  }

  /// The position for a row just after the row of `previousID` (first when `nil`): halfway to
  /// the next row, or a step after the last; `nil` when `previousID` is not stored.
  private static func insertionPosition(
    after previousID: String?, in list: String, _ connection: SQLiteConnection
  )
    throws(SQLiteStoreError) -> Int?
  {
    guard let previousID else {
      let first = try bound("SELECT min(pos) FROM item WHERE list = ?1", list, nil, connection)
      return first.map { $0 - positionStep } ?? 0
    }
    guard let previous = try position(of: previousID, in: list, connection) else { return nil }
    guard
      let next = try bound(
        "SELECT min(pos) FROM item WHERE list = ?1 AND pos > ?2", list, previous, connection)
    else { return previous + positionStep }
    guard next - previous >= 2 else {
      throw .writeFailed("\(connection.path): list \(list): no room for another row after \(previousID)")
    }
    return previous + (next - previous) / 2
  }

  private static func bound(_ sql: String, _ list: String, _ position: Int?, _ connection: SQLiteConnection)
    throws(SQLiteStoreError) -> Int?
  {
    let select = try connection.statement(sql)
    _ = position.map { select.bind(.text(list), .integer($0)) } ?? select.bind(.text(list))
    defer { select.reset() }
    guard try select.step(), !select.isNull(0) else { return nil }
    return select.integer(0)
  }
}
