import Foundation
import ListKit
import ListKitTerminal

/// The edit keys: each edit shows at once as a pending edit of the list, and the built-in
/// "server" (``DemoPhotoEditing``) confirms it or refuses it (`--fail-rate`) a little later,
/// when the list keeps it or rolls it back.
extension DemoScreen {
  /// The photo under the cursor, in the photos or the pinned section.
  package var highlightedPhoto: Photo? {
    guard let path = listView.highlightedPath else { return nil }
    return (listView.cellForItem(at: path) as? PhotoCell)?.photo
  }

  /// Waits until every edit started so far has its answer.
  package func editsFinished() async {
    while let task = editTasks.values.first { await task.value }
  }

  /// l: one more like for the photo under the cursor, rolled back if the server refuses.
  func like() -> KeyResult {
    guard let editor, let photo = highlightedPhoto, photo.id > 0 else { return .ignored }
    // The new state, not "+1": the list applies a pending edit again to every fresh copy.
    let likes = photo.likes + 1
    let edit = list.applyPending(.update(id: photo.id) { $0.likes = likes })
    return send("like of \(photo.id)", edit) { _ = try await editor.like(id: photo.id) }
  }

  /// d: deletes the photo under the cursor; it comes back if the server refuses.
  func delete() -> KeyResult {
    guard let editor, let photo = highlightedPhoto, photo.id > 0 else { return .ignored }
    let edit = list.applyPending(.remove(id: photo.id))
    return send("delete of \(photo.id)", edit) { try await editor.delete(id: photo.id) }
  }

  /// n: a new photo at the top, under a temporary (negative) id until the server gives its own.
  func post() -> KeyResult {
    guard let editor else { return .ignored }
    editCount += 1
    let photo = Photo(
      id: -editCount, title: "New photo \(editCount)", author: "You", takenAt: Date(timeIntervalSince1970: 0),
      likes: 0, isPinned: false)
    let edit = list.applyPending(.insert(photo, at: .top))
    listView.moveCursor(.first)
    return send("new photo", edit) { try await editor.post(photo, first: true) }
  }

  /// In a chat: characters type, Backspace erases, Escape clears, Enter sends, Ctrl-R
  /// refreshes; `nil` for the keys a chat leaves to ``handle(_:)``.
  func handleChat(_ key: Key) -> KeyResult? {
    switch key {
    case .character(let character):
      draft.append(character)
    case .backspace:
      if !draft.isEmpty { draft.removeLast() }
    case .escape:
      draft = ""
    case .enter where !draft.trimmingCharacters(in: .whitespaces).isEmpty:
      return sendMessage()
    case .control("r"):
      return nil
    default:
      return nil
    }
    onChange?()
    return .handled
  }

  /// Enter in a chat: the message shows at the bottom at once and the server's copy replaces it.
  private func sendMessage() -> KeyResult {
    guard let editor else { return .ignored }
    editCount += 1
    let message = Photo(
      id: -editCount, title: draft, author: "You", takenAt: Date(timeIntervalSince1970: 0), likes: 0,
      isPinned: false)
    draft = ""
    let edit = list.applyPending(.insert(message, at: .bottom))
    listView.moveCursor(.last)
    return send("message", edit) { try await editor.post(message, first: false) }
  }

  /// Sends an edit's request; confirms the edit with the server's copy, or rolls it back.
  private func send<Answer: Sendable>(
    _ what: String, _ edit: PendingEdit, request: @escaping @Sendable () async throws -> Answer
  ) -> KeyResult {
    if let outbox {
      // With `--store` the outbox sends it, offline too: it waits on disk for the network.
      // Not one of `editTasks`: quitting does not wait for the network, the edit stays on disk.
      editNote = "\(what) waiting to send"
      let sending = outbox.send()
      Task { [weak self] in
        await sending.value
        guard let self else { return }
        if !list.isPending(edit), editNote == "\(what) waiting to send" { editNote = "\(what) sent" }
        applyPendingChanges()
        onChange?()
      }
      onChange?()
      return .handled
    }
    editCount += 1
    let number = editCount
    editNote = "sending \(what)…"
    editTasks[number] = Task { [weak self] in
      let result: Result<Answer, any Error>
      do { result = .success(try await request()) } catch { result = .failure(error) }
      guard let self else { return }
      editTasks[number] = nil
      switch result {
      case .success(let answer):
        list.confirm(edit, serverItem: answer as? Photo)
        editNote = "\(what) saved"
      case .failure:
        list.rollBack(edit)
        editNote = "\(what) failed, rolled back"
      }
      applyPendingChanges()
      onChange?()
    }
    onChange?()
    return .handled
  }
}
