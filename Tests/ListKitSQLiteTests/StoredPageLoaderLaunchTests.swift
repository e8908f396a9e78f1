import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitSQLite

/// A list served from a real database file: opened where the user left it, offline, at depth.
@MainActor
@Suite struct StoredPageLoaderLaunchTests {
  @Test func relaunchOfflineAtDepthOpensOnTheSavedRowAndScrollsBothWaysFromDisk() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 100_000)
    let server = StoreTestServer(count: 100_000)
    server.setOnline(false)

    // The previous launch: the user was at item 10,000 when the app quit.
    try await SQLiteListStore(directory: directory, user: nil)
      .saveAnchor(StoreFixtures.listName, id: "10000", itemVersion: 1)

    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName,
      configuration: try StoreFixtures.configuration(maximumItemCount: 500), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .never)
    #expect(launch.openedAt == 10000)
    #expect(launch.problem == nil)
    #expect(list.items.first?.id == 10_000)
    #expect(list.items.count == 50)
    #expect(list.hasPrevious)

    for _ in 0..<200 {
      await list.loadNextPage()?.value
      StoreFixtures.expectConsecutive(list)
      #expect(list.items.count <= 500)
    }
    #expect(list.items.last?.id == 10_000 + 201 * 50 - 1)
    var pagesUp = 0
    while list.hasPrevious, pagesUp < 1_000 {
      await list.loadPreviousPage()?.value
      pagesUp += 1
      StoreFixtures.expectConsecutive(list)
      #expect(list.items.count <= 500)
    }
    #expect(list.items.first?.id == 0)
    #expect(pagesUp >= 200)
    // Back down past where it opened: the rows dropped on the way up are read from disk again.
    let lastAtTop = try #require(list.items.last?.id)
    for _ in 0..<210 { await list.loadNextPage()?.value }
    StoreFixtures.expectConsecutive(list)
    #expect(list.items.last?.id == lastAtTop + 210 * 50)
    #expect(server.requests.isEmpty, "no network request for stored rows: \(server.requests.count)")
  }

  @Test func aListWithNothingStoredLoadsItsFirstPageFromTheNetworkAndStoresIt() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    let server = StoreTestServer(count: 120)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    let launch = await loader.open(list, refreshOnLaunch: .always)
    #expect(launch.refreshed == false, "the first page is fresh: no second request")
    #expect(list.items.map(\.id) == Array(0..<50))
    #expect(server.requests.count == 1)
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<120))
    #expect(list.loadStates.next == .reachedEnd)
    #expect(server.requests.count == 3)
    #expect(try await loader.store(for: nil).rowCount(StoreFixtures.listName) == 120)

    // Relaunch offline: everything stored shows, with no request.
    server.setOnline(false)
    let again = StoreFixtures.loader(directory, server: server)
    let relaunched = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: again)
    await again.open(relaunched, refreshOnLaunch: .never)
    await relaunched.loadNextPage()?.value
    await relaunched.loadNextPage()?.value
    #expect(relaunched.items.map(\.id) == Array(0..<120))
    #expect(relaunched.loadStates.next == .reachedEnd)
    #expect(server.requests.count == 3)
  }

  @Test func savedPlaceIsTheRowDisplayedLastWithoutADroppingList() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 1_000)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    // No row displayed yet: nothing to save, the saved place stays.
    try await loader.savePlace(of: list)
    await list.itemWillDisplay(at: 130)?.value
    try await loader.savePlace(of: list)
    try await expectReopened(directory, server: server, at: 130)
  }

  /// Opens the list stored in `directory` again, with a new loader and no request: it opens at
  /// `id`, first.
  func expectReopened(
    _ directory: URL, server: StoreTestServer, at id: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let again = StoreFixtures.loader(directory, server: server)
    let relaunched = PagedList(
      listName: StoreFixtures.listName, configuration: try StoreFixtures.configuration(), loader: again)
    let launch = await again.open(relaunched, refreshOnLaunch: .never)
    #expect(launch.openedAt == id, sourceLocation: sourceLocation)
    #expect(relaunched.items.first?.id == id, sourceLocation: sourceLocation)
    #expect(server.requests.isEmpty, sourceLocation: sourceLocation)
  }

  /// A row of a stored item, for a view showing the list.
  final class StoredRow: ModelCellManager<StoredItem, StoredCell> {
    override func configure(cell: StoredCell) { cell.text = model.title }
  }

  final class StoredCell: ListCell, HeadlessRenderable {
    var text = ""
    init() {}
    var renderedText: String { text }
  }

  /// With a view showing the list, the place saved is the first row on screen, not the row the
  /// view displayed last (the bottom one, when scrolling down): the list reopens where the user
  /// was reading, not a screen further on.
  @Test func savedPlaceIsTheFirstRowOnScreenOfAViewShowingTheList() async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 1_000)
    let server = StoreTestServer(count: 1_000)
    let loader = StoreFixtures.loader(directory, server: server)
    // A list that neither drops pages nor refreshes in place.
    let list = PagedList(
      listName: StoreFixtures.listName, configuration: try PagingConfiguration(style: .cursor, pageSize: 50),
      loader: loader)
    await loader.open(list, refreshOnLaunch: .never)
    let table = TableManager(sections: [PagedSection(list: list) { StoredRow($0) }])
    // Ten 44-point rows on screen.
    let view = HeadlessTableView(viewportHeight: 440, rowHeight: 44)
    table.attach(to: view)
    await table.updatesApplied()
    // Down to row 30 at the top, a row at a time: the row the view displayed last is 39, at the
    // bottom.
    for _ in 0..<30 {
      try view.scroll(by: 44)
      await list.idle()
      await table.updatesApplied()
    }
    #expect(view.visibleItemPaths.first?.item == 30)
    try await loader.savePlace(of: list)
    try await expectReopened(directory, server: server, at: 30)
  }
}
