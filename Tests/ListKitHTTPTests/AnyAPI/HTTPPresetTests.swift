import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// The named shapes in one or two lines each, and `hasMore` from totals: the last page makes no
/// extra, empty request (the fixture server counts them).
@MainActor @Suite struct HTTPPresetTests {
  struct ArticleAttributes: Decodable, Sendable {
    var title: String
    var published: Date
  }

  struct Article: Identifiable, Sendable, Equatable {
    var id: String
    var title: String
    var published: Date
  }

  @Test func aJSONAPIListMapsAttributes() async throws {
    try await withServer { server in
      // Accept: application/vnd.api+json (406 without) and page[number]/page[size] (400 for
      // page/page_size) come from the preset.
      let loader = HTTPPageLoader<Article>(
        baseURL: server.url("/jsonapi/articles?total=997&key=jsonapi"),
        style: .jsonAPI { (resource: JSONAPIResource<ArticleAttributes>) in
          Article(id: resource.id, title: resource.attributes.title, published: resource.attributes.published)
        })
      let list = PagedList(
        listName: "articles",
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 40), loader: loader
      )
      await loadToTheEnd(list)
      #expect(list.loadStates.refresh == .idle)
      #expect(list.items.map(\.id) == (0..<997).map(String.init))
      #expect(list.items[3].title == "article 3")
      // "2026-05-04", a date without a time, is midnight UTC.
      #expect(list.items[3].published == Date(timeIntervalSince1970: 1_777_593_600 + 3 * 86_400))
      #expect(list.totalCount == 997)
      #expect(try await requestCount(on: server, key: "jsonapi") == 25)
    }
  }

  struct TotalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var style: HTTPResponseStyle<TestItem>
    var paging: PagingStyle
    var testDescription: String { name }
  }

  nonisolated static let totalCases: [TotalCase] = [
    TotalCase(
      name: "fastapi-pagination Page: page < pages", path: "/fastapi/page", style: .fastAPIPagination,
      paging: .pageIndex(firstIndex: 1)),
    TotalCase(
      name: "fastapi-pagination LimitOffsetPage: offset + count < total", path: "/fastapi/offset",
      style: .fastAPIPagination, paging: .offset),
    TotalCase(
      name: "bare array, total in an X-Total header", path: "/totals/array",
      style: .array.totalCount(fromHeader: "X-Total"), paging: .offset),
  ]

  @Test(arguments: totalCases, [960, 997])
  func aTotalEndsPagingWithoutAnEmptyRequest(_ example: TotalCase, total: Int) async throws {
    try await withServer { server in
      let key = "totals\(total)"
      let list = PagedList(
        listName: "totals", configuration: try PagingConfiguration(style: example.paging, pageSize: 40),
        loader: HTTPPageLoader<TestItem>(
          baseURL: server.url("\(example.path)?total=\(total)&key=\(key)"), style: example.style))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<total))
      #expect(list.totalCount == total)
      #expect(list.loadStates.next == .reachedEnd)
      // 960 = 24 full pages: a full last page used to cost a 25th, empty request.
      #expect(try await requestCount(on: server, key: key) == (total + 39) / 40)
    }
  }

  /// On the last page the `last` link gives the total; a single page is both the first and the
  /// last, so its count is the total.
  @Test func theLastLinkGivesTheTotalOnTheLastPage() async throws {
    try await withServer { server in
      @MainActor func list(total: Int) throws -> PagedList<TestItem> {
        PagedList(
          listName: "link",
          configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 40),
          loader: HTTPPageLoader<TestItem>(
            baseURL: server.url("/link?total=\(total)"), style: .linkHeader(),
            parameters: try HTTPPagingParameters(pageSize: "per_page")))
      }
      let long = try list(total: 997)
      await long.refresh()?.value
      #expect(long.totalCount == nil)  // page 1 of 25: the last link only bounds the total
      await loadToTheEnd(long)
      #expect(long.items.count == 997)
      #expect(long.totalCount == 997)
      let single = try list(total: 25)
      await single.refresh()?.value
      #expect(single.items.count == 25)
      #expect(single.totalCount == 25)
    }
  }

  /// The links are read with the loader's own parameter names: a server that calls its page `p`
  /// gives the total on its last page too.
  @Test func theLastLinkIsReadWithTheLoadersParameterNames() async throws {
    try await withServer { server in
      let list = PagedList(
        listName: "link",
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 40),
        loader: HTTPPageLoader<TestItem>(
          baseURL: server.url("/link?total=97&page_name=p"), style: .linkHeader(),
          parameters: try HTTPPagingParameters(page: "p", pageSize: "per_page")))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<97))
      #expect(list.totalCount == 97)
    }
  }

  @Test func theLastLinkByOffsetGivesTheTotalOnTheLastPage() async throws {
    try await withServer { server in
      let list = PagedList(
        listName: "link", configuration: try PagingConfiguration(style: .offset, pageSize: 40),
        loader: HTTPPageLoader<TestItem>(baseURL: server.url("/link?total=997"), style: .linkHeader()))
      await list.refresh()?.value
      #expect(list.totalCount == nil)  // offset 0 of 960: the last link only bounds the total
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<997))
      #expect(list.totalCount == 997)
    }
  }
}
