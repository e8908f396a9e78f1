import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// Kills a process that fills and edits a stored list, and checks what it leaves.
///
/// The writer is the `listkit-store-writer` fixture (its source says what it writes), which
/// `swift build --build-tests` and `swift test` build beside the test binary. Each run writes a
/// list of its own into the same database, so every run also opens a file a killed process left
/// behind, with its write-ahead log. The writer does nothing but transactions, so a kill at a
/// random moment lands inside one.
@Suite struct SQLiteListStoreCrashTests {
  @Test func writerKilledAtRandomMomentsLeavesASoundFileAndEachTransactionWholeOrAbsent() async throws {
    let writer = try #require(
      FixtureExecutable.url(named: "listkit-store-writer"),
      "listkit-store-writer is not beside the test binary: `swift build --build-tests` builds it")
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let kills = Sweep.runs(40, heavy: 400, light: 10)
    let seed = UInt64(ProcessInfo.processInfo.environment["LISTKIT_SEED"] ?? "") ?? 0x5EED_5017
    var random = SplitMix64(seed: seed)
    var fills = 0
    var confirmed = 0
    for run in 1...kills {
      let list = "run-\(run)"
      let delay = UInt32.random(in: 0..<60_000, using: &random)
      switch await KilledChild.run(writer, arguments: [directory.path, list], delay: delay) {
      case .failedToStart(let message), .stoppedBeforeReady(let message):
        Issue.record("the writer did not get going (run \(run), seed \(seed)): \(message)")
        return
      case .ended(let reason):
        #expect(reason == .signal(SIGKILL), "the writer exited by itself (run \(run), seed \(seed))")
      }
      let store = SQLiteListStore(directory: directory, user: .account("crash"))
      let problem = try await store.open()
      #expect(problem == nil, "the file was replaced after kill \(run) (seed \(seed))")
      #expect(try await store.integrityCheck() == "ok", "after kill \(run) (seed \(seed))")
      let found = try await WrittenList.read(list, from: store)
      for problem in found.problems {
        Issue.record("kill \(run): \(problem) (seed \(seed))")
      }
      fills += found.fills
      confirmed += found.confirmed
    }
    print(
      "SQLiteListStoreCrashTests: \(kills) kills, \(fills) fills and \(confirmed) confirmations checked (seed \(seed))"
    )
    #expect(fills >= kills, "the writer barely wrote before it was killed; the test proved little")
  }
}

/// What a `listkit-store-writer` list holds, and what is wrong with it.
struct WrittenList {
  var fills = 0
  var confirmed = 0
  var problems: [String] = []

  /// Reads every row and pending edit of `list`, checking each rule the writer keeps.
  static func read(_ list: String, from store: SQLiteListStore) async throws -> WrittenList {
    var rows: [StoredRow] = []
    var spot = StoredSpot.top
    var read = try await store.read(list, from: spot, limit: 500, itemVersion: 1)
    while true {
      rows += read.rows
      guard read.hasRowsAfter, let last = read.rows.last else { break }
      spot = .after(last.position)
      read = try await store.read(list, from: spot, limit: 500, itemVersion: 1)
    }
    var result = WrittenList()
    var fillRows: [(fill: Int, index: Int)] = []
    var confirmations = Set<Int>()
    for row in rows {
      let fields = (try? JSONSerialization.jsonObject(with: row.body)) as? [String: Int] ?? [:]
      switch row.id.first {
      case "f":
        guard let fill = fields["fill"], let index = fields["index"], row.id == "f\(fill)-\(index)" else {
          result.problems.append("row \(row.id) holds \(fields)")
          continue
        }
        fillRows.append((fill, index))
      case "c":
        guard let number = fields["confirmed"], row.id == "c\(number)" else {
          result.problems.append("row \(row.id) holds \(fields)")
          continue
        }
        confirmations.insert(number)
      case "i":
        if fields["insert"].map({ "i\($0)" }) != row.id {
          result.problems.append("row \(row.id) holds \(fields)")
        }
      default:
        result.problems.append("a stray row \(row.id)")
      }
    }
    // Fills: 1...F, each of its 50 rows in order, and the network's key after the last.
    result.fills = Set(fillRows.map(\.fill)).count
    let expected = (1...max(1, result.fills)).flatMap { fill in (0..<50).map { (fill, $0) } }
    if result.fills > 0, !fillRows.elementsEqual(expected, by: { $0 == $1 }) {
      result.problems.append(
        "fills \(Set(fillRows.map(\.fill)).sorted()) hold \(fillRows.count) rows, not whole fills in order")
    }
    if result.fills > 0, read.state.tailKey != .cursor("after-\(result.fills)") {
      result.problems.append(
        "fill \(result.fills) is stored but the key after it is \(String(describing: read.state.tailKey))")
    }
    // Pending edits: k<a>...k<b> in order; every earlier one ended with its row (or rolled back).
    let pending = try await store.pendingRecords(in: list).map { Int($0.key.dropFirst()) ?? -1 }
    if let first = pending.first, pending != Array(first..<(first + pending.count)) {
      result.problems.append("pending edits \(pending) are not the ones left in order")
    }
    let ended = pending.first.map { $0 - 1 } ?? confirmations.max() ?? 0
    let shouldBeConfirmed = Set((1...max(1, ended)).filter { $0 <= ended && $0 % 3 != 0 })
    if confirmations != shouldBeConfirmed {
      result.problems.append(
        "confirmed \(confirmations.sorted()) with \(pending) pending: an edit ended without its row, or the reverse"
      )
    }
    result.confirmed = confirmations.count
    return result
  }
}
