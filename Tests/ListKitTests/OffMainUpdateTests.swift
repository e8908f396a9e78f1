import ListKitTesting
import Testing

@testable import ListKit

/// Large updates are diffed off the main actor, coalesce, and reach the view in order.
///
/// The data source keeps answering with what the view was told about until a result is applied;
/// updates asked for meanwhile coalesce (the latest wins). Every test lowers the off-main
/// threshold to 0, so that even small updates take the background path.
@MainActor @Suite struct OffMainUpdateTests {
  /// Keeps what the last update asked for, across the tasks that ask.
  @MainActor final class Recorder<Value> {
    var last: Value
    init(_ value: Value) { last = value }
  }

  func photos(_ ids: [Int], title: String = "p") -> [Photo] {
    ids.map { Photo(id: $0, title: "\(title)\($0)") }
  }

  func makeDataSource(_ items: [Photo], view: HeadlessTableView, offMainThreshold: Int = 0)
    -> ArrayDataSource<Photo, TextCell>
  {
    let dataSource = ArrayDataSource(items: items, cellIdentifier: "TextCell") {
      (cell: TextCell, photo: Photo) in cell.text = photo.title
    }
    dataSource.updates.offMainThreshold = offMainThreshold
    view.register(CellRegistration(TextCell.self, reuseIdentifier: "TextCell"))
    dataSource.attach(to: view)
    return dataSource
  }

  func batchCount(_ view: HeadlessTableView) -> Int {
    view.events.count { if case .batchUpdate = $0 { true } else { false } }
  }

  @Test func aLargeReplacement_keepsShowingTheOldItems_untilItsDiffIsApplied() async {
    let view = HeadlessTableView(viewportHeight: 10_000)
    let old = photos([1, 2, 3])
    let new = photos([3, 4, 1])
    let dataSource = makeDataSource(old, view: view)
    view.clearEvents()
    dataSource.setItems(new)
    #expect(dataSource.items == old)
    #expect(view.render() == old.map(\.title))
    await dataSource.updatesApplied()
    #expect(dataSource.items == new)
    #expect(view.render() == new.map(\.title))
    #expect(batchCount(view) == 1)
    #expect(view.violations.isEmpty)
  }

  @Test func aSmallReplacement_isAppliedAtOnce() {
    let view = HeadlessTableView(viewportHeight: 10_000)
    let dataSource = makeDataSource(photos([1, 2, 3]), view: view, offMainThreshold: 4_096)
    dataSource.setItems(photos([2, 3, 4]))
    #expect(dataSource.items == photos([2, 3, 4]))
    #expect(view.render() == photos([2, 3, 4]).map(\.title))
  }

  @Test func replacementsAskedForWhileADiffRuns_coalesce_andTheLatestWins() async {
    let view = HeadlessTableView(viewportHeight: 10_000)
    let dataSource = makeDataSource(photos([1, 2, 3]), view: view)
    view.clearEvents()
    dataSource.setItems(photos([1, 2]))
    dataSource.setItems(photos([5, 1, 2]))
    dataSource.setItems(photos([2, 6, 1]))
    await dataSource.updatesApplied()
    // The first was running; of the two that waited only the latest was diffed, from the first.
    #expect(batchCount(view) == 2)
    #expect(dataSource.items == photos([2, 6, 1]))
    #expect(view.render() == photos([2, 6, 1]).map(\.title))
    #expect(view.violations.isEmpty)
  }

  @Test func aReloadWhileADiffRuns_showsTheLatestAtOnce_andDropsTheDiff() async {
    let view = HeadlessTableView(viewportHeight: 10_000)
    let dataSource = makeDataSource(photos([1, 2, 3]), view: view)
    dataSource.setItems(photos([3, 2, 1]))
    dataSource.setItems(photos([7, 8]), animated: false)
    #expect(dataSource.items == photos([7, 8]))
    #expect(view.render() == photos([7, 8]).map(\.title))
    view.clearEvents()
    await dataSource.updatesApplied()
    #expect(batchCount(view) == 0)
    #expect(dataSource.items == photos([7, 8]))
    #expect(view.violations.isEmpty)
  }

