import Foundation
import ListKitHTTP

/// Guides/HTTP.md, "Tokens that expire", between the markers, compiled as it is shown.
enum CredentialsGuideExample {
  // snippet: http-credentials
  struct Photo: Identifiable, Codable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  /// The app's sign-in: who the user is, and the access token that proves it until it expires.
  actor Session {
    let accountID: String
    private(set) var accessToken: String
    private let renew: @Sendable () async throws -> String  // e.g. OAuth's refresh-token grant

    init(accountID: String, accessToken: String, renew: @escaping @Sendable () async throws -> String) {
      self.accountID = accountID
      self.accessToken = accessToken
      self.renew = renew
    }

    func renewAccessToken() async throws -> String {
      accessToken = try await renew()
      return accessToken
    }
  }

  struct PhotoAPI {
    var photosURL: URL

    @MainActor func makeList(session: Session) throws -> PagedList<Photo> {
      let credentials = HTTPCredentialProvider(
        current: { _ in await session.accessToken },  // asked before each request
        refresh: { _, _ in try await session.renewAccessToken() })  // after a 401, once for all
      return PagedList(
        listName: "photos",
        context: RequestContext(accountID: session.accountID),  // who; the token never gets here
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
        loader: HTTPPageLoader<Photo>(baseURL: photosURL, style: .envelope()).withCredentials(credentials))
    }
  }
  // snippet-end
}
