import Foundation
import ListKitCache
import ListKitHTTP

/// Guides/Paging.md, "Sign-in that lasts", between the markers, compiled as it is shown.
enum SignInGuideExample {
  // snippet: paging-sign-in
  struct Photo: Identifiable, Codable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  @MainActor final class PhotosModel {
    let photos: PagedList<Photo>
    var showSignIn: () -> Void = {}

    init(api: URL, accountID: String, token: String, cacheDirectory: URL) throws {
      photos = PagedList(
        listName: "photos",
        context: RequestContext(accountID: accountID, userToken: token),  // who, and the proof
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
        loader: HTTPPageLoader<Photo>(baseURL: api, style: .envelope()),
        cache: FilePageCache<Photo>(directory: cacheDirectory))
      photos.onRequestCompleted = { [weak self] completion in
        if completion.error?.kind == .unauthorized { self?.signOut() }
      }
    }

    /// The token was renewed: the same user, so the items, the position and the cached page
    /// stay, and nothing is requested.
    func tokenRenewed(_ token: String) {
      guard let accountID = photos.context.accountID else { return }
      photos.switchContext(to: RequestContext(accountID: accountID, userToken: token))
    }

    /// Stops the loads, empties the list and removes the user's cached pages; nothing is
    /// requested until someone signs in.
    func signOut() {
      photos.signOut(removingCachedEntries: true)
      showSignIn()
    }

    func signedIn(accountID: String, token: String) {
      photos.switchContext(to: RequestContext(accountID: accountID, userToken: token))
    }
  }
  // snippet-end
}