  /// Bursts of replacements from several tasks at once, some awaited and some not: every batch
  /// is accepted, at every moment the data source answers with the counts the view was told
  /// about, and the view ends with the last items asked for.
  @Test(arguments: 0..<25 as Range<UInt64>)
  func randomBurstsOfConcurrentReplacements_areAllAccepted_andEndWithTheLastItems(seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    let view = HeadlessTableView(viewportHeight: 100_000)
    let dataSource = makeDataSource(photos(Array(0..<20)), view: view)
    var diagnostics: [ListDiagnostic] = []
    dataSource.diagnosticHandler = { diagnostics.append($0) }
    let recorder = Recorder(dataSource.items)
    var ids = Array(0..<20)
    var nextID = 20
    for burst in 0..<8 {
      var models: [[Photo]] = []
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        ids.shuffle(using: &random)
        ids.removeLast(Int.random(in: 0...min(4, ids.count), using: &random))
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          ids.insert(nextID, at: Int.random(in: 0...ids.count, using: &random))
          nextID += 1
        }
        let version = Int.random(in: 0..<3, using: &random)
        models.append(ids.map { Photo(id: $0, title: "p\($0).\(version)") })
      }
      await withTaskGroup(of: Void.self) { group in
        for model in models {
          group.addTask {
            await MainActor.run {
              dataSource.setItems(model)
              recorder.last = model
              #expect(
                view.numberOfItems(inSection: 0) == dataSource.sections[0].count,
                "seed \(seed) burst \(burst): the data source answers with a state the view was not told about"
              )
            }
          }
        }
      }
      if random.chance(50) { await dataSource.updatesApplied() }
    }
    await dataSource.updatesApplied()
    #expect(view.violations.isEmpty, "seed \(seed): \(view.violations)")
    #expect(diagnostics.isEmpty, "seed \(seed): \(diagnostics)")
    #expect(dataSource.items == recorder.last, "seed \(seed)")
    #expect(view.render() == recorder.last.map(\.title), "seed \(seed)")
  }

  // MARK: TableManager (and so PagedSection, which updates through it)

  final class Row: ModelCellManager<OrderItem, TextCell> {
    override func configure(cell: TextCell) { cell.text = "\(model.name)#\(model.price)" }
    override func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool { true }
  }

  /// The table's state: sections by id, each shown or not, with its items.
  typealias Screen = [(id: Int, shown: Bool, items: [OrderItem])]

  func expectedRows(_ screen: Screen) -> [String] {
    screen.filter(\.shown).flatMap { section in
      ["== S\(section.id) =="] + section.items.map { "\($0.name)#\($0.price)" }
    }
  }

  @Test func aTableUpdate_keepsShowingTheOldRows_untilItsDiffIsApplied_andBurstsCoalesce() async {
    let section = SectionManager(cells: (0..<3).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let view = HeadlessTableView(viewportHeight: 10_000)
    let table = TableManager(sections: [section])
    table.updates.offMainThreshold = 0
    table.attach(to: view)
    view.clearEvents()
    let before = view.render()
    section.cells = (1..<5).map { Row(OrderItem(id: $0, name: "i\($0)", price: 1)) }
    table.update()
    section.cells = (2..<6).map { Row(OrderItem(id: $0, name: "i\($0)", price: 1)) }
    table.update()
    section.cells = (3..<8).reversed().map { Row(OrderItem(id: $0, name: "i\($0)", price: 1)) }
    table.update()
    #expect(view.render() == before)
    #expect(table.listView(view, numberOfItemsInSection: 0) == 3)
    await table.updatesApplied()
    #expect(batchCount(view) == 2)
    #expect(view.render() == (3..<8).reversed().map { "i\($0)#1" })
    #expect(view.violations.isEmpty)
  }

  @Test func aRowTheUserMovedToAnotherSectionReloadsThereWhenItsModelChanges() async throws {
    let first = SectionManager(cells: (0..<2).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let second = SectionManager(cells: (2..<4).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let view = HeadlessTableView(viewportHeight: 10_000)
    let table = TableManager(sections: [first, second])
    table.attach(to: view)
    try view.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1))
    let moved = try #require(second.cells[1] as? Row)
    #expect(moved.model.id == 0)
    moved.model.price = 5
    table.update()
    await table.updatesApplied()
    #expect(view.render() == ["i1#0", "i2#0", "i0#5", "i3#0"])
    #expect(view.violations.isEmpty)
  }

  struct EdgeMoves: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Two moves, each as (source, destination) `[item, section]` pairs.
    var moves: [(ItemPath, ItemPath)]
    var first: [Int]
    var second: [Int]
  }

  /// A row moved to either end of a section, another one's or its own, lands there: the top, past
  /// the last row of another section, and the last row of its own.
  @Test(arguments: [
    EdgeMoves(
      testDescription: "to the top",
      moves: [
        (ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 1)),
        (ItemPath(item: 2, section: 1), ItemPath(item: 0, section: 1)),
      ], first: [0], second: [3, 1, 2]),
    EdgeMoves(
      testDescription: "to the end",
      moves: [
        (ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 1)),
        (ItemPath(item: 0, section: 1), ItemPath(item: 2, section: 1)),
      ], first: [1], second: [3, 0, 2]),
  ])
  func aRowTheUserMovedToAnEndOfASectionLandsThere(_ example: EdgeMoves) async throws {
    let first = SectionManager(cells: (0..<2).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let second = SectionManager(cells: (2..<4).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let view = HeadlessTableView(viewportHeight: 10_000)
    let table = TableManager(sections: [first, second])
    table.attach(to: view)
    for (source, destination) in example.moves { try view.moveItem(at: source, to: destination) }
    // The data source answers with the moves at once, before the update they scheduled.
    let answered = (0..<2).map { section in
      (0..<table.listView(view, numberOfItemsInSection: section)).compactMap {
        (table.cellManager(at: ItemPath(item: $0, section: section)) as? Row)?.model.id
      }
    }
    #expect(answered == [example.first, example.second])
    await table.updatesApplied()
    #expect(first.cells.compactMap { ($0 as? Row)?.model.id } == example.first)
    #expect(second.cells.compactMap { ($0 as? Row)?.model.id } == example.second)
    #expect(view.render() == (example.first + example.second).map { "i\($0)#0" })
    #expect(view.violations.isEmpty)
  }

  /// A change waiting for its scheduled update when the user moves a row still reaches the view:
  /// the move shows itself, not the change.
  @Test func aChangeScheduledBeforeAUserMoveIsShownAfterIt() async throws {
    let section = SectionManager(cells: (0..<3).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let view = HeadlessTableView(viewportHeight: 10_000)
    let table = TableManager(sections: [section])
    table.attach(to: view)
    try #require(section.cells[2] as? Row).model.price = 7
    try view.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0))
    await table.updatesApplied()
    #expect(view.render() == ["i1#0", "i0#0", "i2#7"])
    #expect(view.violations.isEmpty)
  }

  @Test func aUserMoveWhileATableDiffRuns_isKept_andTheDiffRunsAgainFromIt() async throws {
    let section = SectionManager(cells: (0..<4).map { Row(OrderItem(id: $0, name: "i\($0)", price: 0)) })
    let view = HeadlessTableView(viewportHeight: 10_000)
    let table = TableManager(sections: [section])
    table.updates.offMainThreshold = 0
    table.attach(to: view)
    let rows = section.cells
    (rows[3] as! Row).model.price = 9
    section.cells = rows
    table.update()
    try view.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
    await table.updatesApplied()
    #expect(view.render() == ["i1#0", "i2#0", "i0#0", "i3#9"])
    #expect(view.violations.isEmpty)
  }

  @Test func aModelChangedWhileItsDiffRuns_isShownAsItIs_notAsItWasDiffed() async {
    let section = SectionManager(cells: [Row(OrderItem(id: 1, name: "i1", price: 0))])
    let view = HeadlessTableView(viewportHeight: 10_000)
    let table = TableManager(sections: [section])
    table.updates.offMainThreshold = 0
    table.attach(to: view)
    let changed = Row(OrderItem(id: 1, name: "i1", price: 1))
    section.cells = [changed]
    table.update()  // diffs price 0 → 1: the row is reloaded when applied
    changed.model.price = 0  // meanwhile back to 0: the reload shows 0
    table.update()
    section.cells = [Row(OrderItem(id: 1, name: "i1", price: 1))]  // and a new row with 1
    table.update()
    await table.updatesApplied()
    #expect(view.render() == ["i1#1"])
    #expect(view.violations.isEmpty)
  }

  /// Seeded random edits of a sectioned screen (conditions, inserts, deletes, moves across
  /// sections, model edits in place and by re-assigning rows) in bursts from several tasks,
  /// every diff off the main actor: every batch is accepted, the data source's counts are the
  /// view's at every moment, and the view ends with the last screen asked for.
  @Test(arguments: 0..<25 as Range<UInt64>)
  func randomBurstsOfConcurrentTableUpdates_areAllAccepted_andEndWithTheLastScreen(seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    let view = HeadlessTableView(viewportHeight: 100_000)
    let table = TableManager()
    table.updates.offMainThreshold = 0
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    var screen: Screen = (0..<4).map { id in
      (id, true, (0..<6).map { OrderItem(id: id * 100 + $0, name: "i\(id * 100 + $0)", price: 0) })
    }
    var nextID = 1_000
    let managers = Dictionary(
      uniqueKeysWithValues: (0..<4).map { ($0, SectionManager(headerTitle: "S\($0)")) })
    let shown = Recorder([Int: Bool]())
    let recorder = Recorder(screen)
    /// Makes the managers show `screen`: rows re-assigned, or models edited in place.
    func show(_ screen: Screen) {
      table.sections = screen.map { entry in
        let manager = managers[entry.id]!
        shown.last[entry.id] = entry.shown
        manager.condition = { shown.last[entry.id] ?? false }
        let rows = manager.cells.compactMap { $0 as? Row }
        if rows.map(\.model.id) == entry.items.map(\.id) {
          for (row, item) in zip(rows, entry.items) where row.model != item { row.model = item }
        } else {
          manager.cells = entry.items.map(Row.init)
        }
        return manager
      }
    }
    show(screen)
    table.attach(to: view)
    for burst in 0..<8 {
      var screens: [Screen] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let s = Int.random(in: 0..<screen.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          screen[s].shown.toggle()
        case 1:
          screen[s].items.insert(
            OrderItem(id: nextID, name: "i\(nextID)", price: 0),
            at: Int.random(in: 0...screen[s].items.count, using: &random))
          nextID += 1
        case 2:
          if !screen[s].items.isEmpty {
            let item = screen[s].items.remove(at: Int.random(in: 0..<screen[s].items.count, using: &random))
            let t = Int.random(in: 0..<screen.count, using: &random)
            screen[t].items.insert(item, at: Int.random(in: 0...screen[t].items.count, using: &random))
          }
        case 3:
          screen.shuffle(using: &random)
        default:
          for i in screen[s].items.indices where random.chance(30) { screen[s].items[i].price += 1 }
        }
        screens.append(screen)
      }
      await withTaskGroup(of: Void.self) { group in
        for next in screens {
          group.addTask {
            await MainActor.run {
              show(next)
              recorder.last = next
              table.update()
              let counts = (0..<table.numberOfSections(in: view)).map {
                table.listView(view, numberOfItemsInSection: $0)
              }
              let viewCounts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) ?? -1 }
              #expect(
                counts == viewCounts,
                "seed \(seed) burst \(burst): the table answers with a state the view was not told about")
            }
          }
        }
      }
      if random.chance(50) { await table.updatesApplied() }
    }
    await table.updatesApplied()
    #expect(view.violations.isEmpty, "seed \(seed): \(view.violations)")
    #expect(diagnostics.isEmpty, "seed \(seed): \(diagnostics)")
    #expect(view.render() == expectedRows(recorder.last), "seed \(seed)")
  }

  // MARK: PagedSection

  @Test func pagesOfAPagedSection_areDiffedOffTheMainActor_andAllReachTheViewInOrder() async throws {
    let loader = ClosurePageLoader<Photo> { request in
      guard case .page(let index, let size) = request.position else { throw CancellationError() }
      let items = (index * size..<min(index * size + size, 35)).map { Photo(id: $0, title: "p\($0)") }
      return Page(items: items, hasMore: index * size + size < 35)
    }
    let list = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 10, prefetchDistance: 0),
      loader: loader)
    let section = PagedSection(list: list) { PhotoRow($0) }
    let table = TableManager(sections: [section])
    table.updates.offMainThreshold = 0
    // One row on screen, never the last: only this test asks for pages.
    let view = HeadlessTableView(viewportHeight: 44, prefetchWindow: .rows(0))
    table.attach(to: view)
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    await list.refresh()?.value
    // Each page asks for an update while the previous one may still be diffed.
    while let load = list.loadNextPage() { await load.value }
    await table.updatesApplied()
    #expect(list.items.count == 35)
    #expect(view.numberOfItems(inSection: 0) == section.cells.count)
    #expect(section.displayedCells.prefix(35).compactMap { ($0 as? PhotoRow)?.model.id } == Array(0..<35))
    #expect(view.violations.isEmpty)
    #expect(diagnostics.isEmpty)
  }
}
