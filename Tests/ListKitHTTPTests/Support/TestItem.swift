import ListKitHTTP
import Testing

/// The fixture server's item: `{"id": i, "name": "item i"}`.
struct TestItem: Decodable, Sendable, Hashable, Identifiable {
  var id: Int
  var name: String
}

/// What a test learned from paging through a list to its end.
struct LoadedList {
  var items: [TestItem] = []
  var pages: [Page<TestItem>] = []
}

/// Pages through a list the way a paged list does, starting at `first`, for at most `maxPages`
/// pages: the next position comes from the previous page (index + 1, offset + count, or the
/// next cursor), and paging ends at a page without more or an empty page.
func loadAll(
  _ loader: HTTPPageLoader<TestItem>, from first: PageRequest.Position,
  context: RequestContext = RequestContext(), maxPages: Int = 40
) async throws -> LoadedList {
  var list = LoadedList()
  var position = first
  for pageNumber in 0..<maxPages {
    let page = try await loader.loadPage(
      PageRequest(position: position, context: context, direction: pageNumber == 0 ? .refresh : .nextPage))
    list.pages.append(page)
    list.items += page.items
    guard page.hasMore, !page.items.isEmpty else { return list }
    switch position {
    case .page(let index, let size): position = .page(index: index + 1, size: size)
    case .offset(let offset, let limit): position = .offset(offset + page.items.count, limit: limit)
    case .cursor(_, let limit), .cursorBefore(_, let limit), .item(_, let limit):
      position = .cursor(page.nextCursor, limit: limit)
    }
  }
  Issue.record("paging did not end within \(maxPages) pages")
  return list
}
