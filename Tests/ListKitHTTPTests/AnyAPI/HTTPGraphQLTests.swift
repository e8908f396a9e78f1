import Foundation
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A Relay connection over GraphQL POST, configured rather than hand-written: paging to the end,
/// the total, and an error reported inside a 200.
@MainActor @Suite struct HTTPGraphQLTests {
  nonisolated static let query = """
    query Items($first: Int!, $after: String) {
      viewer { items(first: $first, after: $after) {
        edges { node { id name } }
        pageInfo { hasNextPage endCursor }
        totalCount
      } }
    }
    """

  func makeList(_ server: FixturePageServer, key: String, token: String?) throws -> PagedList<TestItem> {
    PagedList(
      listName: "graphql", context: RequestContext(userToken: token),
      configuration: try PagingConfiguration(style: .cursor, pageSize: 40),
      loader: HTTPPageLoader<TestItem>(
        baseURL: server.url("/graphql?total=997&key=\(key)"), style: .relay("data.viewer.items"),
        requestBuilder: .graphQL(query: Self.query)))
  }

  @Test func aRelayConnectionOverPOSTPagesToTheEndWithItsTotal() async throws {
    try await withServer { server in
      let list = try makeList(server, key: "relay", token: "good")
      await loadToTheEnd(list)
      #expect(list.loadStates.refresh == .idle)
      #expect(list.items.map(\.id) == Array(0..<997))
      #expect(list.totalCount == 997)
      #expect(list.loadStates.next == .reachedEnd)
      // 25 pages of 40 (the last of 37); hasNextPage ends paging without an empty request.
      #expect(try await requestCount(on: server, key: "relay") == 25)
    }
  }

