import CSQLite
import Foundation
import ListKit
import ListKitSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// Measures a stored list at 1,000,000 rows: opening it at a depth, a 50-row fill from the network,
/// and a keyset page read at several depths, each through `StoredPageLoader` (items decoded)
/// against raw `sqlite3` calls doing the same reads and writes on the same file in the same run
/// (items decoded the same way).
///
/// Targets (wall time, medians): open to 50 decoded rows ≤ 5 ms, both the loader's first page and
/// the whole `open(_:refreshOnLaunch:)` of a new `PagedList` on its saved item; a 50-row fill committed ≤ 2 ms;
/// a keyset page read at any depth ≤ 1 ms. An OFFSET read of the same page is shown for contrast.
@MainActor
func runStoreBenchmark() async {
  let rowCount = Int(ProcessInfo.processInfo.environment["LISTKIT_BENCH_STORE_ROWS"] ?? "") ?? 1_000_000
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("listkit-bench-store-\(ProcessInfo.processInfo.processIdentifier)")
  defer { try? FileManager.default.removeItem(at: directory) }
  let list = "bench"

  // The rows, written as one refresh would.
  let seedStart = ContinuousClock.now
  do {
    let encoder = JSONEncoder()
    let rows = (0..<rowCount).map { index in
      (id: String(index), body: try! encoder.encode(StoreBenchItem(number: index)))
    }
    let store = SQLiteListStore(directory: directory, user: .account("bench"))
    _ = try! await store.read(list, from: .top, limit: 1, itemVersion: 1)
    try! await store.replaceHead(
      list, rows: rows, continuing: .page(rowCount / 50), hasMore: true, refreshedAt: Date())
  }
  let seeded = ContinuousClock.now - seedStart
  let path = SQLiteListStore(directory: directory, user: .account("bench")).fileURL.path
  let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

  let remote = ClosurePageLoader<StoreBenchItem> { request in
    guard case .page(let index, let size) = request.position else { return Page(items: [], hasMore: false) }
    return Page(items: (index * size..<(index + 1) * size).map(StoreBenchItem.init(number:)), hasMore: true)
  }
  func makeLoader() -> StoredPageLoader<StoreBenchItem> {
    StoredPageLoader(
      listName: list, directory: directory, remote: remote, remoteStyle: .pageIndex(firstIndex: 0),
      remotePageSize: 50)
  }
  let context = RequestContext(accountID: "bench")
  let depths = [0, rowCount / 10, rowCount / 2, rowCount - 100]
  let runs = 40

  // Open at a depth: a new loader and store (the file closed), the first page at an item.
  var openTimes: [Double] = []
  var openBaseline: [Double] = []
  // The whole launch: `open(_:refreshOnLaunch:)` of a new loader and `PagedList` on the saved item.
  var launchTimes: [Double] = []
  // A keyset page after a stored position.
  var readTimes: [Double] = []
  var readBaseline: [Double] = []
  var offsetTimes: [Double] = []
  var coldTimes: [Double] = []
  var coldBaseline: [Double] = []
  for run in 0..<runs {
    let depth = depths[run % depths.count]
    let loader = makeLoader()
    var start = ContinuousClock.now
    let first = try! await loader.loadPage(
      PageRequest(
        position: .item(String(depth), limit: 50), context: context, direction: .refresh, isAnchored: true))
    openTimes.append(seconds(ContinuousClock.now - start))
    precondition(first.items.first?.number == depth && first.items.count == 50)

    start = ContinuousClock.now
    let raw = RawStore(path: path)
    let rawFirst = raw.page(list: list, fromID: String(depth))
    openBaseline.append(seconds(ContinuousClock.now - start))
    precondition(rawFirst.first?.number == depth)

    try! await SQLiteListStore(directory: directory, user: .account("bench"))
      .saveAnchor(list, id: String(depth), itemVersion: 1)
    let launchLoader = makeLoader()
    let pagedList = PagedList(
      listName: list, context: context, configuration: try! PagingConfiguration(style: .cursor, pageSize: 50),
      loader: launchLoader)
    start = ContinuousClock.now
    await launchLoader.open(pagedList, refreshOnLaunch: .never)
    launchTimes.append(seconds(ContinuousClock.now - start))
    precondition(pagedList.items.first?.number == depth && pagedList.items.count == 50)

    // The same with the file's pages dropped from the system's cache first: a launch after the
    // system reclaimed the memory.
    evictFromSystemCache(path)
    start = ContinuousClock.now
    let cold = try! await makeLoader().loadPage(
      PageRequest(
        position: .item(String(depth), limit: 50), context: context, direction: .refresh, isAnchored: true))
    coldTimes.append(seconds(ContinuousClock.now - start))
    precondition(cold.items.first?.number == depth)
    evictFromSystemCache(path)
    start = ContinuousClock.now
    _ = RawStore(path: path).page(list: list, fromID: String(depth))
    coldBaseline.append(seconds(ContinuousClock.now - start))

    let cursor = first.nextCursor!
    start = ContinuousClock.now
    let next = try! await loader.loadPage(
      PageRequest(position: .cursor(cursor, limit: 50), context: context, direction: .nextPage))
    readTimes.append(seconds(ContinuousClock.now - start))
    precondition(next.items.first?.number == depth + 50 || depth + 50 >= rowCount)

    start = ContinuousClock.now
    let rawNext = raw.page(list: list, after: depth + 49)
    readBaseline.append(seconds(ContinuousClock.now - start))
    precondition(rawNext.count == next.items.count)

    start = ContinuousClock.now
    _ = raw.page(list: list, offset: depth + 50)
    offsetTimes.append(seconds(ContinuousClock.now - start))
  }

  // A 50-row fill at the stored end: the loader asks the network, commits, reads the rows back.
  var fillTimes: [Double] = []
  var fillBaseline: [Double] = []
  let loader = makeLoader()
  var page = try! await loader.loadPage(
    PageRequest(
      position: .item(String(rowCount - 50), limit: 50), context: context, direction: .refresh,
      isAnchored: true
    ))
  let raw = RawStore(path: path)
  var rawNext = 10_000_000
  for _ in 0..<runs {
    let start = ContinuousClock.now
    page = try! await loader.loadPage(
      PageRequest(position: .cursor(page.nextCursor!, limit: 50), context: context, direction: .nextPage))
    fillTimes.append(seconds(ContinuousClock.now - start))
    precondition(page.items.count == 50)
    let rawStart = ContinuousClock.now
    raw.insert(list: "baseline", from: rawNext, count: 50)
    fillBaseline.append(seconds(ContinuousClock.now - rawStart))
    rawNext += 50
  }

  #if DEBUG
    let build = "debug"
  #else
    let build = "release"
  #endif
  print(
    "store: a stored list of \(BenchSupport.grouped(rowCount)) rows (\(BenchSupport.megabytes(fileBytes)) on disk, "
      + "written in \(String(format: "%.1f", seconds(seeded))) s), \(build) build,")
  print(
    "       wall time, median of \(runs) rounds at depths \(depths.map(BenchSupport.grouped).joined(separator: ", "));"
  )
  print("       the baseline is raw sqlite3 calls doing the same on the same file, items decoded alike")
  let column = { (text: String) in BenchSupport.pad(text, -58) }
  func line(_ name: String, _ times: [Double], _ baseline: [Double], target: Double) {
    let median = BenchSupport.median(times)
    let base = BenchSupport.median(baseline)
    let limit = target >= 0.001 ? "\(Int(target * 1000)) ms" : "\(target * 1000) ms"
    print(
      "    \(column(name))\(BenchSupport.duration(median))   \(String(format: "%.2f×", median / base)) baseline "
        + "(\(BenchSupport.duration(base, width: 0)))"
        + (median <= target ? "   (≤ \(limit))" : "   (OVER \(limit))"))
  }
  line("open (new loader, file closed) to 50 decoded rows", openTimes, openBaseline, target: 0.005)
  line("loader.open(PagedList, .never) to 50 decoded rows shown", launchTimes, openBaseline, target: 0.005)
  line("the same, the file evicted from the system's cache", coldTimes, coldBaseline, target: 0.005)
  line("a 50-row fill from the network, committed, read back", fillTimes, fillBaseline, target: 0.002)
  line("a keyset page of 50 decoded rows after a stored row", readTimes, readBaseline, target: 0.001)
  print(
    "    \(column("for contrast: the same page by OFFSET, raw"))\(BenchSupport.duration(BenchSupport.median(offsetTimes)))"
  )
}

