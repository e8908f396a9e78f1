/// The rules of edits (see Guides/Editing.md):
///
/// - the items shown are the loaded items (pages, plus the edits kept) with the pending edits
///   applied in order (``PagingEdits/shown(over:loadedIndex:)``); the cache saves pages only;
/// - a kept edit (``applyEdit(_:pending:)`` with `pending: false`) is a pending edit confirmed at
///   once; a confirmed edit folds into the loaded items as soon as no earlier pending edit
///   touches an item it touches (or is an insert, for an insert), so folding never moves what is
///   shown; a rolled-back edit leaves the overlay;
/// - loads replace, append, prepend and drop loaded items; the pending edits are applied again to
///   the result; a context switch forgets every edit;
/// - every step reports what it did to the items shown as one ``ItemsChange``.
extension PagingStateMachine {
  /// The items shown: the loaded items with the pending edits applied.
  package var shownItems: [Item] { hasEdits ? shown : items }

  /// The number of items shown.
  var shownCount: Int { hasEdits ? shown.count : items.count }

  /// The item shown at `index`, or `nil` out of range.
  package func shownItem(at index: Int) -> Item? {
    let items = hasEdits ? shown : self.items
    return index >= 0 && index < items.count ? items[index] : nil
  }

  /// Whether an edit waits for its confirmation or roll-back.
  package func isPending(_ edit: PendingEdit) -> Bool {
    guard hasEdits, let position = edits.position(of: edit) else { return false }
    return !edits.entries[position].isConfirmed
  }

  /// Shows an edit: pending, or kept at once.
  /// - Parameters:
  ///   - edit: The edit.
  ///   - pending: Whether it waits for the server's answer.
  /// - Returns: Its handle, and `.changeItems` when the items shown changed.
  package mutating func applyEdit(_ edit: ItemEdit<Item>, pending: Bool) -> (
    handle: PendingEdit, actions: [Action]
  ) {
    let hadEdits = hasEdits
    let wasInPlace = !hadEdits || edits.changesOnlyInPlace
    let handle = edits.add(edit, confirmed: !pending)
    if !hadEdits && !pending {
      // Nothing pending: straight into the loaded items (O(1) for an update).
      let change = fold(edits.remove(at: 0)).itemsChange
      return (handle, change.map { [.changeItems($0)] } ?? [])
    }
    return (
      handle, settle(touching: [edit.id], hadEdits: hadEdits, wasInPlace: wasInPlace, reportsTouched: true)
    )
  }

  /// Keeps a pending edit: marks it confirmed (an insert takes the server's copy) and folds what
  /// can be folded.
  /// - Returns: `.changeItems` when the items shown changed (only an insert's new copy does).
  package mutating func confirmEdit(_ edit: PendingEdit, serverItem: Item?) -> [Action] {
    guard hasEdits, let position = edits.position(of: edit), !edits.entries[position].isConfirmed else {
      return []
    }
    let wasInPlace = edits.changesOnlyInPlace
    edits.confirm(at: position, serverItem: serverItem)
    return settle(
      touching: edits.entries[position].touchedIDs, hadEdits: true, wasInPlace: wasInPlace,
      reportsTouched: false)
  }

  /// Undoes a pending edit.
  /// - Returns: `.changeItems` when the items shown changed.
  package mutating func rollBackEdit(_ edit: PendingEdit) -> [Action] {
    guard hasEdits, let position = edits.position(of: edit), !edits.entries[position].isConfirmed else {
      return []
    }
    let wasInPlace = edits.changesOnlyInPlace
    let removed = edits.remove(at: position)
    return settle(touching: removed.touchedIDs, hadEdits: true, wasInPlace: wasInPlace, reportsTouched: true)
  }

  /// Checks that the flag follows the overlay and that the items shown are the loaded items with
  /// the edits applied, in O(*n*).
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkEditInvariants() throws(PagingInvariantViolation) {
    try PagingInvariantViolation.check(
      hasEdits == !edits.isEmpty, "edits: the flag does not follow the overlay")
    guard hasEdits else { return }
    let expected = edits.shown(over: items) { loadedIndex(of: $0) }
    try PagingInvariantViolation.check(
      expected.map(\.id) == shown.map(\.id), "edits: the items shown are not the loaded items with the edits")
  }

  /// Forgets every edit: a context switch.
  mutating func forgetEdits() {
    edits.removeAll()
    hasEdits = false
    shown = []
  }

  /// Applies the pending edits to the loaded items a load left, and says what the load did to the
  /// items shown.
  /// - Parameter change: What the load did to the loaded items.
  /// - Returns: What it did to the items shown: `change` itself while the edits only change
  ///   items in place; otherwise found by id.
  /// - Complexity: O(1) without edits; O(*n*) for *n* items with some.
  mutating func showEdits(after change: ItemsChange) -> ItemsChange {
    guard hasEdits else { return change }
    let before = shown
    shown = edits.shown(over: items) { loadedIndex(of: $0) }
    if case .reloaded = change { return .reloaded(count: shown.count) }
    if edits.changesOnlyInPlace { return change }
    let updatedIDs =
      change.updatedIndexes.compactMap { $0 < items.count ? items[$0].id : nil } + edits.touchedIDs
    return PagingEdits.change(from: before, to: shown, updatedIDs: updatedIDs)
      ?? .edited(removed: [], inserted: [], updated: [])
  }

