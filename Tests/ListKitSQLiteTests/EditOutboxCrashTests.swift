import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// Kills a process while its `EditOutbox` sends edits made offline to a real local HTTP server
/// (the fixture server's `POST /edits`, which honours `Idempotency-Key` and counts how often
/// each of the user's edits took effect), relaunches it, and checks that in the end each edit
/// took effect once and the stored list is the server's.
///
/// The sender is the `listkit-outbox-sender` fixture (its source says what it does); the server
/// waits a moment between applying an edit and answering, so some kills leave an edit applied
/// and unanswered, and the next launch sends it again with the same key.
@Suite struct EditOutboxCrashTests {
  struct Post: Codable, Sendable {
    var id: Int
    var title: String
  }

  struct ServerState: Decodable {
    var effects: [String: Int]
    var keys: [String: Int]
    var items: [String: String]
  }

  @Test func senderKilledAtRandomMomentsLeavesEachEditAppliedOnceAndTheListAsTheServerHasIt() async throws {
    let sender = try #require(
      FixtureExecutable.url(named: "listkit-outbox-sender"),
      "listkit-outbox-sender is not beside the test binary: `swift build --build-tests` builds it")
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let seed = UInt64(ProcessInfo.processInfo.environment["LISTKIT_SEED"] ?? "") ?? 0x0B0_CAFE
    var random = SplitMix64(seed: seed)
    let batch = 50
    let minimumKills = Sweep.runs(40, heavy: 400, light: 8)
    try await withServer { server in
      let base = server.url("/").absoluteString
      var nextPost = 0
      /// Makes the next `batch` posts (and their renames and removes) as pending edits on disk.
      func create() async throws -> Int {
        defer { nextPost += batch }
        let first = nextPost
        let created = try await offPool {
          let process = try SpawnedProcess(
            [sender.path, directory.path, base, "create", String(batch), String(first)], output: .pipe,
            error: .pipe)
          let output = process.standardOutput?.readDataToEndOfFile() ?? Data()
          let errors = process.standardError?.readDataToEndOfFile() ?? Data()
          return (process.wait(), String(decoding: output + errors, as: UTF8.self))
        }
        try #require(created.0 == .exit(0), "the sender did not make its edits: \(created.1)")
        let indexes = first..<first + batch
        return batch + indexes.filter { $0 % 3 == 0 }.count + indexes.filter { $0 % 5 == 1 }.count
      }

      // Killed while it makes its edits: whatever it wrote is whole, and is sent once.
      for _ in 0..<Sweep.runs(5, heavy: 40, light: 2) {
        let first = nextPost
        nextPost += batch
        let delay = UInt32.random(in: 0..<20_000, using: &random)
        let outcome = await KilledChild.run(
          sender, arguments: [directory.path, base, "create", String(batch), String(first)], delay: delay)
        guard outcome == .ended(.signal(SIGKILL)) || outcome == .ended(.exit(0)) else {
          Issue.record("the sender, making its edits, ended with \(outcome) (seed \(seed))")
          return
        }
      }
      var edits = try await create()
      var kills = 0
      var batches = 1
      while kills < minimumKills {
        let delay = UInt32.random(in: 0..<15_000, using: &random)
        switch await KilledChild.run(sender, arguments: [directory.path, base, "send"], delay: delay) {
        case .failedToStart(let message), .stoppedBeforeReady(let message):
          Issue.record("the sender did not get going (seed \(seed)): \(message)")
          return
        case .ended(.signal(SIGKILL)):
          kills += 1
        case .ended(.exit(0)):
          // It sent everything before the kill came: more edits, until the kills are made.
          batches += 1
          try #require(batches <= 40, "\(batches) batches sent before \(minimumKills) kills (seed \(seed))")
          edits += try await create()
        case .ended(let other):
          Issue.record("the sender ended with \(other) (seed \(seed))")
          return
        }
      }
      // The last launch, left alone, sends what is left.
      let last = try await offPool {
        let process = try SpawnedProcess(
          [sender.path, directory.path, base, "send"], output: .pipe, error: .pipe)
        let output = process.standardOutput?.readDataToEndOfFile() ?? Data()
        let errors = process.standardError?.readDataToEndOfFile() ?? Data()
        return (process.wait(), String(decoding: output + errors, as: UTF8.self))
      }
      #expect(last.0 == .exit(0), "the last launch did not send everything: \(last.1)")
      #expect(last.1.contains("done"))

      let (body, status) = try await server.get("/edits/state")
      #expect(status == 200)
      let state = try JSONDecoder().decode(ServerState.self, from: body)
      // Every edit of the batches made whole, and perhaps some of those killed while being made.
      #expect(state.effects.count >= edits, "the server got \(state.effects.count) of \(edits) edits")
      let twice = state.effects.filter { $0.value != 1 }
      #expect(twice.isEmpty, "edits that took effect more than once: \(twice) (seed \(seed))")
      let resent = state.keys.values.filter { $0 > 1 }.count
      print(
        "EditOutboxCrashTests: \(kills) kills, \(state.effects.count) edits, \(state.keys.count) keys, "
          + "\(resent) sent again after a kill (seed \(seed))")

      // The stored list is the server's: every post not removed, with the server's title (its
      // copy, marked so, replaced the one the app sent).
      let store = SQLiteListStore(directory: directory, user: nil)
      var stored: [String: String] = [:]
      var read = try await store.read("posts", from: .top, limit: 1_000, itemVersion: 1)
      while true {
        for row in read.rows {
          let post = try JSONDecoder().decode(Post.self, from: row.body)
          stored[String(post.id)] = post.title
        }
        guard read.hasRowsAfter, let position = read.rows.last?.position else { break }
        read = try await store.read("posts", from: .after(position), limit: 1_000, itemVersion: 1)
      }
      #expect(stored == state.items)
      #expect(try await store.pendingRecords(in: "posts").isEmpty)
    }
  }
}