/// The item the benchmark stores: about the size of a feed row.
struct StoreBenchItem: Codable, Identifiable, Sendable {
  var id: Int
  var number: Int
  var title: String
  var author: String
  var likes: Int

  init(number: Int) {
    id = number
    self.number = number
    title = "Photo number \(number) of the benchmark feed"
    author = "author\(number % 977)"
    likes = number % 1_000
  }
}

/// Raw sqlite3 calls on the store's file: the baseline.
private final class RawStore {
  private var handle: OpaquePointer?

  init(path: String) {
    precondition(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
  }

  deinit { sqlite3_close_v2(handle) }

  func page(list: String, fromID id: String) -> [StoreBenchItem] {
    let position = query("SELECT pos FROM item WHERE list = ?1 AND id = ?2", list, .text(id)) {
      sqlite3_column_int64($0, 0)
    }.first!
    return page(list: list, after: Int(position) - 1)
  }

  func page(list: String, after position: Int) -> [StoreBenchItem] {
    decode(
      query(
        "SELECT body FROM item WHERE list = ?1 AND pos > ?2 ORDER BY pos LIMIT 50", list, .integer(position),
        row: blob))
  }

  func page(list: String, offset: Int) -> [StoreBenchItem] {
    decode(
      query(
        "SELECT body FROM item WHERE list = ?1 ORDER BY pos LIMIT 50 OFFSET ?2", list, .integer(offset),
        row: blob))
  }

  func insert(list: String, from first: Int, count: Int) {
    sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil)
    var statement: OpaquePointer?
    sqlite3_prepare_v2(
      handle, "INSERT INTO item (list, pos, id, body, crc) VALUES (?1, ?2, ?3, ?4, 0)", -1, &statement, nil)
    let encoder = JSONEncoder()
    for number in first..<first + count {
      let body = try! encoder.encode(StoreBenchItem(number: number))
      sqlite3_bind_text(statement, 1, list, -1, transient)
      sqlite3_bind_int64(statement, 2, Int64(number))
      sqlite3_bind_text(statement, 3, String(number), -1, transient)
      _ = body.withUnsafeBytes { sqlite3_bind_blob(statement, 4, $0.baseAddress, Int32($0.count), transient) }
      precondition(sqlite3_step(statement) == SQLITE_DONE)
      sqlite3_reset(statement)
    }
    sqlite3_finalize(statement)
    precondition(sqlite3_exec(handle, "COMMIT", nil, nil, nil) == SQLITE_OK)
  }

