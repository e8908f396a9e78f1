import ListKit
import ListKitTesting
import Testing

/// A cell the view refuses to dequeue is reported for the cause the view gave (a path out of
/// range, an unregistered identifier), by a row and by an array data source alike.
@MainActor @Suite struct DequeueFailureTests {
  /// A view that refuses every dequeue with one error.
  final class RefusingView: ListView {
    var dataSource: (any ListDataSource)?
    var delegate: (any ListDelegate)?
    let error: ListViewError
    init(_ error: ListViewError) { self.error = error }
    func register(_ registration: CellRegistration) {}
    func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
      -> AnyObject
    { throw error }
    func reloadData() {}
    func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {}
    var visibleItemPaths: [ItemPath] { [] }
  }

  nonisolated static let path = ItemPath(item: 0, section: 0)

  nonisolated static let causes: [(ListViewError, ListDiagnostic.Kind)] = [
    (.unregisteredIdentifier("PhotoCell"), .unregisteredIdentifier("PhotoCell")),
    (.pathOutOfRange(path, sectionCount: 1, itemCount: 0), .itemOutOfRange(path, itemCount: 0)),
    (.pathOutOfRange(path, sectionCount: 0, itemCount: nil), .sectionOutOfRange(section: 0, sectionCount: 0)),
  ]

  @Test(arguments: causes)
  func aRowReportsTheViewsReason(error: ListViewError, expected: ListDiagnostic.Kind) {
    let view = RefusingView(error)
    let table = TableManager(
      listView: view, sections: [SectionManager(cells: [PhotoRow(Photo(id: 1, title: "One"))])])
    var kinds: [ListDiagnostic.Kind] = []
    table.diagnosticHandler = { kinds.append($0.kind) }
    #expect(table.listView(view, cellForItemAt: Self.path) is PlaceholderCell)
    #expect(kinds == [expected])
  }

  @Test(arguments: causes)
  func anArrayDataSourceReportsTheViewsReason(error: ListViewError, expected: ListDiagnostic.Kind) {
    let view = RefusingView(error)
    let source = ArrayDataSource<Photo, TextCell>(
      items: [Photo(id: 1, title: "One")], cellIdentifier: "PhotoCell"
    ) {
      cell, photo in cell.text = photo.title
    }
    var kinds: [ListDiagnostic.Kind] = []
    source.diagnosticHandler = { kinds.append($0.kind) }
    #expect(source.listView(view, cellForItemAt: Self.path) is PlaceholderCell)
    #expect(kinds == [expected])
  }
}
