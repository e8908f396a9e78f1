/// The edits a paged list shows on top of its loaded items, in the order they were made: what
/// turns the items the pages brought into the items shown.
///
/// The loaded items (what the pages brought, plus the edits kept so far) never hold an edit that
/// waits for the server; the first-page cache saves pages, so it never holds one either. An edit
/// leaves the overlay when it is rolled back (the items shown go back to what is loaded), or, once
/// confirmed, when the state machine folds it into the loaded items: as soon as no earlier edit in
/// the overlay touches the same item or is an insert too, which is when moving it below them
/// leaves the items shown as they are.
///
/// - Invariant: entry numbers increase along `entries`.
struct PagingEdits<Item: Identifiable> {
  /// One edit of the overlay.
  struct Entry {
    /// The number of its ``PendingEdit``.
    var number: Int
    /// The edit; a confirmed insert holds the server's copy given to the confirmation.
    var edit: ItemEdit<Item>
    /// Whether the server confirmed it: it stays only until it can be folded.
    var isConfirmed: Bool
    /// The id the item had before a confirmation gave the server's copy (a temporary id).
    var earlierID: Item.ID?

    /// The ids whose items the edit reads or writes: its own, the temporary one, and an insert's
    /// neighbour.
    var touchedIDs: [Item.ID] {
      var ids = [edit.id]
      if let earlierID { ids.append(earlierID) }
      if case .insert(_, .before(let neighbour)) = edit { ids.append(neighbour) }
      return ids
    }

    var isInsert: Bool {
      if case .insert = edit { true } else { false }
    }
  }

  /// The edits, oldest first.
  private(set) var entries: [Entry] = []
  private var lastNumber = 0

  /// Whether no edit is shown.
  var isEmpty: Bool { entries.isEmpty }

  /// Whether every edit changes an item in place: the items shown are then the loaded ones, at
  /// the same indexes.
  var changesOnlyInPlace: Bool {
    entries.allSatisfy {
      switch $0.edit {
      case .update, .replace: true
      case .remove, .insert: false
      }
    }
  }

  /// Adds an edit after the others.
  /// - Returns: Its handle.
  mutating func add(_ edit: ItemEdit<Item>, confirmed: Bool) -> PendingEdit {
    lastNumber += 1
    entries.append(Entry(number: lastNumber, edit: edit, isConfirmed: confirmed, earlierID: nil))
    return PendingEdit(number: lastNumber)
  }

  /// The position in ``entries`` of an edit, or `nil` when it is not in the overlay.
  func position(of edit: PendingEdit) -> Int? {
    entries.firstIndex { $0.number == edit.number }
  }

  /// Marks an edit confirmed; an insert takes the server's copy of its item.
  mutating func confirm(at position: Int, serverItem: Item?) {
    entries[position].isConfirmed = true
    guard let serverItem, case .insert(let item, let point) = entries[position].edit else { return }
    if item.id != serverItem.id { entries[position].earlierID = item.id }
    entries[position].edit = .insert(serverItem, at: point)
  }

  /// Removes the edit at `position`.
  mutating func remove(at position: Int) -> Entry {
    entries.remove(at: position)
  }

  /// Forgets every edit (a context switch); the numbers go on, so an old handle never matches.
  mutating func removeAll() {
    entries.removeAll()
  }

  /// The first confirmed edit that can move below the others into the loaded items: none before
  /// it touches an item it touches, and, for an insert, none before it is an insert.
  ///
  /// - Complexity: O(*e*²) for *e* edits (a handful: those waiting for the server).
  func firstFoldable() -> Int? {
    for (position, entry) in entries.enumerated() where entry.isConfirmed {
      let ids = entry.touchedIDs
      let blocked = entries[..<position].contains { earlier in
        (entry.isInsert && earlier.isInsert) || earlier.touchedIDs.contains { ids.contains($0) }
      }
      if !blocked { return position }
    }
    return nil
  }

  /// The ids of the items the edits touch.
  var touchedIDs: [Item.ID] { entries.flatMap(\.touchedIDs) }
}

// MARK: - The items shown

extension PagingEdits {
  /// An inserted item shown, with where it goes among the loaded items.
  private struct Local {
    var item: Item
    /// The loaded index it goes above; -1 for the top, the loaded count for the bottom.
    var anchor: Int
  }

