import ListKit
import ListKitTesting

/// The item most list tests page, cache and show: `id` is its identity, `title` its content.
struct Photo: Identifiable, Equatable, Codable, Sendable {
  var id: Int
  var title: String
}

/// A photo's row: its title in a ``TextCell``.
final class PhotoRow: ModelCellManager<Photo, TextCell> {
  override func configure(cell: TextCell) { cell.text = model.title }
}
