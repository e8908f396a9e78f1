import Foundation
import ListKit

// The reads and writes of a list's rows, each one call on the store's executor and each write
// one transaction.
extension SQLiteListStore {
  /// Reads up to `limit` rows from `spot`, with what lies around them.
  ///
  /// A list stored by another item version has its rows removed first (they would not decode).
  /// - Complexity: O(log *n* + `limit`) for *n* stored rows: every read is by key, never by offset.
  package func read(_ list: String, from spot: StoredSpot, limit: Int, itemVersion: Int)
    throws(SQLiteStoreError)
    -> StoredRead
  {
    try using { connection throws(SQLiteStoreError) in
      let state = try Self.state(of: list, itemVersion: itemVersion, in: connection)
      var rows: [StoredRow]
      var found = true
      switch spot {
      case .top: rows = try Self.rows(list, after: Int.min, limit: limit, in: connection)
      case .after(let position): rows = try Self.rows(list, after: position, limit: limit, in: connection)
      case .before(let position): rows = try Self.rows(list, before: position, limit: limit, in: connection)
      case .item(let id):
        if let position = try Self.position(of: id, in: list, connection) {
          rows = try Self.rows(list, after: position - 1, limit: limit, in: connection)
        } else {
          rows = []
          found = false
        }
      }
      var before = false
      var after = false
      if let first = rows.first, let last = rows.last {
        before = try !Self.rows(list, before: first.position, limit: 1, in: connection).isEmpty
        after = try !Self.rows(list, after: last.position, limit: 1, in: connection).isEmpty
      }
      return StoredRead(
        rows: rows, hasRowsBefore: before, hasRowsAfter: after, state: state, found: found, epoch: epoch)
    }
  }

  /// Appends rows the network sent after the stored ones, and where the network continues.
  ///
  /// One transaction — unless a refresh was committed since `generation` was read, or the
  /// calling task was cancelled (a refresh or an account switch in the list), when it writes
  /// nothing and returns `nil`. A row whose id is already stored is skipped.
  /// - Returns: The rows written, with their positions.
  package func append(
    _ list: String, rows: [(id: String, body: Data)], continuing key: RemoteKey?, hasMore: Bool,
    generation: Int
  ) throws(SQLiteStoreError) -> [StoredRow]? {
    try using { connection throws(SQLiteStoreError) in
      try connection.transactionUnlessNil { () throws(SQLiteStoreError) -> [StoredRow]? in
        let update = try connection.statement(
          "UPDATE list SET tail_key = ?1, tail_more = ?2 WHERE key = ?3 AND generation = ?4")
        try update.bind(
          key.map { .text($0.text) } ?? .null, .integer(hasMore ? 1 : 0), .text(list), .integer(generation)
        )
        .run()
        guard connection.changes == 1, !Task.isCancelled else { return nil }
        var position = try Self.lastPosition(of: list, in: connection).map { $0 + Self.positionStep } ?? 0
        return try Self.insert(rows, into: list, from: &position, replacingIDs: false, in: connection)
      }
    }
  }

  /// Replaces the list's head with the first page of a refresh, in one transaction, and starts a
  /// new generation (fills begun before it write nothing).
  ///
  /// When the page reaches the stored rows (its last item that is stored is at position *k*), the
  /// rows up to *k* are replaced and the ones after it kept, with the network's key after them;
  /// otherwise every row is replaced and the network continues after the page.
  /// - Returns: The new generation.
  @discardableResult
  package func replaceHead(
    _ list: String, rows: [(id: String, body: Data)], continuing key: RemoteKey?, hasMore: Bool,
    refreshedAt: Date
  ) throws(SQLiteStoreError) -> Int {
    try using { connection throws(SQLiteStoreError) in
      try connection.transaction { () throws(SQLiteStoreError) -> Int in
        var overlap: Int?
        for row in rows.reversed() {
          if let position = try Self.position(of: row.id, in: list, connection) {
            overlap = position
            break
          }
        }
        if let overlap {
          try connection.statement("DELETE FROM item WHERE list = ?1 AND pos <= ?2")
            .bind(.text(list), .integer(overlap)).run()
        } else {
          try connection.statement("DELETE FROM item WHERE list = ?1").bind(.text(list)).run()
        }
        // An item the server moved up from further down is shown once, where the page has it:
        // the insert replaces the row of the same id.
        var position = overlap.map { $0 - (rows.count - 1) * Self.positionStep } ?? 0
        _ = try Self.insert(rows, into: list, from: &position, replacingIDs: true, in: connection)
        let generation = try connection.statement("SELECT generation FROM list WHERE key = ?1").bind(
          .text(list))
        let next = (try generation.step() ? generation.integer(0) : 0) + 1
        generation.reset()
        if overlap == nil {
          try connection.statement("UPDATE list SET tail_key = ?1, tail_more = ?2 WHERE key = ?3")
            .bind(key.map { .text($0.text) } ?? .null, .integer(hasMore ? 1 : 0), .text(list)).run()
        }
        try connection.statement("UPDATE list SET generation = ?1, refreshed_at = ?2 WHERE key = ?3")
          .bind(.integer(next), .real(refreshedAt.timeIntervalSince1970), .text(list)).run()
        return next
      }
    }
  }

