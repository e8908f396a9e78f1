import Foundation
import ListKit

// The edits the app makes to a list this loader serves: written to the store in the order they
// were made, off the main actor.
extension StoredPageLoader {
  /// The edits waiting for the server that the store keeps, oldest first: the ones restored at
  /// ``open(_:refreshOnLaunch:)`` and the ones made since with `PagedList.applyPending(_:)`.
  ///
  /// Each stays on disk until `PagedList.confirm(_:serverItem:)` (which writes it into the stored
  /// rows) or `PagedList.rollBack(_:)`; no refresh or fill overwrites it, and each launch shows it
  /// again until then.
  public func pendingEdits() -> [StoredPendingEdit<Item>] {
    shared.withLock { shared in
      shared.pending.map { StoredPendingEdit(handle: $0.handle, edit: $0.edit, idempotencyKey: $0.key) }
    }
  }

  /// Waits until every edit made so far is written to the store (or failed, in ``problems()``).
  public func waitForWrites() async {
    while true {
      let last = shared.withLock { $0.lastWrite }
      await last?.value
      if shared.withLock({ $0.lastWrite }) == last { return }
    }
  }

  /// Shows again, as pending edits of `list`, the ones the store kept for its user.
  /// - Returns: Their handles, and the problem met reading them.
  @MainActor
  func restoreEdits(of list: PagedList<Item>, from store: SQLiteListStore) async
    -> (handles: [PendingEdit], problem: SQLiteStoreError?)
  {
    let user = list.context.identity
    let records: [StoredPendingRecord]
    do {
      records = try await store.pendingRecords(in: listKey)
    } catch {
      record(error)
      return ([], error)
    }
    let known = shared.withLock { shared in
      shared.pending.removeAll { !list.isPending($0.handle) }
      return Set(shared.pending.map(\.key))
    }
    let decoder = JSONDecoder()
    var handles: [PendingEdit] = []
    var problem: SQLiteStoreError?
    for stored in records where !known.contains(stored.key) {
      let persisted: PersistedEdit<Item>
      do {
        persisted = try decoder.decode(PersistedEdit<Item>.self, from: stored.body)
      } catch {
        // Kept on disk: an edit of the user is never dropped for a type that changed.
        let failure = SQLiteStoreError.undecodable("list \(listKey), pending edit \(stored.key): \(error)")
        record(failure)
        problem = problem ?? failure
        continue
      }
      let handle = list.applyPending(persisted.edit)
      handles.append(handle)
      shared.withLock {
        $0.pending.append(PendingEntry(handle: handle, key: stored.key, persisted: persisted, user: user))
      }
    }
    return (handles, problem)
  }

  /// Writes what the app did to `list` to the store of the user it did it as.
  @MainActor
  func write(_ edit: EditRecord<Item>, of list: PagedList<Item>) {
    switch edit {
    case .applied(let edit, nil):
      guard let kept = storedEdit(edit, serverItem: nil, in: list) else { return }
      enqueue(store(for: list.context.identity)) { [listKey] in try await $0.keep(kept, in: listKey) }
    case .applied(let edit, let handle?):
      guard let persisted = PersistedEdit(edit, shown: shownItem(edit.id, in: list)) else { return }
      let body: Data
      do {
        body = try JSONEncoder().encode(persisted)
      } catch {
        record(.writeFailed("list \(listKey): pending edit of \(edit.id) cannot be encoded: \(error)"))
        return
      }
      let entry = PendingEntry(
        handle: handle, key: UUID().uuidString, persisted: persisted, user: list.context.identity)
      shared.withLock { $0.pending.append(entry) }
      let stored = StoredPendingRecord(key: entry.key, id: String(describing: edit.id), body: body)
      enqueue(store(for: entry.user)) { [listKey] in try await $0.addPending(stored, in: listKey) }
    case .confirmed(let handle, let serverItem):
      guard let entry = takeEntry(handle) else { return }
      let kept =
        entry.user == list.context.identity
        ? storedEdit(entry.edit, serverItem: serverItem, in: list)
        : storedEdit(entry.persisted, serverItem: serverItem)
      enqueue(store(for: entry.user)) { [listKey, key = entry.key] in
        try await $0.endPending(key, keeping: kept, in: listKey)
      }
    case .rolledBack(let handle):
      guard let entry = takeEntry(handle) else { return }
      enqueue(store(for: entry.user)) { [listKey, key = entry.key] in
        try await $0.endPending(key, keeping: nil, in: listKey)
      }
    }
  }

