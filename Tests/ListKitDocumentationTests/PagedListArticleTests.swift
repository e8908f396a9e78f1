import Foundation
import ListKit
import ListKitCache
import ListKitTesting
import Testing

/// The examples of Sources/ListKit/ListKit.docc/PagedListWithLoaderAndCache.md.
@MainActor @Suite struct PagedListArticleTests {
  // snippet: paged-list-loader
  struct PhotoLoader: PageLoader {
    let api: PhotoAPI
    func loadPage(_ request: PageRequest) async throws -> Page<Photo> {
      guard case .page(let index, let size) = request.position else { throw PhotoAPIError.unsupported }
      let response = try await api.photos(page: index, size: size, token: request.context.userToken)
      return Page(items: response.photos, hasMore: response.hasMore)
    }
  }
  // snippet-end

  // snippet: paged-list-make
  @MainActor func makePhotoList(api: PhotoAPI, token: String?, cache: FilePageCache<Photo>) throws
    -> PagedList<Photo>
  {
    let photos = PagedList(
      listName: "photos",
      context: RequestContext(userToken: token),
      configuration: try PagingConfiguration(pageSize: 20),
      loader: PhotoLoader(api: api),
      cache: cache)
    photos.start()  // the cached first page and the network at once
    return photos
  }
  // snippet-end

  @Test func theListLoadsThroughTheAppsLoaderAndShowsInAPagedSection() async throws {
    let directory = temporaryCacheDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = PhotoAPI(count: 45)
    let token: String? = "user-token"
    let cache = FilePageCache<Photo>(directory: directory)
    let adapter = HeadlessTableView(viewportHeight: 2_000)

    let photos = try makePhotoList(api: api, token: token, cache: cache)
    // The article's table, with the test's own `PhotoRow`.
    let section = PagedSection(list: photos) { PhotoRow($0) }
    let table = TableManager(listView: adapter, sections: [section])

    // The viewport holds all 45 rows, so the section asks for each next page as rows appear.
    await photos.idle()
    table.update()
    #expect(photos.items.map(\.id) == Array(0..<45))
    #expect(photos.loadStates.next == .reachedEnd)
    #expect(adapter.render().first == "Photo 0")
    #expect(adapter.render().last == "[No more data]")
    await photos.waitForCacheWrites()
    if case .hit(let cached) = await cache.loadFirstPage(for: photos.cacheKey) {
      #expect(cached.page.items.map(\.id) == Array(0..<20))
    } else {
      Issue.record("the first page was not cached")
    }
  }
}
