import Foundation

/// The built-in "server's" photos: what ``DemoPhotoLoader`` pages through and what its edits
/// (like, delete, post) change, shared by every copy of the loader.
package final class DemoPhotoStore: @unchecked Sendable {
  // @unchecked Sendable: every stored property is read and written under `lock` only.
  private let lock = NSLock()
  private var photos: [Photo]
  private var editCount = 0

  /// Creates a store holding `photos`.
  /// - Parameter photos: The photos, in page order.
  package init(photos: [Photo]) {
    self.photos = photos
  }

  /// The photos now, in page order.
  package var snapshot: [Photo] {
    lock.withLock { photos }
  }

  /// Counts one more edit request.
  /// - Returns: The number of edit requests so far, this one included.
  func nextEdit() -> Int {
    lock.withLock {
      editCount += 1
      return editCount
    }
  }

  /// Changes the photo with `id`.
  /// - Returns: The changed photo, or `nil` when none has the id.
  func update(id: Int, _ change: (inout Photo) -> Void) -> Photo? {
    lock.withLock {
      guard let index = photos.firstIndex(where: { $0.id == id }) else { return nil }
      change(&photos[index])
      return photos[index]
    }
  }

  /// Removes the photo with `id`.
  /// - Returns: Whether one had the id.
  func remove(id: Int) -> Bool {
    lock.withLock {
      guard let index = photos.firstIndex(where: { $0.id == id }) else { return false }
      photos.remove(at: index)
      return true
    }
  }

  /// Adds a photo under a new id, the largest so far plus one, first or last.
  /// - Returns: The photo as stored.
  func add(_ photo: Photo, first: Bool) -> Photo {
    lock.withLock {
      var stored = photo
      stored.id = (photos.map(\.id).max() ?? 0) + 1
      if first { photos.insert(stored, at: 0) } else { photos.append(stored) }
      return stored
    }
  }
}
