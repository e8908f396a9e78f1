import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// A server of edits that honours `Idempotency-Key` (a key it has seen is answered as before and
/// applied no second time), and answers each call as a script says.
final class EditTestServer: Sendable {
  enum Answer: Sendable {
    /// Applies the edit and accepts it.
    case accept
    /// Refuses with this status.
    case status(Int)
    /// Fails before the server sees the request.
    case offline
    /// Applies the edit, then the answer is lost (a timeout).
    case appliedThenLost
    /// Applies the edit and accepts it with the server's copy of the item, its title marked so.
    case acceptWithServerCopy
    /// HTTP 429 with this `Retry-After`, in seconds.
    case rateLimited(seconds: Int)
  }

  struct Call: Sendable, Equatable {
    var key: String
    var id: Int
  }

  private struct State {
    var script: [Answer] = []
    var calls: [Call] = []
    var applied: [String: Int] = [:]
  }

  private let state = Locked(State())

  /// The answers of the next calls, in order; `.accept` once they run out.
  func script(_ answers: [Answer]) { state.withLock { $0.script = answers } }
  /// Every call that reached the server or tried to.
  var calls: [Call] { state.withLock { $0.calls } }
  /// How many times each key's edit took effect.
  var applied: [String: Int] { state.withLock { $0.applied } }

  /// The outbox's `send`.
  func send(_ pending: StoredPendingEdit<StoredItem>, as context: RequestContext) throws -> EditAnswer<
    StoredItem
  > {
    let id: Int =
      switch pending.edit {
      case .replace(let item), .insert(let item, _): item.id
      case .remove(let id): id
      case .update(let id, _): id
      }
    let answer = state.withLock { state -> Answer in
      state.calls.append(Call(key: pending.idempotencyKey, id: id))
      let answer = state.script.isEmpty ? .accept : state.script.removeFirst()
      switch answer {
      case .offline, .status, .rateLimited: return answer
      case .accept, .appliedThenLost, .acceptWithServerCopy: break
      }
      // Applied once per key, however often it comes.
      if state.applied[pending.idempotencyKey] == nil { state.applied[pending.idempotencyKey] = 1 }
      return answer
    }
    switch answer {
    case .accept: return try EditAnswer(status: 200)
    case .status(let status): return try EditAnswer(status: status, message: "status \(status)")
    case .offline: throw URLError(.notConnectedToInternet)
    case .appliedThenLost: throw URLError(.timedOut)
    case .acceptWithServerCopy:
      guard case .replace(var item) = pending.edit else { return try EditAnswer(status: 201) }
      item.title += " (server)"
      return try EditAnswer(status: 200, serverItem: item)
    case .rateLimited(let seconds):
      return try EditAnswer(status: 429, retryAfter: .seconds(seconds))
    }
  }
}

@MainActor
@Suite struct EditOutboxTests {
  private func launch(_ directory: URL, server: StoreTestServer) async throws
    -> (StoredPageLoader<StoredItem>, PagedList<StoredItem>)
  {
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    return (loader, list)
  }

