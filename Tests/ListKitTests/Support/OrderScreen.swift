import ListKit
import ListKitTesting

// A realistic order-confirmation screen, the classic example of the manager hierarchy: a header,
// coupons shown only when the order has some, item rows of two kinds, and a footer.

struct OrderItem: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
  var price: Int
  var isGift = false
}

struct Coupon: Identifiable, Equatable, Sendable {
  var id: String
  var discount: Int
}

struct OrderSummary: Identifiable, Equatable, Sendable {
  var id: String
  var title: String
}

final class TextCell: ListCell, HeadlessRenderable {
  var text = ""
  init() {}
  var renderedText: String { text }
}

final class GiftCell: ListCell, HeadlessRenderable {
  var message = ""
  init() {}
  var renderedText: String { "gift: \(message)" }
}

/// Records which manager answered which call, for forwarding tests.
@MainActor final class CallLog {
  var calls: [String] = []
}

final class HeaderRow: ModelCellManager<OrderSummary, TextCell> {
  override func configure(cell: TextCell) { cell.text = model.title }
}

final class CouponRow: ModelCellManager<Coupon, TextCell> {
  var log: CallLog?
  override func configure(cell: TextCell) { cell.text = "coupon \(model.id) -\(model.discount)" }
  override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    if case .didSelect = event { log?.calls.append("coupon.didSelect \(path)") }
  }
}

final class ItemRow: ModelCellManager<OrderItem, TextCell> {
  var log: CallLog?
  override func configure(cell: TextCell) { cell.text = "\(model.name) $\(model.price)" }
  override func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    log?.calls.append("item.height \(path)")
    return 60
  }
  override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    if case .didSelect = event { log?.calls.append("item.didSelect \(path)") }
  }
  override func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool { true }
  override func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    SwipeActionsConfiguration(actions: [
      SwipeAction(style: .destructive, title: "Delete") { [weak self] completion in
        guard let self, let section = self.section else { return completion(false) }
        section.cells.removeAll { $0 === self }
        section.table?.update()
        completion(true)
      }
    ])
  }
}

final class GiftRow: ModelCellManager<OrderItem, GiftCell> {
  override func configure(cell: GiftCell) { cell.message = model.name }
}

/// Answers selection for the whole section; its rows are not asked.
final class ItemsSection: SectionManager {
  var log: CallLog?
  override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    switch event {
    case .didSelect:
      log?.calls.append("items.didSelect \(path)")
    case .commit(.delete):
      guard cells.indices.contains(path.item) else { return }
      cells.remove(at: path.item)
      table?.update()
    case .commit:
      break
    default:
      super.listView(listView, handle: event, at: path)
    }
  }
  override func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? {
    log?.calls.append("items.headerHeight \(section)")
    return 30
  }
}

@MainActor final class OrderScreen {
  var items: [OrderItem]
  var coupons: [Coupon]
  let log = CallLog()
  let view: HeadlessTableView
  let table: TableManager
  let header = SectionManager()
  let couponSection = SectionManager(headerTitle: "Coupons")
  let itemSection = ItemsSection(headerTitle: "Items")
  let footer = SectionManager(footerTitle: "Thank you")
  var diagnostics: [ListDiagnostic] = []

  init(items: [OrderItem], coupons: [Coupon] = [], viewportHeight: Double = 2_000) {
    self.items = items
    self.coupons = coupons
    view = HeadlessTableView(viewportHeight: viewportHeight)
    table = TableManager()
    table.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
    header.cells = [HeaderRow(OrderSummary(id: "summary", title: "Order #42"))]
    couponSection.condition = { [unowned self] in !self.coupons.isEmpty }
    itemSection.log = log
    rebuildRows()
    footer.cells = [HeaderRow(OrderSummary(id: "total", title: "Total $\(total)"))]
    table.sections = [header, couponSection, itemSection, footer]
    table.attach(to: view)
  }

  var total: Int { items.reduce(0) { $0 + $1.price } }

  func rebuildRows() {
    couponSection.cells = coupons.map {
      let row = CouponRow($0)
      row.log = log
      return row
    }
    itemSection.cells = items.map { item -> CellManager in
      if item.isGift { return GiftRow(item) }
      let row = ItemRow(item)
      row.log = log
      return row
    }
  }

  var batchUpdates: [BatchUpdate] {
    view.events.compactMap { if case .batchUpdate(let update) = $0 { update } else { nil } }
  }

  var reloadCount: Int { view.events.filter { $0 == .reloadData }.count }
}
