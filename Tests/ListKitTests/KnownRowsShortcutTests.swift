import ListKit
import ListKitTesting
import Testing

/// Known row changes are sent as their batch, without diffing the table.
///
/// The known changes are models changed in place and a paged section's edit by index; any other
/// change is diffed. Both give the same rows: `diffedUpdateCount` tells which way an update went.
@MainActor @Suite struct KnownRowsShortcutTests {
  static func items(_ count: Int) -> [OrderItem] {
    (1...count).map { OrderItem(id: $0, name: "Item \($0)", price: $0) }
  }

  @Test func changedModelsAreReloadedWithoutADiff() throws {
    let screen = OrderScreen(items: Self.items(3))
    screen.view.clearEvents()
    try #require(screen.itemSection.cells[1] as? ItemRow).model.price = 7
    screen.table.update()
    #expect(screen.batchUpdates == [BatchUpdate(itemReloads: [ItemPath(item: 1, section: 1)])])
    #expect(screen.table.diffedUpdateCount == 0)
    #expect(screen.view.render().contains("Item 2 $7"))
  }

  /// Past eight changed rows in a section the rows are found through a table of positions.
  @Test func manyChangedModelsAreReloadedWithoutADiff() throws {
    let screen = OrderScreen(items: Self.items(12))
    screen.view.clearEvents()
    let changed = [0, 2, 3, 5, 6, 7, 8, 9, 11]
    for index in changed.reversed() {
      try #require(screen.itemSection.cells[index] as? ItemRow).model.price = 100 + index
    }
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == 0)
    #expect(screen.reloadCount == 0)
    #expect(
      screen.batchUpdates == [BatchUpdate(itemReloads: changed.map { ItemPath(item: $0, section: 1) })])
    #expect(screen.view.render().contains("Item 12 $111"))
    #expect(screen.view.violations.isEmpty)
  }

  /// The reload threshold holds for known changes as for diffed ones: up to it they animate,
  /// past it the view reloads.
  @Test func knownChangesPastTheReloadThresholdReload() throws {
    let screen = OrderScreen(items: Self.items(6))
    screen.table.reloadThreshold = 2
    screen.view.clearEvents()
    for index in [1, 4] { try #require(screen.itemSection.cells[index] as? ItemRow).model.price = 50 }
    screen.table.update()
    #expect(screen.reloadCount == 0)
    #expect(screen.batchUpdates.count == 1)
    for index in [0, 2, 5] { try #require(screen.itemSection.cells[index] as? ItemRow).model.price = 60 }
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == 0)
    #expect(screen.reloadCount == 1)
    #expect(screen.batchUpdates.count == 1)
    #expect(screen.view.render().contains("Item 6 $60"))
  }

  @Test func aModelThatChangesItsIdIsDiffed_aDeleteAndAnInsert() throws {
    let screen = OrderScreen(items: Self.items(3))
    screen.view.clearEvents()
    try #require(screen.itemSection.cells[1] as? ItemRow).model.id = 99
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == 1)
    let path = ItemPath(item: 1, section: 1)
    #expect(screen.batchUpdates == [BatchUpdate(itemDeletes: [path], itemInserts: [path])])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func reassignedRowsAndASectionThatAppearsAreDiffed() {
    let screen = OrderScreen(items: Self.items(3))
    screen.itemSection.cells = Self.items(4).map(ItemRow.init)
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == 1)
    // The coupons' section appears with no rows: the sections shown are no longer the same.
    screen.coupons = [Coupon(id: "A", discount: 1)]
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == 2)
    #expect(screen.view.numberOfSections == 4)
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aChangedModelInASectionThatWasAlsoReassignedIsDiffed() throws {
    let screen = OrderScreen(items: Self.items(3))
    try #require(screen.itemSection.cells[0] as? ItemRow).model.price = 50
    screen.footer.footerTitle = "Thanks"
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == 1)
    #expect(screen.view.render().contains("Item 1 $50"))
    #expect(screen.view.violations.isEmpty)
  }

  /// A row that does not announce its changes: its content is read again at every update.
  final class NoteRow: CellManager {
    let id: Int
    var text: String
    init(id: Int, text: String) {
      (self.id, self.text) = (id, text)
      super.init()
    }
    override var diffIdentifier: any Hashable & Sendable { id }
    override var diffContent: (any Equatable & Sendable)? { text }
    override class var cellRegistration: CellRegistration? { CellRegistration(TextCell.self) }
    override func configure(_ cell: AnyObject) { (cell as? TextCell)?.text = text }
  }

  @Test func aRowThatDoesNotAnnounceItsChangesIsComparedAtEveryUpdate() throws {
    let rows = [NoteRow(id: 1, text: "a"), NoteRow(id: 2, text: "b")]
    let view = HeadlessTableView()
    let table = TableManager(sections: [SectionManager(cells: rows)])
    table.attach(to: view)
    table.update()
    rows[1].text = "c"
    table.update()
    #expect(view.render() == ["a", "c"])
    rows[0].text = "d"
    table.update()
    #expect(view.render() == ["d", "c"])
    #expect(view.violations.isEmpty)
  }

  /// A row that shows more than its ``CellManager/diffContent`` (here, none at all) and asks for
  /// a reload when it changes.
  final class ReloadingRow: CellManager {
    var text = "a"
    override class var cellRegistration: CellRegistration? { CellRegistration(TextCell.self) }
    override func configure(_ cell: AnyObject) { (cell as? TextCell)?.text = text }
  }

  /// `setNeedsReload()` reloads the row at the next update, with no diff, and only that row.
  @Test func aRowThatAsksForAReloadIsReloaded() {
    let rows = [ReloadingRow(), ReloadingRow()]
    let view = HeadlessTableView()
    let table = TableManager(sections: [SectionManager(cells: rows)])
    table.attach(to: view)
    view.clearEvents()
    rows[1].text = "b"
    rows[1].setNeedsReload()
    table.update()
    #expect(view.render() == ["a", "b"])
    let updates = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(updates == [BatchUpdate(itemReloads: [ItemPath(item: 1, section: 0)])])
    #expect(table.diffedUpdateCount == 0)
  }

  /// A row whose content is compared by its value and its type.
  final class AnyContentRow: CellManager {
    var content: any Equatable & Sendable
    init(_ content: any Equatable & Sendable) {
      self.content = content
      super.init()
    }
    override var diffIdentifier: any Hashable & Sendable { 0 }
    override var diffContent: (any Equatable & Sendable)? { content }
    override class var cellRegistration: CellRegistration? { CellRegistration(TextCell.self) }
    override func configure(_ cell: AnyObject) {
      (cell as? TextCell)?.text = "\(type(of: content)) \(content)"
    }
  }

  /// Contents of two types are different contents, even when they print alike.
  @Test func aContentThatChangesTypeIsAChange() {
    let row = AnyContentRow(1)
    let view = HeadlessTableView()
    let table = TableManager(sections: [SectionManager(cells: [row])])
    table.attach(to: view)
    row.content = Int64(1)
    table.update()
    #expect(view.render() == ["Int64 1"])
    row.content = 1
    table.update()
    #expect(view.render() == ["Int 1"])
  }

  /// Rows that do not announce their changes, brought by a page's edit into a section whose
  /// rows all did: their changes are found at the updates after it.
  @Test func rowsThatDoNotAnnounceTheirChangesAreComparedAfterThePageThatBroughtThem() async throws {
    let list = Self.feed()
    // Every row on screen: a change shows only by a reload.
    let screen = PagedScreen(list: list, viewportHeight: 10_000) { item -> CellManager in
      item.id < 10 ? PagedSectionPrependTests.MessageRow(item) : NoteRow(id: item.id, text: "Note \(item.id)")
    }
    screen.section.showsStatusRow = false
    await list.start()?.value
    screen.table.update()
    // The last row on screen asks for the next page, until there is none.
    while list.items.count < 45 {
      await list.idle()
      screen.table.update()
    }
    let note = try #require(screen.section.cells[10] as? NoteRow)
    note.text = "Changed"
    screen.table.update()
    #expect(screen.view.render().contains("Changed"))
    #expect(screen.view.violations.isEmpty)
  }

  /// A feed of `count` items in pages of 10, asked for by offset.
  static func feed(count: Int = 45) -> PagedList<TestItem> {
    let loader = ClosurePageLoader<TestItem> { request in
      guard case .offset(let offset, let limit) = request.position else {
        return Page(items: [], hasMore: false)
      }
      let end = min(count, offset + limit)
      return Page(items: testItems(offset..<end), hasMore: end < count)
    }
    return PagedList(
      listName: "feed", configuration: .test(.offset, pageSize: 10, prefetchDistance: 0), loader: loader)
  }

  /// A paged section's next pages are its edits, sent as their batch; a refresh is diffed.
  @Test func pagesAreSentAsTheSectionsEditWithoutADiff() async throws {
    let list = Self.feed()
    // Two rows on screen: showing them asks for no page.
    let screen = PagedScreen(list: list, viewportHeight: 88) { PagedSectionPrependTests.MessageRow($0) }
    await list.start()?.value
    screen.table.update()
    let first = screen.table.diffedUpdateCount
    for _ in 0..<2 {
      screen.view.clearEvents()
      await list.loadNextPage()?.value
      screen.table.update()
      let inserts = screen.view.events.compactMap { event -> Int? in
        if case .batchUpdate(let update) = event { update.itemInserts.count } else { nil }
      }
      #expect(inserts.reduce(0, +) >= 10, "the page's rows are inserted")
    }
    #expect(screen.table.diffedUpdateCount == first, "both next pages were sent as edits")
    #expect(screen.view.numberOfItems(inSection: 0) == 30)
    // A refresh replaces the items (`ItemsChange.reloaded`): the diff finds the rows kept.
    await list.refresh()?.value
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == first + 1)
    #expect(screen.view.numberOfItems(inSection: 0) == 10)
    #expect(screen.view.violations.isEmpty)
  }

  /// Shows its model's version as well as its id.
  final class VersionRow: ModelCellManager<TestItem, TextCell> {
    override func configure(cell: TextCell) { cell.text = "Message \(model)" }
  }

  /// A row changed in place after the status row's edit, before the update, is one change too
  /// many for the known batch: the update diffs, and shows both.
  @Test func aRowChangedAfterTheStatusRowsEditIsDiffedWithIt() async throws {
    let list = Self.feed()
    let screen = PagedScreen(list: list, viewportHeight: 88) { VersionRow($0) }
    await list.start()?.value
    screen.table.update()
    let first = screen.table.diffedUpdateCount
    // The status row says "loading" at the next update, an edit of the section's rows.
    let loading = list.loadNextPage()
    try #require(screen.section.cells.first as? VersionRow).model.version = 1
    screen.table.update()
    #expect(screen.table.diffedUpdateCount == first + 1)
    #expect(screen.view.render().first == "Message 0v1")
    #expect(screen.view.numberOfItems(inSection: 0) == 11, "ten items and the status row")
    #expect(screen.view.violations.isEmpty)
    await loading?.value
  }

  /// Rows assigned by hand stay through a change of status the section does not show.
  @Test func rowsAssignedByHandStayThroughAStatusTheSectionDoesNotShow() async throws {
    let list = Self.feed(count: 100)
    let screen = PagedScreen(list: list, viewportHeight: 88) { PagedSectionPrependTests.MessageRow($0) }
    screen.section.showsStatusRow = false
    screen.section.showsPreviousPageStatusRow = false
    await list.start()?.value
    await list.idle()
    screen.table.update()
    screen.section.cells = (0..<3).map { HeaderRow(OrderSummary(id: "row \($0)", title: "Row \($0)")) }
    screen.table.update()
    let loading = list.loadNextPage()
    #expect(list.status == .loading)
    screen.section.showsStatusRow = false
    #expect(screen.section.cells.count == 3, "no page has come yet")
    await loading?.value
    #expect(screen.section.cells.count == list.items.count, "the page's items replace them")
  }

  /// Rows assigned to a paged section by hand are the section's until its items change: then
  /// the section shows its items again, however many rows were assigned.
  @Test func rowsAssignedByHandGiveWayToTheItemsAtTheNextPage() async throws {
    let list = Self.feed(count: 100)
    let screen = PagedScreen(list: list, viewportHeight: 88) { PagedSectionPrependTests.MessageRow($0) }
    // No status row: a page's edit is its rows alone, with no status row to tell the rows apart.
    screen.section.showsStatusRow = false
    await list.start()?.value
    screen.table.update()
    for count in [15, 10, 5] {
      // Scrolling to the end below asked for the next page: it lands before the rows change.
      await list.idle()
      screen.table.update()
      let before = list.items.count
      screen.section.cells = (0..<count).map { HeaderRow(OrderSummary(id: "row \($0)", title: "Row \($0)")) }
      screen.table.update()
      _ = list.loadNextPage()
      await list.idle()
      screen.table.update()
      try #require(list.items.count == before + 10)
      #expect(screen.view.numberOfItems(inSection: 0) == list.items.count, "\(count) rows assigned")
      try screen.view.scrollToItem(at: ItemPath(item: list.items.count - 1, section: 0))
      #expect(screen.view.render().last == "Message \(list.items.count - 1)", "\(count) rows assigned")
    }
    #expect(screen.view.violations.isEmpty)
  }

  /// Counts the times the view displayed it.
  final class DisplayCountingRow: ModelCellManager<TestItem, TextCell> {
    var displays = 0
    override func configure(cell: TextCell) { cell.text = "Message \(model.id)" }
    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      if case .willDisplay = event { displays += 1 }
    }
  }

  /// A paged section tells each row of its display once: not again when it replays the display
  /// of the rows on screen to the list after an edit, and the rows displayed after the replay
  /// hear of it as before.
  @Test func eachRowHearsOfItsDisplayOnce_notOfTheReplayForPaging() async throws {
    let list = Self.feed()
    let screen = PagedScreen(list: list, viewportHeight: 88) { DisplayCountingRow($0) }
    await list.start()?.value
    screen.table.update()
    let rows = { screen.section.displayedCells.compactMap { $0 as? DisplayCountingRow } }
    #expect(rows().prefix(2).map(\.displays) == [1, 1], "the two rows on screen")
    // Removing an item off screen replays the display of the rows on screen, for paging.
    list.apply(.remove(id: 9))
    screen.table.update()
    #expect(rows().prefix(2).map(\.displays) == [1, 1])
    #expect(rows().dropFirst(2).allSatisfy { $0.displays == 0 })
    try screen.view.scroll(by: 44)
    #expect(rows().prefix(3).map(\.displays) == [1, 1, 1], "the row scrolled onto the screen")
    #expect(screen.view.violations.isEmpty)
  }

  /// Items removed below the rows on screen bring the end of the list onto the screen with no
  /// row displayed anew: the section tells the list which rows the view shows, and the next
  /// page loads.
  @Test func removingTheItemsBelowTheScreenLoadsTheNextPage() async throws {
    let list = Self.feed()
    let screen = PagedScreen(list: list, viewportHeight: 88) { PagedSectionPrependTests.MessageRow($0) }
    await list.start()?.value
    screen.table.update()
    // Rows 6 and 7 on screen: the rows displayed on the way ask for nothing (no prefetch).
    try screen.view.scrollToItem(at: ItemPath(item: 6, section: 0))
    await list.idle()
    #expect(list.items.count == 10)
    list.apply(.remove(id: 9))
    list.apply(.remove(id: 8))
    screen.table.update()
    await list.idle()
    #expect(list.items.count == 18, "the next page came")
    #expect(screen.view.violations.isEmpty)
  }

  /// A section made over a list that has loaded already shows its items at once.
  @Test func aSectionMadeOverALoadedListShowsItsItems() async throws {
    let list = Self.feed()
    await list.start()?.value
    let screen = PagedScreen(list: list, viewportHeight: 88) { PagedSectionPrependTests.MessageRow($0) }
    screen.table.update()
    #expect(screen.view.numberOfItems(inSection: 0) == 10)
    #expect(screen.view.render().first == "Message 0")
  }
}
