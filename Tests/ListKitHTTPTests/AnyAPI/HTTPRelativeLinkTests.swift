import Foundation
import ListKitFixtures
import Testing

@testable import ListKitHTTP

/// A relative next link is followed (resolved against the URL that answered); an opaque cursor
/// is sent back as it is.
@MainActor @Suite struct HTTPRelativeLinkTests {
  @Test func aRelativeNextLinkOfFastAPIPaginationPagesEveryRow() async throws {
    try await withServer { server in
      // links.Page answers "next": "/fastapi/links?…&page=2&size=40" and ignores a cursor
      // parameter: read as an opaque cursor, the link would bring page 1 back again and again.
      let list = PagedList(
        listName: "links", configuration: try PagingConfiguration(style: .cursor, pageSize: 40),
        loader: HTTPPageLoader<TestItem>(
          baseURL: server.url("/fastapi/links?total=997&key=relative"), style: .fastAPIPagination))
      await loadToTheEnd(list)
      #expect(list.items.count == 997)
      #expect(list.items.map(\.id) == Array(0..<997))
      #expect(list.loadStates.next == .reachedEnd)
      #expect(list.totalCount == 997)
      #expect(try await requestCount(on: server, key: "relative") == 25)
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var value: String
    var expected: String
    var testDescription: String { "\(value) -> \(expected)" }
  }

  static let answeredBy = URL(string: "https://api.example.com/v1/items/?page=1&size=40")!

  @Test(arguments: [
    Case(value: "/v1/items/?page=2", expected: "https://api.example.com/v1/items/?page=2"),
    Case(value: "?page=2&size=40", expected: "https://api.example.com/v1/items/?page=2&size=40"),
    Case(value: "./?page=2", expected: "https://api.example.com/v1/items/?page=2"),
    Case(value: "../other/?page=2", expected: "https://api.example.com/v1/other/?page=2"),
    // A network-path reference names another host: resolved, then refused by the origin rule.
    Case(value: "//evil.example/steal", expected: "https://evil.example/steal"),
    // Opaque cursors: base64, a prefixed id, a number, a path without a leading slash.
    Case(value: "bz0yMA==", expected: "bz0yMA=="),
    Case(value: "a90", expected: "a90"),
    Case(value: "42", expected: "42"),
    Case(value: "items?page=2", expected: "items?page=2"),
    Case(
      value: "https://api.example.com/v1/items/?page=3", expected: "https://api.example.com/v1/items/?page=3"),
  ])
  func aLinkIsResolvedAndACursorStaysOpaque(_ example: Case) {
    #expect(PageLink.resolve(example.value, against: Self.answeredBy) == example.expected)
  }

  @Test func aRelativeLinkToAnotherHostIsNotRequested() async throws {
    try await withServer { server in
      let loader = HTTPPageLoader<TestItem>(
        baseURL: server.url("/fastapi/links"), style: .fastAPIPagination)
      let next = PageLink.resolve("//evil.example/steal", against: server.url("/fastapi/links?page=1"))
      let request = PageRequest(
        position: .cursor(next, limit: 40), context: RequestContext(userToken: "t0ken"), direction: .nextPage)
      let error = await #expect(throws: HTTPPageLoaderError.self) { try await loader.loadPage(request) }
      guard case .invalidRequest(let why)? = error else {
        Issue.record("expected invalidRequest, got \(String(describing: error))")
        return
      }
      #expect(why.contains("evil.example"))
    }
  }
}
