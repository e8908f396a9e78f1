import Foundation
import ListKit
import ListKitTesting

// The paging examples' API client, an in-memory stand-in for the app's own, and their row.

/// The app's own API client in the examples: pages of photos for a signed-in user.
struct PhotoAPI: Sendable {
  struct Response: Sendable {
    var photos: [Photo]
    var hasMore: Bool
  }

  var count: Int

  /// Page `page` (from 0) of `size` photos; the token must be the signed-in user's.
  func photos(page: Int, size: Int, token: String?) async throws -> Response {
    guard token != nil else { throw PhotoAPIError.signedOut }
    let start = min(page * size, count)
    let end = min(start + size, count)
    return Response(photos: (start..<end).map { Photo(id: $0, name: "Photo \($0)") }, hasMore: end < count)
  }
}

enum PhotoAPIError: Error {
  case unsupported
  case signedOut
}

final class PhotoRow: ModelCellManager<Photo, PhotoCell> {
  override func configure(cell: PhotoCell) { cell.configure(for: model) }
}

/// A fresh, empty cache directory, removed by the caller.
func temporaryCacheDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("listkit-docs-\(UUID().uuidString)")
}
