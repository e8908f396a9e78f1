import ListKit
import ListKitTesting
import Testing

/// The examples of Guides/Composition.md, run on a headless table.
@MainActor @Suite struct CompositionGuideTests {
  // snippet: composition-array-data-source
  @MainActor final class PhotosScreen {
    let photos: ArrayDataSource<Photo, PhotoCell>  // views hold their data source weakly

    init(listView: any ListView, sortedPhotos: [Photo]) {
      photos = ArrayDataSource(items: sortedPhotos, cellIdentifier: "PhotoCell") {
        (cell: PhotoCell, photo: Photo) in cell.configure(for: photo)
      }
      photos.attach(to: listView)
    }

    func storeDidChange(sortedPhotos: [Photo]) {
      photos.setItems(sortedPhotos)  // animated through ListDiff (Photo is Identifiable & Equatable)
    }
  }
  // snippet-end

  @Test func theArrayDataSourceShowsThePhotosAndAnimatesAChange() {
    let tableView = HeadlessTableView()
    tableView.register(CellRegistration(PhotoCell.self, reuseIdentifier: "PhotoCell"))
    let screen = PhotosScreen(
      listView: tableView, sortedPhotos: [Photo(id: 1, name: "Beach"), Photo(id: 2, name: "Forest")])
    #expect(tableView.render() == ["Beach", "Forest"])

    tableView.clearEvents()
    screen.storeDidChange(sortedPhotos: [Photo(id: 3, name: "City"), Photo(id: 1, name: "Beach")])
    #expect(tableView.render() == ["City", "Beach"])
    #expect(
      tableView.events.contains(
        .batchUpdate(
          BatchUpdate(
            itemDeletes: [ItemPath(item: 1, section: 0)], itemInserts: [ItemPath(item: 0, section: 0)]))),
      "one animated batch, not a reload")
    #expect(!tableView.events.contains(.reloadData))
    #expect(tableView.violations.isEmpty)
  }

  // snippet: composition-rows
  final class OrderItemRow: ModelCellManager<OrderItem, OrderItemCell> {
    override func configure(cell: OrderItemCell) { cell.title = model.name }
    override func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { 64 }
  }

  final class GiftRow: ModelCellManager<OrderItem, GiftCell> {
    override func configure(cell: GiftCell) { cell.message = model.giftMessage }
  }

  final class ItemsSection: SectionManager {
    var showItem: (Int) -> Void = { _ in }  // the screen pushes the item's detail

    // Selection is answered here for the whole section (the rows are not asked), and a
    // swipe-to-delete removes the row, which animates away; the rest goes on to the rows.
    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      switch event {
      case .didSelect: showItem(path.item)
      case .commit(.delete):
        cells.remove(at: path.item)
        table?.update()
      default: super.listView(listView, handle: event, at: path)
      }
    }

    // Any row may be deleted.
    override func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool { true }
  }
  // snippet-end

  // snippet: composition-table
  @MainActor final class OrderScreen {
    let table: TableManager  // views hold their data source weakly
    let items = ItemsSection(headerTitle: "Items")

    init(listView: any ListView, order: Order) {
      table = TableManager(listView: listView)
      let coupons = SectionManager(headerTitle: "Coupons", condition: { !order.coupons.isEmpty })
      items.cells = order.items.map { $0.isGift ? GiftRow($0) : OrderItemRow($0) }  // one line, two kinds
      coupons.cells = order.coupons.map(CouponRow.init)
      table.sections = [HeaderSection(order), coupons, items, FooterSection(order)]
    }
  }
  // snippet-end

  @Test func theOrderScreenShowsItsSectionsSelectsAndDeletes() throws {
    let tableView = HeadlessTableView(viewportHeight: 1_000)
    let order = Order(
      items: [
        OrderItem(id: 1, name: "Tea"), OrderItem(id: 2, name: "Cups", isGift: true, giftMessage: "For Ann"),
        OrderItem(id: 3, name: "Spoons"),
      ],
      coupons: [])

    let screen = OrderScreen(listView: tableView, order: order)
    let table = screen.table
    let items = screen.items
    table.update()
    #expect(
      tableView.render() == [
        "Your order: 3 items", "== Items ==", "Tea", "gift: For Ann", "Spoons", "Coupons applied: 0",
      ])
    let teaFrame = try tableView.frameOfItem(at: ItemPath(item: 0, section: 1))
    #expect(teaFrame.upperBound - teaFrame.lowerBound == 64, "OrderItemRow's height")

    var shown: [Int] = []
    items.showItem = { shown.append($0) }
    _ = try tableView.selectItem(at: ItemPath(item: 1, section: 1))
    #expect(shown == [1])

    try tableView.commitEditing(.delete, forItemAt: ItemPath(item: 0, section: 1))
    #expect(
      tableView.render() == [
        "Your order: 3 items", "== Items ==", "gift: For Ann", "Spoons", "Coupons applied: 0",
      ])
    #expect(
      tableView.events.contains(.batchUpdate(BatchUpdate(itemDeletes: [ItemPath(item: 0, section: 1)]))))

    order.coupons = [Coupon(id: "SPRING")]
    table.sections[1].cells = order.coupons.map(CouponRow.init)
    table.update()
    #expect(tableView.render().prefix(3) == ["Your order: 3 items", "== Coupons ==", "coupon SPRING"])
    #expect(tableView.violations.isEmpty)
  }
}
