import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// A loader with a credential provider against the fixture's expiring tokens: the token is asked
/// for before each request, a 401 is refreshed once and retried once, requests refused together
/// cause one refresh, and no token appears in any text.
@Suite struct HTTPCredentialProviderTests {
  func firstPage(_ index: Int = 1) -> PageRequest {
    PageRequest(
      position: .page(index: index, size: 20), context: RequestContext(accountID: "alice"),
      direction: index == 1 ? .refresh : .nextPage)
  }

  func signedIn(_ server: FixturePageServer, account: String = "alice") async throws -> FixtureSession {
    let session = FixtureSession(account: FixtureAccount(server: server, name: account))
    try await session.signIn()
    return session
  }

  @Test func eachRequestSendsTheProvidersCurrentToken() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let loader = HTTPPageLoader<TestItem>(baseURL: session.account.itemsURL(), style: .envelope())
        .withCredentials(session.makeCredentials())
      #expect(try await loader.loadPage(firstPage()).items.count == 20)
      // The app signs in again (another token): the next request sends the new one, no 401.
      try await session.signIn()
      #expect(try await loader.loadPage(firstPage(2)).items.first?.id == 20)
      #expect(try await session.account.stats() == .init(refreshes: 0, requests: 2, refused: 0))
    }
  }

  @Test func withoutAProviderTheContextsTokenIsSentAndA401IsNotRetried() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let loader = HTTPPageLoader<TestItem>(baseURL: session.account.itemsURL(), style: .envelope())
      var request = firstPage()
      request.context.userToken = await session.token
      #expect(try await loader.loadPage(request).items.count == 20)
      try await session.account.expire()
      await #expect(throws: HTTPPageLoaderError.self) { try await loader.loadPage(request) }
      #expect(try await session.account.stats() == .init(refreshes: 0, requests: 2, refused: 1))
    }
  }

  @Test func anExpiredTokenIsRefreshedOnceAndTheRequestRetried() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let loader = HTTPPageLoader<TestItem>(baseURL: session.account.itemsURL(), style: .envelope())
        .withCredentials(session.makeCredentials())
      _ = try await loader.loadPage(firstPage())
      try await session.account.expire()
      let page = try await loader.loadPage(firstPage(2))
      #expect(page.items.map(\.id) == Array(20..<40))
      #expect(try await session.account.stats() == .init(refreshes: 1, requests: 3, refused: 1))
      // The refreshed token is the one sent from now on: no second refresh.
      _ = try await loader.loadPage(firstPage(3))
      #expect(try await session.account.stats() == .init(refreshes: 1, requests: 4, refused: 1))
    }
  }

  @Test func threeConcurrent401sCauseOneRefresh() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let loader = HTTPPageLoader<TestItem>(
        baseURL: session.account.itemsURL(gate: "together"), style: .envelope()
      ).withCredentials(session.makeCredentials())
      let loads = (1...3).map { index in Task { try await loader.loadPage(firstPage(index)) } }
      // All three were sent with the token that now expires, and are answered 401 together.
      try await server.waitForArrivals(at: "together", count: 3)
      try await session.account.expire()
      try await server.openGate("together")
      var firstIDs: [Int?] = []
      for load in loads { firstIDs.append(try await load.value.items.first?.id) }
      #expect(firstIDs == [0, 20, 40])
      #expect(try await session.account.stats() == .init(refreshes: 1, requests: 6, refused: 3))
    }
  }

  /// Sends the app's own request to `url` with `token` as a bearer token; the status, and whether
  /// it was refused.
  func write(_ url: URL, token: String?, server: FixturePageServer) async throws -> (
    response: Int, refused: Bool
  ) {
    var request = URLRequest(url: url)
    request.setValue(token.map { "Bearer \($0)" }, forHTTPHeaderField: "Authorization")
    let status = try await server.send(request).status
    return (status, status == 401)
  }

  @Test func anAppsOwnRequestIsSentWithTheTokenAndAfterA401OnceMoreWithAFreshOne() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let credentials = session.makeCredentials()
      let url = session.account.itemsURL(total: 5)
      let context = RequestContext(accountID: "alice")
      #expect(
        try await credentials.authorized(for: context) { try await write(url, token: $0, server: server) }
          == 200)
      try await session.account.expire()
      #expect(
        try await credentials.authorized(for: context) { try await write(url, token: $0, server: server) }
          == 200)
      #expect(try await session.account.stats() == .init(refreshes: 1, requests: 3, refused: 1))
      // A refresh that fails leaves the refusal to the app: no second retry.
      await session.setRefresh(failing: true)
      try await session.account.expire()
      #expect(
        try await credentials.authorized(for: context) { try await write(url, token: $0, server: server) }
          == 401)
      // (The server counts the failed refresh too.)
      #expect(try await session.account.stats() == .init(refreshes: 2, requests: 4, refused: 2))
    }
  }

  @Test func aWriteAndAPageRefusedTogetherCauseOneRefresh() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let credentials = session.makeCredentials()
      let loader = HTTPPageLoader<TestItem>(
        baseURL: session.account.itemsURL(gate: "together"), style: .envelope()
      ).withCredentials(credentials)
      let page = Task { try await loader.loadPage(firstPage()) }
      let url = session.account.itemsURL(total: 5, gate: "together")
      let sent = Task {
        try await credentials.authorized(for: RequestContext(accountID: "alice")) {
          try await write(url, token: $0, server: server)
        }
      }
      try await server.waitForArrivals(at: "together", count: 2)
      try await session.account.expire()
      try await server.openGate("together")
      #expect(try await page.value.items.count == 20)
      #expect(try await sent.value == 200)
      #expect(try await session.account.stats() == .init(refreshes: 1, requests: 4, refused: 2))
    }
  }

  /// A refresh that does not help, and what the server counts once the load gave up.
  struct UselessRefresh: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var failing = false
    var rejected = false
    var stats: FixtureAccount.Stats
  }

  @Test(arguments: [
    // Nothing to retry with: one request, one refresh.
    UselessRefresh(
      testDescription: "the refresh fails", failing: true, stats: .init(refreshes: 1, requests: 1, refused: 1)
    ),
    // The request is retried once with the fresh token, which is refused too: no second refresh.
    UselessRefresh(
      testDescription: "the fresh token is refused too", rejected: true,
      stats: .init(refreshes: 1, requests: 2, refused: 2)),
  ])
  func aRefreshThatDoesNotHelpEndsInUnauthorizedAfterAtMostOneRetry(_ refresh: UselessRefresh) async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      await session.setRefresh(failing: refresh.failing, rejected: refresh.rejected)
      let loader = HTTPPageLoader<TestItem>(baseURL: session.account.itemsURL(), style: .envelope())
        .withCredentials(session.makeCredentials())
      try await session.account.expire()
      let error = await #expect(throws: HTTPPageLoaderError.self) { try await loader.loadPage(firstPage()) }
      #expect(error?.pagingErrorKind == .unauthorized)
      #expect(try await session.account.stats() == refresh.stats)
    }
  }

  /// A refresh that failed (offline, the server down) is not remembered: the next refusal of the
  /// same token refreshes again.
  @Test func aFailedRefreshIsTriedAgainAtTheNextRefusal() async throws {
    let refreshes = Locked(0)
    let credentials = HTTPCredentialProvider(
      current: { _ in "old" },
      refresh: { _, _ in
        refreshes.withLock { $0 += 1 }
        return refreshes.withLock { $0 } == 1 ? nil : "new"
      })
    func send() async throws -> String {
      try await credentials.authorized { token in (response: token ?? "none", refused: token != "new") }
    }
    #expect(try await send() == "old", "the first refresh failed: the refused answer")
    #expect(try await send() == "new", "the second refusal refreshed again")
    #expect(refreshes.withLock { $0 } == 2)
  }

  @Test func a403IsNotRefreshed() async throws {
    try await withServer { server in
      let session = try await signedIn(server)
      let loader = HTTPPageLoader<TestItem>(baseURL: server.url("/forbidden"), style: .envelope())
        .withCredentials(session.makeCredentials())
      let error = await #expect(throws: HTTPPageLoaderError.self) { try await loader.loadPage(firstPage()) }
      #expect(error?.pagingErrorKind == .forbidden)
      #expect(try await session.account.stats().refreshes == 0)
    }
  }

  @Test func noTokenAppearsInAnErrorOrALogLine() async throws {
    let log = LogLines()
    var texts: [String] = []
    try await withServer { server in
      let session = try await signedIn(server)
      let credentials = session.makeCredentials()
      func attempt(_ url: URL) async {
        let loader = HTTPPageLoader<TestItem>(baseURL: url, style: .envelope(), log: log.append)
          .withCredentials(credentials)
        do {
          _ = try await loader.loadPage(firstPage())
        } catch {
          texts += ["\(error)", String(reflecting: error), error.localizedDescription]
        }
      }
      await attempt(session.account.itemsURL())  // succeeds
      try await session.account.expire()
      await attempt(session.account.itemsURL())  // 401 (echoing the token), refresh, retry
      await session.setRefresh(rejected: true)
      try await session.account.expire()
      await attempt(session.account.itemsURL())  // 401, refresh, 401 again (echoing the fresh one)
      await session.setRefresh(failing: true)
      try await session.account.expire()
      await attempt(session.account.itemsURL())  // 401, the refresh fails
      await attempt(server.url("/forbidden"))  // 403 echoing the token
      let tokens = await session.everyToken
      #expect(tokens.count == 3)
      #expect(texts.count == 3 * 3)
      #expect(texts.contains { $0.contains("<redacted>") }, "the server's echo was not in the texts")
      for text in texts + log.all {
        for token in tokens {
          #expect(!text.contains(token), "a token in: \(text)")
          let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
          #expect(!text.contains(encoded), "an encoded token in: \(text)")
        }
      }
    }
  }
}