  /// Removes a list's rows and starts it over (its rows no longer decode); a failure to do so
  /// removes the file.
  func startOver(_ list: String) {
    do {
      try using { connection throws(SQLiteStoreError) in try Self.startOver(list, in: connection) }
    } catch {
      removeFile()
    }
  }

  /// Saves the id of the item the user is at, for the next launch to open on.
  package func saveAnchor(_ list: String, id: String?, itemVersion: Int) throws(SQLiteStoreError) {
    try using { connection throws(SQLiteStoreError) in
      _ = try Self.state(of: list, itemVersion: itemVersion, in: connection)
      try connection.statement("UPDATE list SET anchor_id = ?1 WHERE key = ?2")
        .bind(id.map { .text($0) } ?? .null, .text(list)).run()
    }
  }

  /// Limits the database to `pages` pages, so that a write beyond them fails as on a full disk.
  package func limitSize(toPages pages: Int) throws(SQLiteStoreError) {
    try using { connection throws(SQLiteStoreError) in
      try connection.execute("PRAGMA max_page_count = \(pages)")
    }
  }

  /// The number of rows stored for a list.
  package func rowCount(_ list: String) throws(SQLiteStoreError) -> Int {
    try using { connection throws(SQLiteStoreError) in
      let count = try connection.statement("SELECT count(*) FROM item WHERE list = ?1").bind(.text(list))
      return try count.step() ? count.integer(0) : 0
    }
  }

  /// The result of `PRAGMA integrity_check`: `"ok"` for a sound file.
  package func integrityCheck() throws(SQLiteStoreError) -> String {
    try using { connection throws(SQLiteStoreError) in
      let check = try connection.statement("PRAGMA integrity_check")
      var lines: [String] = []
      while try check.step() { lines.append(check.text(0) ?? "") }
      return lines.joined(separator: "\n")
    }
  }

  // MARK: - Statements

  /// A list's state, by its key.
  static let stateSQL =
    "SELECT generation, item_version, refreshed_at, anchor_id, tail_key, tail_more FROM list WHERE key = ?1"
  /// The rows after a position, by key.
  static let rowsAfterSQL =
    "SELECT pos, id, body, crc FROM item WHERE list = ?1 AND pos > ?2 ORDER BY pos LIMIT ?3"
  /// The rows before a position, by key, nearest first.
  static let rowsBeforeSQL =
    "SELECT pos, id, body, crc FROM item WHERE list = ?1 AND pos < ?2 ORDER BY pos DESC LIMIT ?3"
  /// The position of an item, by its id.
  static let positionSQL = "SELECT pos FROM item WHERE list = ?1 AND id = ?2"
  /// The position of a list's last row, where a fill appends.
  static let lastPositionSQL = "SELECT max(pos) FROM item WHERE list = ?1"
  /// Every statement a read of rows prepares, each by key: a test checks that SQLite searches an
  /// index for each (a page at any depth costs O(log n)), never scans or skips rows.
  package static var keysetReadStatements: [String] {
    [
      stateSQL, rowsAfterSQL, rowsBeforeSQL, positionSQL, lastPositionSQL,
    ]
  }

  /// The list's state, creating it when missing and starting it over when its rows were written
  /// for another item version.
  private static func state(of list: String, itemVersion: Int, in connection: SQLiteConnection)
    throws(SQLiteStoreError) -> StoredListState
  {
    let select = try connection.statement(stateSQL).bind(.text(list))
    guard try select.step() else {
      select.reset()
      try connection.statement(
        "INSERT INTO list (key, generation, item_version, tail_more) VALUES (?1, 0, ?2, 1)"
      ).bind(.text(list), .integer(itemVersion)).run()
      return StoredListState(generation: 0, refreshedAt: nil, anchorID: nil, tailKey: nil, tailHasMore: true)
    }
    let generation = select.integer(0)
    let version = select.integer(1)
    let refreshedAt = select.isNull(2) ? nil : Date(timeIntervalSince1970: select.real(2))
    let anchorID = select.text(3)
    let tailText = select.text(4)
    let tailHasMore = select.integer(5) != 0
    select.reset()
    guard version == itemVersion else {
      try connection.statement("UPDATE list SET item_version = ?1 WHERE key = ?2")
        .bind(.integer(itemVersion), .text(list)).run()
      try startOver(list, in: connection)
      return StoredListState(
        generation: generation + 1, refreshedAt: nil, anchorID: nil, tailKey: nil, tailHasMore: true)
    }
    let tailKey: RemoteKey?
    if let tailText {
      guard let key = RemoteKey(text: tailText) else {
        throw .corrupt("\(connection.path): list \(list): the stored network key is not one ListKit writes")
      }
      tailKey = key
    } else {
      tailKey = nil
    }
    return StoredListState(
      generation: generation, refreshedAt: refreshedAt, anchorID: anchorID, tailKey: tailKey,
      tailHasMore: tailHasMore)
  }

