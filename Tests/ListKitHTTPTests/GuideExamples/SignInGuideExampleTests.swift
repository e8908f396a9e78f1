import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// Runs the "Sign-in that lasts" example of Guides/Paging.md against the fixture's expiring tokens.
@MainActor @Suite struct SignInGuideExampleTests {
  @Test func aRenewedTokenKeepsTheListAndA401SignsOutOnceAndForAll() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "guide-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await withServer { server in
      let account = FixtureAccount(server: server, name: "dana")
      let model = try SignInGuideExample.PhotosModel(
        api: account.itemsURL(total: 60), accountID: "dana", token: try await account.login(),
        cacheDirectory: directory)
      var signIns = 0
      model.showSignIn = { signIns += 1 }
      await model.photos.start()?.value
      model.tokenRenewed(try await account.refresh())
      await model.photos.loadNextPage()?.value
      #expect(model.photos.items.map(\.id) == Array(0..<40))
      #expect(try await account.stats() == .init(refreshes: 1, requests: 2, refused: 0))

      try await account.expire()
      await model.photos.loadNextPage()?.value
      #expect(signIns == 1)
      #expect(model.photos.isSignedOut && model.photos.items.isEmpty)
      #expect(model.photos.refresh() == nil)
      await model.photos.waitForCacheWrites()
      let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      #expect(left.isEmpty, "\(left)")
      #expect(try await account.stats() == .init(refreshes: 1, requests: 3, refused: 1))

      model.signedIn(accountID: "dana", token: try await account.login())
      await model.photos.idle()
      #expect(model.photos.items.map(\.id) == Array(0..<20))
    }
  }
}