  private enum Value {
    case integer(Int)
    case text(String)
  }

  private func blob(_ statement: OpaquePointer?) -> Data {
    Data(bytes: sqlite3_column_blob(statement, 0), count: Int(sqlite3_column_bytes(statement, 0)))
  }

  private func decode(_ bodies: [Data]) -> [StoreBenchItem] {
    let decoder = JSONDecoder()
    return bodies.map { try! decoder.decode(StoreBenchItem.self, from: $0) }
  }

  private func query<Row>(_ sql: String, _ list: String, _ value: Value, row: (OpaquePointer?) -> Row)
    -> [Row]
  {
    var statement: OpaquePointer?
    precondition(sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK)
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, list, -1, transient)
    switch value {
    case .integer(let number): sqlite3_bind_int64(statement, 2, Int64(number))
    case .text(let text): sqlite3_bind_text(statement, 2, text, -1, transient)
    }
    var rows: [Row] = []
    while sqlite3_step(statement) == SQLITE_ROW { rows.append(row(statement)) }
    return rows
  }
}

/// Drops the file's pages from the system's cache (Linux; elsewhere nothing).
private func evictFromSystemCache(_ path: String) {
  #if canImport(Glibc)
    for file in [path, path + "-wal"] {
      let descriptor = open(file, O_RDONLY)
      guard descriptor >= 0 else { continue }
      fdatasync(descriptor)
      posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
      close(descriptor)
    }
  #endif
}

private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
