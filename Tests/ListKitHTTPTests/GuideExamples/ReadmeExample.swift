import Foundation
import ListKitCache
import ListKitHTTP

/// README.md's "A screen in a few lines" with the fixture's photos ({"id", "name"}; the README's
/// own `Photo` has the example app's fields, and that block is compiled as printed by
/// ListKitDocumentationTests).
enum ReadmeExample {
  struct Photo: Identifiable, Codable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  final class PhotoCell: ListCell {  // on iOS, your UITableViewCell subclass
    var title = ""
  }

  final class PhotoRow: ModelCellManager<Photo, PhotoCell> {
    override func configure(cell: PhotoCell) { cell.title = model.name }
  }

  @MainActor final class PhotoScreen {
    let photos: PagedList<Photo>
    let table: TableManager

    init(listView: any ListView, api: URL, token: String?, pinned: Set<Int>, cacheDirectory: URL) throws {
      photos = PagedList(
        listName: "photos", context: RequestContext(userToken: token),
        // Django REST framework numbers its pages from 1: page=1, 2, … of 20
        configuration: try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: 20),
        loader: HTTPPageLoader<Photo>(baseURL: api, style: .envelope()),  // {"count", "next", "results"}
        cache: FilePageCache<Photo>(directory: cacheDirectory))
      table = TableManager(listView: listView)  // becomes data source and delegate
      table.sections = [
        // The user's pinned photos, kept in step with the list; they stay in the list below too.
        DerivedSection(list: photos, headerTitle: "Pinned") {
          $0.filter { pinned.contains($0.id) }
        } makeRow: {
          PhotoRow($0)
        },
        PagedSection(list: photos, headerTitle: "Photos") { PhotoRow($0) },  // rows, next page, footer
      ]
      photos.start()  // the cached first page and the network at once
    }
  }
}
