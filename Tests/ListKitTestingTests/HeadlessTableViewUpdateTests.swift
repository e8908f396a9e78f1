import ListKit
import ListKitTesting
import Testing

@MainActor
@Suite struct HeadlessTableViewUpdateTests {
  /// What a batch that ends one visible row's cell and shows one other row logs, in UIKit's order.
  static func events(of update: BatchUpdate, ending ended: ItemPath, showing shown: ItemPath)
    -> [HeadlessTableView.Event]
  {
    [
      .batchUpdate(update), .didEndDisplaying(ended), .cellForItem(shown),
      .dequeue(identifier: "text", shown, reused: true), .willDisplay(shown),
    ]
  }

  @Test func deletingAVisibleRowEndsItsCellAndShowsTheNextRow() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    table.clearEvents()
    source.sections[0].remove(at: 2)
    try table.performBatchUpdates(BatchUpdate(itemDeletes: [path(0, 2)]))
    #expect(
      table.events
        == Self.events(of: BatchUpdate(itemDeletes: [path(0, 2)]), ending: path(0, 2), showing: path(0, 9)))
    #expect(table.render() == ["Row 0", "Row 1"] + (3...10).map { "Row \($0)" })
    #expect(
      table.lastUpdateRowFates[2] == HeadlessTableView.RowFate(from: path(0, 2), to: nil, isReloaded: false))
    #expect(
      table.lastUpdateRowFates[5]
        == HeadlessTableView.RowFate(from: path(0, 5), to: path(0, 4), isReloaded: false))
  }

  @Test func aReloadedVisibleRowIsAskedForAgain() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    let before = table.cellForItem(at: path(0, 0))
    table.clearEvents()
    source.sections[0][1] = "Changed"
    try table.performBatchUpdates(BatchUpdate(itemReloads: [path(0, 1)]))
    #expect(
      table.events
        == Self.events(of: BatchUpdate(itemReloads: [path(0, 1)]), ending: path(0, 1), showing: path(0, 1)))
    #expect(table.render()[1] == "Changed")
    #expect(table.cellForItem(at: path(0, 0)) === before)
  }

  @Test func anInsertedVisibleRowIsAskedForAndTheLastRowLeaves() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    table.clearEvents()
    source.sections[0].insert("New", at: 1)
    try table.performBatchUpdates(BatchUpdate(itemInserts: [path(0, 1)]))
    #expect(
      table.events
        == Self.events(of: BatchUpdate(itemInserts: [path(0, 1)]), ending: path(0, 10), showing: path(0, 1)))
    #expect(table.render() == ["Row 0", "New"] + (1...8).map { "Row \($0)" })
  }

  @Test func aRowInsertedAboveTheFirstVisibleRowLeavesTheRowsOnScreenInPlace() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    let before = table.render()
    table.clearEvents()
    source.sections[0].insert("New", at: 0)
    try table.performBatchUpdates(BatchUpdate(itemInserts: [path(0, 0)]))
    #expect(table.render() == before)
    #expect(table.contentOffset == table.rowHeight)
    #expect(!table.events.contains(.willDisplay(path(0, 0))), "the new row is above the viewport")
  }

  @Test func aBrokenBatchThrowsAndLeavesTheTableAsItWas() {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    let rendered = table.render()
    source.sections[0].append("Extra")
    let expected = BatchUpdateError.invalidNumberOfRows(
      section: 0, before: 20, after: 21, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
    #expect(throws: expected) { try table.performBatchUpdates(BatchUpdate()) }
    #expect(table.lastError as? BatchUpdateError == expected)
    #expect(table.events.last == .violation(expected.description))
    #expect(table.render() == rendered)
    #expect(table.numberOfItems(inSection: 0) == 20)
  }

  @Test func selectionFollowsMovedRowsAndDropsDeletedOnes() throws {
    let source = ModelSource(rows: 20)
    let table = makeTable(source)
    try table.selectItem(at: path(0, 3))
    source.sections[0].insert(source.sections[0].remove(at: 3), at: 0)
    try table.performBatchUpdates(BatchUpdate(itemMoves: [Move(from: path(0, 3), to: path(0, 0))]))
    #expect(table.selectedItemPaths == [path(0, 0)])
    source.sections[0].remove(at: 0)
    try table.performBatchUpdates(BatchUpdate(itemDeletes: [path(0, 0)]))
    #expect(table.selectedItemPaths.isEmpty)
  }

  @Test func aBatchBeforeTheFirstLoadJustLoadsAsUIKitDoesOffScreen() throws {
    let source = ModelSource(rows: 5)
    let table = HeadlessTableView()
    table.register(CellRegistration(TextCell.self, reuseIdentifier: "text") { TextCell() })
    table.dataSource = source
    source.sections[0].append("Row 5")
    try table.performBatchUpdates(BatchUpdate(itemInserts: [path(0, 0)]))
    #expect(table.events.first == .reloadData)
    #expect(table.numberOfItems(inSection: 0) == 6)
    withExtendedLifetime(source) {}
  }

  @Test func randomValidBatchesMoveEveryDisplayedCellWithItsRow() throws {
    let seed: UInt64 = 0x5EED_0003
    var random = SplitMix64(seed: seed)
    for round in 0..<300 {
      let change = RandomChangeset(using: &random)
      let source = ModelSource(change.old)
      // Every row on screen: 1 point each, no headers or footers.
      let table = makeTable(source, viewportHeight: 10_000, rowHeight: 1)
      var cellsBefore: [ItemPath: AnyObject] = [:]
      for path in table.visibleItemPaths { cellsBefore[path] = table.cellForItem(at: path) }
      source.sections = change.new
      do {
        try table.performBatchUpdates(change.update)
      } catch {
        Issue.record("seed \(seed) round \(round): \(error) for \(change.update)")
        continue
      }
      #expect(table.render() == change.new.flatMap { $0 }, "seed \(seed) round \(round)")
      #expect(table.lastUpdateRowFates.count == cellsBefore.count)
      for fate in table.lastUpdateRowFates {
        #expect(fate.to == change.expectedDestination(of: fate.from), "seed \(seed) round \(round) \(fate)")
        #expect(fate.isReloaded == change.reloadedRows.contains(fate.from), "seed \(seed) round \(round)")
        if let to = fate.to, !fate.isReloaded {
          #expect(table.cellForItem(at: to) === cellsBefore[fate.from], "seed \(seed) round \(round) \(fate)")
        }
      }
      #expect(table.violations.isEmpty, "seed \(seed) round \(round)")
    }
  }
}
