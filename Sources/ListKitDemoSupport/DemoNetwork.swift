import Foundation
import ListKit

/// The demo's network: the loader of its source behind a switch that takes it down and up (the
/// o key, `--offline`), so that the offline store can be watched at work.
///
/// While down, every page request and every edit fails at once with
/// ``DemoLoadError/offline``, as a phone without signal does.
package final class DemoNetwork: PageLoader, DemoPhotoEditing, Sendable {
  /// The item type.
  package typealias Item = Photo

  private let loader: any PageLoader<Photo>
  private let editor: (any DemoPhotoEditing)?
  private let lock = NSLock()
  nonisolated(unsafe) private var downValue: Bool
  nonisolated(unsafe) private var requestCountValue = 0

  /// Creates the network of a source.
  /// - Parameters:
  ///   - loader: Where pages come from while the network is up; when it also edits (the
  ///     built-in photos), the edit keys go through the switch too.
  ///   - isDown: Whether the network starts down.
  package init(_ loader: any PageLoader<Photo>, isDown: Bool = false) {
    self.loader = loader
    self.editor = loader as? any DemoPhotoEditing
    self.downValue = isDown
  }

  /// Whether the network is down.
  package var isDown: Bool {
    get { lock.withLock { downValue } }
    set { lock.withLock { downValue = newValue } }
  }

  /// The page requests made so far, the ones refused while down included.
  package var requestCount: Int { lock.withLock { requestCountValue } }

  /// Whether the source takes edits (the built-in photos do, a `--url` server does not).
  package var takesEdits: Bool { editor != nil }

  package func loadPage(_ request: PageRequest) async throws -> Page<Photo> {
    lock.withLock { requestCountValue += 1 }
    try checkUp()
    return try await loader.loadPage(request)
  }

  package func like(id: Int) async throws -> Photo {
    try checkUp()
    return try await requireEditor().like(id: id)
  }

  package func delete(id: Int) async throws {
    try checkUp()
    try await requireEditor().delete(id: id)
  }

  package func post(_ photo: Photo, first: Bool) async throws -> Photo {
    try checkUp()
    return try await requireEditor().post(photo, first: first)
  }

  private func checkUp() throws(DemoLoadError) {
    if isDown { throw .offline }
  }

  private func requireEditor() throws(DemoLoadError) -> any DemoPhotoEditing {
    guard let editor else { throw .invalidRequest("this source takes no edits") }
    return editor
  }
}
