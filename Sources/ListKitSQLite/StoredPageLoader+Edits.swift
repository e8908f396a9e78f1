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
  ///
  /// The stored rows are the server's copy: a kept edit goes into them (a kept update changes
  /// the stored row itself, whatever pending edits show on top of it), a pending edit waits in a
  /// table of its own until the server's answer, and a confirmed one goes in as it was sent (or
  /// as the server's copy, when it sent one).
  @MainActor
  func write(_ edit: EditRecord<Item>, of list: PagedList<Item>) {
    switch edit {
    case .applied(.update(let id, let change), nil):
      let user = list.context.identity
      enqueue(store(for: user)) { [listKey] store in
        _ = try await store.update(String(describing: id), in: listKey) { body in
          var item = try JSONDecoder().decode(Item.self, from: body)
          change(&item)
          // An update that changes the id is ignored, as the list ignores it.
          return item.id == id ? try JSONEncoder().encode(item) : body
        }
      }
    case .applied(let edit, nil):
      guard let kept = storedEdit(edit, serverItem: nil, in: list) else { return }
      enqueue(store(for: list.context.identity)) { [listKey] in try await $0.keep(kept, in: listKey) }
    case .applied(let edit, let handle?):
      let user = list.context.identity
      if let persisted = PersistedEdit(edit, shown: shownItem(edit.id, in: list)) {
        let entry = PendingEntry(handle: handle, key: UUID().uuidString, persisted: persisted, user: user)
        shared.withLock { $0.pending.append(entry) }
        enqueue(store(for: user)) { [weak self] in try await self?.addPending(entry, to: $0) }
      } else if case .update(let id, let change) = edit {
        // The list does not hold the item (dropped from memory, or not loaded): the edit is
        // made on its stored row, in its turn among the writes.
        enqueue(store(for: user)) { [weak self, listKey] store in
          guard let body = try await store.body(of: String(describing: id), in: listKey) else {
            throw SQLiteStoreError.writeFailed(
              "list \(listKey): the pending update of \(id) is not stored: the item is neither loaded nor stored"
            )
          }
          var item = try JSONDecoder().decode(Item.self, from: body)
          change(&item)
          guard item.id == id else { return }  // ignored, as the list ignores it
          let entry = PendingEntry(
            handle: handle, key: UUID().uuidString, persisted: .replace(item), user: user)
          self?.shared.withLock { shared in
            // Among the others in the order the edits were made.
            let index =
              shared.pending.firstIndex { $0.handle.number > handle.number } ?? shared.pending.endIndex
            shared.pending.insert(entry, at: index)
          }
          try await self?.addPending(entry, to: store)
        }
      }
    case .confirmed(let handle, let serverItem):
      guard let entry = takeEntry(handle) else {
        // Maybe still being written (an update made on its stored row): ended in its turn.
        return enqueue(store(for: list.context.identity)) { [weak self, listKey] store in
          guard let self, let entry = self.takeEntry(handle) else { return }
          let kept = self.storedEdit(entry.persisted, serverItem: serverItem)
          try await store.endPending(entry.key, keeping: kept, in: listKey)
        }
      }
      // As it was sent, not as the list shows the item now: later pending edits of the same item
      // are not the server's yet.
      let kept =
        entry.user == list.context.identity
        ? storedEdit(entry.edit, serverItem: serverItem, in: list)
        : storedEdit(entry.persisted, serverItem: serverItem)
      enqueue(store(for: entry.user)) { [listKey, key = entry.key] in
        try await $0.endPending(key, keeping: kept, in: listKey)
      }
    case .rolledBack(let handle):
      guard let entry = takeEntry(handle) else {
        return enqueue(store(for: list.context.identity)) { [weak self, listKey] store in
          guard let entry = self?.takeEntry(handle) else { return }
          try await store.endPending(entry.key, keeping: nil, in: listKey)
        }
      }
      enqueue(store(for: entry.user)) { [listKey, key = entry.key] in
        try await $0.endPending(key, keeping: nil, in: listKey)
      }
    }
  }

  /// Writes a pending edit into `store`'s queue of edits waiting for the server.
  private func addPending(_ entry: PendingEntry, to store: SQLiteListStore) async throws {
    let body: Data
    do {
      body = try JSONEncoder().encode(entry.persisted)
    } catch {
      throw SQLiteStoreError.writeFailed(
        "list \(listKey): pending edit of \(entry.edit.id) cannot be encoded: \(error)")
    }
    let record = StoredPendingRecord(key: entry.key, id: String(describing: entry.edit.id), body: body)
    try await store.addPending(record, in: listKey)
  }

  /// The edit as the stored rows take it: the item it names (or the server's copy of it), and,
  /// for an insert, after the nearest item above it in `list` that has a row; `nil` when there
  /// is nothing to write (an update, whose result only the stored row can give, or an insert
  /// the list does not show).
  /// - Complexity: O(*n*) for *n* items shown, for an insert.
  @MainActor
  private func storedEdit(_ edit: ItemEdit<Item>, serverItem: Item?, in list: PagedList<Item>) -> StoredEdit?
  {
    switch edit {
    case .update:
      return nil
    case .replace(let item):
      return row(Self.serverCopy(serverItem, of: item) ?? item).map { .replace(id: $0.id, body: $0.body) }
    case .remove(let id):
      return .remove(id: String(describing: id))
    case .insert(let inserted, _):
      let item = serverItem ?? inserted
      let items = list.items
      guard let index = items.firstIndex(where: { $0.id == item.id }), let row = row(item) else { return nil }
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
      return row(Self.serverCopy(serverItem, of: item) ?? item).map { .replace(id: $0.id, body: $0.body) }
    case .remove(let id):
      return .remove(id: String(describing: id))
    case .insert(let item, .top):
      return row(serverItem ?? item).map { .insert(id: $0.id, body: $0.body, previousID: nil) }
    case .insert:
      return nil
    }
  }

  /// The server's copy of `item`: `serverItem` when it has `item`'s id (another id is not the
  /// same item, and `PagedList.confirm(_:serverItem:)` ignores it too).
  private static func serverCopy(_ serverItem: Item?, of item: Item) -> Item? {
    serverItem.flatMap { $0.id == item.id ? $0 : nil }
  }

  /// `item` as a stored row; `nil`, with the problem recorded, when it cannot be encoded.
  private func row(_ item: Item) -> (id: String, body: Data)? {
    do {
      return try encode([item]).first
    } catch {
      record(.writeFailed("list \(listKey): \(item.id) cannot be encoded: \(error)"))
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
