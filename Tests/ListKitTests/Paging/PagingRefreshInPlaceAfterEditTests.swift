import ListKit
import ListKitTesting
import Testing

/// A refresh in place (``PagingRefreshMode/aroundLastViewedItem``) after kept edits above the item
/// displayed last: it reloads that item's page and keeps that item, wherever the edits moved it.
@Suite struct PagingRefreshInPlaceAfterEditTests {
  /// A machine refreshing in place that holds pages 0 (ids 0, 1, 2) and 1 (ids 3, 4, 5), with
  /// item 3, the first of page 1, displayed last.
  static func viewingTheSecondPage() throws -> Machine {
    var machine = Machine(configuration: .test(pageSize: 3, refreshMode: .aroundLastViewedItem))
    try machine.loadFirstPage(page(0..<3))
    try machine.loadNext(page(3..<6))
    _ = machine.itemWillDisplay(at: 3)
    return machine
  }

  /// Refreshes and checks that page 1 is reloaded around item 3.
  static func expectARefreshOfTheSecondPageAroundItem3(_ machine: inout Machine) throws {
    let load = try #require(machine.refresh().load)
    #expect(load.request.position == .page(index: 1, size: 3))
    #expect(machine.focusItemID == 3)
  }

  @Test func anItemInsertedAboveLeavesTheRefreshOnThePageDisplayedLast() throws {
    var machine = try Self.viewingTheSecondPage()
    _ = machine.applyEdit(.insert(TestItem(id: 100), at: .top), pending: false)
    #expect(machine.ids == [100, 0, 1, 2, 3, 4, 5])
    try Self.expectARefreshOfTheSecondPageAroundItem3(&machine)
  }

  @Test func anItemRemovedAboveLeavesTheRefreshOnTheItemDisplayedLast() throws {
    var machine = try Self.viewingTheSecondPage()
    _ = machine.applyEdit(.remove(id: 0), pending: false)
    #expect(machine.ids == [1, 2, 3, 4, 5])
    try Self.expectARefreshOfTheSecondPageAroundItem3(&machine)
  }

  @Test func aPendingInsertConfirmedAboveLeavesTheRefreshOnThePageDisplayedLast() throws {
    var machine = try Self.viewingTheSecondPage()
    let (edit, _) = machine.applyEdit(.insert(TestItem(id: 100), at: .before(1)), pending: true)
    _ = machine.confirmEdit(edit, serverItem: nil)
    #expect(machine.ids == [0, 100, 1, 2, 3, 4, 5])
    try Self.expectARefreshOfTheSecondPageAroundItem3(&machine)
  }

  @Test func removingTheItemDisplayedLastRefreshesFromTheStart() throws {
    var machine = try Self.viewingTheSecondPage()
    _ = machine.applyEdit(.remove(id: 3), pending: false)
    let load = try #require(machine.refresh().load)
    #expect(load.request.position == .page(index: 0, size: 3))
    #expect(machine.focusItemID == nil)
  }
}