  /// Runs `body` with a list opened on a folder seeded with 100 stored items (no request); the
  /// folder is removed afterwards.
  private func withSeededList(
    _ function: String = #function,
    _ body: (_ directory: URL, _ loader: StoredPageLoader<StoredItem>, _ list: PagedList<StoredItem>)
      async throws
      -> Void
  ) async throws {
    let directory = StoreFixtures.temporaryDirectory(function)
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100)
    let (loader, list) = try await launch(directory, server: StoreTestServer(count: 100))
    try await body(directory, loader, list)
  }

  private func outbox(
    _ list: PagedList<StoredItem>, _ loader: StoredPageLoader<StoredItem>, edits: EditTestServer,
    clock: TestClock = TestClock()
  ) -> EditOutbox<StoredItem> {
    EditOutbox(list: list, loader: loader, clock: clock, firstRetryDelay: .seconds(2)) { pending, context in
      try edits.send(pending, as: context)
    }
  }

  @Test(.timeLimit(.minutes(5))) func editsMadeOfflineAreSentInOrderOnceEachWithTheirKeysAndConfirmed()
    async throws
  {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.update(id: 3) { $0.title = "liked" })
      list.applyPending(.remove(id: 5))
      list.applyPending(.insert(StoredItem(id: 500, title: "posted"), at: .top))
      let keys = loader.pendingEdits().map(\.idempotencyKey)
      let edits = EditTestServer()
      let outbox = outbox(list, loader, edits: edits)
      await outbox.send().value
      #expect(edits.calls == zip(keys, [3, 5, 500]).map { EditTestServer.Call(key: $0, id: $1) })
      #expect(edits.applied == Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))
      #expect(loader.pendingEdits().isEmpty)
      #expect(outbox.state == .idle)
      await loader.waitForWrites()
      let (_, relaunched) = try await launch(directory, server: StoreTestServer(count: 100))
      #expect(Array(relaunched.items.map(\.id).prefix(6)) == [500, 0, 1, 2, 3, 4])
      #expect(relaunched.items[4].title == "liked")
      #expect(!relaunched.items.contains { $0.id == 5 })
      #expect(try await loader.store(for: nil).pendingRecords(in: StoreFixtures.listName).isEmpty)
    }
  }

  @Test func anEditWhoseAnswerWasLostIsSentAgainAfterARelaunchWithTheSameKeyAndAppliedOnce() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100)
    let edits = EditTestServer()
    let key: String
    do {
      let (loader, list) = try await launch(directory, server: StoreTestServer(count: 100))
      list.applyPending(.update(id: 3) { $0.title = "liked" })
      key = try #require(loader.pendingEdits().first?.idempotencyKey)
      edits.script([.appliedThenLost])
      let clock = TestClock()
      let outbox = outbox(list, loader, edits: edits, clock: clock)
      let sending = outbox.send()
      try await clock.waitForSleepers()
      #expect(outbox.state == .waitingToRetry(attempts: 1, kind: .timedOut))
      // The app is killed here: nothing but the pending edit on disk survives.
      outbox.stop()
      await sending.value
      await loader.waitForWrites()
    }
    let (loader, list) = try await launch(directory, server: StoreTestServer(count: 100))
    #expect(loader.pendingEdits().map(\.idempotencyKey) == [key])
    await outbox(list, loader, edits: edits).send().value
    #expect(edits.calls.map(\.key) == [key, key])
    #expect(edits.applied == [key: 1], "the server applied the edit twice")
    #expect(list.items[3].title == "liked")
    #expect(loader.pendingEdits().isEmpty)
  }

  @Test(arguments: [409, 412, 422])
  func aRefusedEditIsRolledBackAndTheAppToldWhy(status: Int) async throws {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.update(id: 3) { $0.title = "liked" })
      list.applyPending(.update(id: 4) { $0.title = "also liked" })
      let edits = EditTestServer()
      edits.script([.status(status)])
      let outbox = outbox(list, loader, edits: edits)
      var refusals: [EditRefusal] = []
      outbox.onRefused = { _, refusal in refusals.append(refusal) }
      await outbox.send().value
      let reason: EditRefusal.Reason = [409: .conflict, 412: .preconditionFailed, 422: .invalid][status]!
      #expect(refusals == [EditRefusal(reason, status: status, message: "status \(status)")])
      #expect(list.items[3].title == "item 3", "the refused edit is still shown")
      #expect(list.items[4].title == "also liked", "the next edit was not sent")
      #expect(loader.pendingEdits().isEmpty)
      await loader.waitForWrites()
      #expect(try await loader.store(for: nil).pendingRecords(in: StoreFixtures.listName).isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5))) func offlineAndServerErrorsAreRetriedWithBackoffOnTheClock() async throws {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.remove(id: 5))
      let edits = EditTestServer()
      edits.script([.offline, .status(503), .status(500)])
      let clock = TestClock()
      let outbox = outbox(list, loader, edits: edits, clock: clock)
      let sending = outbox.send()
      for (attempts, delay) in [(1, 2), (2, 4), (3, 8)] {
        try await clock.waitForSleepers()
        #expect(edits.calls.count == attempts)
        #expect(outbox.state.isWaitingToRetry(attempts: attempts))
        clock.advance(by: .seconds(delay) - .milliseconds(1))
        #expect(clock.sleeperCount == 1, "the wait ended before the delay")
        clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0, "the wait is longer than the delay")
      }
      await sending.value
      #expect(edits.calls.count == 4)
      #expect(!list.items.contains { $0.id == 5 })
      #expect(loader.pendingEdits().isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5)))
  func theServersCopyReplacesTheLocalItemOnScreenAndOnDisk() async throws {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.update(id: 3) { $0.title = "liked" })
      let edits = EditTestServer()
      edits.script([.acceptWithServerCopy])
      await outbox(list, loader, edits: edits).send().value
      #expect(list.items[3].title == "liked (server)")
      await loader.waitForWrites()
      let (_, relaunched) = try await launch(directory, server: StoreTestServer(count: 100))
      #expect(relaunched.items[3].title == "liked (server)")
    }
  }

  @Test(.timeLimit(.minutes(5)))
  func anEditMadeOnARefusedOneIsRolledBackWithItAndNeverSent() async throws {
    try await withSeededList { directory, loader, list async throws in
      // A like, a rename on top of it (sent whole: liked and renamed), then a remove of another.
      list.applyPending(.update(id: 3) { $0.title += " liked" })
      list.applyPending(.update(id: 3) { $0.title += " renamed" })
      list.applyPending(.remove(id: 7))
      #expect(list.items[3].title == "item 3 liked renamed")
      let keys = loader.pendingEdits().map(\.idempotencyKey)
      let edits = EditTestServer()
      edits.script([.status(409)])
      let outbox = outbox(list, loader, edits: edits)
      var refusals: [EditRefusal.Reason] = []
      outbox.onRefused = { _, refusal in refusals.append(refusal.reason) }
      await outbox.send().value
      #expect(refusals == [.conflict, .madeOnARefusedEdit])
      #expect(edits.calls.map(\.key) == [keys[0], keys[2]], "the rename carried the refused like")
      #expect(list.items[3].title == "item 3")
      #expect(!list.items.contains { $0.id == 7 })
      await loader.waitForWrites()
      let (relaunchedLoader, relaunched) = try await launch(directory, server: StoreTestServer(count: 100))
      #expect(relaunched.items[3].title == "item 3")
      #expect(relaunchedLoader.pendingEdits().isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5)))
  func aConfirmedEditIsStoredAsSentNotWithTheLaterPendingEditsShownOnTopOfIt() async throws {
    try await withSeededList { directory, loader, list async throws in
      let like = list.applyPending(.update(id: 3) { $0.title += " liked" })
      list.applyPending(.update(id: 3) { $0.title += " renamed" })
      // A kept edit of the same item changes the stored row, not the item as shown.
      list.apply(.update(id: 9) { $0.title = "kept" })
      list.applyPending(.update(id: 9) { $0.title += " and pending" })
      list.confirm(like)
      await loader.waitForWrites()
      let stored = try await loader.store(for: nil).read(
        StoreFixtures.listName, from: .top, limit: 20, itemVersion: 1)
      let titles = try stored.rows.map { try JSONDecoder().decode(StoredItem.self, from: $0.body).title }
      #expect(titles[3] == "item 3 liked")
      #expect(titles[9] == "kept")
    }
  }

  @Test(.timeLimit(.minutes(5)))
  func a429WaitsAsLongAsTheServerSaidUpToTheLongestDelay() async throws {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.remove(id: 5))
      let edits = EditTestServer()
      edits.script([.rateLimited(seconds: 30), .rateLimited(seconds: 100_000)])
      let clock = TestClock()
      let outbox = EditOutbox(
        list: list, loader: loader, clock: clock, firstRetryDelay: .seconds(2),
        maximumRetryDelay: .seconds(60)
      ) { pending, context in try edits.send(pending, as: context) }
      let sending = outbox.send()
      for delay in [30, 60] {
        try await clock.waitForSleepers()
        #expect(outbox.state.isWaitingToRetry(attempts: delay == 30 ? 1 : 2))
        clock.advance(by: .seconds(delay) - .milliseconds(1))
        #expect(clock.sleeperCount == 1, "the wait ended before \(delay) s")
        clock.advance(by: .milliseconds(1))
      }
      await sending.value
      #expect(edits.calls.count == 3)
      #expect(loader.pendingEdits().isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5)))
  func sendingAfterStopGoesOn() async throws {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.remove(id: 5))
      let edits = EditTestServer()
      edits.script([.offline])
      let clock = TestClock()
      let outbox = outbox(list, loader, edits: edits, clock: clock)
      let first = outbox.send()
      try await clock.waitForSleepers()
      outbox.stop()
      let second = outbox.send()
      await second.value
      await first.value
      #expect(edits.calls.count == 2)
      #expect(loader.pendingEdits().isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5))) func aSuccessfulRequestOfTheListSendsAtOnce() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100)
    let server = StoreTestServer(count: 300)
    let (loader, list) = try await launch(directory, server: server)
    list.applyPending(.remove(id: 5))
    let edits = EditTestServer()
    edits.script([.offline])
    let clock = TestClock()
    let outbox = outbox(list, loader, edits: edits, clock: clock)
    let sending = outbox.send()
    try await clock.waitForSleepers()
    // The network is back: the list's next page comes from it, and the edit goes without waiting.
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(server.requests.count == 1)
    await sending.value
    #expect(edits.calls.count == 2)
    #expect(loader.pendingEdits().isEmpty)
  }

  @Test(.timeLimit(.minutes(5))) func a401WaitsForSignInThenSendingGoesOn() async throws {
    try await withSeededList { directory, loader, list async throws in
      list.applyPending(.remove(id: 5))
      let edits = EditTestServer()
      edits.script([.status(401)])
      let outbox = outbox(list, loader, edits: edits)
      await outbox.send().value
      #expect(outbox.state == .waitingForSignIn)
      #expect(list.isPending(try #require(loader.pendingEdits().first?.handle)))
      #expect(!list.items.contains { $0.id == 5 }, "the edit is still shown while waiting")
      await outbox.send().value
      #expect(edits.calls.count == 2)
      #expect(outbox.state == .idle)
      #expect(loader.pendingEdits().isEmpty)
    }
  }
}

