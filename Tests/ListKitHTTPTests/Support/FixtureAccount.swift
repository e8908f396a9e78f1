import Foundation
import ListKitFixtures
import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An account on the fixture server's sign-in routes (`/auth/…`): its tokens expire when the
/// test says, and the server counts its refreshes and requests.
struct FixtureAccount: Sendable {
  /// What the server counted for the account.
  struct Stats: Decodable, Equatable {
    var refreshes: Int
    var requests: Int
    var refused: Int
  }

  /// The server refused a refresh (`fail=1`: 400 invalid_grant).
  struct RefreshRefused: Error {}

  let server: FixturePageServer
  let name: String

  /// The account's list: `/auth/items`, a DRF page-number envelope behind a bearer token.
  func itemsURL(total: Int = 100, gate: String? = nil) -> URL {
    server.url("/auth/items?account=\(name)&total=\(total)" + (gate.map { "&gate=\($0)" } ?? ""))
  }

  /// Signs in: a new valid token.
  func login() async throws -> String {
    try await token(from: "/auth/login?account=\(name)")
  }

  /// Refreshes the token: a new one, which replaces every other (`reject`: one the server
  /// never accepts); throws ``RefreshRefused`` when `fail`.
  func refresh(fail: Bool = false, reject: Bool = false) async throws -> String {
    try await token(
      from: "/auth/refresh?account=\(name)" + (fail ? "&fail=1" : "") + (reject ? "&reject=1" : ""))
  }

  /// Expires every token of the account.
  func expire() async throws {
    _ = try await get("/auth/expire?account=\(name)")
  }

  /// What the server counted.
  func stats() async throws -> Stats {
    try JSONDecoder().decode(Stats.self, from: try await get("/auth/stats?account=\(name)").0)
  }

  private struct Token: Decodable { var token: String }

  private func token(from path: String) async throws -> String {
    let (body, status) = try await get(path)
    guard status == 200 else { throw RefreshRefused() }
    return try JSONDecoder().decode(Token.self, from: body).token
  }

  private func get(_ path: String) async throws -> (Data, Int) {
    try await server.get(path)
  }
}

/// An app's session in miniature: the current token, and a refresh against the fixture server.
/// Remembers every token it held, for the tests that look for them in texts and on disk.
actor FixtureSession {
  let account: FixtureAccount
  var failRefresh = false
  var rejectRefreshed = false
  private(set) var token: String?
  private(set) var everyToken: [String] = []

  init(account: FixtureAccount) {
    self.account = account
  }

  func signIn() async throws {
    hold(try await account.login())
  }

  func refresh() async throws -> String {
    let fresh = try await account.refresh(fail: failRefresh, reject: rejectRefreshed)
    hold(fresh)
    return fresh
  }

  func setRefresh(failing: Bool = false, rejected: Bool = false) {
    failRefresh = failing
    rejectRefreshed = rejected
  }

  private func hold(_ token: String) {
    self.token = token
    everyToken.append(token)
  }

  /// A credential provider over this session, as an app writes it; make one per loader set
  /// (copies of one provider share its refreshes).
  nonisolated func makeCredentials() -> HTTPCredentialProvider {
    HTTPCredentialProvider(
      current: { _ in await self.token },
      refresh: { _, _ in try await self.refresh() })
  }
}
