import Foundation
import ListKit
import ListKitTesting

/// The photo the caching, composition and time examples list: an app's own model.
struct Photo: Identifiable, Codable, Equatable, Sendable {
  var id: Int
  var name: String
}

/// A photo cell, as an app defines it.
final class PhotoCell: ListCell, HeadlessRenderable {
  private(set) var title = ""
  init() {}

  func configure(for photo: Photo) { title = photo.name }
  var renderedText: String { title }
}
