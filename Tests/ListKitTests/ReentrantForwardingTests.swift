import ListKit
import ListKitTesting
import Testing

/// Updates made from inside a forwarded call never free a manager whose method is running.
///
/// Forwarded calls hold the section and row they call for as long as the call runs. These tests
/// update the table from inside a forwarded call, in the ways an app does, and check from the order of events that no manager
/// is freed while its method runs, and that each is freed once the call is over.
@MainActor @Suite struct ReentrantForwardingTests {
  /// Event order, shared by the managers of one test.
  @MainActor final class Timeline {
    var events: [String] = []
  }

  /// A row that runs `onSelect` when selected, then records that it is still running.
  final class ActionRow: ModelCellManager<OrderItem, TextCell> {
    var timeline: Timeline?
    var onSelect: (@MainActor (ActionRow) -> Void)?
    var onDeinit: (@MainActor () -> Void)?

    override func configure(cell: TextCell) { cell.text = model.name }

    override func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {
      timeline?.events.append("select \(model.name)")
      onSelect?(self)
      timeline?.events.append("still running \(model.name)")
    }

    isolated deinit {
      timeline?.events.append("deinit \(model.name)")
      onDeinit?()
    }
  }

  /// A section that records when it is freed.
  final class RecordingSection: SectionManager {
    let timeline: Timeline
    let name: String

    init(_ name: String, cells: [CellManager], timeline: Timeline) {
      self.name = name
      self.timeline = timeline
      super.init(cells: cells)
    }

    isolated deinit {
      timeline.events.append("deinit section \(name)")
    }
  }

  /// A table of one section of rows "a", "b", "c"; only the table and the view hold them.
  func makeScreen(_ timeline: Timeline) -> (TableManager, HeadlessTableView) {
    let rows = ["a", "b", "c"].enumerated().map { index, name in
      let row = ActionRow(OrderItem(id: index, name: name, price: 1))
      row.timeline = timeline
      return row
    }
    let table = TableManager(sections: [RecordingSection("s", cells: rows, timeline: timeline)])
    // The view unhighlights a row removed by its own selection; that diagnostic is not tested here.
    table.diagnosticHandler = { _ in }
    let view = HeadlessTableView()
    table.attach(to: view)
    return (table, view)
  }

  /// What a row's `didSelect` does in an app that deletes on tap: drop itself, update at once.
  static func removeItselfAndUpdate(_ row: ActionRow) {
    let section = row.section!
    section.cells.removeAll { $0 === row }
    section.table!.update()
  }

  func row(_ table: TableManager, _ item: Int) -> ActionRow {
    table.sections[0].cells[item] as! ActionRow
  }

  @Test func aRowThatRemovesItselfAndUpdates_livesUntilItsCallReturns() throws {
    let timeline = Timeline()
    let (table, view) = makeScreen(timeline)
    row(table, 1).onSelect = Self.removeItselfAndUpdate
    _ = try view.selectItem(at: ItemPath(item: 1, section: 0))
    #expect(timeline.events == ["select b", "still running b", "deinit b"])
    #expect(view.render() == ["a", "c"])
    #expect(view.violations.isEmpty)
  }

  @Test func aRowThatRemovesItsWholeSection_keepsRowAndSectionUntilItsCallReturns() throws {
    let timeline = Timeline()
    let (table, view) = makeScreen(timeline)
    row(table, 0).onSelect = { row in
      let table = row.section!.table!
      table.sections = []
      table.update()
    }
    _ = try view.selectItem(at: ItemPath(item: 0, section: 0))
    #expect(timeline.events.prefix(2) == ["select a", "still running a"])
    #expect(Set(timeline.events.dropFirst(2)) == ["deinit a", "deinit b", "deinit c", "deinit section s"])
    #expect(view.render().isEmpty)
    #expect(view.violations.isEmpty)
  }

  @Test func nestedForwardedCalls_freeNoRowWhileItsCallRuns() throws {
    let timeline = Timeline()
    let (table, view) = makeScreen(timeline)
    // "a" asks the table to select "c" (a nested forwarded call); "c" empties the section.
    row(table, 0).onSelect = { row in
      let table = row.section!.table!
      table.listView(view, didSelectItemAt: ItemPath(item: 2, section: 0))
      timeline.events.append("after nested select")
    }
    row(table, 2).onSelect = { row in
      let section = row.section!
      section.cells = []
      section.table!.update()
    }
    _ = try view.selectItem(at: ItemPath(item: 0, section: 0))
    let calls = timeline.events.filter { !$0.hasPrefix("deinit") }
    #expect(calls == ["select a", "select c", "still running c", "after nested select", "still running a"])
    // "b" runs nothing and may go at once; "c" and "a" only after their own calls returned.
    let events = timeline.events
    let position = { (event: String) in events.firstIndex(of: event) ?? -1 }
    #expect(Set(events.filter { $0.hasPrefix("deinit") }) == ["deinit a", "deinit b", "deinit c"])
    #expect(position("deinit c") > position("still running c"))
    #expect(position("deinit a") > position("still running a"))
    #expect(view.render().isEmpty)
    #expect(view.violations.isEmpty)
  }

  @Test func aRowWhoseDeinitAsksTheTable_isAnsweredWhenTheCallThatRemovedItEnds() throws {
    let timeline = Timeline()
    let (table, view) = makeScreen(timeline)
    row(table, 1).onSelect = Self.removeItselfAndUpdate
    row(table, 1).onDeinit = { [weak table, weak view] in
      guard let table, let view else { return }
      timeline.events.append("rows now \(table.listView(view, numberOfItemsInSection: 0))")
    }
    _ = try view.selectItem(at: ItemPath(item: 1, section: 0))
    #expect(timeline.events == ["select b", "still running b", "deinit b", "rows now 2"])
  }

  @Test func aRowRemovedOutsideAnyForwardedCall_isFreedAtTheUpdate() {
    let timeline = Timeline()
    let (table, view) = makeScreen(timeline)
    table.sections[0].cells.removeFirst()
    table.update()
    #expect(timeline.events == ["deinit a"])
    #expect(view.render() == ["b", "c"])
  }
}
