import ListKit
import ListKitTesting
import Testing

/// A refresh in place reloads the page of the last item the user looked at and keeps it on
/// screen; the default refresh still loads the first page.
@MainActor @Suite struct PagedSectionRefreshInPlaceTests {
  /// The positions the loader was asked for.
  @MainActor final class Requests {
    var positions: [PageRequest.Position] = []
  }

  /// A feed scrolled five pages down, and the positions its loader was asked for.
  func makeScreen(
    _ style: PagingStyle, mode: PagingRefreshMode, viewportHeight: Double = 440
  ) async throws -> (PagedScreen<TestItem>, Requests) {
    let requests = Requests()
    let source = ItemSource(count: 500)
    let list = PagedList(
      listName: "feed", configuration: .test(style, pageSize: 10, prefetchDistance: 2, refreshMode: mode),
      loader: ClosurePageLoader { request in
        await MainActor.run { requests.positions.append(request.position) }
        return source.page(for: request)
      })
    let screen = PagedScreen(list: list, viewportHeight: viewportHeight) {
      PagedSectionPrependTests.MessageRow($0)
    }
    await list.start()?.value
    // Deep into the list: five pages down, reading message 43 at the top.
    while list.items.count < 60 {
      try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
      await list.idle()
      screen.table.update()
    }
    try screen.view.scrollToItem(at: ItemPath(item: 43, section: 0))
    await list.idle()
    screen.table.update()
    return (screen, requests)
  }

  @Test(arguments: [PagingStyle.pageIndex(firstIndex: 0), .offset, .cursor])
  func aRefreshInPlaceReloadsThePageOfTheLastItemSeenAndKeepsItOnScreen(_ style: PagingStyle) async throws {
    let (screen, requests) = try await makeScreen(style, mode: .aroundLastViewedItem)
    let seen = Set(screen.view.visibleItemPaths.compactMap { screen.list.item(at: $0.item) })
    requests.positions.removeAll()
    await screen.list.refresh()?.value
    screen.table.update()
    let asked = try #require(requests.positions.first)
    #expect(![.page(index: 0, size: 10), .offset(0, limit: 10), .cursor(nil, limit: 10)].contains(asked))
    #expect(screen.list.items.first?.id != 0, "not the top")
    #expect(screen.list.items.contains { seen.contains($0) }, "the page of a row last seen")
    let shown = Set(screen.view.visibleItemPaths.compactMap { screen.list.item(at: $0.item) })
    #expect(!shown.isDisjoint(with: seen), "the rows seen before stay on screen: \(shown)")
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aRefreshInPlaceBringsBackTheRowAtTheTopWhenItLandsThoughNoRowWasDisplayedSince() async throws {
    // Three rows high: the page of ten that reloads fills the screen below the row at its top.
    let (screen, _) = try await makeScreen(.offset, mode: .aroundLastViewedItem, viewportHeight: 132)
    let view = screen.view
    let row43 = try view.frameOfItem(at: ItemPath(item: 43, section: 0))
    // Part of 43 at the top, and part of the row at the bottom: both displayed.
    try view.scroll(toOffset: row43.lowerBound + 20)
    screen.table.update()
    await screen.list.idle()
    let refresh = screen.list.refresh()
    // The user scrolls 44 to the top while the page loads: the bottom row was on screen already,
    // so no row is displayed and nothing tells the list.
    try view.scroll(toOffset: row43.upperBound)
    let top = try #require(view.visibleItemPaths.first.flatMap { screen.list.item(at: $0.item) })
    #expect(top.id == 44)
    await refresh?.value
    screen.table.update()
    // The row above the items ("Loading older…") now comes first: rows are read, not counted.
    let first = try #require(view.visibleItemPaths.first)
    let row = screen.section.displayedCells[first.item] as? PagedSectionPrependTests.MessageRow
    #expect(row?.model.id == 44, "the row at the top when the page landed")
    #expect(try view.frameOfItem(at: first).lowerBound == view.contentOffset)
    #expect(view.violations.isEmpty)
  }

  /// At the end of the list, with the row that says so on screen, the items above it are the
  /// screen a refresh in place brings back.
  @Test func aRefreshInPlaceAtTheEndKeepsTheLastItemsOnScreen() async throws {
    let source = ItemSource(count: 30)
    let list = PagedList(
      listName: "feed",
      configuration: .test(.offset, pageSize: 10, prefetchDistance: 2, refreshMode: .aroundLastViewedItem),
      loader: ClosurePageLoader { source.page(for: $0) })
    let screen = PagedScreen(list: list, viewportHeight: 132) { PagedSectionPrependTests.MessageRow($0) }
    await list.start()?.value
    while list.status != .reachedEnd(totalCount: nil) {
      try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
      await list.idle()
      screen.table.update()
    }
    // From the top to the end in one move: the last two messages and the end row on screen.
    try screen.view.scroll(toOffset: 0)
    try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
    #expect(screen.view.render() == ["Message 28", "Message 29", "[No more data]"])
    await list.refresh()?.value
    screen.table.update()
    // The end row comes back only once the page has landed, so the screen may start a row
    // higher; the rows seen stay on it.
    let shown = screen.view.render()
    #expect(shown.contains("Message 28") && shown.contains("Message 29"), "\(shown)")
    #expect(list.items.first?.id != 0, "not the top")
    #expect(screen.view.violations.isEmpty)
  }

  @Test func theDefaultRefreshLoadsTheFirstPage() async throws {
    let (screen, requests) = try await makeScreen(.offset, mode: .fromStart)
    requests.positions.removeAll()
    await screen.list.refresh()?.value
    #expect(requests.positions.first == .offset(0, limit: 10))
    #expect(screen.list.items.first?.id == 0)
  }
}
