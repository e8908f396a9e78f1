import Foundation
import ListKitCache
import ListKitFixtures
import ListKitHTTP
import Testing

/// A `PagedList` over the fixture's expiring tokens, with the token in the context: a rotation
/// for the same account keeps the items, the position and the cached page; sign-out is one call
/// after which nothing is sent; no token reaches the cache directory or any text.
@MainActor @Suite struct HTTPSignInTests {
  /// The fixture's item, `Codable` for the disk cache.
  struct Item: Codable, Sendable, Hashable, Identifiable {
    var id: Int
    var name: String
  }

  /// Everything a list produced that a person or a file could read: its reports, and the
  /// loader's log lines.
  final class Texts {
    var reports: [String] = []
    let log = LogLines()
    var all: [String] { reports + log.all }
  }

  func makeList(
    _ account: FixtureAccount, token: String, directory: URL, texts: Texts, gate: String? = nil
  ) throws -> PagedList<Item> {
    let loader = HTTPPageLoader<Item>(
      baseURL: account.itemsURL(total: 60, gate: gate), style: .envelope(),
      log: texts.log.append)
    let list = PagedList(
      listName: "items", context: RequestContext(accountID: account.name, userToken: token),
      configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
      loader: loader, cache: FilePageCache<Item>(directory: directory))
    list.onRequestCompleted = { completion in
      if let error = completion.error {
        texts.reports += ["\(error)", error.message, error.details, String(reflecting: error)]
      }
    }
    list.onCacheLoaded = { texts.reports.append("\($0)") }
    return list
  }

  func temporaryDirectory(_ function: String = #function) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("signin-\(UUID().uuidString)")
  }

  /// Every entry file's name and bytes.
  func cacheFiles(in directory: URL) throws -> [(name: String, bytes: Data)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return try names.sorted().map { ($0, try Data(contentsOf: directory.appendingPathComponent($0))) }
  }

  /// A signed-in account and a started list of its items.
  struct SignedIn {
    let account: FixtureAccount
    /// The token the account signed in with: the list's.
    let token: String
    /// The list, its first page loaded.
    let list: PagedList<Item>
    /// The list's cache directory.
    let directory: URL
    /// What the list reported and logged.
    let texts: Texts
  }

  /// Runs `body` on a fresh server where `accountName` has signed in, with a list of the account's
  /// items over a cache directory of its own (removed afterwards), its first page loaded.
  func withSignedInList(_ accountName: String, _ body: @MainActor (SignedIn) async throws -> Void)
    async throws
  {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let texts = Texts()
    try await withServer { server in
      let account = FixtureAccount(server: server, name: accountName)
      let token = try await account.login()
      let list = try makeList(account, token: token, directory: directory, texts: texts)
      await list.start()?.value
      try await body(SignedIn(account: account, token: token, list: list, directory: directory, texts: texts))
    }
  }

