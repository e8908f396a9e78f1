import Foundation
import ListKit
import ListKitTesting
import Testing

/// A pinned section above a paged section, as an app composes them (the README's screen itself
/// is compiled and run by `GuideExampleTests`), against the headless view.
@MainActor @Suite struct ReadmeSnippetTests {
  struct Photo: Identifiable, Equatable, Codable, Sendable {
    var id: Int
    var title: String
  }

  final class PhotoCell: ListCell, HeadlessRenderable {
    var title = ""
    init() {}
    var renderedText: String { title }
  }

  final class PhotoRow: ModelCellManager<Photo, PhotoCell> {
    override func configure(cell: PhotoCell) { cell.title = model.title }
  }

  @Test func theReadmeScreenShowsPinnedRowsThenPagedPhotos() async throws {
    let tableView = HeadlessTableView()
    let token = "readme-token"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let pinned = [Photo(id: 100, title: "Pinned lake")]
    let loader = ClosurePageLoader<Photo> { request in
      Page(items: (0..<request.limit).map { Photo(id: $0, title: "Photo \($0)") }, hasMore: false)
    }

    let photos = PagedList(
      listName: "photos", context: RequestContext(userToken: token),
      loader: loader, cache: FilePageCache<Photo>(directory: directory))
    let table = TableManager(listView: tableView)
    table.sections = [
      SectionManager(cells: pinned.map(PhotoRow.init), headerTitle: "Pinned", condition: { !pinned.isEmpty }),
      PagedSection(list: photos) { PhotoRow($0) },
    ]
    await photos.start()?.value
    table.update()
    #expect(tableView.render().prefix(4) == ["== Pinned ==", "Pinned lake", "Photo 0", "Photo 1"])
    #expect(tableView.violations.isEmpty)
  }
}