  /// The loaded items with every edit applied in order.
  ///
  /// An update, replace or remove acts on the item with its id as the earlier edits left it:
  /// loaded or inserted, and does nothing when none is shown; an update that changes the id is
  /// ignored. An insert is skipped while an item with its id is shown. Its neighbour is found
  /// the same way; one not shown puts it at the top.
  /// - Parameters:
  ///   - loaded: The loaded items.
  ///   - loadedIndex: The index in `loaded` of the item with an id, or `nil`: the O(1) lookup of
  ///     the state machine's id table.
  /// - Returns: The items shown.
  /// - Complexity: O(*n*) for *n* loaded items, copied in O(*e*) slices between the *e* edits,
  ///   plus O(*e*²) to place them.
  func shown(over loaded: [Item], loadedIndex: (Item.ID) -> Int?) -> [Item] {
    var hidden: Set<Int> = []
    var replaced: [Int: Item] = [:]
    var locals: [Local] = []
    func shownLoaded(_ id: Item.ID) -> Int? {
      guard let index = loadedIndex(id), !hidden.contains(index) else { return nil }
      return index
    }
    for entry in entries {
      let id = entry.edit.id
      switch entry.edit {
      case .update(_, let change):
        if let local = locals.firstIndex(where: { $0.item.id == id }) {
          var item = locals[local].item
          change(&item)
          if item.id == id { locals[local].item = item }
        } else if let index = shownLoaded(id) {
          var item = replaced[index] ?? loaded[index]
          change(&item)
          if item.id == id { replaced[index] = item }
        }
      case .replace(let item):
        if let local = locals.firstIndex(where: { $0.item.id == id }) {
          locals[local].item = item
        } else if let index = shownLoaded(id) {
          replaced[index] = item
        }
      case .remove:
        if let local = locals.firstIndex(where: { $0.item.id == id }) {
          locals.remove(at: local)
        } else if let index = shownLoaded(id) {
          hidden.insert(index)
          replaced[index] = nil
        }
      case .insert(let item, let point):
        guard !locals.contains(where: { $0.item.id == id }), shownLoaded(id) == nil else { continue }
        // `locals` stays in the order shown: anchors ascending, each anchor's items in order.
        switch point {
        case .bottom:
          locals.append(Local(item: item, anchor: loaded.count))
        case .before(let neighbour):
          if let index = shownLoaded(neighbour) {
            let position = locals.firstIndex { $0.anchor > index } ?? locals.count
            locals.insert(Local(item: item, anchor: index), at: position)
          } else if let other = locals.firstIndex(where: { $0.item.id == neighbour }) {
            locals.insert(Local(item: item, anchor: locals[other].anchor), at: other)
          } else {
            locals.insert(Local(item: item, anchor: -1), at: 0)
          }
        case .top:
          locals.insert(Local(item: item, anchor: -1), at: 0)
        }
      }
    }
    return assemble(loaded, hidden: hidden, replaced: replaced, locals: locals)
  }

  /// The loaded items without `hidden`, with `replaced`, and the locals at their anchors.
  private func assemble(_ loaded: [Item], hidden: Set<Int>, replaced: [Int: Item], locals: [Local]) -> [Item]
  {
    var marks = hidden.union(replaced.keys)
    for local in locals where local.anchor >= 0 && local.anchor < loaded.count { marks.insert(local.anchor) }
    var result: [Item] = []
    result.reserveCapacity(loaded.count + locals.count)
    var nextLocal = 0
    func appendLocals(upTo anchor: Int) {
      while nextLocal < locals.count, locals[nextLocal].anchor <= anchor {
        result.append(locals[nextLocal].item)
        nextLocal += 1
      }
    }
    appendLocals(upTo: -1)
    var start = 0
    for mark in marks.sorted() {
      result.append(contentsOf: loaded[start..<mark])
      appendLocals(upTo: mark)
      if let item = replaced[mark] {
        result.append(item)
      } else if !hidden.contains(mark) {
        result.append(loaded[mark])
      }
      start = mark + 1
    }
    result.append(contentsOf: loaded[start..<loaded.count])
    appendLocals(upTo: Int.max)
    return result
  }
}
