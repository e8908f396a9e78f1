import Foundation
import ListKitHTTP

/// Guides/Paging.md, the main example, between the markers, compiled as it is shown.
enum PagingGuideExample {
  // snippet: paging-main
  struct Photo: Identifiable, Codable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  @MainActor final class PhotosModel {
    let photos: PagedList<Photo>
    private(set) var footer = ""
    var showSignIn: () -> Void = {}

    init(api: URL, token: String?) throws {
      photos = PagedList(
        listName: "photos", context: RequestContext(userToken: token),
        // Django REST framework numbers its pages from 1: page=1, 2, … of 20
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
        loader: HTTPPageLoader<Photo>(baseURL: api, style: .envelope()))
      photos.onRequestCompleted = { [weak self] completion in self?.completed(completion) }
    }

    private func completed(_ completion: RequestCompletion) {
      guard let error = completion.error else {
        // "20 of 1,000" when the server says how many there are (DRF's count, X-Total-Count).
        footer = photos.totalCount.map { "\(photos.items.count) of \($0)" } ?? "\(photos.items.count)"
        return
      }
      switch error.kind {
      case .unauthorized:
        footer = error.message  // "Please sign in again."
        signOut()  // 401: the token expired or was revoked
      case .offline, .cannotConnect:
        footer = "Offline — pull to retry"
      default:
        footer = error.message  // the loader's sentence ("The server had a problem …")
      }
    }

    func signOut() {
      photos.signOut(removingCachedEntries: true)  // stops, empties, forgets; asks nothing more
      showSignIn()
    }

    func signedIn(token: String) {
      photos.switchContext(to: RequestContext(userToken: token))  // their cached page, then theirs
    }
  }
  // snippet-end
}
