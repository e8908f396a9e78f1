import Foundation
import ListKitTesting

/// What the demo's keys ask the built-in "server" to do: like, delete, post a photo or send a
/// message, each after the loader's latency and failing at its rate.
package protocol DemoPhotoEditing: Sendable {
  /// Adds one like to the photo with `id`.
  /// - Returns: The server's copy of the photo.
  /// - Throws: ``DemoLoadError`` for an injected failure or an unknown photo.
  func like(id: Int) async throws -> Photo
  /// Deletes the photo with `id`.
  /// - Throws: ``DemoLoadError`` for an injected failure or an unknown photo.
  func delete(id: Int) async throws
  /// Replaces the photo with its id by `photo` (the like count and all): the state an edit made
  /// offline left, sent once the network is back.
  /// - Returns: The server's copy of the photo.
  /// - Throws: ``DemoLoadError`` for an injected failure or an unknown photo.
  func replace(_ photo: Photo) async throws -> Photo
  /// Stores a new photo (a post at the top, or a chat message at the bottom).
  /// - Parameters:
  ///   - photo: The photo; its id is the client's temporary one.
  ///   - first: Whether it goes first (a feed's newest) or last (a chat's newest).
  /// - Returns: The server's copy, with the id the server gave it.
  /// - Throws: ``DemoLoadError`` for an injected failure.
  func post(_ photo: Photo, first: Bool) async throws -> Photo
}

extension DemoPhotoLoader: DemoPhotoEditing {
  package func like(id: Int) async throws -> Photo {
    try await editRequest()
    guard let photo = store.update(id: id, { $0.likes += 1 }) else {
      throw DemoLoadError.invalidRequest("no photo has the id \(id)")
    }
    return photo
  }

  package func replace(_ photo: Photo) async throws -> Photo {
    try await editRequest()
    guard let replaced = store.update(id: photo.id, { $0 = photo }) else {
      throw DemoLoadError.invalidRequest("no photo has the id \(photo.id)")
    }
    return replaced
  }

  package func delete(id: Int) async throws {
    try await editRequest()
    guard store.remove(id: id) else { throw DemoLoadError.invalidRequest("no photo has the id \(id)") }
  }

  package func post(_ photo: Photo, first: Bool) async throws -> Photo {
    try await editRequest()
    return store.add(photo, first: first)
  }

  /// Waits the latency, then fails at the loader's rate: the draw depends only on the seed and
  /// the number of edit requests so far.
  private func editRequest() async throws {
    if latency > .zero { try await clock.sleep(for: latency) }
    try Task.checkCancellation()
    let number = store.nextEdit()
    guard failRate > 0 else { return }
    var draw = SplitMix64(seed: SplitMix64.mix(seed ^ 0xED17 ^ SplitMix64.mix(UInt64(number))))
    if draw.nextUnit() < failRate { throw DemoLoadError.simulatedEditFailure(request: number) }
  }
}
