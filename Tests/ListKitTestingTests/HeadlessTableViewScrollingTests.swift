import ListKit
import ListKitTesting
import Testing

@MainActor
@Suite struct HeadlessTableViewScrollingTests {
  @Test func onlyTheVisibleRowsAreAskedForCells() {
    let table = makeTable(ModelSource(rows: 1_000))
    let asked = table.events.compactMap { event -> ItemPath? in
      if case .cellForItem(let path) = event { return path }
      return nil
    }
    #expect(asked == (0..<10).map { path(0, $0) })
    #expect(table.visibleItemPaths == (0..<10).map { path(0, $0) })
    #expect(table.createdCellCount == 10)
  }

  @Test func scrollingTenThousandRowsDownAndBackReusesCellsAndPairsEveryDisplay() throws {
    let rowCount = 10_000
    let table = makeTable(ModelSource(rows: rowCount), prefetchWindow: .rows(5))
    while table.contentOffset < table.maximumContentOffset { try table.scroll(by: 150) }
    #expect(table.visibleItemPaths.last == path(0, rowCount - 1))
    while table.contentOffset > 0 { try table.scroll(by: -150) }
    #expect(table.visibleItemPaths.first == path(0, 0))

    // Far fewer cells than rows: one viewport's worth plus the row entering as another leaves.
    #expect(table.createdCellCount <= 12)
    #expect(table.dequeueCount > 2 * rowCount - 100)

    // Every willDisplay is paired with a didEndDisplaying, or the row is still visible.
    var onScreen: Set<ItemPath> = []
    var shown: Set<ItemPath> = []
    for event in table.events {
      switch event {
      case .willDisplay(let path):
        #expect(onScreen.insert(path).inserted, "\(path) displayed twice")
        shown.insert(path)
      case .didEndDisplaying(let path):
        #expect(onScreen.remove(path) != nil, "\(path) ended without being displayed")
      default:
        break
      }
    }
    #expect(onScreen == Set(table.visibleItemPaths))
    #expect(shown.count == rowCount)
    #expect(table.violations.isEmpty)
  }

  @Test func rowsAreFoundByOffsetInAHundredThousandRowTable() throws {
    let table = makeTable(ModelSource(rows: 100_000))
    for row in [0, 1, 777, 50_000, 99_980] {
      try table.scroll(toOffset: Double(row) * 44 + 10)
      #expect(table.visibleItemPaths.first == path(0, row))
      #expect(table.visibleItemPaths.count == 11)
    }
    #expect(table.createdCellCount <= 11)
  }

  @Test func prefetchRunsAheadInTheScrollDirectionAndCancelsWhatLeavesTheWindowUnshown() throws {
    let table = makeTable(ModelSource(rows: 100), prefetchWindow: .rows(3))
    #expect(table.events.last == .prefetch([path(0, 10), path(0, 11), path(0, 12)]))

    table.clearEvents()
    try table.scroll(toOffset: 44)
    // Row 10 was prefetched and is now shown: it is never cancelled.
    #expect(
      table.events == [
        .didEndDisplaying(path(0, 0)), .cellForItem(path(0, 10)),
        .dequeue(identifier: "text", path(0, 10), reused: true), .willDisplay(path(0, 10)),
        .prefetch([path(0, 13)]),
      ])

