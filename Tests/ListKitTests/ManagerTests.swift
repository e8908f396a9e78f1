import ListKit
import ListKitTesting
import Testing

@MainActor @Suite struct ManagerTests {
  static let items = [
    OrderItem(id: 1, name: "Tea", price: 4),
    OrderItem(id: 2, name: "Cake", price: 6),
    OrderItem(id: 3, name: "Card", price: 2, isGift: true),
  ]

  @Test func orderScreen_rendersEverySectionAndHidesCouponsWithoutCoupons() {
    let screen = OrderScreen(items: Self.items)
    #expect(
      screen.view.render() == [
        "Order #42", "== Items ==", "Tea $4", "Cake $6", "gift: Card", "Total $12", "-- Thank you --",
      ])
    #expect(screen.view.violations.isEmpty)
    #expect(screen.diagnostics.isEmpty)
  }

  @Test func everyCellKindIsRegisteredAutomatically() {
    let screen = OrderScreen(items: Self.items, coupons: [Coupon(id: "A", discount: 1)])
    _ = screen.view.render()
    let identifiers = Set(
      screen.view.events.compactMap { event -> String? in
        if case .dequeue(let identifier, _, _) = event { identifier } else { nil }
      })
    #expect(identifiers == ["TextCell", "GiftCell"])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func whenCouponsAppear_theSectionIsInsertedByABatchUpdate() {
    let screen = OrderScreen(items: Self.items)
    screen.view.clearEvents()
    screen.coupons = [Coupon(id: "SPRING", discount: 3)]
    screen.rebuildRows()
    screen.table.update()
    #expect(screen.reloadCount == 0)
    #expect(screen.batchUpdates == [BatchUpdate(sectionInserts: [1])])
    #expect(screen.view.render().prefix(3) == ["Order #42", "== Coupons ==", "coupon SPRING -3"])

    screen.view.clearEvents()
    screen.coupons = []
    screen.table.update()
    #expect(screen.batchUpdates == [BatchUpdate(sectionDeletes: [1])])
    #expect(!screen.view.render().contains("== Coupons =="))
    #expect(screen.view.violations.isEmpty)
  }

  @Test func editingOneModel_reloadsOnlyItsRow() {
    let screen = OrderScreen(items: Self.items)
    screen.view.clearEvents()
    let row = screen.itemSection.cells[1] as! ItemRow
    row.model.price = 7
    screen.table.update()
    #expect(screen.batchUpdates == [BatchUpdate(itemReloads: [ItemPath(item: 1, section: 1)])])
    #expect(screen.view.render().contains("Cake $7"))
  }

  @Test func reorderingAndReplacingModels_animatesMovesInsertsAndDeletes() {
    let screen = OrderScreen(items: Self.items)
    screen.view.clearEvents()
    screen.items = [Self.items[2], Self.items[0], OrderItem(id: 9, name: "Jam", price: 5)]
    screen.rebuildRows()
    screen.table.update()
    #expect(screen.reloadCount == 0)
    #expect(screen.batchUpdates.count >= 1)
    #expect(screen.view.violations.isEmpty)
    #expect(
      screen.view.render() == [
        "Order #42", "== Items ==", "gift: Card", "Tea $4", "Jam $5", "Total $12", "-- Thank you --",
      ])
  }

  @Test func theTableAnswersHeaderHeight_whenItOverridesIt_andTheSectionIsNotAsked() throws {
    final class TallHeaders: TableManager {
      var asked = 0
      override func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? {
        asked += 1
        return 50
      }
    }
    let view = HeadlessTableView()
    let log = CallLog()
    let items = ItemsSection(headerTitle: "Items")
    items.log = log
    items.cells = Self.items.map(ItemRow.init)
    let table = TallHeaders(sections: [items])
    table.attach(to: view)
    _ = view.render()
    #expect(table.asked > 0)
    #expect(!log.calls.contains { $0.hasPrefix("items.headerHeight") })
    #expect(try view.frameOfItem(at: ItemPath(item: 0, section: 0)).lowerBound == 50)
  }

  @Test func theSectionAnswersSelection_andItsRowsAreNotAsked() throws {
    let screen = OrderScreen(items: Self.items, coupons: [Coupon(id: "A", discount: 1)])
    _ = screen.view.render()
    screen.log.calls = []
    _ = try screen.view.selectItem(at: ItemPath(item: 0, section: 2))
    #expect(screen.log.calls == ["items.didSelect [2, 0]"])
  }

  @Test func aCellAnswersWhatItsSectionForwards() throws {
    let screen = OrderScreen(items: Self.items, coupons: [Coupon(id: "A", discount: 1)])
    _ = screen.view.render()
    // Item rows answer their height; the items section forwards it.
    #expect(screen.log.calls.contains("item.height [2, 0]"))
    screen.log.calls = []
    _ = try screen.view.selectItem(at: ItemPath(item: 0, section: 1))
    #expect(screen.log.calls == ["coupon.didSelect [1, 0]"])
    let itemFrame = try screen.view.frameOfItem(at: ItemPath(item: 0, section: 2))
    #expect(itemFrame.upperBound - itemFrame.lowerBound == 60)
    // The header row does not override height and gets the view's default.
    let headerFrame = try screen.view.frameOfItem(at: ItemPath(item: 0, section: 0))
    #expect(headerFrame.upperBound - headerFrame.lowerBound == 44)
  }

  @Test func swipeToDelete_removesTheModelAndItsRow() throws {
    let screen = OrderScreen(items: Self.items)
    screen.view.clearEvents()
    let titles = try screen.view.swipeActions(.trailing, at: ItemPath(item: 0, section: 1))?.actions.map(
      \.title)
    #expect(titles == ["Delete"])
    try screen.view.performSwipeAction(.trailing, forItemAt: ItemPath(item: 0, section: 1))
    #expect(screen.batchUpdates == [BatchUpdate(itemDeletes: [ItemPath(item: 0, section: 1)])])
    #expect(screen.itemSection.cells.count == 2)
    #expect(!screen.view.render().contains("Tea $4"))
  }

  @Test func commitDelete_removesTheRowThroughTheSection() throws {
    let screen = OrderScreen(items: Self.items)
    screen.view.clearEvents()
    try screen.view.commitEditing(.delete, forItemAt: ItemPath(item: 1, section: 1))
    #expect(screen.batchUpdates == [BatchUpdate(itemDeletes: [ItemPath(item: 1, section: 1)])])
    #expect(screen.view.render().filter { $0.contains("$") } == ["Tea $4", "Total $12"])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func outOfRangeCalls_answerDefaultsAndReportDiagnostics() {
    let screen = OrderScreen(items: Self.items)
    let view = screen.view
    let cell = screen.table.listView(view, cellForItemAt: ItemPath(item: 0, section: 9))
    #expect(cell is PlaceholderCell)
    #expect(screen.table.listView(view, numberOfItemsInSection: 7) == 0)
    #expect(screen.table.listView(view, heightForItemAt: ItemPath(item: 99, section: 1)) == nil)
    #expect(screen.table.cellManager(at: ItemPath(item: 3, section: 1)) == nil)
    #expect(
      screen.diagnostics.map(\.kind) == [
        .sectionOutOfRange(section: 9, sectionCount: 3),
        .sectionOutOfRange(section: 7, sectionCount: 3),
        .itemOutOfRange(ItemPath(item: 99, section: 1), itemCount: 3),
        .itemOutOfRange(ItemPath(item: 3, section: 1), itemCount: 3),
      ])
    #expect(screen.diagnostics[0].description.contains("section 9 is out of range"))
  }

  /// A row moved within its section lands at most on its last row: a place past it is
  /// reported, and nothing moves.
  @Test func aMovePastTheLastRowOfItsSectionIsReportedAndMovesNothing() {
    let screen = OrderScreen(items: Self.items)
    let rows = screen.itemSection.cells
    screen.table.listView(
      screen.view, moveItemAt: ItemPath(item: 0, section: 1), to: ItemPath(item: 3, section: 1))
    #expect(screen.diagnostics.map(\.kind) == [.itemOutOfRange(ItemPath(item: 3, section: 1), itemCount: 3)])
    #expect(screen.itemSection.cells.map(ObjectIdentifier.init) == rows.map(ObjectIdentifier.init))
  }

  /// A table attached to a second view registers its cells with that view too.
  @Test func aTableAttachedToASecondViewRegistersItsCellsThere() {
    let screen = OrderScreen(items: Self.items)
    let second = HeadlessTableView(viewportHeight: 2_000)
    screen.table.attach(to: second)
    #expect(second.render().contains("Tea $4"))
    #expect(second.violations.isEmpty)
    #expect(screen.diagnostics.isEmpty)
  }

  @Test func aCellOfTheWrongType_isReportedWithExpectedAndFoundTypes() {
    final class MisregisteredGift: ModelCellManager<OrderItem, GiftCell> {
      override class var cellRegistration: CellRegistration? {
        CellRegistration(TextCell.self, reuseIdentifier: "Gift")
      }
    }
    let view = HeadlessTableView()
    let table = TableManager(sections: [SectionManager(cells: [MisregisteredGift(Self.items[2])])])
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    table.attach(to: view)
    _ = view.render()
    #expect(
      diagnostics.map(\.kind) == [.wrongCellType(identifier: "Gift", expected: "GiftCell", found: "TextCell")]
    )
  }

  @Test func duplicateRowIdentities_areLeftOutAndReported() {
    let view = HeadlessTableView()
    let table = TableManager()
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    table.sections = [
      SectionManager(cells: [ItemRow(Self.items[0]), ItemRow(Self.items[1]), ItemRow(Self.items[0])])
    ]
    table.attach(to: view)
    #expect(view.render() == ["Tea $4", "Cake $6"])
    #expect(diagnostics.count == 1)
    guard case .duplicateIdentifier = diagnostics.first?.kind else {
      Issue.record("expected a duplicate diagnostic, got \(diagnostics)")
      return
    }
  }

  @Test func aScheduledUpdate_coalescesChangesAndRunsOnTheMainActor() async throws {
    let screen = OrderScreen(items: Self.items)
    screen.view.clearEvents()
    (screen.itemSection.cells[0] as! ItemRow).model.price = 5
    (screen.itemSection.cells[1] as! ItemRow).model.price = 8
    #expect(screen.batchUpdates.isEmpty, "the update waits for the main actor's next turn")
    let scheduled = try #require(screen.table.scheduledUpdate)
    await scheduled.value
    #expect(screen.table.scheduledUpdate == nil)
    #expect(
      screen.batchUpdates == [
        BatchUpdate(itemReloads: [ItemPath(item: 0, section: 1), ItemPath(item: 1, section: 1)])
      ])
  }

  @Test func scrolling100000Rows_reusesCellsAndAsksOnlyVisibleRows() throws {
    let view = HeadlessTableView(viewportHeight: 600)
    let section = SectionManager()
    section.cells = (0..<100_000).map { ItemRow(OrderItem(id: $0, name: "Item \($0)", price: $0 % 50)) }
    let table = TableManager(sections: [section])
    table.attach(to: view)
    #expect(view.render().first == "Item 0 $0")
    try view.scrollToItem(at: ItemPath(item: 99_999, section: 0), at: .bottom)
    #expect(view.render().last == "Item 99999 $49")
    try view.scrollToItem(at: ItemPath(item: 50_000, section: 0))
    #expect(view.render().first == "Item 50000 $0")
    #expect(view.createdCellCount < 40)
  }
}
