import ListKit
import ListKitTesting
import Testing

/// Rows inserted above the viewport do not move what the user sees, in any `ListView`, with
/// nothing to switch on.
@MainActor @Suite struct ScrollAnchorTests {
  struct Screen {
    let list: PagedList<TestItem>
    let pinned: SectionManager
    let table: TableManager
    let view: HeadlessTableView
  }

  func pinnedRow(_ number: Int) -> HeaderRow {
    HeaderRow(OrderSummary(id: "pinned \(number)", title: "Pinned \(number)"))
  }

  /// A chat opened at message 110 of 200 (a first page of 40, then pages of 10) under a pinned
  /// section of one row, in a 440-point viewport of 44-point rows.
  func makeScreen() async throws -> Screen {
    let list = PagedList(
      listName: "chat", configuration: .test(.cursor, pageSize: 10, firstPageSize: 40, prefetchDistance: 0),
      loader: PagedSectionPrependTests.chatLoader(count: 200))
    let pinned = SectionManager(cells: [pinnedRow(0)], headerTitle: "Pinned")
    let section = PagedSection(list: list, headerTitle: "Messages") {
      PagedSectionPrependTests.MessageRow($0)
    }
    let table = TableManager(sections: [pinned, section])
    let view = HeadlessTableView(viewportHeight: 440)
    table.attach(to: view)
    await list.start(at: .cursor("110"))?.value
    table.update()
    return Screen(list: list, pinned: pinned, table: table, view: view)
  }

  /// Scrolls to 10 points into the sixth message, then lets the older page that showing the top
  /// message asked for land.
  func scrollToTheSixthMessage(_ screen: Screen) async throws {
    try screen.view.scroll(
      toOffset: try screen.view.frameOfItem(at: ItemPath(item: 5, section: 1)).lowerBound + 10)
    await screen.list.idle()
    screen.table.update()
    #expect(screen.list.loadTask(of: .previousPage) == nil)
  }

  @Test func prependingThreePagesWhileThePinnedSectionAboveGrowsByTwoRowsKeepsTheItemRowInPlace()
    async throws
  {
    let screen = try await makeScreen()
    try await scrollToTheSixthMessage(screen)
    let before = screen.view.render()
    let count = screen.list.items.count
    let firstVisible = try #require(screen.view.visibleItemPaths.first)
    #expect(firstVisible.section == 1, "a message row is the first on screen")
    let message = try #require(screen.list.item(at: firstVisible.item))
    let offsetIntoRow = screen.view.contentOffset - (try screen.view.frameOfItem(at: firstVisible).lowerBound)
    for page in 0..<3 {
      if page < 2 { screen.pinned.cells.append(pinnedRow(page + 1)) }
      await screen.list.loadPreviousPage()?.value
      screen.table.update()
    }
    #expect(screen.list.items.count == count + 30, "three more pages arrived")
    #expect(screen.view.numberOfItems(inSection: 0) == 3, "the pinned section grew by two rows")
    #expect(screen.view.render() == before)
    let now = try #require(screen.view.visibleItemPaths.first)
    #expect(now.section == 1)
    #expect(screen.list.item(at: now.item) == message)
    #expect(screen.view.contentOffset - (try screen.view.frameOfItem(at: now).lowerBound) == offsetIntoRow)
    #expect(screen.view.violations.isEmpty)
  }

  @Test func theTopStatusRowIsPassedOverSoTheMessageUnderItStaysInPlace() async throws {
    let screen = try await makeScreen()
    try await scrollToTheSixthMessage(screen)
    let section = try #require(screen.table.sections.last as? PagedSection<TestItem>)
    // Up to the first message: showing it asks for the older page, and the status row above the
    // messages says it loads.
    try screen.view.scrollToItem(at: ItemPath(item: 0, section: 1))
    let load = try #require(screen.list.loadTask(of: .previousPage))
    screen.table.update()
    #expect(section.previousPageStatus == .loading)
    try screen.view.scrollToItem(at: ItemPath(item: 0, section: 1))
    #expect(screen.view.render().first == "[Loading older…]")
    let firstMessage = try #require(screen.list.items.first)
    await load.value
    screen.table.update()
    #expect(section.previousPageStatus == .loading, "older messages remain")
    // The status row went and ten messages came above the one under it, which did not move.
    #expect(screen.list.items.firstIndex(of: firstMessage) == 10)
    #expect(
      screen.view.render().prefix(2) == ["Message \(firstMessage.id - 1)", "Message \(firstMessage.id)"])
    #expect(screen.list.loadTask(of: .previousPage) == nil, "no page asked for by the rows that came")
    #expect(screen.view.violations.isEmpty)
  }

  /// The screen of ``makeScreen()`` once its loads ended, and its paged section.
  func settledScreen() async throws -> (Screen, PagedSection<TestItem>) {
    let screen = try await makeScreen()
    await screen.list.idle()
    screen.table.update()
    return (screen, try #require(screen.table.sections.last as? PagedSection<TestItem>))
  }

  @Test func aNextPageOnlyInsertsRowsAfterTheItems_theRowAboveThemStays() async throws {
    let (screen, section) = try await settledScreen()
    #expect(section.previousPageStatus == .loading, "the row above the items shows")
    screen.view.clearEvents()
    let diffed = screen.table.diffedUpdateCount
    await screen.list.loadNextPage()?.value
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == diffed, "the page was the section's known edit")
    let updates = screen.view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(!updates.isEmpty)
    // The status row after the items may come and go; the one above them is left alone.
    let rowAbove = ItemPath(item: 0, section: 1)
    for update in updates {
      #expect(!update.itemDeletes.contains(rowAbove) && !update.itemInserts.contains(rowAbove), "\(update)")
    }
    #expect(screen.view.violations.isEmpty)
  }

  @Test func newWordsForEitherStatusRowShowAtTheNextUpdate() async throws {
    let (screen, section) = try await settledScreen()
    try screen.view.scrollToItem(at: ItemPath(item: 0, section: 1))
    #expect(screen.view.render().first == "[Loading older…]")
    section.previousPageStatusTexts = PagingStatusTexts(loading: "Earlier messages…")
    screen.table.update()
    #expect(screen.view.render().first == "[Earlier messages…]")
    let load = screen.list.loadNextPage()
    section.statusTexts = PagingStatusTexts(loading: "More messages…")
    screen.table.update()
    let last = try #require(screen.view.numberOfItems(inSection: 1)) - 1
    try screen.view.scrollToItem(at: ItemPath(item: last, section: 1))
    #expect(screen.view.render().last == "[More messages…]")
    await load?.value
    #expect(screen.view.violations.isEmpty)
  }
}
