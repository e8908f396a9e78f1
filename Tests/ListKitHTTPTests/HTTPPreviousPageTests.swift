import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// HTTPPageLoader asking for the page before the loaded ones in every style it supports, driven
/// by PagedList lists opened in the middle, against the loopback server.
@MainActor @Suite struct HTTPPreviousPageTests {
  struct Setup: Sendable, CustomTestStringConvertible {
    var endpoint: FixtureEndpoint
    /// Where the list opens; the server's URL is substituted for `{base}`.
    var anchor: PagingAnchor<Int>
    var testDescription: String { endpoint.name }
  }

  /// The DRF cursor fixture's opaque cursor of the page starting at `offset`.
  nonisolated static func drfCursor(_ offset: Int) -> String {
    Data("o=\(offset)".utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
  }

  nonisolated static let setups: [Setup] = [
    Setup(
      endpoint: FixtureEndpoint(
        name: "DRF page number, page − 1", path: "/drf/page", style: .envelope(),
        paging: .pageIndex(firstIndex: 1)),
      anchor: .pageIndex(4)),
    Setup(
      endpoint: FixtureEndpoint(
        name: "DRF page number, page − 1, no previous key", path: "/drf/page",
        style: .keyPath("results", next: "next", count: "count"), paging: .pageIndex(firstIndex: 1)),
      anchor: .pageIndex(4)),
    Setup(
      endpoint: FixtureEndpoint(
        name: "DRF limit-offset, offset − limit", path: "/drf/offset", style: .envelope(), paging: .offset),
      anchor: .offset(130)),
    Setup(
      endpoint: FixtureEndpoint(
        name: "DRF cursor, previous URLs", path: "/drf/cursor", style: .envelope(count: nil), paging: .cursor),
      anchor: .cursor("{base}/drf/cursor?page_size=60&cursor=\(drfCursor(120))")),
    Setup(
      endpoint: FixtureEndpoint(
        name: "DRF page number, previous URLs", path: "/drf/page", style: .envelope(), paging: .cursor),
      anchor: .cursor("{base}/drf/page?page=3&page_size=60")),
    Setup(
      endpoint: FixtureEndpoint(
        name: "Link header, rel=prev", path: "/link", style: .linkHeader(), paging: .cursor,
        parameters: try! HTTPPagingParameters(pageSize: "per_page", cursorLimit: "per_page")),
      anchor: .cursor("{base}/link?page=4&per_page=60")),
    Setup(
      endpoint: FixtureEndpoint(
        name: "before cursors, newest page first", path: "/chat",
        style: .keyPath("messages", next: "newer", previous: "older"), paging: .cursor,
        parameters: try! HTTPPagingParameters(cursor: "after", cursorLimit: "limit")),
      anchor: .top),
    Setup(
      endpoint: FixtureEndpoint(
        name: "before cursors, opened at an item", path: "/chat",
        style: .keyPath("messages", next: "newer", previous: "older"), paging: .cursor,
        parameters: try! HTTPPagingParameters(cursor: "after", cursorLimit: "limit")),
      anchor: .item(id: 130)),
  ]

  @Test(arguments: setups)
  func aListOpenedInTheMiddleLoadsThePreviousPagesUpToTheTopWithoutGapsOrDuplicates(_ setup: Setup)
    async throws
  {
    try await withServer { server in
      let base = server.url("/").absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
      let anchor: PagingAnchor<Int> =
        if case .cursor(let cursor) = setup.anchor {
          .cursor(cursor.replacingOccurrences(of: "{base}", with: base))
        } else {
          setup.anchor
        }
      let list = PagedList(
        listName: "http", configuration: try PagingConfiguration(style: setup.endpoint.paging, pageSize: 60),
        loader: setup.endpoint.loader(on: server))
      await list.start(at: anchor)?.value
      #expect(list.loadStates.refresh == .idle)
      let first = try #require(list.items.first?.id)
      #expect(first > 0, "the list did not open in the middle")
      #expect(list.hasPrevious)
      var pages = 0
      while let task = list.loadPreviousPage(), pages < 10 {
        await task.value
        pages += 1
      }
      #expect(list.loadStates.previous == .reachedEnd)
      #expect(list.items.first?.id == 0)
      // Then down to the end: one contiguous list.
      while let task = list.loadNextPage(), pages < 20 {
        await task.value
        pages += 1
      }
      #expect(list.items.map(\.id) == Array(0..<250))
      #expect(list.loadStates.next == .reachedEnd)
    }
  }

  struct Echo: Decodable, Sendable {
    var path: String
    var query: [String: [String]]
  }

  /// What the server saw for `position`.
  nonisolated func echo(_ server: FixturePageServer, _ position: PageRequest.Position) async throws -> Echo {
    let loader = HTTPPageLoader<Echo>(
      baseURL: server.url("/echo"),
      style: .custom { response in
        Page(items: [try JSONDecoder().decode(Echo.self, from: response.body)], hasMore: false)
      },
      parameters: try HTTPPagingParameters(cursorLimit: "limit"))
    let page = try await loader.loadPage(
      PageRequest(position: position, direction: .previousPage))
    return try #require(page.items.first)
  }

  @Test func aBeforeCursorIsSentInItsParameterAndAPreviousURLIsRequestedAsItIs() async throws {
    try await withServer { server in
      let opaque = try await echo(server, .cursorBefore("m40", limit: 20))
      #expect(opaque.query == ["before": ["m40"], "limit": ["20"]])
      let link = try await echo(
        server, .cursorBefore(server.url("/echo?page=2&x=y").absoluteString, limit: 20))
      #expect(link.query == ["page": ["2"], "x": ["y"]])
      let item = try await echo(server, .item("57", limit: 20))
      #expect(item.query == ["around": ["57"], "limit": ["20"]])
    }
  }

  @Test func aPreviousURLOnAnotherOriginIsRefused() async throws {
    try await withServer { server in
      let refused = await #expect(throws: HTTPPageLoaderError.self) {
        _ = try await echo(server, .cursorBefore("https://elsewhere.example/steal?page=1", limit: 20))
      }
      #expect(refused.map { "\($0)" }?.contains("origin") == true)
    }
  }
}
