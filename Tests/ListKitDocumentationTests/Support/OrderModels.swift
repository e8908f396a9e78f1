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
