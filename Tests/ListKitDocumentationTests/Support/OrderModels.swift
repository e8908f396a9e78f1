import ListKit
import ListKitTesting

// The order screen the composition examples show: models, cells and the rows the examples do not
// define themselves.

struct OrderItem: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
  var isGift = false
  var giftMessage = ""
}

struct Coupon: Identifiable, Equatable, Sendable {
  var id: String
}

/// The screen's model object, as a view controller would hold it.
@MainActor final class Order {
  var items: [OrderItem]
  var coupons: [Coupon]

  init(items: [OrderItem], coupons: [Coupon]) {
    self.items = items
    self.coupons = coupons
  }
}

final class OrderItemCell: ListCell, HeadlessRenderable {
  var title = ""
  init() {}
  var renderedText: String { title }
}

final class CouponCell: ListCell, HeadlessRenderable {
  var code = ""
  init() {}
  var renderedText: String { "coupon \(code)" }
}

final class CouponRow: ModelCellManager<Coupon, CouponCell> {
  override func configure(cell: CouponCell) { cell.code = model.id }
}

final class GiftCell: ListCell, HeadlessRenderable {
  var message = ""
  init() {}
  var renderedText: String { "gift: \(message)" }
}

/// A section of one title row, as the order screen's header and footer are.
final class TitleRow: CellManager {
  let title: String

  init(_ title: String) {
    self.title = title
    super.init()
  }

  override class var cellRegistration: CellRegistration? { CellRegistration(TitleCell.self) }
  override func configure(_ cell: AnyObject) { (cell as? TitleCell)?.title = title }
}

final class TitleCell: ListCell, HeadlessRenderable {
  var title = ""
  init() {}
  var renderedText: String { title }
}

/// The order's header: how many items it has.
final class HeaderSection: SectionManager {
  init(_ order: Order) {
    super.init(cells: [TitleRow("Your order: \(order.items.count) items")])
  }
}

/// The order's footer: the coupons applied.
final class FooterSection: SectionManager {
  init(_ order: Order) {
    super.init(cells: [TitleRow("Coupons applied: \(order.coupons.count)")])
  }
}
