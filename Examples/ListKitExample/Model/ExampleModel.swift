import ListKit
import ListKitCache

/// The app's paged lists, one per screen, each with its own cached first page on disk.
@MainActor
final class ExampleModel {
  let feed: PagedList<Photo>
  let simple: PagedList<Photo>
  let swiftUI: PagedList<Photo>

  init() {
    let photos = PhotoLibrary.photos(count: 200)
    func makeList(named name: String) -> PagedList<Photo> {
      PagedList(
        listName: name,
        context: RequestContext(userToken: "example-user"),  // part of the cache key, never stored
        loader: ExamplePhotoLoader(photos: photos),
        cache: FilePageCache<Photo>(name: "ListKitExample-\(name)"))
    }
    feed = makeList(named: "feed")
    simple = makeList(named: "simple")
    swiftUI = makeList(named: "swiftui")
  }
}
