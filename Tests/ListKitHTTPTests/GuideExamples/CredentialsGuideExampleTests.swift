import Foundation
import ListKitFixtures
import ListKitHTTP
import Testing

/// Runs the "Tokens that expire" example of Guides/HTTP.md against the fixture's expiring tokens.
@MainActor @Suite struct CredentialsGuideExampleTests {
  @Test func theTokenExpiresMidScrollAndTheListGoesOnAfterOneRefresh() async throws {
    try await withServer { server in
      let account = FixtureAccount(server: server, name: "guide")
      let session = CredentialsGuideExample.Session(
        accountID: "guide", accessToken: try await account.login(), renew: { try await account.refresh() })
      let api = CredentialsGuideExample.PhotoAPI(photosURL: account.itemsURL(total: 60))
      let photos = try api.makeList(session: session)
      await photos.start()?.value
      await photos.loadNextPage()?.value
      #expect(photos.items.count == 40)
      try await account.expire()
      await photos.loadNextPage()?.value
      #expect(photos.items.map(\.id) == Array(0..<60))
      #expect(photos.loadStates.next == .reachedEnd)
      #expect(try await account.stats() == .init(refreshes: 1, requests: 4, refused: 1))
      #expect(photos.context.userToken == nil)
    }
  }
}