  /// The edit as the stored rows take it, once the list shows it; `nil` when there is nothing
  /// to write (an update of an item that is not shown).
  /// - Complexity: O(*n*) for *n* items shown.
  @MainActor
  private func storedEdit(_ edit: ItemEdit<Item>, serverItem: Item?, in list: PagedList<Item>) -> StoredEdit?
  {
    let id = String(describing: edit.id)
    switch edit {
    case .update, .replace:
      let item: Item
      if let shown = shownItem(edit.id, in: list) {
        item = shown
      } else if case .replace(let replacement) = edit {
        item = replacement
      } else {
        return nil
      }
      return (try? encode([item])).flatMap { $0.first.map { .replace(id: $0.id, body: $0.body) } }
    case .remove:
      return .remove(id: id)
    case .insert(let inserted, _):
      let shownID = serverItem?.id ?? inserted.id
      let items = list.items
      guard let index = items.firstIndex(where: { $0.id == shownID }),
        let row = try? encode([items[index]]).first
      else { return nil }
      // After the nearest item above it that has a row: items still waiting as pending inserts
      // have none yet.
      let unstored = shared.withLock { shared in
        Set(
          shared.pending.compactMap { entry -> Item.ID? in
            if case .insert(let item, _) = entry.persisted { return item.id }
            return nil
          })
      }
      let previous = items[..<index].last { !unstored.contains($0.id) }
      return .insert(id: row.id, body: row.body, previousID: previous.map { String(describing: $0.id) })
    }
  }

  /// The edit as the stored rows take it when the list no longer shows its user: the item the
  /// edit made (or the server's copy); an insert goes first when it was made at the top, and is
  /// otherwise left to the next load of that account, which brings it from the server.
  private func storedEdit(_ edit: PersistedEdit<Item>, serverItem: Item?) -> StoredEdit? {
    switch edit {
    case .replace(let item):
      return (try? encode([serverItem ?? item])).flatMap {
        $0.first.map { .replace(id: $0.id, body: $0.body) }
      }
    case .remove(let id):
      return .remove(id: String(describing: id))
    case .insert(let item, .top):
      return (try? encode([serverItem ?? item])).flatMap {
        $0.first.map { .insert(id: $0.id, body: $0.body, previousID: nil) }
      }
    case .insert:
      return nil
    }
  }

  @MainActor
  private func shownItem(_ id: Item.ID, in list: PagedList<Item>) -> Item? {
    list.items.first { $0.id == id }
  }

  private func takeEntry(_ handle: PendingEdit) -> PendingEntry? {
    shared.withLock { shared in
      guard let index = shared.pending.firstIndex(where: { $0.handle == handle }) else { return nil }
      return shared.pending.remove(at: index)
    }
  }

  /// Runs `write` after every write enqueued before it; a failure goes to ``problems()``.
  private func enqueue(
    _ store: SQLiteListStore, _ write: @escaping @Sendable (SQLiteListStore) async throws -> Void
  ) {
    shared.withLock { shared in
      let previous = shared.lastWrite
      shared.lastWrite = Task {
        await previous?.value
        do {
          try await write(store)
        } catch {
          self.record(error as? SQLiteStoreError ?? .writeFailed("list \(self.listKey): \(error)"))
        }
      }
    }
  }
}

extension PersistedEdit where Item: Identifiable & Sendable, Item.ID: Sendable {
  /// An edit as it is written; `nil` for an update of an item that is not shown (its closure
  /// cannot be written, and there is no item it made).
  init?(_ edit: ItemEdit<Item>, shown: Item?) {
    switch edit {
    case .update: guard let shown else { return nil }; self = .replace(shown)
    case .replace(let item): self = .replace(item)
    case .remove(let id): self = .remove(id: id)
    case .insert(let item, .top): self = .insert(item, at: .top)
    case .insert(let item, .bottom): self = .insert(item, at: .bottom)
    case .insert(let item, .before(let id)): self = .insert(item, at: .before(id))
    }
  }

  /// The edit to apply again.
  var edit: ItemEdit<Item> {
    switch self {
    case .replace(let item): .replace(item)
    case .remove(let id): .remove(id: id)
    case .insert(let item, .top): .insert(item, at: .top)
    case .insert(let item, .bottom): .insert(item, at: .bottom)
    case .insert(let item, .before(let id)): .insert(item, at: .before(id))
    }
  }
}
