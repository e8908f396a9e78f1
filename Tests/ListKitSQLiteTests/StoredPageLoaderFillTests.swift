import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// The network fills the store at its end: one request at a time, and never after the list moved
/// on (a refresh, another account).
@MainActor
@Suite struct StoredPageLoaderFillTests {
  @Test func twentyRapidScrollEventsAtTheStoredEndMakeOneRequest() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    await list.loadNextPage()?.value
    #expect(list.items.count == 100)
    #expect(server.requests.isEmpty)

    server.hold()
    var tasks: [Task<Void, Never>] = []
    for _ in 0..<20 {
      if let task = list.itemWillDisplay(at: list.items.count - 1) { tasks.append(task) }
    }
    await server.waitUntilHeld(1)
    #expect(server.requests.count == 1)
    server.release()
    for task in tasks { await task.value }
    #expect(server.requests.count == 1)
    #expect(server.requests.first?.position == .page(index: 2, size: 50))
    #expect(list.items.map(\.id) == Array(0..<150))
    #expect(try await loader.store(for: nil).rowCount(StoreFixtures.listName) == 150)
  }

  @Test func aFillThatLandsAfterARefreshWritesNothing() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 50)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)

    server.hold()
    let fill = list.loadNextPage()
    await server.waitUntilHeld(1)
    // The server changed meanwhile: the refresh brings other titles.
    server.setItems(StoreFixtures.items(0..<1_000, title: "fresh"))
    let refresh = list.refresh()
    await server.waitUntilHeld(2)
    server.release()
    await fill?.value
    await refresh?.value

    let store = loader.store(for: nil)
    #expect(try await store.rowCount(StoreFixtures.listName) == 50, "the outdated fill wrote no row")
    #expect(list.items.map(\.title) == StoreFixtures.items(0..<50, title: "fresh").map(\.title))
    // The next fill continues after the refreshed page.
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<100))
    #expect(list.items.allSatisfy { $0.title.hasPrefix("fresh") })
  }

  @Test func aFillForOneAccountThatLandsAfterASwitchWritesNothingAnywhere() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let alice = UserIdentity.account("alice")
    let bob = UserIdentity.account("bob")
    try await StoreFixtures.seed(directory, user: alice, count: 50)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, context: RequestContext(accountID: "alice", userToken: "token-a"),
      configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    #expect(server.requests.isEmpty)

    server.hold()
    let fill = list.loadNextPage()
    await server.waitUntilHeld(1)
    server.setItems(StoreFixtures.items(5_000..<5_100, title: "bob"))
    let switched = list.switchContext(to: RequestContext(accountID: "bob", userToken: "token-b"))
    await server.waitUntilHeld(2)
    server.release()
    await fill?.value
    await switched?.value

    #expect(try await loader.store(for: alice).rowCount(StoreFixtures.listName) == 50)
    #expect(try await loader.store(for: bob).rowCount(StoreFixtures.listName) == 50)
    #expect(list.items.map(\.id) == Array(5_000..<5_050))
    let bobRows = try await loader.store(for: bob).read(
      StoreFixtures.listName, from: .top, limit: 100, itemVersion: 1)
    #expect(bobRows.rows.map(\.id) == (5_000..<5_050).map(String.init))
  }

  /// The generation clause of the fill's own transaction stops it, not the cancellation of its
  /// task: here nothing is cancelled, as another loader on the same folder (another window, a
  /// background refresh) commits the refresh while the fill waits for the network.
  @Test(.timeLimit(.minutes(5)))
  func aFillThatLandsAfterAnotherLoadersRefreshIsStoppedByTheGenerationNotByCancellation() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 50)
    let first = PageRequest(position: .cursor(nil, limit: 50), direction: .refresh)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    let stored = try await loader.loadPage(first)
    #expect(stored.items.map(\.id) == Array(0..<50))
    let cursor = try #require(stored.nextCursor)

    server.hold()
    let fill = Task {
      try await loader.loadPage(PageRequest(position: .cursor(cursor, limit: 50), direction: .nextPage))
    }
    await server.waitUntilHeld(1)
    let freshServer = StoreTestServer(count: 1_000, title: "fresh")
    let other = StoreFixtures.loader(directory, server: freshServer)
    _ = try await other.loadPage(first)  // its launch: the stored rows, no request
    let refreshed = try await other.loadPage(first)
    #expect(refreshed.items.map(\.title) == StoreFixtures.items(0..<50, title: "fresh").map(\.title))
    #expect(freshServer.requests.count == 1)
    server.release()

    let result = await fill.result
    #expect(!fill.isCancelled, "the fill's task was never cancelled")
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(server.requests.count == 1, "the fill's page came back and reached its transaction")
    let store = SQLiteListStore(directory: directory, user: nil)
    let read = try await store.read(StoreFixtures.listName, from: .top, limit: 100, itemVersion: 1)
    #expect(read.rows.count == 50, "the outdated fill wrote no row")
    #expect(read.state.generation == 2)
    #expect(read.state.tailKey == .page(1), "nor its key: the network continues after the refreshed page")
  }

  @Test func aFillWithAnOutdatedGenerationWritesNothing() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 10)
    let store = SQLiteListStore(directory: directory, user: nil)
    let state = try await store.read(StoreFixtures.listName, from: .top, limit: 1, itemVersion: 1).state
    let row = (id: "99", body: Data("{\"id\":99,\"title\":\"x\"}".utf8))
    let stale = try await store.append(
      StoreFixtures.listName, rows: [row], continuing: .page(9), hasMore: true,
      generation: state.generation - 1)
    #expect(stale == nil)
    #expect(try await store.rowCount(StoreFixtures.listName) == 10)
    let written = try await store.append(
      StoreFixtures.listName, rows: [row], continuing: .page(9), hasMore: true, generation: state.generation)
    #expect(written?.map(\.id) == ["99"])
    #expect(written?.first?.position == 10 * SQLiteListStore.positionStep)
  }
}
