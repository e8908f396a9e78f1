import Foundation
import ListKit
import Testing

@testable import ListKitSQLite

/// SQLite calls block (reads, commits, checkpoints, file checks), so the store runs them on its
/// own executor, never on a thread of the cooperative pool.
@MainActor
@Suite struct SQLiteListStoreExecutorTests {
  @Test func everySQLiteCallOfALaunchAFillAnEditAndASignOutRunsOnTheStoresExecutor() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let server = StoreTestServer(count: 200)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .always)
    await list.loadNextPage()?.value
    list.apply(.update(id: 3) { $0.title = "kept" })
    list.confirm(list.applyPending(.remove(id: 4)))
    await loader.waitForWrites()
    let store = loader.store(for: list.context.identity)
    await loader.removeStore(for: list.context.identity)
    let counts = store.audit.counts
    #expect(counts.offExecutor == 0, "\(counts.offExecutor) SQLite calls ran off the store's executor")
    #expect(counts.onExecutor > 8, "the audit saw \(counts.onExecutor) SQLite calls")
  }

  @Test func aCallOffTheExecutorCountsAsOff() {
    let store = SQLiteListStore(directory: StoreFixtures.temporaryDirectory(), user: nil)
    // Off the executor, the audit must see a call as off it: otherwise the test above could
    // not fail.
    store.audit.record()
    #expect(store.audit.counts.offExecutor == 1)
  }
}