  @Test func unauthenticatedInsideA200IsUnauthorized() async throws {
    try await withServer { server in
      let list = try makeList(server, key: "signedOut", token: "expired")
      await list.refresh()?.value
      let error = try #require(list.loadStates.refresh.error)
      #expect(error.kind == .unauthorized)
      // The server echoes the token in its message; the loader redacts it.
      #expect(
        error.underlying as? HTTPPageLoaderError
          == .reportedInBody(
            kind: .unauthorized, code: "UNAUTHENTICATED", message: "not signed in with Bearer <redacted>"))
      #expect(error.message == "Please sign in again.")
      #expect(list.items.isEmpty)
    }
  }

  @Test func aGraphQLPostKeepsTheDeadlineAndTheSizeCap() async throws {
    try await withServer { server in
      let clock = TestClock()
      func loader(_ query: String, bytes: Int = 1 << 20) -> HTTPPageLoader<TestItem> {
        HTTPPageLoader(
          baseURL: server.url("/graphql?\(query)"), style: .relay("data.viewer.items"),
          requestBuilder: .graphQL(query: Self.query), timeout: .seconds(10), maximumResponseBytes: bytes,
          clock: clock)
      }
      let request = PageRequest(
        position: .cursor(nil, limit: 40), context: RequestContext(userToken: "good"), direction: .refresh)
      let slow = Task { try await loader("gate=slow").loadPage(request) }
      try await server.waitForArrivals(at: "slow")
      try await clock.waitForSleepers()
      clock.advance(by: .seconds(10))
      await #expect(throws: HTTPPageLoaderError.timedOut(after: .seconds(10))) { try await slow.value }
      try await server.waitForHangups(at: "slow")

      let error = await #expect(throws: HTTPPageLoaderError.self) {
        try await loader("total=997", bytes: 500).loadPage(request)
      }
      guard case .responseTooLarge(limit: 500, _)? = error else {
        Issue.record("expected responseTooLarge, got \(String(describing: error))")
        return
      }
    }
  }

  /// A connection's start cursor is the previous page's only when `hasPreviousPage` says there
  /// is one; its end cursor is the next page's unless `hasNextPage` says there is none.
  @Test func theCursorsOfAConnectionAreReadWithItsPageInfo() throws {
    let style = HTTPResponseStyle<TestItem>.relay("data.items")
    let url = URL(string: "https://api.example.com/graphql")!
    func page(hasPrevious: Bool, hasNext: Bool) throws -> Page<TestItem> {
      let body = Data(
        #"{"data":{"items":{"edges":[{"node":{"id":7,"name":"seven"}}],"pageInfo":"#.utf8
          + Data(
            #"{"hasPreviousPage":\#(hasPrevious),"startCursor":"s7","hasNextPage":\#(hasNext),"endCursor":"e7"}}}}"#
              .utf8))
      let response = HTTPResponse(
        body: body,
        response: HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!,
        request: PageRequest(position: .cursor("x", limit: 10), direction: .nextPage))
      return try style.read(response, JSONDecoder())
    }
    let middle = try page(hasPrevious: true, hasNext: true)
    #expect(middle.items.map(\.id) == [7])
    #expect(middle.previousCursor == "s7" && middle.nextCursor == "e7" && middle.hasMore)
    let ends = try page(hasPrevious: false, hasNext: false)
    #expect(ends.previousCursor == nil && ends.nextCursor == nil && !ends.hasMore)
  }

  /// A GraphQL request is a POST to the base URL as given: its paging values are variables in
  /// the body, never query items in the URL.
  @Test func aGraphQLRequestPostsItsPagingValuesToTheBaseURL() throws {
    let base = URL(string: "https://api.example.com/graphql?key=k")!
    let loader = HTTPPageLoader<TestItem>(
      baseURL: base, style: .relay("data.items"), requestBuilder: .graphQL(query: Self.query))
    let request = try loader.makeURLRequest(
      for: PageRequest(position: .cursor("c9", limit: 40), direction: .nextPage),
      redactor: loader.makeRedactor(for: RequestContext()))
    #expect(request.url == base)
    #expect(request.httpMethod == "POST")
    let body = try #require(request.httpBody.flatMap { String(data: $0, encoding: .utf8) })
    #expect(body.contains(#""variables":{"after":"c9","first":40}"#), "\(body)")
  }

  /// Header names are compared as HTTP compares them: the loader's `ACCEPT` replaces the
  /// default `Accept`, whatever their order.
  @Test func aHeaderOfTheLoaderReplacesTheDefaultOfAnyCase() throws {
    let loader = HTTPPageLoader<TestItem>(
      baseURL: URL(string: "https://api.example.com/items")!, style: .relay("data.items"),
      headers: ["ACCEPT": "application/graphql-response+json"])
    let request = try loader.makeURLRequest(
      for: PageRequest(position: .cursor(nil, limit: 10), direction: .refresh),
      redactor: loader.makeRedactor(for: RequestContext()))
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/graphql-response+json")
  }

  @Test func anUnknownCodeIsOtherAndAMappedCodeIsItsKind() throws {
    let body = Data(#"{"data":null,"errors":[{"message":"x","extensions":{"code":"RATE"}}]}"#.utf8)
    let style = HTTPResponseStyle<TestItem>.relay("data.items")
    #expect(GraphQLKinds.kind(of: body, style: style) == .other)
    let mapped = style.reportingGraphQLErrors(codes: ["RATE": .server])
    #expect(GraphQLKinds.kind(of: body, style: mapped) == .server)
    // Of several errors, the first with a mapped code decides; with none, the first.
    let several = Data(
      #"{"data":null,"errors":[{"message":"a","extensions":{"code":"ODD"}},{"message":"b"},"#.utf8
        + Data(
          #"{"message":"c","extensions":{"code":"RATE"}},{"message":"d","extensions":{"code":"AUTH"}}]}"#.utf8
        ))
    let both = style.reportingGraphQLErrors(codes: ["RATE": .server, "AUTH": .unauthorized])
    #expect(GraphQLKinds.kind(of: several, style: both) == .server)
    #expect(GraphQLKinds.kind(of: several, style: mapped.reportingGraphQLErrors(codes: [:])) == .other)
  }
}

/// Runs a style over a 200 body and classifies the error it throws.
private enum GraphQLKinds {
  static func kind(of body: Data, style: HTTPResponseStyle<TestItem>) -> PagingErrorKind? {
    let url = URL(string: "https://api.example.com/graphql")!
    let response = HTTPResponse(
      body: body, response: HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!,
      request: PageRequest(position: .cursor(nil, limit: 10), direction: .refresh))
    do {
      _ = try style.read(response, JSONDecoder())
      return nil
    } catch {
      return PagingErrorKind(classifying: error)
    }
  }
}
