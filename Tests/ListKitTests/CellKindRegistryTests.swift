import Testing

@testable import ListKit

/// A cell manager class's kind is made once: every row of the class shares it.
@MainActor @Suite struct CellKindRegistryTests {
  @Test func everyRowOfAClassSharesOneKind_andClassesHaveTheirOwn() {
    #expect(CellKindRegistry.kind(for: ItemRow.self) === CellKindRegistry.kind(for: ItemRow.self))
    #expect(
      ItemRow(OrderItem(id: 1, name: "Tea", price: 4)).kind === CellKindRegistry.kind(for: ItemRow.self))
    #expect(CellKindRegistry.kind(for: ItemRow.self) !== CellKindRegistry.kind(for: CouponRow.self))
    #expect(CellKindRegistry.kind(for: ItemRow.self).reuseIdentifier == "TextCell")
  }
}
