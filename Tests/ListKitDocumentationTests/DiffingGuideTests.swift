import ListDiff
import ListKit
import ListKitTesting
import Testing

/// The example of Guides/Diffing.md: its stages performed on a headless table, which checks every
/// batch against UIKit's rules.
@MainActor @Suite struct DiffingGuideTests {
  struct Shelf: Identifiable, Equatable {
    var id: String
  }

  struct Fruit: Identifiable, Equatable {
    var id: String
    var price: Int
  }

  /// Answers the table from the snapshot `animate` gives it.
  final class ShelvesDataSource: ListDataSource {
    var shown = SectionedSnapshot<Shelf, Fruit>()

    func numberOfSections(in listView: any ListView) -> Int { shown.sections.count }

    func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
      shown.sections[section].items.count
    }

    func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
      shown.sections[section].section.id
    }

    func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
      let fruit = shown.sections[path.section].items[path.item]
      return FruitCell(text: "\(fruit.id) \(fruit.price)")
    }
  }

  final class FruitCell: HeadlessRenderable {
    let renderedText: String
    init(text: String) { renderedText = text }
  }

  // snippet: diffing-main
  /// Moves a list view from the snapshot it shows to `latest`, animated; `show` makes the data
  /// source answer with a snapshot.
  @MainActor func animate<Section, Item>(
    _ listView: any ListView, from shown: SectionedSnapshot<Section, Item>,
    to latest: SectionedSnapshot<Section, Item>, show: (SectionedSnapshot<Section, Item>) -> Void
  ) throws {
    let changes = latest.difference(from: shown, options: DiffOptions(reloadThreshold: 300))
    if changes.isReloadRecommended {
      show(changes.target)
      listView.reloadData()
    } else {
      let states = try changes.snapshots(applyingTo: shown)
      for (stage, update) in changes.stages.enumerated() {
        show(states[stage])  // the data source answers with the state after this stage…
        try listView.performBatchUpdates(update)  // …while UIKit performs it
      }
    }
  }
  // snippet-end

  func shelves(_ shelves: [(String, [Fruit])]) -> SectionedSnapshot<Shelf, Fruit> {
    SectionedSnapshot(sections: shelves.map { SnapshotSection(Shelf(id: $0.0), items: $0.1) })
  }

  @Test func everyStageIsAValidBatchAndTheTableEndsAtTheTarget() throws {
    let table = HeadlessTableView(viewportHeight: 2_000)
    let source = ShelvesDataSource()
    table.dataSource = source
    let before = shelves([
      ("Top", [Fruit(id: "apple", price: 3), Fruit(id: "pear", price: 4)]),
      ("Bottom", [Fruit(id: "fig", price: 2), Fruit(id: "kiwi", price: 1)]),
    ])
    source.shown = before
    table.reloadData()
    // The shelves swap, a fruit moves across them and changes price, one goes, one comes.
    let after = shelves([
      ("Bottom", [Fruit(id: "kiwi", price: 1), Fruit(id: "pear", price: 5)]),
      ("Top", [Fruit(id: "apple", price: 3), Fruit(id: "plum", price: 6)]),
    ])
    table.clearEvents()

    try animate(table, from: source.shown, to: after) { source.shown = $0 }

    #expect(source.shown == after)
    #expect(table.render() == ["== Bottom ==", "kiwi 1", "pear 5", "== Top ==", "apple 3", "plum 6"])
    let batches = table.events.filter { if case .batchUpdate = $0 { true } else { false } }
    #expect(batches.count == after.difference(from: before).stages.count)
    #expect(!table.events.contains(.reloadData))
    #expect(table.violations.isEmpty)
  }

  @Test func pastTheThresholdTheTableReloadsOnce() throws {
    let table = HeadlessTableView()
    let source = ShelvesDataSource()
    table.dataSource = source
    let before = shelves([("Top", (0..<200).map { Fruit(id: "a\($0)", price: $0) })])
    let after = shelves([("Top", (0..<200).map { Fruit(id: "b\($0)", price: $0) })])
    source.shown = before
    table.reloadData()
    table.clearEvents()

    try animate(table, from: before, to: after) { source.shown = $0 }

    #expect(table.events.filter { $0 == .reloadData }.count == 1)
    #expect(table.render().prefix(2) == ["== Top ==", "b0 0"])
    #expect(table.violations.isEmpty)
  }
}
