internal import CSQLite
import Foundation
import ListKit

/// One account's lists on disk: a SQLite database file that a ``StoredPageLoader`` fills from
/// the network and reads pages from, so a list opens where the user left it without the network.
///
/// Each account has a file of its own, named by a SHA-256 of its `UserIdentity` (no account id
/// or token is written anywhere in it), created 0600 in a folder made 0700. The store opens the
/// file itself only after checking it: a symbolic link, a file of another owner or one others
/// may write, a file that is not a database or whose rows were altered is removed and replaced
/// by an empty one — the list loads from the network again — and the problem is reported by
/// ``open()``.
///
/// All of its SQLite work runs on a thread of its own, never on Swift's cooperative pool, so a
/// slow disk stalls no other task. Every write is one transaction: a process killed at any point
/// leaves each fill, refresh or edit whole or absent.
public actor SQLiteListStore {
  /// The database file.
  public nonisolated let fileURL: URL
  let files: StoreFiles
  private let executor: BlockingWorkExecutor
  /// Where each SQLite call and file operation ran, for the tests.
  package nonisolated let audit: BlockingWorkAudit
  private var openConnection: SQLiteConnection?
  private var isRemoved = false
  /// Which file the store has open, by a number no other file opened in this process had.
  ///
  /// It is taken each time the store connects (at first use, and after it replaced a bad file). A
  /// position read under one epoch means nothing in the file of another, which may hold other
  /// rows there.
  package private(set) var epoch = 0
  /// The last epoch given, shared by every store so that a new store of a removed one's user
  /// never reuses its numbers.
  private static let lastEpoch = Locked(0)

  /// The schema this version writes, in `PRAGMA user_version`.
  static let schemaVersion = 1
  /// The distance between the positions of rows written one after the other: room for 32 edits
  /// inserted between the same two rows, and for 2³¹ rows each side of the first.
  static let positionStep = 1 << 32

  /// The store of `user`'s lists in `directory`; nothing is read until the first call.
  /// - Parameters:
  ///   - directory: The folder for the databases, for example a folder in Application Support.
  ///   - user: Whose lists, or `nil` for content that is the same for every user.
  public init(directory: URL, user: UserIdentity?) {
    files = StoreFiles(directory: directory, user: user)
    fileURL = URL(fileURLWithPath: files.path)
    executor = BlockingWorkExecutor(label: "ListKitSQLite.store")
    audit = BlockingWorkAudit(executor: executor)
  }

  /// The store's own serial executor, on a thread that is not the cooperative pool's.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Opens the database, creating it when there is none.
  ///
  /// Other calls open it themselves; call this to learn about a file that was replaced.
  /// - Returns: The problem with the file found at the path, when the store removed it and
  ///   started an empty one; `nil` when the file was good or new.
  /// - Throws: ``SQLiteStoreError`` when no database can be used: the folder is not private
  ///   (``SQLiteStoreError/untrustedDirectory(_:)``), cannot be written
  ///   (``SQLiteStoreError/writeFailed(_:)``), or the store was removed
  ///   (``SQLiteStoreError/closed``).
  @discardableResult
  public func open() throws(SQLiteStoreError) -> SQLiteStoreError? {
    if openConnection != nil { return nil }
    guard !isRemoved else { throw .closed }
    audit.record()
    try files.secureDirectory()
    do {
      openConnection = try connect()
      return nil
    } catch  where error.meansRecreate {
      files.removeAll()
      openConnection = try connect()
      return error
    }
  }

  /// Closes the database and removes its file with its `-wal` and `-shm` (sign-out).
  ///
  /// Later calls throw ``SQLiteStoreError/closed``; a new store for the user starts empty.
  public func removeDatabase() {
    audit.record()
    isRemoved = true
    removeFile()
  }

  /// The connection, opened on first use.
  func connection() throws(SQLiteStoreError) -> SQLiteConnection {
    if let openConnection { return openConnection }
    try open()
    guard let openConnection else { throw .closed }
    return openConnection
  }

  /// Runs `body` on the connection; when it finds the file bad, removes it, starts an empty one
  /// and rethrows, so the caller loads from the network again.
  func using<Result>(_ body: (SQLiteConnection) throws(SQLiteStoreError) -> Result) throws(SQLiteStoreError)
    -> Result
  {
    audit.record()
    let connection = try connection()
    do {
      return try body(connection)
    } catch  where error.meansRecreate {
      removeFile()
      throw error
    }
  }

  /// Closes the database and removes its files; the next call starts an empty one.
  func removeFile() {
    audit.record()
    openConnection?.close()
    openConnection = nil
    files.removeAll()
  }

  private func connect() throws(SQLiteStoreError) -> SQLiteConnection {
    if try !files.checkFiles() { try files.createFile() }
    let connection = try SQLiteConnection(path: files.path)
    try Self.prepareSchema(connection)
    epoch = Self.lastEpoch.withLock { last in
      last += 1
      return last
    }
    return connection
  }

  private static func prepareSchema(_ connection: SQLiteConnection) throws(SQLiteStoreError) {
    // Reading the header first: a file that is not a database fails here, before any write.
    let version = try connection.statement("PRAGMA user_version")
    let found = try version.step() ? version.integer(0) : 0
    version.reset()
    guard found == 0 || found == schemaVersion else {
      throw .schemaMismatch(found: found, expected: schemaVersion)
    }
    // WAL: readers never wait for the writer; NORMAL synchronous keeps every committed
    // transaction across a crash of the app (only a power loss can take back the last ones).
    try connection.execute("PRAGMA journal_mode = WAL")
    try connection.execute("PRAGMA synchronous = NORMAL")
    guard found == 0 else { return }
    try connection.transaction { () throws(SQLiteStoreError) in
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS list (
          key TEXT PRIMARY KEY, generation INTEGER NOT NULL, item_version INTEGER NOT NULL,
          refreshed_at REAL, anchor_id TEXT, tail_key TEXT, tail_more INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS item (
          list TEXT NOT NULL, pos INTEGER NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL,
          crc INTEGER NOT NULL, PRIMARY KEY (list, pos)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX IF NOT EXISTS item_id ON item (list, id);
        CREATE TABLE IF NOT EXISTS pending (
          seq INTEGER PRIMARY KEY AUTOINCREMENT, list TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
          id TEXT NOT NULL, body BLOB NOT NULL, crc INTEGER NOT NULL
        );
        PRAGMA user_version = \(schemaVersion);
        """)
    }
  }
}