@MainActor
@Suite struct SignOutWithUnsentEditsTests {
  @Test(arguments: [true, false])
  func signOutKeepsOrDiscardsTheUnsentEditsAsTheAppChose(keeping: Bool) async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let alice = UserIdentity.account("alice")
    try await StoreFixtures.seed(directory, user: alice, count: 100)
    let server = StoreTestServer(count: 100)
    let context = RequestContext(accountID: "alice", userToken: "a")
    let key: String
    do {
      let loader = StoreFixtures.loader(directory, server: server)
      let list = PagedList(
        listName: StoreFixtures.listName, context: context, configuration: try StoreFixtures.configuration(),
        loader: loader)
      await loader.open(list, refreshOnLaunch: .never)
      server.setOnline(false)
      list.applyPending(.update(id: 3) { $0.title = "liked offline" })
      key = try #require(loader.pendingEdits().first?.idempotencyKey)
      await loader.waitForWrites()
      #expect(try await loader.unsentEditCount(for: alice) == 1)
      list.signOut()
      await loader.removeStore(for: alice, keepingUnsentEdits: keeping)
      let file = loader.store(for: alice).fileURL
      #expect(FileManager.default.fileExists(atPath: file.path) == keeping)
      if keeping {
        // The rows are overwritten, not only unlinked: no item's title is left in the file.
        let bytes =
          try Data(contentsOf: file)
          + ((try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data("item 42".utf8)) == nil)
      }
    }
    server.setOnline(true)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, context: context, configuration: try StoreFixtures.configuration(),
      loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    // No row survived the sign-out either way: the list comes from the network.
    #expect(server.requests.count == 1)
    #expect(loader.pendingEdits().map(\.idempotencyKey) == (keeping ? [key] : []))
    #expect(list.items[3].title == (keeping ? "liked offline" : "item 3"))
  }
}

extension EditOutboxState {
  func isWaitingToRetry(attempts expected: Int) -> Bool {
    if case .waitingToRetry(let attempts, _) = self { return attempts == expected }
    return false
  }
}
