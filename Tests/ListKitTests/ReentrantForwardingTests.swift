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

    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      guard case .didSelect = event else { return }
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

  /// A table of one section of rows "a", "b", "c" on a view; only the table and the view hold the
  /// managers.
  @MainActor struct Screen {
    let timeline: Timeline
    let table: TableManager
    let view: HeadlessTableView

    func row(_ item: Int) -> ActionRow {
      table.sections[0].cells[item] as! ActionRow
    }

    /// Selects row `item` through the view, with `action` as what the row's `didSelect` does.
    func select(_ item: Int, running action: @escaping @MainActor (ActionRow) -> Void) throws {
      row(item).onSelect = action
      _ = try view.selectItem(at: ItemPath(item: item, section: 0))
    }
  }

  func makeScreen() -> Screen {
    let timeline = Timeline()
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
    return Screen(timeline: timeline, table: table, view: view)
  }

  /// What a row's `didSelect` does in an app that deletes on tap: drop itself, update at once.
  static func removeItselfAndUpdate(_ row: ActionRow) {
    let section = row.section!
    section.cells.removeAll { $0 === row }
    section.table!.update()
  }

  @Test func aRowThatRemovesItselfAndUpdates_livesUntilItsCallReturns() throws {
    let screen = makeScreen()
    try screen.select(1, running: Self.removeItselfAndUpdate)
    #expect(screen.timeline.events == ["select b", "still running b", "deinit b"])
    #expect(screen.view.render() == ["a", "c"])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aRowThatRemovesItsWholeSection_keepsRowAndSectionUntilItsCallReturns() throws {
    let screen = makeScreen()
    try screen.select(0) { row in
      let table = row.section!.table!
      table.sections = []
      table.update()
    }
    let events = screen.timeline.events
    #expect(events.prefix(2) == ["select a", "still running a"])
    #expect(Set(events.dropFirst(2)) == ["deinit a", "deinit b", "deinit c", "deinit section s"])
    #expect(screen.view.render().isEmpty)
    #expect(screen.view.violations.isEmpty)
  }

  @Test func nestedForwardedCalls_freeNoRowWhileItsCallRuns() throws {
    let screen = makeScreen()
    let (timeline, view) = (screen.timeline, screen.view)
    // "a" asks the table to select "c" (a nested forwarded call); "c" empties the section.
    screen.row(2).onSelect = { row in
      let section = row.section!
      section.cells = []
      section.table!.update()
    }
    try screen.select(0) { row in
      let table = row.section!.table!
      table.listView(view, didSelectItemAt: ItemPath(item: 2, section: 0))
      timeline.events.append("after nested select")
    }
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
    let screen = makeScreen()
    let (timeline, table, view) = (screen.timeline, screen.table, screen.view)
    screen.row(1).onDeinit = { [weak table, weak view] in
      guard let table, let view else { return }
      timeline.events.append("rows now \(table.listView(view, numberOfItemsInSection: 0))")
    }
    try screen.select(1, running: Self.removeItselfAndUpdate)
    #expect(timeline.events == ["select b", "still running b", "deinit b", "rows now 2"])
  }

  @Test func aRowRemovedOutsideAnyForwardedCall_isFreedAtTheUpdate() {
    let screen = makeScreen()
    screen.table.sections[0].cells.removeFirst()
    screen.table.update()
    #expect(screen.timeline.events == ["deinit a"])
    #expect(screen.view.render() == ["b", "c"])
  }
}
