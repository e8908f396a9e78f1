import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

/// Runs the README's and the guides' main examples against the loopback server.
///
/// The examples are the code in this folder; ListKitDocumentationTests checks that the documents
/// show it exactly (the regions between `// snippet:` and `// snippet-end`).
@MainActor @Suite struct GuideExampleTests {
  /// Waits for the refresh in flight to end: the first of the list's events after which it is
  /// not loading.
  func refreshEnded(_ list: PagedList<some Identifiable & Sendable>) async {
    guard list.loadStates.refresh.isLoading else { return }
    for await _ in list.events() where !list.loadStates.refresh.isLoading { break }
  }

  @Test func theReadmeScreenPagesADjangoListToTheEndWithItsPinnedPhotos() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await withServer { server in
      let view = HeadlessTableView(viewportHeight: 440)
      var diagnostics: [ListDiagnostic] = []
      let screen = try ReadmeExample.PhotoScreen(
        listView: view, api: server.url("/drf/page?total=45"), token: "readme-token", pinned: [3, 25],
        cacheDirectory: directory)
      screen.table.diagnosticHandler = { diagnostics.append($0) }
      await screen.photos.idle()
      screen.table.update()
      #expect(screen.photos.items.map(\.id).prefix(20) == ArraySlice(0..<20))
      #expect(screen.photos.totalCount == 45)

      // Scrolling to the bottom asks for each next page; the pinned photo 25 arrives on page 2.
      for _ in 0..<10 where screen.photos.loadStates.next != .reachedEnd {
        try view.scroll(toOffset: view.maximumContentOffset)
        await screen.photos.idle()
        screen.table.update()
      }
      #expect(screen.photos.items.map(\.id) == Array(0..<45))
      #expect(view.numberOfItems(inSection: 0) == 2)  // pinned: 3 and 25
      #expect(view.numberOfItems(inSection: 1) == 46)  // every photo once, then "No more data"
      #expect(diagnostics.isEmpty, "\(diagnostics)")
      #expect(view.violations.isEmpty)
      #expect(await screen.photos.waitForCacheWrites() == nil)
    }
  }

  @Test func thePagingGuideShowsNOfMAndSignsOutOnA401() async throws {
    try await withServer { server in
      let model = try PagingGuideExample.PhotosModel(api: server.url("/drf/page?total=45"), token: "t0k3n")
      await model.photos.start()?.value
      #expect(model.footer == "20 of 45")

      let expired = try PagingGuideExample.PhotosModel(api: server.url("/unauthorized"), token: "expired")
      var signIns = 0
      expired.showSignIn = { signIns += 1 }
      await expired.photos.start()?.value
      // The 401 signed the user out in one call, and nothing more is requested: no 401 loop.
      #expect(expired.photos.isSignedOut, "the 401 did not sign out")
      #expect(signIns == 1)
      #expect(expired.footer == "Please sign in again.")
      #expect(expired.photos.items.isEmpty)
      #expect(expired.photos.refresh() == nil)
      #expect(expired.photos.retry() == nil)
    }
  }

  @Test func theHTTPGuideListPagesToTheEnd() async throws {
    try await withServer { server in
      let api = HTTPGuideExample.PhotoAPI(photosURL: server.url("/drf/page?total=45"))
      let photos = try api.makeList(token: "t")
      await photos.start()?.value
      for _ in 0..<5 {
        guard let next = photos.loadNextPage() else { break }
        await next.value
      }
      #expect(photos.items.map(\.id) == Array(0..<45))
      #expect(photos.totalCount == 45)
      #expect(photos.loadStates.next == .reachedEnd)
    }
  }
}
