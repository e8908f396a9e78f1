import ListKitTesting
import Testing

@testable import ListKit

/// Row identity is scoped to the section's identity, not to its position or its object.
@MainActor @Suite struct RowScopeTests {
  /// A section identified by a name, as a screen that rebuilds its sections would write it.
  final class NamedSection: SectionManager {
    let name: String
    init(_ name: String, items: [OrderItem]) {
      self.name = name
      super.init(cells: items.map(ItemRow.init))
    }
    override var diffIdentifier: any Hashable & Sendable { name }
  }

  final class Flag {
    var value = false
  }

  static func items(_ ids: Range<Int>, price: Int = 1) -> [OrderItem] {
    ids.map { OrderItem(id: $0, name: "i\($0)", price: price) }
  }

  @Test func rebuiltSectionsWithTheSameIdentity_keepTheirRowsIdentities() {
    let view = HeadlessTableView(viewportHeight: 2000)
    let table = TableManager(listView: view, sections: [NamedSection("a", items: Self.items(0..<3))])
    view.clearEvents()

    table.sections = [NamedSection("a", items: Self.items(0..<3, price: 2))]
    table.update()

    let updates = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(updates.map(\.itemReloads) == [(0..<3).map { ItemPath(item: $0, section: 0) }])
    #expect(updates.allSatisfy { $0.itemDeletes.isEmpty && $0.itemInserts.isEmpty })
    #expect(view.violations.isEmpty)
  }

  @Test func aConditionalSectionAppearingAbove_leavesTheRowsBelowAlone() {
    let view = HeadlessTableView(viewportHeight: 2000)
    let showsPinned = Flag()
    let pinned = SectionManager(cells: Self.items(0..<1).map(ItemRow.init), condition: { showsPinned.value })
    let all = SectionManager(cells: Self.items(0..<4).map(ItemRow.init))
    let table = TableManager(listView: view, sections: [pinned, all])
    view.clearEvents()

    showsPinned.value = true
    table.update()

    let updates = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(updates.count == 1)
    #expect(updates.first?.sectionInserts == [0])
    #expect(updates.first?.itemInserts == [])
    #expect(updates.first?.itemDeletes == [])
    #expect(view.render() == ["i0 $1", "i0 $1", "i1 $1", "i2 $1", "i3 $1"])
    #expect(view.violations.isEmpty)
  }

  @Test func sectionsMadeAfreshOnEveryUpdate_doNotGrowTheScopeTable() {
    let view = HeadlessTableView(viewportHeight: 2000)
    let table = TableManager(listView: view)
    var largest = 0
    // Kept alive, so that no new section has the identity (the address) of one before it.
    var made: [SectionManager] = []
    for round in 0..<300 {
      made.append(SectionManager(cells: Self.items(round..<round + 2).map(ItemRow.init)))
      table.sections = [made[round], NamedSection("b", items: Self.items(0..<1))]
      table.update()
      largest = max(largest, table.rowScopes.count)
    }
    // Twice the two sections shown plus 32, and the new section's scope of the update past it.
    #expect(largest == 2 * 2 + 32 + 1)
    #expect(view.render() == ["i299 $1", "i300 $1", "i0 $1"])
    #expect(view.violations.isEmpty)
  }

  /// A section shown again after its scope was forgotten gets a new scope, and the identities of
  /// its rows move to it: rows inserted by an edit and rows kept from before stay one set of rows
  /// at the diffs after.
  @Test func aSectionShownAgainAfterItsScopeWasForgotten_keepsItsRowsIdentities() {
    let view = HeadlessTableView(viewportHeight: 2000)
    let shows = Flag()
    let kept = SectionManager(cells: Self.items(0..<3).map(ItemRow.init), condition: { shows.value })
    shows.value = true
    let table = TableManager(listView: view, sections: [kept])
    shows.value = false
    // Hidden while sections made afresh come and go, until its scope is forgotten.
    var made: [SectionManager] = []
    for round in 0..<40 {
      made.append(SectionManager(cells: Self.items(100 + round..<101 + round).map(ItemRow.init)))
      table.sections = [kept, made[round]]
      table.update()
    }
    #expect(table.rowScopes[DiffID(kept.diffIdentifier)] == nil, "the hidden section's scope is forgotten")
    shows.value = true
    table.sections = [kept]
    table.update()
    #expect(kept.editRows(RowEdit(inserted: [(3, ItemRow(OrderItem(id: 3, name: "i3", price: 1)))])))
    table.update()
    view.clearEvents()
    kept.headerTitle = "Kept"
    table.update()
    let updates = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(updates.allSatisfy { $0.itemDeletes.isEmpty && $0.itemInserts.isEmpty }, "\(updates)")
    #expect(view.render() == ["== Kept ==", "i0 $1", "i1 $1", "i2 $1", "i3 $1"])
    #expect(view.violations.isEmpty)
  }
}