  /// Removes a list's rows and its keys, in one transaction, under a new generation.
  private static func startOver(_ list: String, in connection: SQLiteConnection) throws(SQLiteStoreError) {
    try connection.transaction { () throws(SQLiteStoreError) in
      try connection.statement("DELETE FROM item WHERE list = ?1").bind(.text(list)).run()
      try connection.statement(
        """
        UPDATE list SET generation = generation + 1, refreshed_at = NULL, anchor_id = NULL,
          tail_key = NULL, tail_more = 1 WHERE key = ?1
        """
      ).bind(.text(list)).run()
    }
  }

  private static func rows(_ list: String, after position: Int, limit: Int, in connection: SQLiteConnection)
    throws(SQLiteStoreError) -> [StoredRow]
  {
    let select = try connection.statement(rowsAfterSQL)
    return try collect(select.bind(.text(list), .integer(position), .integer(limit)), list: list, connection)
  }

  private static func rows(_ list: String, before position: Int, limit: Int, in connection: SQLiteConnection)
    throws(SQLiteStoreError) -> [StoredRow]
  {
    let select = try connection.statement(rowsBeforeSQL)
    return try collect(select.bind(.text(list), .integer(position), .integer(limit)), list: list, connection)
      .reversed()
  }

  private static func collect(_ select: SQLiteStatement, list: String, _ connection: SQLiteConnection)
    throws(SQLiteStoreError) -> [StoredRow]
  {
    var rows: [StoredRow] = []
    while try select.step() {
      let row = StoredRow(position: select.integer(0), id: select.text(1) ?? "", body: select.blob(2))
      guard checksum(id: row.id, body: row.body) == select.integer(3) else {
        select.reset()
        throw .corrupt("\(connection.path): list \(list), row \(row.position): the checksum does not match")
      }
      rows.append(row)
    }
    select.reset()
    return rows
  }

  static func position(of id: String, in list: String, _ connection: SQLiteConnection)
    throws(SQLiteStoreError) -> Int?
  {
    let select = try connection.statement(positionSQL)
      .bind(.text(list), .text(id))
    defer { select.reset() }
    return try select.step() ? select.integer(0) : nil
  }

  static func lastPosition(of list: String, in connection: SQLiteConnection) throws(SQLiteStoreError)
    -> Int?
  {
    let select = try connection.statement(lastPositionSQL).bind(.text(list))
    defer { select.reset() }
    guard try select.step(), !select.isNull(0) else { return nil }
    return select.integer(0)
  }

  /// Inserts rows at `position`, `position + 1`, …; a row whose id is already stored replaces
  /// it (`replacingIDs`) or is skipped.
  private static func insert(
    _ rows: [(id: String, body: Data)], into list: String, from position: inout Int, replacingIDs: Bool,
    in connection: SQLiteConnection
  ) throws(SQLiteStoreError) -> [StoredRow] {
    var written: [StoredRow] = []
    written.reserveCapacity(rows.count)
    let sql =
      replacingIDs
      ? "INSERT OR REPLACE INTO item (list, pos, id, body, crc) VALUES (?1, ?2, ?3, ?4, ?5)"
      : "INSERT OR IGNORE INTO item (list, pos, id, body, crc) VALUES (?1, ?2, ?3, ?4, ?5)"
    for row in rows {
      try connection.statement(sql).bind(
        .text(list), .integer(position), .text(row.id), .blob(row.body),
        .integer(checksum(id: row.id, body: row.body))
      ).run()
      if connection.changes == 1 {
        written.append(StoredRow(position: position, id: row.id, body: row.body))
        position += positionStep
      }
    }
    return written
  }

  /// The checksum of a row: CRC-32C of its id, a zero byte and its body.
  static func checksum(id: String, body: Data) -> Int {
    var bytes = Data(id.utf8)
    bytes.append(0)
    bytes.append(body)
    return Int(CRC32C.checksum(bytes))
  }
}
