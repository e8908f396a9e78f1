import Foundation
import ListKit
import ListKitCache
import Testing

/// The example of Guides/Caching.md, run on a temporary directory.
@Suite struct CachingGuideTests {
  // snippet: caching-main
  /// The first page of the photo list, kept on disk so the next launch can show it at once.
  struct PhotoStartPage {
    let cache: FilePageCache<Photo>
    let key: PageCacheKey

    // In an app, `FilePageCache(name: "photos", …)` keeps it in the user's caches directory.
    init(directory: URL, token: String?, searchText: String?) {
      cache = FilePageCache(directory: directory, schemaVersion: 2, timeToLive: .seconds(24 * 3600))
      key = PageCacheKey(listName: "photos", context: RequestContext(userToken: token), query: searchText)
    }

    /// At launch, before the network answers.
    func load() async -> CachedPage<Photo>? {
      switch await cache.loadFirstPage(for: key) {
      case .hit(let cached): return cached  // cached.page.items, saved at cached.savedAt
      case .miss: return nil  // the reason says why (.notFound, .expired(age:), …); never throws
      }
    }

    /// After the network answers.
    func save(_ freshPage: Page<Photo>) async throws(PageCacheError) {
      try await cache.saveFirstPage(freshPage, for: key)
    }

    /// At sign-out: nothing of the user stays on disk.
    func signOut() async {
      await cache.removeEntries(forUser: key.user)
    }
  }
  // snippet-end

  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "caching-guide-\(UUID().uuidString)")

  @Test func aSavedPageIsShownAtTheNextLaunchAndForgottenAtSignOut() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let photos = [Photo(id: 1, name: "Beach"), Photo(id: 2, name: "Forest")]
    let firstLaunch = PhotoStartPage(directory: directory, token: "alice", searchText: "sea")
    #expect(await firstLaunch.load() == nil, "nothing saved yet")
    try await firstLaunch.save(Page(items: photos, hasMore: true, totalCount: 45))

    // A new cache on the same directory, as after a relaunch.
    let nextLaunch = PhotoStartPage(directory: directory, token: "alice", searchText: "sea")
    let cached = try #require(await nextLaunch.load())
    #expect(cached.page.items == photos)
    #expect(cached.page.hasMore && cached.page.totalCount == 45)

    // Another user and another search do not see Alice's page.
    #expect(await PhotoStartPage(directory: directory, token: "bob", searchText: "sea").load() == nil)
    #expect(await PhotoStartPage(directory: directory, token: "alice", searchText: "sky").load() == nil)

    await nextLaunch.signOut()
    #expect(await PhotoStartPage(directory: directory, token: "alice", searchText: "sea").load() == nil)
  }
}
