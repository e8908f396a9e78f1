import Foundation
import ListKitHTTP

/// Guides/HTTP.md, the main example, between the markers, compiled as it is shown.
enum HTTPGuideExample {
  // snippet: http-main
  struct Photo: Identifiable, Codable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  struct PhotoAPI {
    var photosURL: URL  // e.g. https://api.example.com/photos/?album=7

    @MainActor func makeList(token: String?) throws -> PagedList<Photo> {
      let loader = HTTPPageLoader<Photo>(
        baseURL: photosURL,
        style: .envelope(),  // {"count", "next", "previous", "results"}
        authentication: .bearer,  // Authorization: Bearer <context.userToken>
        headers: ["X-Client": "ios/5.2"],
        maximumResponseBytes: 4 << 20)
      return PagedList(
        listName: "photos", context: RequestContext(userToken: token),
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),  // page=1, 2…
        loader: loader)
    }
  }
  // snippet-end
}
