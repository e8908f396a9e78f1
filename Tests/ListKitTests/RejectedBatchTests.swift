import ListKit
import ListKitTesting
import Testing

/// A view that refuses batch updates while asked to, and otherwise is a `HeadlessTableView`.
@MainActor final class RefusingListView: ListView {
  let inner = HeadlessTableView()
  var refusesBatches = false
  private(set) var reloads = 0

  var dataSource: (any ListDataSource)? {
    get { inner.dataSource }
    set { inner.dataSource = newValue }
  }
  var delegate: (any ListDelegate)? {
    get { inner.delegate }
    set { inner.delegate = newValue }
  }
  func register(_ registration: CellRegistration) { inner.register(registration) }
  func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
    -> AnyObject
  {
    try inner.dequeueReusableCell(withIdentifier: identifier, for: path)
  }
  func reloadData() {
    reloads += 1
    inner.reloadData()
  }
  func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
    if refusesBatches { throw .negativeNumberOfRows(section: 0, count: -1) }
    try inner.performBatchUpdates(update)
  }
  var visibleItemPaths: [ItemPath] { inner.visibleItemPaths }
  func scroll(toItemAt path: ItemPath) { inner.scroll(toItemAt: path) }
}

/// When the view refuses a batch, the table reports it, reloads instead, and the next update diffs
/// against what the view now shows.
@MainActor @Suite struct RejectedBatchTests {
  @Test func aRefusedBatch_isReportedAndReloaded_andTheNextUpdateAnimatesFromTheReloadedState() {
    let items = [
      OrderItem(id: 1, name: "Tea", price: 4), OrderItem(id: 2, name: "Cake", price: 6),
    ]
    let section = SectionManager(cells: items.map(ItemRow.init))
    let table = TableManager(sections: [section])
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    let view = RefusingListView()
    table.attach(to: view)
    let reloadsAfterAttach = view.reloads

    view.refusesBatches = true
    section.cells.append(ItemRow(OrderItem(id: 3, name: "Jam", price: 5)))
    table.update()
    #expect(
      diagnostics.map(\.kind) == [
        .batchUpdateRejected(.negativeNumberOfRows(section: 0, count: -1))
      ])
    #expect(view.reloads == reloadsAfterAttach + 1)
    #expect(view.inner.render() == ["Tea $4", "Cake $6", "Jam $5"])

    view.refusesBatches = false
    view.inner.clearEvents()
    section.cells.remove(at: 0)
    table.update()
    #expect(view.reloads == reloadsAfterAttach + 1, "accepted this time: no reload")
    let batches = view.inner.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(batches == [BatchUpdate(itemDeletes: [ItemPath(item: 0, section: 0)])])
    #expect(view.inner.render() == ["Cake $6", "Jam $5"])
    #expect(view.inner.violations.isEmpty)
    #expect(diagnostics.count == 1)
  }

  @Test func anArrayDataSourcesRefusedBatch_isReportedTypedAndReloaded() {
    let view = RefusingListView()
    view.register(CellRegistration(TextCell.self, reuseIdentifier: "Text"))
    let dataSource = ArrayDataSource(items: [OrderItem(id: 1, name: "Tea", price: 4)], cellIdentifier: "Text")
    {
      (cell: TextCell, item: OrderItem) in cell.text = item.name
    }
    var diagnostics: [ListDiagnostic] = []
    dataSource.diagnosticHandler = { diagnostics.append($0) }
    dataSource.attach(to: view)
    let reloadsAfterAttach = view.reloads
    view.refusesBatches = true
    dataSource.setItems([OrderItem(id: 1, name: "Tea", price: 4), OrderItem(id: 2, name: "Jam", price: 5)])
    #expect(diagnostics.map(\.kind) == [.batchUpdateRejected(.negativeNumberOfRows(section: 0, count: -1))])
    #expect(view.reloads == reloadsAfterAttach + 1)
    #expect(view.inner.render() == ["Tea", "Jam"])
  }

  /// A page's batch, sent without a diff, that the view refuses: the reload shows each row once.
  @Test func aRefusedBatchOfKnownRows_isReloadedWithEachRowOnce() async {
    let list = KnownRowsShortcutTests.feed()
    let section = PagedSection(list: list) { PagedSectionPrependTests.MessageRow($0) }
    section.showsStatusRow = false
    let table = TableManager(sections: [section])
    let view = RefusingListView()
    table.attach(to: view)
    await list.start()?.value
    await list.idle()
    table.update()
    let diffed = table.diffedUpdateCount
    view.refusesBatches = true
    _ = list.loadNextPage()
    await list.idle()
    table.update()
    #expect(table.diffedUpdateCount == diffed, "the page was a known edit")
    #expect(view.inner.numberOfItems(inSection: 0) == list.items.count)
    #expect(section.displayedCells.count == list.items.count)
    #expect(view.inner.violations.isEmpty)
  }
}