    try table.scroll(toOffset: 440)
    table.clearEvents()
    try table.scroll(by: -44)
    #expect(
      table.events == [
        .didEndDisplaying(path(0, 19)), .cellForItem(path(0, 9)),
        .dequeue(identifier: "text", path(0, 9), reused: true), .willDisplay(path(0, 9)),
        .cancelPrefetching([path(0, 20), path(0, 21), path(0, 22)]),
        .prefetch([path(0, 8), path(0, 7), path(0, 6)]),
      ])
  }

  @Test func aPrefetchWindowInPointsCoversTheRowsWithinThatDistance() {
    let table = makeTable(ModelSource(rows: 100), prefetchWindow: .points(100))
    #expect(table.events.last == .prefetch([path(0, 10), path(0, 11), path(0, 12)]))
  }

  @Test func scrollingToAnItemPlacesItAtTheRequestedPosition() throws {
    let table = makeTable(ModelSource(rows: 1_000))
    try table.scrollToItem(at: path(0, 500), at: .top)
    #expect(table.contentOffset == 500 * 44)
    #expect(table.visibleItemPaths.first == path(0, 500))
    try table.scrollToItem(at: path(0, 100), at: .bottom)
    #expect(table.contentOffset == 101 * 44 - 440)
    #expect(table.visibleItemPaths.last == path(0, 100))
    try table.scrollToItem(at: path(0, 300), at: .middle)
    #expect(table.contentOffset == 300 * 44 + 22 - 220)
    let before = table.contentOffset
    try table.scrollToItem(at: path(0, 300), at: .none)
    #expect(table.contentOffset == before)
    try table.scrollToItem(at: path(0, 999), at: .top)
    #expect(table.contentOffset == table.maximumContentOffset)
  }

  @Test func offsetsAreClampedToTheContentAndNonFiniteOnesAreErrors() throws {
    let table = makeTable(ModelSource(rows: 20))
    try table.scroll(toOffset: -100)
    #expect(table.contentOffset == 0)
    try table.scroll(toOffset: 1e9)
    #expect(table.contentOffset == 20 * 44 - 440)
    #expect(throws: HeadlessTableViewError.invalidOffset(.infinity)) { try table.scroll(toOffset: .infinity) }
    #expect(table.lastError as? HeadlessTableViewError == .invalidOffset(.infinity))
  }

  @Test func scrollingToAMissingRowIsAnError() {
    let table = makeTable(ModelSource(rows: 20))
    let error = HeadlessTableViewError.pathOutOfRange(path(0, 20), sectionCount: 1, itemCount: 20)
    #expect(throws: error) { try table.scrollToItem(at: path(0, 20)) }
    #expect(error.description == "index path [0, 20] is out of range: section 0 has 20 rows")
    #expect(throws: HeadlessTableViewError.pathOutOfRange(path(3, 0), sectionCount: 1, itemCount: nil)) {
      try table.scrollToItem(at: path(3, 0))
    }
  }

  @Test func headersFootersAndRowHeightsShapeTheLayout() throws {
    let source = ModelSource([["a", "b"], ["c"]])
    source.headerTitles = [0: "First", 1: "Second"]
    source.footerTitles = [0: "End"]
    source.rowHeights = [path(0, 1): 100]
    let table = makeTable(source, viewportHeight: 1_000)
    // Header 28, a 44, b 100, footer 28, header 28, c 44.
    #expect(try table.frameOfItem(at: path(0, 0)) == 28..<72)
    #expect(try table.frameOfItem(at: path(0, 1)) == 72..<172)
    #expect(try table.frameOfItem(at: path(1, 0)) == 228..<272)
    #expect(table.contentHeight == 272)
    #expect(table.render() == ["== First ==", "a", "b", "-- End --", "== Second ==", "c"])
  }

  @Test func estimatedHeightsAreReplacedByRealOnesOnlyAsRowsComeIntoView() throws {
    let source = ModelSource(rows: 1_000)
    source.estimatedRowHeight = 10
    let table = HeadlessTableView(
      viewportHeight: 440, rowHeight: 44, prefetchWindow: .rows(0), logsLayoutQueries: true)
    table.register(CellRegistration(TextCell.self, reuseIdentifier: "text") { TextCell() })
    table.dataSource = source
    table.delegate = source
    defer { withExtendedLifetime(source) {} }
    #expect(table.visibleItemPaths == (0..<10).map { path(0, $0) })
    let resolved = table.events.filter { if case .heightForItem = $0 { return true } else { return false } }
      .count
    let estimated = table.events.filter {
      if case .estimatedHeightForItem = $0 { return true } else { return false }
    }
    #expect(estimated.count == 1_000)
    #expect(resolved < 60)
    #expect(table.contentHeight == Double(resolved) * 44 + Double(1_000 - resolved) * 10)
    try table.scrollToItem(at: path(0, 900))
    #expect(
      try table.frameOfItem(at: path(0, 900)).upperBound - table.frameOfItem(at: path(0, 900)).lowerBound
        == 44)
    #expect(table.visibleItemPaths.first == path(0, 900))
  }

  @Test func dequeuingAnUnregisteredIdentifierIsAnErrorWithUIKitsMessage() {
    let source = ModelSource(rows: 3)
    source.identifier = "missing"
    let table = makeTable(source)
    #expect(source.dequeueErrors.first == .unregisteredIdentifier("missing"))
    #expect(table.lastError as? ListViewError == .unregisteredIdentifier("missing"))
    #expect(
      table.events.contains(
        .violation(
          "unable to dequeue a cell with identifier missing - must register a nib or a class for the "
            + "identifier or connect a prototype cell in a storyboard")))
    #expect(table.render() == ["unregistered", "unregistered", "unregistered"])
  }

  @Test func cellsThatAreNotRenderableAreDescribed() {
    let table = HeadlessTableView(viewportHeight: 100, rowHeight: 50)
    table.register(CellRegistration(PlainCell.self) { PlainCell() })
    let source = PlainSource()
    table.dataSource = source
    #expect(table.render() == ["plain cell", "plain cell"])
    #expect(table.createdCellCount == 2)
    withExtendedLifetime(source) {}
  }

  @Test func theDataSourceIsHeldWeaklyAsInUIKit() {
    let table = HeadlessTableView()
    do {
      let source = ModelSource(rows: 3)
      table.dataSource = source
      #expect(table.numberOfSections == 1)
    }
    #expect(table.dataSource == nil)
    table.reloadData()
    #expect(table.numberOfSections == 0)
    #expect(table.render().isEmpty)
  }
}

@MainActor
final class PlainCell: CustomStringConvertible {
  nonisolated var description: String { "plain cell" }
}

@MainActor
final class PlainSource: ListDataSource {
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int { 5 }
  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    (try? listView.dequeueReusableCell(withIdentifier: "PlainCell", for: path)) ?? PlainCell()
  }
}
