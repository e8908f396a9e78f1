import ListKit
import ListKitTesting
import Testing

/// Loads ten more rows, synchronously, when the third row from the end is about to appear: the paging
/// pattern with a loader that answers at once.
@MainActor
final class LoadMoreSource: ListDataSource, ListDelegate {
  var rows = (0..<10).map { "Row \($0)" }
  var pages = 0

  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int { rows.count }

  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    let cell =
      (try? listView.dequeueReusableCell(withIdentifier: "text", for: path)) as? TextCell ?? TextCell()
    cell.renderedText = rows[path.item]
    return cell
  }

  func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    guard path.item == rows.count - 3, pages < 5 else { return }
    pages += 1
    let start = rows.count
    rows += (start..<start + 10).map { "Row \($0)" }
    try? listView.performBatchUpdates(
      BatchUpdate(itemInserts: (start..<start + 10).map { ItemPath(item: $0, section: 0) }))
  }
}

@MainActor
@Suite struct HeadlessTableViewReentrancyTests {
  @Test func aBatchUpdateFromInsideWillDisplayLeavesTheTableConsistent() throws {
    let source = LoadMoreSource()
    let table = HeadlessTableView(viewportHeight: 440, rowHeight: 44, prefetchWindow: .rows(2))
    table.register(CellRegistration(TextCell.self, reuseIdentifier: "text") { TextCell() })
    table.dataSource = source
    table.delegate = source
    while table.contentOffset < table.maximumContentOffset { try table.scroll(by: 100) }
    #expect(source.pages == 5)
    #expect(table.numberOfItems(inSection: 0) == 60)
    #expect(table.render() == (50..<60).map { "Row \($0)" })
    #expect(table.violations.isEmpty)
    var onScreen: Set<ItemPath> = []
    for event in table.events {
      if case .willDisplay(let path) = event { #expect(onScreen.insert(path).inserted, "\(path) twice") }
      if case .didEndDisplaying(let path) = event {
        #expect(onScreen.remove(path) != nil, "\(path) not shown")
      }
    }
    #expect(onScreen == Set(table.visibleItemPaths))
    withExtendedLifetime(source) {}
  }
}

/// Scrolls the table from inside `willDisplay`, once.
@MainActor
final class ScrollingDelegate: ListDelegate {
  weak var table: HeadlessTableView?
  var fired = false

  func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    guard path.item == 5, !fired else { return }
    fired = true
    try? table?.scroll(by: 88)
  }
}

extension HeadlessTableViewReentrancyTests {
  @Test func aScrollFromInsideWillDisplayStillGivesEveryVisibleRowACell() throws {
    let source = ModelSource(rows: 40)
    let scroller = ScrollingDelegate()
    let table = makeTable(source)
    scroller.table = table
    table.delegate = scroller
    table.reloadData()
    #expect(scroller.fired)
    #expect(table.contentOffset == 88)
    #expect(table.render() == (2..<12).map { "Row \($0)" })
    withExtendedLifetime(scroller) {}
  }
}
