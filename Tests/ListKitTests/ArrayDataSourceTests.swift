import ListKit
import ListKitTesting
import Testing

@MainActor @Suite struct ArrayDataSourceTests {
  /// A data source of photos in `TextCell`s; registered with the view unless `register` is `false`.
  func makePhotos(
    _ photos: [Photo], view: HeadlessTableView, identifier: String = "PhotoCell", register: Bool = true,
    diagnostics: ListDiagnosticHandler? = nil
  ) -> ArrayDataSource<Photo, TextCell> {
    let dataSource = ArrayDataSource(items: photos, cellIdentifier: identifier) {
      (cell: TextCell, photo: Photo) in
      cell.text = photo.title
    }
    if let diagnostics { dataSource.diagnosticHandler = diagnostics }
    if register { view.register(CellRegistration(TextCell.self, reuseIdentifier: identifier)) }
    dataSource.attach(to: view)
    return dataSource
  }

  static let photos = [
    Photo(id: 1, title: "Beach"), Photo(id: 2, title: "Forest"), Photo(id: 3, title: "City"),
  ]

  @Test func answersCountsAndConfiguredCellsFromTheItems() {
    let view = HeadlessTableView()
    let dataSource = makePhotos(Self.photos, view: view)
    #expect(view.render() == ["Beach", "Forest", "City"])
    #expect(view.numberOfItems(inSection: 0) == 3)
    #expect(dataSource.item(at: ItemPath(item: 1, section: 0)) == Self.photos[1])
  }

  @Test func itemAtAnOutOfRangePath_isNilWithADiagnostic() {
    let view = HeadlessTableView()
    let dataSource = makePhotos(Self.photos, view: view)
    var diagnostics: [ListDiagnostic] = []
    dataSource.diagnosticHandler = { diagnostics.append($0) }
    #expect(dataSource.item(at: ItemPath(item: 3, section: 0)) == nil)
    #expect(dataSource.item(at: ItemPath(item: 0, section: 2)) == nil)
    #expect(
      diagnostics.map(\.kind) == [
        .itemOutOfRange(ItemPath(item: 3, section: 0), itemCount: 3),
        .sectionOutOfRange(section: 2, sectionCount: 1),
      ])
    #expect(diagnostics[0].description == "item(at:): item 3 is out of range in section 0 (it shows 3 items)")
  }

  @Test func aCellOfTheWrongClass_isReportedAndNotConfigured() {
    final class OtherCell: ListCell {
      init() {}
    }
    let view = HeadlessTableView()
    var diagnostics: [ListDiagnostic] = []
    view.register(CellRegistration(OtherCell.self, reuseIdentifier: "PhotoCell"))
    _ = makePhotos(Self.photos, view: view, register: false) { diagnostics.append($0) }
    _ = view.render()
    #expect(diagnostics.count == 3)
    #expect(
      diagnostics.first?.kind
        == .wrongCellType(identifier: "PhotoCell", expected: "TextCell", found: "OtherCell"))
  }

  @Test func anUnregisteredIdentifier_givesAPlaceholderCellAndADiagnostic() {
    let view = HeadlessTableView()
    var diagnostics: [ListDiagnostic] = []
    _ = makePhotos(Self.photos, view: view, identifier: "Missing", register: false) { diagnostics.append($0) }
    _ = view.render()
    #expect(view.cellForItem(at: ItemPath(item: 0, section: 0)) is PlaceholderCell)
    #expect(diagnostics.first?.kind == .unregisteredIdentifier("Missing"))
  }

  @Test func replacingItems_animatesThroughListDiff() {
    let view = HeadlessTableView()
    let dataSource = makePhotos(Self.photos, view: view)
    _ = view.render()
    view.clearEvents()
    dataSource.setItems([
      Photo(id: 3, title: "City"), Photo(id: 1, title: "Beach at night"), Photo(id: 4, title: "Lake"),
    ])
    let updates = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(!view.events.contains(.reloadData))
    #expect(!updates.isEmpty)
    #expect(view.violations.isEmpty)
    #expect(view.render() == ["City", "Beach at night", "Lake"])
  }

  @Test func duplicateIDs_areLeftOutAndReported() {
    let view = HeadlessTableView()
    let dataSource = makePhotos(Self.photos, view: view)
    var diagnostics: [ListDiagnostic] = []
    dataSource.diagnosticHandler = { diagnostics.append($0) }
    dataSource.setItems([Photo(id: 1, title: "A"), Photo(id: 1, title: "B"), Photo(id: 2, title: "C")])
    #expect(view.render() == ["A", "C"])
    #expect(dataSource.items.map(\.id) == [1, 2])
    #expect(diagnostics.count == 1)
  }

  @Test func pastTheThreshold_theViewReloadsInstead() {
    let view = HeadlessTableView()
    let dataSource = makePhotos(Self.photos, view: view)
    dataSource.reloadThreshold = 2
    _ = view.render()
    view.clearEvents()
    dataSource.setItems((10..<20).map { Photo(id: $0, title: "P\($0)") })
    #expect(view.events.contains(.reloadData))
    #expect(view.render().first == "P10")
  }

  @Test func itemsWithoutIdentity_reloadOnReplace() {
    let view = HeadlessTableView()
    let dataSource = ArrayDataSource(sections: [["a", "b"], ["c"]], cellIdentifier: "PhotoCell") {
      (cell: TextCell, text: String) in cell.text = text
    }
    view.register(CellRegistration(TextCell.self, reuseIdentifier: "PhotoCell"))
    dataSource.attach(to: view)
    #expect(view.render() == ["a", "b", "c"])
    view.clearEvents()
    dataSource.replaceSections([["x"]])
    #expect(view.events.contains(.reloadData))
    #expect(view.render() == ["x"])
  }
}
