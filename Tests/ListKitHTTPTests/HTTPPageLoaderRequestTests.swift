import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// What the loader sends, as the fixture server's /echo route saw it.
@Suite struct HTTPPageLoaderRequestTests {
  struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var query: [String: [String]]
    var headers: [String: String]
  }

  func echo(
    _ server: FixturePageServer, path: String = "/echo", position: PageRequest.Position,
    token: String? = nil, authentication: HTTPAuthentication = .bearer,
    parameters: HTTPPagingParameters = .standard,
    headers: [String: String] = [:], queryItems: [URLQueryItem] = []
  ) async throws -> Echo {
    let loader = HTTPPageLoader<Echo>(
      baseURL: server.url(path),
      style: .custom { response in
        Page(items: [try JSONDecoder().decode(Echo.self, from: response.body)], hasMore: false)
      },
      parameters: parameters, authentication: authentication, headers: headers, queryItems: queryItems)
    let page = try await loader.loadPage(
      PageRequest(position: position, context: RequestContext(userToken: token), direction: .nextPage))
    return try #require(page.items.first)
  }

  @Test func thePageNumberSentIsThePositionsIndex() async throws {
    try await withServer { server in
      let drf = try await echo(server, position: .page(index: 1, size: 20))
      #expect(drf.query["page"] == ["1"])
      #expect(drf.query["page_size"] == ["20"])
      let zeroBased = try await echo(
        server, position: .page(index: 0, size: 15),
        parameters: try HTTPPagingParameters(page: "p", pageSize: nil))
      #expect(zeroBased.query == ["p": ["0"]])
    }
  }

  @Test func offsetAndCursorUseTheirParameterNames() async throws {
    try await withServer { server in
      let names = try HTTPPagingParameters(offset: "skip", limit: "take", cursor: "after", cursorLimit: "n")
      let offset = try await echo(server, position: .offset(40, limit: 20), parameters: names)
      #expect(offset.query == ["skip": ["40"], "take": ["20"]])
      let first = try await echo(server, position: .cursor(nil, limit: 10), parameters: names)
      #expect(first.query == ["n": ["10"]])
      let next = try await echo(server, position: .cursor("x+y/z==", limit: 10), parameters: names)
      #expect(next.query == ["after": ["x+y/z=="], "n": ["10"]])
    }
  }

  @Test func baseQueryAndExtraItemsAreKeptAndPagingReplacesTheirNames() async throws {
    try await withServer { server in
      let sent = try await echo(
        server, path: "/echo?q=cats&page=9", position: .page(index: 2, size: 5),
        queryItems: [URLQueryItem(name: "sort", value: "-date"), URLQueryItem(name: "page_size", value: "1")])
      #expect(sent.query == ["q": ["cats"], "sort": ["-date"], "page": ["2"], "page_size": ["5"]])
    }
  }

  /// A base URL relative to another (`URL(string:relativeTo:)`) is requested as the URL it
  /// resolves to, its query kept.
  @Test func aRelativeBaseURLIsResolvedAgainstItsBase() async throws {
    try await withServer { server in
      let base = try #require(URL(string: "echo?q=cats", relativeTo: server.url("/api/../")))
      let loader = HTTPPageLoader<Echo>(
        baseURL: base,
        style: .custom { response in
          Page(items: [try JSONDecoder().decode(Echo.self, from: response.body)], hasMore: false)
        })
      let page = try await loader.loadPage(
        PageRequest(position: .page(index: 2, size: 5), direction: .nextPage))
      let sent = try #require(page.items.first)
      #expect(sent.path == "/echo")
      #expect(sent.query == ["q": ["cats"], "page": ["2"], "page_size": ["5"]])
    }
  }

  @Test func headersAcceptJSONAndCarryTheExtras() async throws {
    try await withServer { server in
      let sent = try await echo(
        server, position: .page(index: 1, size: 1), headers: ["X-Client": "listkit", "Accept-Language": "fr"])
      #expect(sent.method == "GET")
      #expect(sent.headers["accept"] == "application/json")
      #expect(sent.headers["x-client"] == "listkit")
      #expect(sent.headers["accept-language"] == "fr")
      #expect(sent.headers["authorization"] == nil)
    }
  }

  @Test func tokenIsSentAsConfigured() async throws {
    try await withServer { server in
      let token = "tok en/+sec=ret&1~x"
      let position = PageRequest.Position.page(index: 1, size: 1)
      let bearer = try await echo(server, position: position, token: token)
      #expect(bearer.headers["authorization"] == "Bearer \(token)")
      let drf = try await echo(
        server, position: position, token: token,
        authentication: .header(name: "Authorization", prefix: "Token "))
      #expect(drf.headers["authorization"] == "Token \(token)")
      let apiKey = try await echo(
        server, position: position, token: token, authentication: .header(name: "X-Api-Key"))
      #expect(apiKey.headers["x-api-key"] == token)
      #expect(apiKey.headers["authorization"] == nil)
      let query = try await echo(
        server, position: position, token: token, authentication: .queryParameter(name: "access_token"))
      #expect(query.query["access_token"] == [token])
      #expect(query.headers["authorization"] == nil)
      let none = try await echo(server, position: position, token: token, authentication: .none)
      #expect(none.headers["authorization"] == nil && none.query["access_token"] == nil)
    }
  }

  @Test func aNextURLIsRequestedAsItIsWithTheToken() async throws {
    try await withServer { server in
      let next = server.url("/echo?cursor=abc&page_size=7").absoluteString
      let sent = try await echo(
        server, position: .cursor(next, limit: 50), token: "t0k",
        queryItems: [URLQueryItem(name: "extra", value: "1")])
      #expect(sent.query == ["cursor": ["abc"], "page_size": ["7"]])
      #expect(sent.headers["authorization"] == "Bearer t0k")
    }
  }
}
