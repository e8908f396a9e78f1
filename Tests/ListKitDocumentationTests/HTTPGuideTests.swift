import Foundation
import ListKitFixtures
import ListKitHTTP
import ListKitTesting
import Testing

/// The error example of Guides/HTTP.md, against the loopback server's 401 and 403 answers.
@MainActor @Suite struct HTTPGuideTests {
  // snippet: http-unauthorized-status
  /// The HTTP status that signed the user out, when the last refresh failed with one.
  @MainActor func signOutStatus(of photos: PagedList<Photo>) -> Int? {
    guard let error = photos.loadStates.refresh.error, error.kind == .unauthorized,
      case .unauthorized(let status, _)? = error.underlying as? HTTPPageLoaderError
    else { return nil }
    return status
  }
  // snippet-end

  func refreshedList(_ url: URL) async throws -> PagedList<Photo> {
    let photos = PagedList(
      listName: "photos", context: RequestContext(userToken: "expired"),
      // Django REST framework numbers its pages from 1.
      configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
      loader: HTTPPageLoader<Photo>(baseURL: url, style: .envelope()))
    await photos.start()?.value
    return photos
  }

  @Test func a401IsASignOutWithItsStatus() async throws {
    try await withServer { server in
      let photos = try await refreshedList(server.url("/unauthorized"))
      #expect(signOutStatus(of: photos) == 401)
    }
  }

  @Test func a403AndASuccessAreNotSignOuts() async throws {
    try await withServer { server in
      let forbidden = try await refreshedList(server.url("/forbidden"))
      #expect(forbidden.loadStates.refresh.error?.kind == .forbidden)
      #expect(signOutStatus(of: forbidden) == nil)
      let loaded = try await refreshedList(server.url("/drf/page?total=5"))
      #expect(loaded.items.count == 5)
      #expect(signOutStatus(of: loaded) == nil)
    }
  }
}
