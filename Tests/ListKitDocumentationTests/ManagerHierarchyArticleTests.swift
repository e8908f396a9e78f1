import ListKit
import ListKitTesting
import Testing

/// The examples of Sources/ListKit/ListKit.docc/ManagerHierarchy.md.
@MainActor @Suite struct ManagerHierarchyArticleTests {
  // snippet: manager-hierarchy-row
  final class OrderItemRow: ModelCellManager<OrderItem, OrderItemCell> {
    override func configure(cell: OrderItemCell) { cell.title = model.name }
    override func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { 64 }
  }
  // snippet-end

  // snippet: manager-hierarchy-table
  /// The order screen's table on `listView` (a TableViewAdapter, or any ListView); keep it, views hold it weakly.
  @MainActor func makeOrderTable(listView: any ListView, order: Order) -> TableManager {
    let table = TableManager(listView: listView)
    let coupons = SectionManager(headerTitle: "Coupons", condition: { !order.coupons.isEmpty })
    let items = SectionManager(headerTitle: "Items")
    items.cells = order.items.map(OrderItemRow.init)
    coupons.cells = order.coupons.map(CouponRow.init)
    table.sections = [coupons, items]
    return table
  }
  // snippet-end

  @Test func theOrderScreenShowsCouponsOnlyWhenThereAreSome() {
    let adapter = HeadlessTableView()
    let order = Order(items: [OrderItem(id: 1, name: "Tea"), OrderItem(id: 2, name: "Cups")], coupons: [])

    let table = makeOrderTable(listView: adapter, order: order)
    let coupons = table.sections[0]

    table.update()  // the assignment scheduled the update; show it now
    #expect(adapter.render() == ["== Items ==", "Tea", "Cups"])
    order.coupons = [Coupon(id: "SPRING")]
    coupons.cells = order.coupons.map(CouponRow.init)
    table.update()
    #expect(adapter.render() == ["== Coupons ==", "coupon SPRING", "== Items ==", "Tea", "Cups"])
    #expect(adapter.violations.isEmpty)
  }
}
