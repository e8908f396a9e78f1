/// The edits a paged list shows on top of its loaded items, in the order they were made, and the
/// items shown: the loaded items with those edits applied (see Guides/Editing.md).
///
/// The loaded items (what the pages brought, plus the edits kept so far) never hold an edit that
/// waits for the server; the first-page cache saves pages, so it never holds one either. An edit
/// leaves the overlay when it is rolled back (the items shown go back to what is loaded), or, once
/// confirmed, when it folds into the loaded items: as soon as no earlier edit in the overlay
/// touches the same item or is an insert too, which is when moving it below them leaves the items
/// shown as they are. A kept edit is a pending edit confirmed at once. Loads replace, append,
/// prepend and drop loaded items; ``show(after:over:)`` then applies the edits again to the
/// result. Every step says what it did to the items shown as one ``ItemsChange``.
///
/// Invariants (``checkInvariants(over:)``):
/// - entry numbers increase along `entries`;
/// - without edits nothing is kept in `shownItems`; with some, `shownItems` are the loaded items
///   with the edits applied.
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

  /// What a step did: to the items shown, and, in order, to the loaded items.
  struct Settled {
    /// What changed in the items shown, or `nil` when nothing did.
    var change: ItemsChange?
    /// What each edit folded into the loaded items did to them, in order.
    var folded: [PagingItemStore<Item>.Edited] = []
    /// Where the server's items moved, when the step gave the server an edit (kept, or
    /// confirmed) that removes or adds one: the index, among the loaded items, of the item it
    /// removed or of the one it added the item before, and by how many the items from there on
    /// moved.
    var serverShift: (index: Int, delta: Int)?
  }

  /// The edits, oldest first.
  private(set) var entries: [Entry] = []
  private var lastNumber = 0
  /// The items shown while there are edits; empty without (the loaded items are shown then).
  private(set) var shownItems: [Item] = []

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

  /// The ids of the items the edits touch.
  var touchedIDs: [Item.ID] { entries.flatMap(\.touchedIDs) }

  /// Whether an edit waits for its confirmation or roll-back.
  func isPending(_ edit: PendingEdit) -> Bool {
    pendingPosition(of: edit) != nil
  }

  /// Shows an edit: pending, or kept at once (then folded into `loaded` when nothing pending
  /// touches it).
  /// - Returns: Its handle, and what the step did.
  mutating func add(_ edit: ItemEdit<Item>, pending: Bool, to loaded: inout PagingItemStore<Item>) -> (
    handle: PendingEdit, settled: Settled
  ) {
    let hadEdits = !isEmpty
    let wasInPlace = !hadEdits || changesOnlyInPlace
    lastNumber += 1
    entries.append(Entry(number: lastNumber, edit: edit, isConfirmed: !pending, earlierID: nil))
    let handle = PendingEdit(number: lastNumber)
    let shift = pending ? nil : Self.serverShift(of: edit, in: loaded)
    if !hadEdits && !pending {
      // Nothing pending: straight into the loaded items (O(1) for an update).
      let edited = loaded.apply(entries.removeLast().edit)
      return (handle, Settled(change: edited.itemsChange, folded: [edited], serverShift: shift))
    }
    var settled = settle(
      touching: [edit.id], hadEdits: hadEdits, wasInPlace: wasInPlace, reportsTouched: true, &loaded)
    settled.serverShift = shift
    return (handle, settled)
  }

  /// Keeps a pending edit: marks it confirmed (the server's copy of the item, when given, takes
  /// the edit's place) and folds what can be folded into `loaded`.
  ///
  /// An update or replace takes a server copy of the same id only (another id cannot be the same
  /// item); an insert takes any, its temporary id then being remembered as `earlierID`.
  /// - Returns: What the step did (only a server copy changes the items shown).
  mutating func confirm(_ edit: PendingEdit, serverItem: Item?, in loaded: inout PagingItemStore<Item>)
    -> Settled
  {
    guard let position = pendingPosition(of: edit) else { return Settled() }
    let wasInPlace = changesOnlyInPlace
    entries[position].isConfirmed = true
    var tookServerCopy = false
    if let serverItem {
      switch entries[position].edit {
      case .insert(let item, let point):
        if item.id != serverItem.id { entries[position].earlierID = item.id }
        entries[position].edit = .insert(serverItem, at: point)
        tookServerCopy = true
      case .update, .replace:
        guard entries[position].edit.id == serverItem.id else { break }
        entries[position].edit = .replace(serverItem)
        tookServerCopy = true
      case .remove:
        break
      }
    }
    let shift = Self.serverShift(of: entries[position].edit, in: loaded)
    var settled = settle(
      touching: entries[position].touchedIDs, hadEdits: true, wasInPlace: wasInPlace,
      reportsTouched: tookServerCopy, &loaded)
    settled.serverShift = shift
    return settled
  }

  /// Where the server's items move once it has `edit` (see ``Settled/serverShift``): a remove of
  /// a loaded item moves those after it up, an insert of an item not loaded moves those from its
  /// place down; other edits move nothing.
  private static func serverShift(of edit: ItemEdit<Item>, in loaded: PagingItemStore<Item>) -> (
    index: Int, delta: Int
  )? {
    switch edit {
    case .remove(let id):
      return loaded.index(of: id).map { ($0, -1) }
    case .insert(let item, let point):
      guard loaded.index(of: item.id) == nil else { return nil }
      switch point {
      case .top: return (0, 1)
      case .bottom: return (loaded.items.count, 1)
      case .before(let neighbour): return (loaded.index(of: neighbour) ?? 0, 1)
      }
    case .update, .replace:
      return nil
    }
  }

  /// Undoes a pending edit, and folds what it held back into `loaded`.
  /// - Returns: What the step did.
  mutating func rollBack(_ edit: PendingEdit, in loaded: inout PagingItemStore<Item>) -> Settled {
    guard let position = pendingPosition(of: edit) else { return Settled() }
    let wasInPlace = changesOnlyInPlace
    let removed = entries.remove(at: position)
    return settle(
      touching: removed.touchedIDs, hadEdits: true, wasInPlace: wasInPlace, reportsTouched: true, &loaded)
  }

  /// Forgets every edit (a context switch); the numbers go on, so an old handle never matches.
  mutating func removeAll() {
    entries.removeAll()
    shownItems = []
  }

  /// Applies the edits again to the loaded items a load left, and says what the load did to the
  /// items shown.
  /// - Parameters:
  ///   - change: What the load did to the loaded items.
  ///   - loaded: The loaded items after the load.
  /// - Returns: What it did to the items shown: `change` itself while the edits only change
  ///   items in place; otherwise found by id.
  /// - Complexity: O(1) without edits; O(*n*) for *n* items with some.
  mutating func show(after change: ItemsChange, over loaded: PagingItemStore<Item>) -> ItemsChange {
    guard !isEmpty else { return change }
    let before = shownItems
    shownItems = applied(to: loaded)
    if case .reloaded = change { return .reloaded(count: shownItems.count) }
    if changesOnlyInPlace { return change }
    let items = loaded.items
    let updatedIDs = change.updatedIndexes.compactMap { $0 < items.count ? items[$0].id : nil } + touchedIDs
    return Self.change(from: before, to: shownItems, updatedIDs: updatedIDs)
      ?? .edited(removed: [], inserted: [], updated: [])
  }

  /// Checks the invariants listed on the type, in O(*n*).
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants(over loaded: PagingItemStore<Item>) throws(PagingInvariantViolation) {
    try PagingInvariantViolation.check(
      zip(entries, entries.dropFirst()).allSatisfy { $0.number < $1.number }, "edits: numbers out of order")
    guard !isEmpty else {
      return try PagingInvariantViolation.check(shownItems.isEmpty, "edits: items shown without an edit")
    }
    try PagingInvariantViolation.check(
      applied(to: loaded).map(\.id) == shownItems.map(\.id),
      "edits: the items shown are not the loaded items with the edits")
  }

  /// The position in ``entries`` of an edit that waits for the server, or `nil`.
  private func pendingPosition(of edit: PendingEdit) -> Int? {
    entries.firstIndex { $0.number == edit.number && !$0.isConfirmed }
  }

  /// Folds the confirmed edits that can be folded into `loaded`, brings the items shown up to
  /// date, and says what changed since the step began.
  ///
  /// - Parameters:
  ///   - ids: The ids the step touched.
  ///   - hadEdits: Whether edits were shown before the step (`shownItems` is then current).
  ///   - wasInPlace: Whether the edits before the step all changed items in place.
  ///   - reportsTouched: Whether the touched items changed (not for a confirmation without a
  ///     server copy, which leaves what is shown as it is).
  ///   - loaded: The loaded items.
  private mutating func settle(
    touching ids: [Item.ID], hadEdits: Bool, wasInPlace: Bool, reportsTouched: Bool,
    _ loaded: inout PagingItemStore<Item>
  ) -> Settled {
    var folded: [PagingItemStore<Item>.Edited] = []
    if wasInPlace && changesOnlyInPlace {
      // The items shown are the loaded ones at the same indexes, before and after: only the
      // touched items can differ (O(1) but for the first edit, which copies the items).
      while let position = firstFoldable() { folded.append(loaded.apply(entries.remove(at: position).edit)) }
      if isEmpty {
        shownItems = []
      } else if !hadEdits {
        shownItems = loaded.items
      }
      var updated: Set<Int> = []
      for id in ids {
        guard let index = loaded.index(of: id) else { continue }
        if !isEmpty { shownItems[index] = applyingInPlaceEdits(to: loaded.items[index]) }
        if reportsTouched { updated.insert(index) }
      }
      let change = ItemsChange.edited(removed: [], inserted: [], updated: updated.sorted())
      return Settled(change: updated.isEmpty ? nil : change, folded: folded)
    }
    let before = hadEdits ? shownItems : loaded.items
    while let position = firstFoldable() { folded.append(loaded.apply(entries.remove(at: position).edit)) }
    shownItems = isEmpty ? [] : applied(to: loaded)
    let after = isEmpty ? loaded.items : shownItems
    return Settled(change: Self.change(from: before, to: after, updatedIDs: ids), folded: folded)
  }

  /// The first confirmed edit that can move below the others into the loaded items: none before
  /// it touches an item it touches, and, for an insert, none before it is an insert.
  ///
  /// - Complexity: O(*e*²) for *e* edits (a handful: those waiting for the server).
  private func firstFoldable() -> Int? {
    for (position, entry) in entries.enumerated() where entry.isConfirmed {
      let ids = entry.touchedIDs
      let blocked = entries[..<position].contains { earlier in
        (entry.isInsert && earlier.isInsert) || earlier.touchedIDs.contains { ids.contains($0) }
      }
      if !blocked { return position }
    }
    return nil
  }
}
