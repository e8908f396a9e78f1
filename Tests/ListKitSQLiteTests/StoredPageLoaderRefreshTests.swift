import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// When a stored list asks the network again, and what a refresh does to the stored rows.
@MainActor
@Suite struct StoredPageLoaderRefreshTests {
  /// A clock the test sets: the loader's `now`.
  final class Wall: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    var date: Date { current.withLock { $0 } }
    func set(_ date: Date) { current.withLock { $0 = date } }
    var now: @Sendable () -> Date { { [self] in date } }
  }

  nonisolated static let policies: [(StoreRefreshPolicy, minutes: Double, refreshes: Bool)] = [
    (.never, 600, false),
    (.always, 0, true),
    (.ifOlderThan(.seconds(3_600)), 59, false),
    (.ifOlderThan(.seconds(3_600)), 61, true),
  ]

  @Test(arguments: 0..<policies.count)
  func refreshOnLaunchFollowsThePolicyAndTheClock(case index: Int) async throws {
    let (policy, minutes, refreshes) = Self.policies[index]
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let wall = Wall()
    try await StoreFixtures.seed(directory, count: 200, refreshedAt: wall.date)
    wall.set(wall.date.addingTimeInterval(minutes * 60))
    let server = StoreTestServer(count: 200)
    let loader = StoreFixtures.loader(directory, server: server, now: wall.now)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: policy)
    #expect(launch.refreshed == refreshes)
    #expect(server.requests.count == (refreshes ? 1 : 0))
    #expect(list.items.map(\.id) == Array(0..<50))
  }

  @Test func aRefreshThatFailsOfflineKeepsTheStoredRowsAndShowsTheFailure() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let server = StoreTestServer(count: 200)
    server.setOnline(false)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .always)
    #expect(launch.refreshed)
    #expect(list.items.map(\.id) == Array(0..<50))
    guard case .failed = list.loadStates.refresh else {
      Issue.record("refresh state \(list.loadStates.refresh)")
      return
    }
    guard case .failed = list.status else {
      Issue.record("status \(list.status)")
      return
    }
    #expect(try await loader.store(for: nil).rowCount(StoreFixtures.listName) == 200)
    // Still scrolls everything stored.
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<200))
  }

  @Test func aRefreshAtDepthReplacesTheHeadAndKeepsTheScreenWhereItWas() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100_000)
    try await SQLiteListStore(directory: directory, user: nil)
      .saveAnchor(StoreFixtures.listName, id: "10000", itemVersion: 1)
    // Three new items at the top, and item 20 deleted, since the last refresh.
    let server = StoreTestServer(count: 0)
    server.setItems(
      StoreFixtures.items(-3..<0, title: "new") + StoreFixtures.items(0..<100_000).filter { $0.id != 20 })
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(maximumItemCount: 500),
      loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .always)
    #expect(launch.refreshed)
    #expect(list.loadStates.refresh == .idle)
    #expect(list.items.first?.id == 10_000, "the screen stays on the row it opened on")
    #expect(server.requests.count == 1)
    let store = loader.store(for: nil)
    #expect(try await store.rowCount(StoreFixtures.listName) == 100_000 + 3 - 1)
    let head = try await store.read(StoreFixtures.listName, from: .top, limit: 60, itemVersion: 1)
    let expected: [String] = (-3..<0).map { String($0) } + (0..<58).filter { $0 != 20 }.map { String($0) }
    #expect(head.rows.map(\.id) == expected)
    #expect(head.state.generation == 2)
  }

  @Test func aRefreshThatDoesNotReachTheStoredRowsReplacesThemAll() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 300)
    let server = StoreTestServer(count: 0)
    server.setItems(StoreFixtures.items(1_000..<1_200, title: "new"))
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .always)
    #expect(list.items.map(\.id) == Array(1_000..<1_050))
    let store = loader.store(for: nil)
    #expect(try await store.rowCount(StoreFixtures.listName) == 50)
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(1_000..<1_100))
    #expect(server.requests.map(\.position) == [.page(index: 0, size: 50), .page(index: 1, size: 50)])
  }
}
