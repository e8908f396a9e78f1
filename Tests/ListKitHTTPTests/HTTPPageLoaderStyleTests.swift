import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Each response style end to end against the loopback server, paging to the end of a
/// 250-item list.
@Suite struct HTTPPageLoaderStyleTests {
  let allIDs = Array(0..<250)

  /// A style read to the end of the list from `first`, and the pages it must report.
  struct WholeList: Sendable, CustomTestStringConvertible {
    var endpoint: FixtureEndpoint
    var first: PageRequest.Position
    var hasMore: [Bool]
    /// Each page's next cursor, where the case is about them.
    var nextCursors: [String?]?
    var testDescription: String { endpoint.name }
  }

  static let wholeLists: [WholeList] = [
    WholeList(
      endpoint: FixtureEndpoint(
        name: "DRF limit-offset", path: "/drf/offset", style: .envelope(), paging: .offset),
      first: .offset(0, limit: 70), hasMore: [true, true, true, false], nextCursors: nil),
    WholeList(
      endpoint: FixtureEndpoint(
        name: "Link header with page numbers", path: "/link", style: .linkHeader(),
        paging: .pageIndex(firstIndex: 1), parameters: try! HTTPPagingParameters(pageSize: "per_page")),
      first: .page(index: 1, size: 100), hasMore: [true, true, false], nextCursors: nil),
    WholeList(
      endpoint: FixtureEndpoint(
        name: "nested key path without a has-more flag: a full page means more", path: "/nested",
        style: .keyPath("data.list.items"), paging: .pageIndex(firstIndex: 1)),
      first: .page(index: 1, size: 100), hasMore: [true, true, false], nextCursors: nil),
    WholeList(
      endpoint: FixtureEndpoint(
        name: "custom closure reading its own shape", path: "/custom", style: .fixtureCustomPayload,
        paging: .cursor, parameters: try! HTTPPagingParameters(cursor: "after", cursorLimit: "limit")),
      first: .cursor(nil, limit: 90), hasMore: [true, true, false], nextCursors: ["a90", "a180", nil]),
  ]

  @Test(arguments: wholeLists)
  func aStyleReadsTheWholeListAndEndsWhereItsPagesSay(_ whole: WholeList) async throws {
    try await withServer { server in
      let list = try await loadAll(whole.endpoint.loader(on: server), from: whole.first)
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.map(\.hasMore) == whole.hasMore)
      if let nextCursors = whole.nextCursors {
        #expect(list.pages.map(\.nextCursor) == nextCursors)
      }
    }
  }

  @Test func bareArrayWithPageNumbersEndsAtTheFirstShortPage() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/array"), style: .array)
      let list = try await loadAll(loader, from: .page(index: 1, size: 40))
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.count == 7)
      #expect(list.pages.dropLast().allSatisfy { $0.hasMore })
      #expect(list.pages.last?.hasMore == false)
      #expect(list.items[7] == TestItem(id: 7, name: "item 7"))
    }
  }

  @Test func bareArrayThatEndsOnAFullPageEndsWithAnEmptyPage() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/array?total=100"), style: .array)
      let list = try await loadAll(loader, from: .offset(0, limit: 50))
      #expect(list.items.map(\.id) == Array(0..<100))
      #expect(list.pages.map(\.items.count) == [50, 50, 0])
      #expect(list.pages.last?.hasMore == false)
    }
  }

  @Test func djangoPageNumberEnvelopeGivesCountAndNextURL() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/drf/page"), style: .envelope())
      let list = try await loadAll(loader, from: .page(index: 1, size: 100))
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.map(\.hasMore) == [true, true, false])
      #expect(list.pages.allSatisfy { $0.totalCount == 250 })
      #expect(list.pages[0].nextCursor == server.url("/drf/page?page_size=100&page=2").absoluteString)
      #expect(list.pages[2].nextCursor == nil)
    }
  }

  @Test func djangoPageNumberEnvelopeFollowsNextURLsInCursorMode() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/drf/page"), style: .envelope())
      let list = try await loadAll(loader, from: .cursor(nil, limit: 60))
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.count == 5)
    }
  }

  @Test func djangoCursorEnvelopeFollowsOpaqueNextLinks() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/drf/cursor"), style: .envelope(count: nil))
      let list = try await loadAll(loader, from: .cursor(nil, limit: 100))
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.map(\.hasMore) == [true, true, false])
      #expect(list.pages.allSatisfy { $0.totalCount == nil })
      #expect(list.pages[0].nextCursor?.contains("cursor=") == true)
    }
  }

  @Test func linkHeaderNextRelationIsFollowed() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/link"), style: .linkHeader(),
        parameters: try HTTPPagingParameters(pageSize: "per_page", cursorLimit: "per_page"))
      let list = try await loadAll(loader, from: .cursor(nil, limit: 30))
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.count == 9)
      #expect(list.pages[0].nextCursor == server.url("/link?per_page=30&page=2").absoluteString)
      #expect(list.pages.last?.hasMore == false)
    }
  }

  @Test func nestedKeyPathWithHasMoreFlag() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/nested"),
        style: .keyPath("data.list.items", hasMore: "meta.more", count: "meta.total"))
      let list = try await loadAll(loader, from: .page(index: 1, size: 125))
      #expect(list.items.map(\.id) == allIDs)
      #expect(list.pages.map(\.hasMore) == [true, false])
      #expect(list.pages.allSatisfy { $0.totalCount == 250 })
    }
  }

  @Test func anAppSessionWorksLikeTheLoadersOwn() async throws {
    try await withServer { server in
      let session = URLSession(configuration: .ephemeral)
      defer { session.finishTasksAndInvalidate() }
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/drf/offset"), style: .envelope(), session: session)
      let list = try await loadAll(loader, from: .offset(0, limit: 100))
      #expect(list.items.map(\.id) == allIDs)
    }
  }

  @Test func concurrentLoadsOnOneLoaderDoNotMixUp() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/nested"), style: .keyPath("data.list.items", hasMore: "meta.more"))
      let pages = try await withThrowingTaskGroup(of: (Int, [Int]).self) { group in
        for index in 0..<10 {
          group.addTask {
            let page = try await loader.loadPage(
              PageRequest(
                position: .page(index: index + 1, size: 25), direction: index == 0 ? .refresh : .nextPage))
            return (index, page.items.map(\.id))
          }
        }
        return try await group.reduce(into: [Int: [Int]]()) { $0[$1.0] = $1.1 }
      }
      for index in 0..<10 { #expect(pages[index] == Array(index * 25..<(index + 1) * 25)) }
    }
  }
}
