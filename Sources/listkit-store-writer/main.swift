// Test fixture for SQLiteListStoreCrashTests (not a tool): fills one list of a SQLiteListStore
// and edits it in a loop until it is killed. The test kills it with SIGKILL at random moments
// and checks that the database is sound and every transaction left whole or absent.
//
// Usage: listkit-store-writer <directory> <list>
// Prints "ready" once the first round is written. What the list holds, so the test can check
// it without knowing when the writer died:
// - fills 1...F of 50 rows each, ids "f<fill>-<index>", body {"fill", "index"} (a kept replace
//   adds "edit"), in order; the network's key after them is the cursor "after-<F>";
// - kept inserts "i<n>" after a fill row, body {"insert": n}; the oldest is removed now and then;
// - pending edits "k<n>", added in order and ended oldest first, so the ones left are n = a...b;
//   ending k<n> writes the row "c<n>" at the top in the same transaction, except for every
//   third n, which is rolled back.
import Foundation
import ListKit
import ListKitSQLite

let arguments = CommandLine.arguments
/// The test process: a writer whose parent changed was orphaned.
let parent = getppid()
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: listkit-store-writer <directory> <list>\n".utf8))
  exit(2)
}
let list = arguments[2]
let store = SQLiteListStore(
  directory: URL(fileURLWithPath: arguments[1], isDirectory: true), user: .account("crash"))

func body(_ fields: [String: Int]) -> Data {
  // Sorted keys: the same fields give the same bytes.
  (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("listkit-store-writer: \(message)\n".utf8))
  exit(1)
}

let maximumFills = 60
var generator = SystemRandomNumberGenerator()
var fills = 0
var inserts: [Int] = []
var insertCount = 0
var pending: [Int] = []
var pendingCount = 0
var editCount = 0
var announced = false
do {
  let generation = try await store.read(list, from: .top, limit: 1, itemVersion: 1).state.generation
  while true {
    // The test that started this writer is gone (crashed or killed): nothing will kill it.
    if getppid() != parent { exit(0) }
    if fills < maximumFills {
      fills += 1
      let rows = (0..<50).map { (id: "f\(fills)-\($0)", body: body(["fill": fills, "index": $0])) }
      guard
        try await store.append(
          list, rows: rows, continuing: .cursor("after-\(fills)"), hasMore: true, generation: generation)
          != nil
      else { fail("fill \(fills) was refused") }
    }
    let fill = Int.random(in: 1...fills, using: &generator)
    let index = Int.random(in: 0..<50, using: &generator)
    editCount += 1
    try await store.keep(
      .replace(id: "f\(fill)-\(index)", body: body(["fill": fill, "index": index, "edit": editCount])),
      in: list)

    insertCount += 1
    let after =
      "f\(Int.random(in: 1...fills, using: &generator))-\(Int.random(in: 0..<50, using: &generator))"
    do {
      try await store.keep(
        .insert(id: "i\(insertCount)", body: body(["insert": insertCount]), previousID: after), in: list)
      inserts.append(insertCount)
    } catch .writeFailed {
      // No room left between those two rows: the store refuses the insert, which is its promise.
    }
    if inserts.count > 8 { try await store.keep(.remove(id: "i\(inserts.removeFirst())"), in: list) }

    pendingCount += 1
    try await store.addPending(
      StoredPendingRecord(
        key: "k\(pendingCount)", id: "f\(fill)-\(index)", body: body(["pending": pendingCount])),
      in: list)
    pending.append(pendingCount)
    if pending.count >= 3 {
      let ended = pending.removeFirst()
      let kept: StoredEdit? =
        ended % 3 == 0 ? nil : .insert(id: "c\(ended)", body: body(["confirmed": ended]), previousID: nil)
      try await store.endPending("k\(ended)", keeping: kept, in: list)
    }
    if !announced {
      announced = true
      FileHandle.standardOutput.write(Data("ready\n".utf8))
    }
  }
} catch {
  fail("\(error)")
}
