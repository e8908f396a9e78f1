import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

/// HTTPPageLoader driven by PagedList, the way an app uses it, against the loopback server.
@MainActor @Suite struct HTTPPagedListTests {
  nonisolated static let endpoints: [FixtureEndpoint] = [
    FixtureEndpoint(
      name: "bare array, page numbers", path: "/array", style: .array, paging: .pageIndex(firstIndex: 1)),
    FixtureEndpoint(name: "bare array, offset", path: "/array", style: .array, paging: .offset),
    FixtureEndpoint(
      name: "DRF page number", path: "/drf/page", style: .envelope(), paging: .pageIndex(firstIndex: 1)),
    FixtureEndpoint(
      name: "DRF page number, next URLs", path: "/drf/page", style: .envelope(), paging: .cursor),
    FixtureEndpoint(name: "DRF limit-offset", path: "/drf/offset", style: .envelope(), paging: .offset),
    FixtureEndpoint(name: "DRF cursor", path: "/drf/cursor", style: .envelope(count: nil), paging: .cursor),
    FixtureEndpoint(
      name: "Link header", path: "/link", style: .linkHeader(), paging: .cursor,
      parameters: try! HTTPPagingParameters(pageSize: "per_page", cursorLimit: "per_page")),
    FixtureEndpoint(
      name: "Link header, page numbers", path: "/link", style: .linkHeader(),
      paging: .pageIndex(firstIndex: 1), parameters: try! HTTPPagingParameters(pageSize: "per_page")),
    FixtureEndpoint(
      name: "nested key path", path: "/nested", style: .keyPath("data.list.items", hasMore: "meta.more"),
      paging: .pageIndex(firstIndex: 1)),
    FixtureEndpoint(
      name: "custom closure", path: "/custom",
      style: .fixtureCustomPayload,
      paging: .cursor, parameters: try! HTTPPagingParameters(cursor: "after", cursorLimit: "limit")),
  ]

  /// Page numbers from 1, as the fixture server (and Django REST framework) counts them.
  static var pagesFromOne: PagingConfiguration {
    get throws { try PagingConfiguration(style: .pageIndex(firstIndex: 1)) }
  }

  /// Refreshes, then loads next pages until the end, at most `maxPages` times.
  func loadToTheEnd(_ list: PagedList<TestItem>, maxPages: Int = 20) async {
    await list.refresh()?.value
    for _ in 0..<maxPages {
      guard let task = list.loadNextPage() else { return }
      await task.value
    }
    Issue.record("the list did not reach its end within \(maxPages) pages")
  }

  @Test(arguments: endpoints)
  func everyStyleLoadsTheWholeListThroughPagedList(_ endpoint: FixtureEndpoint) async throws {
    try await withServer { server in
      let list = PagedList(
        listName: "http", configuration: try PagingConfiguration(style: endpoint.paging, pageSize: 60),
        loader: endpoint.loader(on: server))
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<250))
      #expect(list.loadStates.refresh == .idle)
      #expect(list.loadStates.next == .reachedEnd)
      #expect(!list.isBlank)
    }
  }

  @Test func aDjangoPageNumberAPIFromOne_deliversAThousandRowsNoneSkipped() async throws {
    try await withServer { server in
      let log = Locked<[String]>([])
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/drf/page?total=1000"), style: .envelope(),
        log: { line in log.withLock { $0.append(line) } })
      let list = PagedList(
        listName: "http",
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 100),
        loader: loader)
      await loadToTheEnd(list)
      #expect(list.items.map(\.id) == Array(0..<1_000))
      let pagesAsked = log.withLock { lines in
        lines.compactMap { line in
          line.split { "?& ".contains($0) }.first { $0.hasPrefix("page=") }.map { String($0.dropFirst(5)) }
        }
      }
      #expect(pagesAsked == (1...10).map(String.init), "page=1 first, each page once: \(log.withLock { $0 })")
      #expect(list.totalCount == 1_000)
      #expect(list.loadStates.next == .reachedEnd)
    }
  }

  @Test func aServerErrorShowsItsMessageAndRetryLoads() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/flaky?key=list&fail=1"), style: .envelope())
      let list = PagedList(listName: "http", configuration: try Self.pagesFromOne, loader: loader)
      await list.refresh()?.value
      let error = try #require(list.loadStates.refresh.error)
      #expect(error.message == "The server had a problem (HTTP 500). Please try again.")
      #expect(error.details.contains("the database is on fire"))
      #expect(list.items.isEmpty)
      await list.retry()?.value
      #expect(list.loadStates.refresh == .idle)
      #expect(list.items.map(\.id) == Array(0..<20))
    }
  }

  /// With `shielded`, the HTTP load ignores the list's cancellation, so the old next page really
  /// arrives after the refresh and the list must drop it; without, the request is cancelled.
  @Test(arguments: [false, true])
  func aRefreshDuringASlowNextPageDropsTheLatePage(shielded: Bool) async throws {
    try await withServer { server in
      // The next page (page 2) waits at the server until the test opens the gate.
      let http = HTTPPageLoader<TestItem>(baseURL: server.url("/slowpages?gate=next"), style: .envelope())
      let loader = ClosurePageLoader<TestItem> { request in
        shielded
          ? try await Task { try await http.loadPage(request) }.value : try await http.loadPage(request)
      }
      var completions: [RequestCompletion] = []
      let list = PagedList(listName: "http", configuration: try Self.pagesFromOne, loader: loader)
      list.onRequestCompleted = { completions.append($0) }
      await list.refresh()?.value
      #expect(list.items.map(\.id) == Array(0..<20))
      let slowNext = try #require(list.loadNextPage())
      try await server.waitForArrivals(at: "next")
      #expect(list.loadStates.next == .loading)
      await list.refresh()?.value
      #expect(list.items.map(\.id) == Array(0..<20))
      if !shielded { try await server.waitForHangups(at: "next") }
      try await server.openGate("next")
      await slowNext.value
      #expect(list.items.map(\.id) == Array(0..<20), "the late second page was appended")
      #expect(list.loadStates.next == .idle)
      #expect(completions.count == 2, "the dropped page was reported: \(completions)")
      // Paging goes on from the refreshed first page.
      await list.loadNextPage()?.value
      #expect(list.items.map(\.id) == Array(0..<40))
    }
  }

  @Test func anExpiredTokenFailsWithSignInAgainAndNoToken() async throws {
    try await withServer { server in
      let token = "expired-Token+42"
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/unauthorized"), style: .array)
      let list = PagedList(
        listName: "http", context: RequestContext(userToken: token), configuration: try Self.pagesFromOne,
        loader: loader)
      await list.refresh()?.value
      let error = try #require(list.loadStates.refresh.error)
      #expect(error.message == "Please sign in again.")
      for text in [error.message, error.details, "\(error)", String(reflecting: list.loadStates.refresh)] {
        #expect(!text.contains(token), "leaked in \(text)")
      }
    }
  }
}
