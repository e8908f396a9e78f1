import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// The edits the app makes to a stored list: kept ones written into the rows, pending ones kept
/// apart until the server answers, both there after a relaunch.
@MainActor
@Suite struct StoredPageLoaderEditTests {
  /// A launch of the app: a new loader and list on the same folder, opened offline.
  private func launch(_ directory: URL, server: StoreTestServer) async throws
    -> (StoredPageLoader<StoredItem>, PagedList<StoredItem>, StoreLaunch<StoredItem.ID>)
  {
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .never)
    return (loader, list, launch)
  }

  @Test func keptEditsAreThereAfterARelaunch() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let server = StoreTestServer(count: 200)
    server.setOnline(false)
    do {
      let (loader, list, _) = try await launch(directory, server: server)
      list.apply(.update(id: 3) { $0.title = "liked" })
      list.apply(.replace(StoredItem(id: 4, title: "renamed")))
      list.apply(.remove(id: 5))
      list.apply(.insert(StoredItem(id: 1_000, title: "new"), at: .before(7)))
      list.apply(.insert(StoredItem(id: 1_001, title: "top"), at: .top))
      await loader.waitForWrites()
      #expect(loader.problems().isEmpty)
    }
    let (_, list, _) = try await launch(directory, server: server)
    await list.loadNextPage()?.value
    let ids = list.items.map(\.id)
    #expect(Array(ids.prefix(9)) == [1_001, 0, 1, 2, 3, 4, 6, 1_000, 7])
    #expect(list.items[4].title == "liked")
    #expect(list.items[5].title == "renamed")
    #expect(Set(ids).count == ids.count)
    #expect(ids.count == 100)
    #expect(server.requests.isEmpty)
  }

  @Test func aPendingEditIsShownAgainAfterARelaunchWithTheSameKey() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let server = StoreTestServer(count: 200)
    server.setOnline(false)
    let keys: [String]
    do {
      let (loader, list, _) = try await launch(directory, server: server)
      list.applyPending(.update(id: 3) { $0.title = "liked" })
      list.applyPending(.remove(id: 5))
      list.applyPending(.insert(StoredItem(id: 1_000, title: "draft"), at: .top))
      await loader.waitForWrites()
      keys = loader.pendingEdits().map(\.idempotencyKey)
      #expect(keys.count == 3)
      #expect(Set(keys).count == 3)
    }
    let (loader, list, opened) = try await launch(directory, server: server)
    #expect(opened.restoredEdits.count == 3)
    #expect(loader.pendingEdits().map(\.idempotencyKey) == keys)
    #expect(opened.restoredEdits.allSatisfy(list.isPending))
    #expect(Array(list.items.prefix(6).map(\.id)) == [1_000, 0, 1, 2, 3, 4])
    #expect(list.items[4].title == "liked")
    #expect(!list.items.contains { $0.id == 5 })
    // Nothing of it went into the rows: the server has not accepted it.
    let rows = try await loader.store(for: nil).read(
      StoreFixtures.listName, from: .top, limit: 10, itemVersion: 1)
    #expect(rows.rows.map(\.id) == (0..<10).map(String.init))
  }

  @Test(.timeLimit(.minutes(5)))
  func updatesOfItemsTheListDoesNotHoldAreMadeOnTheirStoredRows() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let server = StoreTestServer(count: 200)
    server.setOnline(false)
    do {
      let (loader, list, _) = try await launch(directory, server: server)
      #expect(!list.items.contains { $0.id >= 150 }, "the items edited below must not be loaded")
      list.apply(.update(id: 150) { $0.title = "kept far" })
      list.applyPending(.update(id: 160) { $0.title = "liked far" })
      list.applyPending(.update(id: 3) { $0.title = "liked near" })
      list.applyPending(.update(id: 9_999) { $0.title = "nowhere" })
      await loader.waitForWrites()
      #expect(loader.pendingEdits().map(\.edit.id) == [160, 3], "in the order they were made")
      #expect(loader.problems().count == 1, "the update of an item stored nowhere is a problem")
    }
    let (loader, list, opened) = try await launch(directory, server: server)
    #expect(opened.restoredEdits.count == 2)
    while !list.items.contains(where: { $0.id == 160 }), list.hasMore { await list.loadNextPage()?.value }
    #expect(list.items.first { $0.id == 150 }?.title == "kept far")
    #expect(list.items.first { $0.id == 160 }?.title == "liked far")
    #expect(list.items[3].title == "liked near")
    #expect(server.requests.isEmpty)
    // Confirmed, it goes into the row as it was made.
    list.confirm(try #require(loader.pendingEdits().first?.handle))
    await loader.waitForWrites()
    let row = try #require(try await loader.store(for: nil).body(of: "160", in: StoreFixtures.listName))
    #expect(try JSONDecoder().decode(StoredItem.self, from: row).title == "liked far")
  }

  @Test func aRefreshNeverOverwritesAPendingEdit() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let server = StoreTestServer(count: 200, title: "fresh")
    server.setOnline(false)
    do {
      let (loader, list, _) = try await launch(directory, server: server)
      list.applyPending(.update(id: 3) { $0.title = "liked" })
      await loader.waitForWrites()
    }
    server.setOnline(true)
    let (loader, list, _) = try await launch(directory, server: server)
    await list.refresh()?.value
    #expect(list.items[1].title == "fresh 1")
    #expect(list.items[3].title == "liked")
    await loader.waitForWrites()
    // And a launch after the refresh still shows it.
    server.setOnline(false)
    let (again, relaunched, opened) = try await launch(directory, server: server)
    #expect(opened.restoredEdits.count == 1)
    #expect(again.pendingEdits().count == 1)
    #expect(relaunched.items[3].title == "liked")
    #expect(relaunched.items[1].title == "fresh 1")
  }

  @Test func aConfirmedEditIsWrittenIntoTheRowsAndARolledBackOneIsGone() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let server = StoreTestServer(count: 200)
    server.setOnline(false)
    do {
      let (loader, list, _) = try await launch(directory, server: server)
      let like = list.applyPending(.update(id: 3) { $0.title = "liked" })
      let delete = list.applyPending(.remove(id: 5))
      let post = list.applyPending(.insert(StoredItem(id: -1, title: "draft"), at: .before(8)))
      let refused = list.applyPending(.update(id: 9) { $0.title = "refused" })
      list.confirm(like)
      list.confirm(delete)
      list.confirm(post, serverItem: StoredItem(id: 2_000, title: "posted"))
      list.rollBack(refused)
      await loader.waitForWrites()
      #expect(loader.pendingEdits().isEmpty)
      #expect(loader.problems().isEmpty)
    }
    let (loader, list, opened) = try await launch(directory, server: server)
    #expect(opened.restoredEdits.isEmpty)
    #expect(loader.pendingEdits().isEmpty)
    #expect(Array(list.items.prefix(10).map(\.id)) == [0, 1, 2, 3, 4, 6, 7, 2_000, 8, 9])
    #expect(list.items[3].title == "liked")
    #expect(list.items[7].title == "posted")
    #expect(list.items[9].title == "item 9")
  }

  @Test func editsOfOneAccountGoToItsOwnFile() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let alice = UserIdentity.account("alice")
    let bob = UserIdentity.account("bob")
    try await StoreFixtures.seed(directory, user: alice, count: 100)
    try await StoreFixtures.seed(directory, user: bob, count: 100)
    let server = StoreTestServer(count: 100)
    server.setOnline(false)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, context: RequestContext(accountID: "alice", userToken: "a"),
      configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    let like = list.applyPending(.update(id: 1) { $0.title = "alice likes" })
    await list.switchContext(to: RequestContext(accountID: "bob", userToken: "b"))?.value
    // The server answers Alice's like after the switch: it lands in her file, not Bob's.
    list.confirm(like)
    list.apply(.update(id: 2) { $0.title = "bob edits" })
    await loader.waitForWrites()
    let aliceRows = try await loader.store(for: alice).read(
      StoreFixtures.listName, from: .top, limit: 3, itemVersion: 1)
    let bobRows = try await loader.store(for: bob).read(
      StoreFixtures.listName, from: .top, limit: 3, itemVersion: 1)
    let decoder = JSONDecoder()
    let aliceTitles = try aliceRows.rows.map { try decoder.decode(StoredItem.self, from: $0.body).title }
    let bobTitles = try bobRows.rows.map { try decoder.decode(StoredItem.self, from: $0.body).title }
    #expect(aliceTitles == ["item 0", "alice likes", "item 2"])
    #expect(bobTitles == ["item 0", "item 1", "bob edits"])
  }
}
