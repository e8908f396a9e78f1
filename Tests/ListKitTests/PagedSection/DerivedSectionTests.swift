import ListKit
import ListKitTesting
import Testing

/// `DerivedSection`: a pinned section and a summary kept in step with a `PagedList`.
@MainActor @Suite(.timeLimit(.minutes(5))) struct DerivedSectionTests {
  struct Photo: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var isPinned: Bool
  }

  struct Summary: Identifiable, Equatable, Sendable {
    var id: String { "summary" }
    var count: Int
  }

  final class PhotoRow: ModelCellManager<Photo, TextCell> {
    override func configure(cell: TextCell) { cell.text = model.title }
  }

  final class SummaryRow: ModelCellManager<Summary, TextCell> {
    override func configure(cell: TextCell) { cell.text = "\(model.count) photos" }
  }

  /// A server of `count` photos; every photo whose id ends in 3 is pinned; `edition` is in titles.
  final class Server: Sendable {
    let count: Int
    let edition: Int
    init(count: Int, edition: Int = 0) {
      self.count = count
      self.edition = edition
    }

    func page(_ request: PageRequest) -> Page<Photo> {
      guard case .page(let index, let size) = request.position else { return Page(items: [], hasMore: false) }
      let start = index * size
      let items = (start..<min(start + size, count)).map {
        Photo(id: $0, title: edition == 0 ? "Photo \($0)" : "Photo \($0) e\(edition)", isPinned: $0 % 10 == 3)
      }
      return Page(items: items, hasMore: start + size < count)
    }
  }

  struct Screen {
    let view: HeadlessTableView
    let list: PagedList<Photo>
    let pinned: DerivedSection<Photo, Photo>
    let summary: DerivedSection<Photo, Summary>
    let table: TableManager
  }

  func makeScreen(count: Int, loader: ClosurePageLoader<Photo>) throws -> Screen {
    let list = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 10, prefetchDistance: 0),
      loader: loader)
    let pinned = DerivedSection(list: list, headerTitle: "Pinned") {
      $0.filter(\.isPinned)
    } makeRow: {
      PhotoRow($0)
    }
    let summary = DerivedSection(list: list, hidesWhenEmpty: false) {
      [Summary(count: $0.count)]
    } makeRow: {
      SummaryRow($0)
    }
    let table = TableManager(sections: [pinned, summary])
    return Screen(
      view: HeadlessTableView(viewportHeight: 5000), list: list, pinned: pinned, summary: summary,
      table: table)
  }

  @Test func pinnedRowsFollowEveryPage_asBatchInserts() async throws {
    let server = Server(count: 25)
    let screen = try makeScreen(count: 25, loader: ClosurePageLoader { server.page($0) })
    screen.table.attach(to: screen.view)
    #expect(screen.view.render() == ["0 photos"])

    await screen.list.refresh()?.value
    screen.table.update()
    #expect(screen.view.render() == ["== Pinned ==", "Photo 3", "10 photos"])

    screen.view.clearEvents()
    await screen.list.loadNextPage()?.value
    screen.table.update()
    await screen.list.loadNextPage()?.value
    screen.table.update()

    #expect(screen.view.render() == ["== Pinned ==", "Photo 3", "Photo 13", "Photo 23", "25 photos"])
    #expect(screen.pinned.models.map(\.id) == [3, 13, 23])
    #expect(!screen.view.events.contains(.reloadData))
    let inserts = screen.view.events.flatMap { event -> [ItemPath] in
      if case .batchUpdate(let update) = event { update.itemInserts } else { [] }
    }
    #expect(inserts == [ItemPath(item: 1, section: 0), ItemPath(item: 2, section: 0)])
    #expect(screen.view.violations.isEmpty)
  }

  @Test func aSectionWithNoModels_isHiddenUntilAPageBringsSome() async throws {
    let server = Server(count: 25)
    let screen = try makeScreen(count: 25, loader: ClosurePageLoader { server.page($0) })
    screen.table.attach(to: screen.view)
    #expect(!screen.pinned.isShown)
    await screen.list.refresh()?.value
    screen.table.update()
    #expect(screen.pinned.isShown)
    #expect(screen.view.numberOfSections == 2)
  }

  @Test func unchangedModelsKeepTheirRows_andAChangedOneIsReloadedInPlace() async throws {
    let edition = Locked(0)
    let screen = try makeScreen(
      count: 20,
      loader: ClosurePageLoader { request in Server(count: 20, edition: edition.withLock { $0 }).page(request)
      })
    screen.table.attach(to: screen.view)
    await screen.list.refresh()?.value
    screen.table.update()
    let summaryRow = screen.summary.cells[0]
    let pinnedRow = screen.pinned.cells[0]

    await screen.list.refresh()?.value
    screen.table.update()
    #expect(screen.summary.cells[0] === summaryRow)
    #expect(screen.pinned.cells[0] === pinnedRow)

    screen.view.clearEvents()
    edition.withLock { $0 = 1 }
    await screen.list.refresh()?.value
    screen.table.update()
    let updates = screen.view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update) = event { update } else { nil }
    }
    #expect(updates.map(\.itemReloads) == [[ItemPath(item: 0, section: 0)]])
    #expect(updates.allSatisfy { $0.itemInserts.isEmpty && $0.itemDeletes.isEmpty })
    #expect(screen.view.render() == ["== Pinned ==", "Photo 3 e1", "10 photos"])
  }

  @Test func rederive_showsAChangeOfWhatDeriveReadsBesideTheItems() async throws {
    var pinnedIDs: Set<Int> = [2]
    let list = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 10),
      loader: ClosurePageLoader { Server(count: 5).page($0) })
    let pinned = DerivedSection(list: list) { items in
      items.filter { pinnedIDs.contains($0.id) }
    } makeRow: {
      PhotoRow($0)
    }
    let view = HeadlessTableView()
    let table = TableManager(listView: view, sections: [pinned])
    await list.refresh()?.value
    table.update()
    #expect(view.render() == ["Photo 2"])

    pinnedIDs = [1, 4]
    pinned.rederive()
    table.update()
    #expect(view.render() == ["Photo 1", "Photo 4"])
    #expect(view.violations.isEmpty)
  }

  @Test func theSameModelInADerivedAndThePagedSection_isShownInBoth() async throws {
    let list = PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 10),
      loader: ClosurePageLoader { Server(count: 5).page($0) })
    let view = HeadlessTableView(viewportHeight: 2000)
    var diagnostics: [ListDiagnostic] = []
    let table = TableManager(listView: view)
    table.diagnosticHandler = { diagnostics.append($0) }
    table.sections = [
      DerivedSection(list: list, headerTitle: "Pinned") {
        $0.filter(\.isPinned)
      } makeRow: {
        PhotoRow($0)
      },
      PagedSection(list: list) { PhotoRow($0) },
    ]
    await list.refresh()?.value
    table.update()
    #expect(view.render().prefix(2) == ["== Pinned ==", "Photo 3"])
    #expect(view.numberOfItems(inSection: 1) == 6)
    #expect(diagnostics.isEmpty)
  }
}