  @Test func aRotationMidScrollKeepsEveryItemAndThePositionAndTheNextLaunchShowsTheCachedPage()
    async throws
  {
    try await withSignedInList("alice") { signedIn in
      let (account, first, list, directory, texts) = (
        signedIn.account, signedIn.token, signedIn.list, signedIn.directory, signedIn.texts
      )
      await list.loadNextPage()?.value
      #expect(list.items.map(\.id) == Array(0..<40))
      let key = list.cacheKey
      var changes: [ItemsChange] = []
      list.onItemsChanged = { changes.append($0) }

      // The token rotates (the old one is revoked); the account is the same.
      let second = try await account.refresh()
      let started = list.switchContext(to: RequestContext(accountID: "alice", userToken: second))
      #expect(started == nil, "a rotation starts no load")
      #expect(list.items.map(\.id) == Array(0..<40))
      #expect(changes.isEmpty)
      #expect(list.cacheKey == key)
      #expect(list.context.userToken == second)
      await list.loadNextPage()?.value
      #expect(list.items.map(\.id) == Array(0..<60), "the next page follows the last one shown")
      #expect(list.loadStates.next == .reachedEnd)
      // Three pages, each asked once; no refetch, no 401.
      #expect(try await account.stats() == .init(refreshes: 1, requests: 3, refused: 0))

      // A refresh under the new token saves the first page under the same entry.
      await list.refresh()?.value
      await list.waitForCacheWrites()
      #expect(try cacheFiles(in: directory).count == 1)

      // The next launch, with yet another token, shows the cached page while the network waits.
      let third = try await account.refresh()
      let relaunched = try makeList(account, token: third, directory: directory, texts: texts, gate: "launch")
      var shown: CacheLoadCompletion?
      relaunched.onCacheLoaded = { shown = $0 }
      relaunched.start()
      await relaunched.cacheReadTask?.value
      guard case .shown(_, itemCount: 20)? = shown else {
        Issue.record("no cached page shown: \(String(describing: shown))")
        return
      }
      #expect(relaunched.cachedPageAge != nil)
      #expect(relaunched.items.map(\.id) == Array(0..<20))
      try await account.server.openGate("launch")
      await relaunched.idle()
      #expect(relaunched.cachedPageAge == nil)
      #expect(relaunched.items.map(\.id) == Array(0..<20))
      await relaunched.waitForCacheWrites()
      #expect(try cacheFiles(in: directory).count == 1)

      let tokens = [first, second, third]
      // No token in a name or a byte; the account only hashed in the name (the page's own `next`
      // link names it, as this server's URLs do).
      for file in try cacheFiles(in: directory) {
        #expect(!file.name.contains(account.name))
        for token in tokens {
          let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
          #expect(!file.name.contains(token) && !file.name.contains(encoded))
          #expect(file.bytes.firstRange(of: Data(token.utf8)) == nil, "a token inside \(file.name)")
          #expect(file.bytes.firstRange(of: Data(encoded.utf8)) == nil, "a token inside \(file.name)")
        }
      }
      texts.reports += ["\(list.context)", "\(list.cacheKey)", String(reflecting: relaunched.context)]
      for text in texts.all {
        for token in tokens { #expect(!text.contains(token), "a token in: \(text)") }
      }
    }
  }

  @Test func signOutAfterA401SendsNothingMoreAndLeavesNoEntryWhenAsked() async throws {
    try await withSignedInList("bob") { signedIn in
      let (account, token, list, directory, texts) = (
        signedIn.account, signedIn.token, signedIn.list, signedIn.directory, signedIn.texts
      )
      await list.waitForCacheWrites()
      #expect(try cacheFiles(in: directory).count == 1)
      // The app's 401 handling: sign out at once, removing the user's cached page.
      list.onRequestCompleted = { completion in
        if completion.error?.kind == .unauthorized { list.signOut(removingCachedEntries: true) }
      }
      try await account.expire()
      await list.loadNextPage()?.value
      #expect(list.isSignedOut)
      #expect(list.items.isEmpty)
      #expect(list.loadStates.refresh == .idle && list.loadStates.next == .idle)
      #expect(list.context == RequestContext())
      // Nothing more is sent, whatever the view or the app asks.
      #expect(list.refresh() == nil)
      #expect(list.loadNextPage() == nil)
      #expect(list.retry() == nil)
      #expect(list.start() == nil)
      #expect(list.itemWillDisplay(at: 0) == nil)
      await list.waitForCacheWrites()
      #expect(try cacheFiles(in: directory).isEmpty, "the signed-out user's entry was left")
      #expect(try await account.stats() == .init(refreshes: 0, requests: 2, refused: 1))

      // A new identity: the list loads again.
      let again = try await account.login()
      await list.switchContext(to: RequestContext(accountID: "bob", userToken: again))?.value
      #expect(!list.isSignedOut)
      #expect(list.items.count == 20)
      for text in texts.all {
        for secret in [token, again] { #expect(!text.contains(secret), "a token in: \(text)") }
      }
    }
  }

  @Test func signOutWithoutRemovingKeepsTheEntryForTheNextSignIn() async throws {
    try await withSignedInList("carol") { signedIn in
      signedIn.list.signOut()
      await signedIn.list.waitForCacheWrites()
      let files = try cacheFiles(in: signedIn.directory)
      #expect(files.count == 1)
    }
  }

  @Test func aServerThatRepeatsPageOneEndsWithTheTypedErrorAfterTheBound() async throws {
    try await withServer { server in
      let list = PagedList(
        listName: "repeats",
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
        loader: HTTPPageLoader<Item>(baseURL: server.url("/repeatfirst?total=997"), style: .envelope()))
      var completions: [RequestCompletion] = []
      list.onRequestCompleted = { completions.append($0) }
      await list.start()?.value
      for _ in 0..<10 {
        guard let next = list.itemWillDisplay(at: list.items.count - 1) else { break }
        await next.value
      }
      #expect(completions.count == 1 + PagingNoProgressError.pageBound)
      #expect(list.items.map(\.id) == Array(0..<20))
      let error = try #require(list.loadStates.next.error)
      #expect(error.kind == .badResponse)
      #expect(
        error.underlying as? PagingNoProgressError
          == PagingNoProgressError(direction: .nextPage, pages: PagingNoProgressError.pageBound))
      #expect(error.details.contains("repeats a page"))
    }
  }
}
