import Foundation
import ListKit
import ListKitSQLite

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
  /// The answer to each edit the outbox sent, by idempotency key: a key sent again gets it again.
  nonisolated(unsafe) private var answers: [String: EditAnswer<Photo>] = [:]

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

  package func replace(_ photo: Photo) async throws -> Photo {
    try checkUp()
    return try await requireEditor().replace(photo)
  }

  /// Sends an edit an ``EditOutbox`` keeps, honouring its idempotency key as a real server does:
  /// a key seen before gets the same answer and changes nothing.
  ///
  /// An injected failure (`--fail-rate`) is the server refusing the edit, which rolls it back;
  /// an unknown photo is gone from the server. While the network is down it throws
  /// ``DemoLoadError/offline``, and the outbox tries again later.
  /// - Parameter pending: The edit.
  /// - Returns: The server's answer.
  /// - Throws: ``DemoLoadError/offline`` while the network is down.
  package func send(_ pending: StoredPendingEdit<Photo>) async throws -> EditAnswer<Photo> {
    if let answer = lock.withLock({ answers[pending.idempotencyKey] }) { return answer }
    let answer: EditAnswer<Photo>
    do {
      switch pending.edit {
      case .insert(let photo, let position):
        answer = .accepted(serverItem: try await post(photo, first: position != .bottom))
      case .replace(let photo):
        answer = .accepted(serverItem: try await replace(photo))
      case .remove(let id):
        try await delete(id: id)
        answer = .accepted(serverItem: nil)
      case .update(let id, _):
        answer = .refused(EditRefusal(.invalid, message: "an update of \(id) without its photo"))
      }
    } catch DemoLoadError.simulatedEditFailure(let request) {
      answer = .refused(EditRefusal(.conflict, message: "the server refused edit request \(request)"))
    } catch DemoLoadError.invalidRequest(let reason) {
      answer = .refused(EditRefusal(.notFound, message: reason))
    }
    lock.withLock { answers[pending.idempotencyKey] = answer }
    return answer
  }

  private func checkUp() throws(DemoLoadError) {
    if isDown { throw .offline }
  }

  private func requireEditor() throws(DemoLoadError) -> any DemoPhotoEditing {
    guard let editor else { throw .invalidRequest("this source takes no edits") }
    return editor
  }
}