  /// Folds the confirmed edits that can be folded, brings the items shown up to date, and says
  /// what changed since the step began.
  ///
  /// - Parameters:
  ///   - ids: The ids the step touched.
  ///   - hadEdits: Whether edits were shown before the step (`shown` is then current).
  ///   - wasInPlace: Whether the edits before the step all changed items in place.
  ///   - reportsTouched: Whether the touched items changed (not for a confirmation, which
  ///     leaves what is shown as it is).
  private mutating func settle(
    touching ids: [Item.ID], hadEdits: Bool, wasInPlace: Bool, reportsTouched: Bool
  ) -> [Action] {
    if wasInPlace && edits.changesOnlyInPlace {
      // The items shown are the loaded ones at the same indexes, before and after: only the
      // touched items can differ (O(1) but for the first edit, which copies the items).
      while let position = edits.firstFoldable() { _ = fold(edits.remove(at: position)) }
      hasEdits = !edits.isEmpty
      if !hasEdits {
        shown = []
      } else if !hadEdits {
        shown = items
      }
      var updated: [Int] = []
      for id in ids {
        guard let index = loadedIndex(of: id) else { continue }
        if hasEdits { shown[index] = edits.applyingInPlaceEdits(to: items[index]) }
        if reportsTouched { updated.append(index) }
      }
      guard !updated.isEmpty else { return [] }
      return [.changeItems(.edited(removed: [], inserted: [], updated: Array(Set(updated)).sorted()))]
    }
    let before = hadEdits ? shown : items
    while let position = edits.firstFoldable() { _ = fold(edits.remove(at: position)) }
    hasEdits = !edits.isEmpty
    shown = hasEdits ? edits.shown(over: items) { loadedIndex(of: $0) } : []
    guard let change = PagingEdits.change(from: before, to: shownItems, updatedIDs: ids) else { return [] }
    return [.changeItems(change)]
  }
}

// MARK: - Folding into the loaded items

extension PagingStateMachine {
  /// What folding an edit did to the loaded items.
  enum LoadedChange {
    case none
    case updated(Int)
    case removed(Int)
    case inserted(Int)

    var itemsChange: ItemsChange? {
      switch self {
      case .none: nil
      case .updated(let index): .edited(removed: [], inserted: [], updated: [index])
      case .removed(let index): .edited(removed: [index], inserted: [], updated: [])
      case .inserted(let index): .edited(removed: [], inserted: [index], updated: [])
      }
    }
  }

  /// The index among the loaded items of the item with `id`, or `nil`.
  /// - Complexity: O(1) expected.
  func loadedIndex(of id: Item.ID) -> Int? {
    store.index(of: id)
  }

  /// Applies a confirmed edit to the loaded items, as a page would have brought it.
  private mutating func fold(_ entry: PagingEdits<Item>.Entry) -> LoadedChange {
    switch entry.edit {
    case .update(let id, let change):
      guard let index = loadedIndex(of: id) else { return .none }
      var item = items[index]
      change(&item)
      guard item.id == id else { return .none }
      store.replace(at: index, with: item)
      return .updated(index)
    case .replace(let item):
      guard let index = loadedIndex(of: item.id) else { return .none }
      store.replace(at: index, with: item)
      return .updated(index)
    case .remove(let id):
      guard let index = loadedIndex(of: id) else { return .none }
      store.remove(at: index)
      pages.count(itemAt: index, by: -1)
      return .removed(index)
    case .insert(let item, let point):
      guard loadedIndex(of: item.id) == nil else { return .none }
      let index: Int
      switch point {
      case .top: index = 0
      case .bottom: index = items.count
      case .before(let neighbour): index = loadedIndex(of: neighbour) ?? 0
      }
      store.insert(item, at: index)
      pages.count(itemAt: index, by: 1)
      return .inserted(index)
    }
  }
}

extension ItemsChange {
  /// The indexes, after the change, of the items it updated in place.
  var updatedIndexes: [Int] {
    switch self {
    case .reloaded: []
    case .appended(_, let updated), .prepended(_, let updated): updated
    case .dropped(_, let then): then.updatedIndexes
    case .edited(_, _, let updated): updated
    }
  }
}

extension PagingEdits {
  /// `item` with every update and replace of its id applied in order: the item shown while the
  /// edits all change items in place.
  func applyingInPlaceEdits(to item: Item) -> Item {
    var result = item
    for entry in entries where entry.edit.id == item.id {
      switch entry.edit {
      case .update(_, let change):
        var changed = result
        change(&changed)
        if changed.id == item.id { result = changed }
      case .replace(let replacement):
        result = replacement
      case .remove, .insert:
        break
      }
    }
    return result
  }
}
