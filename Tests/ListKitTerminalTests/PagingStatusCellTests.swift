import ListKit
import ListKitTerminal
import Testing

/// An item for a paged list.
struct Numbered: Identifiable, Hashable, Sendable {
  var id: Int
}

/// A row showing a number as text.
final class NumberedRow: ModelCellManager<Numbered, NumberCell> {
  override func configure(cell: NumberCell) { cell.number = model.id }
}

/// A cell drawing a number.
final class NumberCell: TerminalCell, ListCell {
  var number = 0
  init() {}
  func render(width: Int) -> [String] { ["#\(number)"] }
}

struct PagingFailure: Error {}

@MainActor
@Suite struct PagingStatusCellTests {
  func render(_ loader: ClosurePageLoader<Numbered>, pages: Int) async throws -> [String] {
    let view = TerminalListView(width: 60, height: 20)
    let list = PagedList(
      listName: "numbers", configuration: try PagingConfiguration(pageSize: 2), loader: loader)
    let section = PagedSection(list: list) { NumberedRow($0) }
    section.statusTexts = PagingStatusTexts(failed: { "\($0) (r retries)" })
    let table = TableManager(listView: view, sections: [section])
    await list.refresh()?.value
    for _ in 1..<pages { await list.loadNextPage()?.value }
    table.update()
    return view.render().lines.map(\.text).filter { !$0.isEmpty }
  }

  @Test func thePagedSectionsStatusRowDrawsItsText() async throws {
    let two = ClosurePageLoader<Numbered> { request in
      Page(
        items: [
          Numbered(id: (request.direction == .refresh) ? 1 : 3),
          Numbered(id: (request.direction == .refresh) ? 2 : 4),
        ],
        hasMore: request.direction == .refresh)
    }
    #expect(try await render(two, pages: 2) == ["#1", "#2", "#3", "#4", "No more data"])
    let empty = ClosurePageLoader<Numbered> { _ in Page(items: [], hasMore: false) }
    #expect(try await render(empty, pages: 1) == ["Nothing here yet"])
    let failing = ClosurePageLoader<Numbered> { _ in throw PagingFailure() }
    let failed = try await render(failing, pages: 1)
    #expect(failed == ["The list could not be loaded. (r retries)"], "\(failed)")
  }
}
