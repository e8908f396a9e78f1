import ListKit
import ListKitTesting
import Testing

/// Dropping pages never touches what the user sees: configurations that cannot hold a page and
/// the prefetch window on both sides are refused, and a server page larger than asked drops no
/// row on screen.
@MainActor @Suite struct PagedSectionDroppingOnScreenTests {
  @Test func aCapThatCannotHoldAPageAndThePrefetchWindowOnBothSidesIsRefused() {
    #expect(
      throws: PagingConfigurationError.maximumItemCountBelowPrefetchWindow(
        maximumItemCount: 60, prefetchDistance: 25, minimum: 70)
    ) {
      try PagingConfiguration(pageSize: 20, prefetchDistance: 25, maximumItemCount: 60)
    }
    #expect((try? PagingConfiguration(pageSize: 20, prefetchDistance: 20, maximumItemCount: 60)) != nil)
    #expect(throws: PagingConfigurationError.self) {
      try PagingConfiguration(pageSize: 20, prefetchDistance: .max, maximumItemCount: 60)
    }
    let description = String(
      describing: PagingConfigurationError.maximumItemCountBelowPrefetchWindow(
        maximumItemCount: 60, prefetchDistance: 25, minimum: 70))
    #expect(description.contains("maximumItemCount is 60") && description.contains("at least 70"))
  }

  @Test func anOversizedPageFromTheServerNeverDropsTheRowsOnScreen() async throws {
    // Pages of 10 asked; the fifth answer holds 100 items.
    let list = PagedList(
      listName: "feed",
      configuration: .test(.offset, pageSize: 10, prefetchDistance: 3, maximumItemCount: 40),
      loader: ClosurePageLoader<TestItem> { request in
        guard case .offset(let offset, let limit) = request.position else {
          return Page(items: [], hasMore: false)
        }
        let count = offset == 40 ? 100 : limit
        return Page(items: testItems(offset..<offset + count), hasMore: true)
      })
    let screen = PagedScreen(list: list) { PagedSectionPrependTests.MessageRow($0) }
    await list.start()?.value
    screen.table.update()
    while (list.items.last?.id ?? 0) < 39 {
      try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
      await list.idle()
      screen.table.update()
    }
    // The last rows on screen ask for the oversized page.
    try screen.view.scroll(toOffset: screen.view.maximumContentOffset)
    let onScreen = screen.view.visibleItemPaths.compactMap { list.item(at: $0.item) }
    let before = screen.view.render()
    await list.idle()
    screen.table.update()
    #expect(list.items.count > 100, "the page arrived")
    for item in onScreen { #expect(list.items.contains(item), "\(item) on screen was dropped") }
    #expect(
      screen.view.render().prefix(onScreen.count) == before.prefix(onScreen.count), "the rows on screen moved"
    )
    #expect(screen.view.violations.isEmpty)
  }
}
