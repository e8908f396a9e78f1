/// A paged list's items, in order, without two entries of one id.
///
/// Every change to the items goes through this type, which keeps a dictionary from each held id
/// to the item's key: its index plus ``firstKey``. Prepending lowers `firstKey` and dropping items
/// at the top raises it, so neither renumbers the held items. A kept edit (``apply(_:)``) changes
/// items by id: an update is a lookup and a write; a removal or insertion in the middle shifts the
/// array and renumbers the keys on its shorter side, both O(*n*).
///
/// Invariants (``checkInvariants()``):
/// - no two items share an id;
/// - the dictionary holds exactly the ids of the items, each with its item's key.
package struct PagingItemStore<Item: Identifiable> {
  /// The items, without two entries of one id.
  package private(set) var items: [Item] = []
  /// The key of every held id: its item's index plus `firstKey`.
  private var keys: [Item.ID: Int] = [:]
  /// The key of `items[0]`.
  private var firstKey = 0

  /// Creates an empty store.
  init() {}

  /// The index of the item with `id`, or `nil` when none is held.
  /// - Complexity: O(1) expected.
  func index(of id: Item.ID) -> Int? {
    keys[id].map { $0 - firstKey }
  }

  /// Replaces every item with `newItems`; of two entries with one id, one keeps or takes the
  /// other's content by `policy`.
  /// - Complexity: O(*m*) for *m* new items.
  mutating func replaceAll(with newItems: [Item], policy: DuplicateIDPolicy) {
    self = PagingItemStore()
    _ = append(newItems, policy: policy)
  }

  /// Appends the items whose id is not held; a held id keeps or takes the new content by `policy`.
  ///
  /// - Returns: The appended range and the indexes before it updated in place.
  /// - Complexity: O(*m*) expected for *m* new items, whatever the number held.
  mutating func append(_ newItems: [Item], policy: DuplicateIDPolicy) -> ItemsChange {
    let start = items.count
    var updated: [Int] = []
    for item in newItems {
      // One hash for a new id; a held one gets its key back.
      guard let held = keys.updateValue(firstKey + items.count, forKey: item.id) else {
        items.append(item)
        continue
      }
      keys[item.id] = held
      guard policy == .replaceWithNewest else { continue }
      let index = held - firstKey
      items[index] = item
      if index < start { updated.append(index) }
    }
    return .appended(inserted: start..<items.count, updated: updated)
  }

  /// Inserts the items whose id is not held before the first item, in their order; a held id
  /// keeps or takes the new content by `policy`.
  ///
  /// - Returns: The inserted range (from 0) and the indexes, after the insertion, updated in place.
  /// - Complexity: O(*m*) expected for *m* new items, plus one move of the *n* held items.
  mutating func prepend(_ newItems: [Item], policy: DuplicateIDPolicy) -> ItemsChange {
    var fresh: [Item] = []
    var freshIndexes: [Item.ID: Int] = [:]
    var updated: [Int] = []
    for item in newItems {
      if let index = index(of: item.id) {
        guard policy == .replaceWithNewest else { continue }
        items[index] = item
        updated.append(index)
      } else if let index = freshIndexes[item.id] {
        if policy == .replaceWithNewest { fresh[index] = item }
      } else {
        freshIndexes[item.id] = fresh.count
        fresh.append(item)
      }
    }
    firstKey -= fresh.count
    for (index, item) in fresh.enumerated() { keys[item.id] = firstKey + index }
    items.insert(contentsOf: fresh, at: 0)
    return .prepended(inserted: 0..<fresh.count, updated: updated.map { $0 + fresh.count })
  }

  /// Removes the item at `index`; the keys on the shorter side of it move.
  /// - Complexity: O(min(*i*, *n* − *i*)) dictionary writes, plus one move of the items.
  private mutating func remove(at index: Int) {
    keys[items[index].id] = nil
    if index < items.count / 2 {
      for position in 0..<index { keys[items[position].id] = firstKey + position + 1 }
      firstKey += 1
    } else {
      for position in (index + 1)..<items.count { keys[items[position].id] = firstKey + position - 1 }
    }
    items.remove(at: index)
  }

  /// Inserts an item whose id is not held at `index`; the keys on the shorter side of it move.
  /// - Complexity: O(min(*i*, *n* − *i*)) dictionary writes, plus one move of the items.
  private mutating func insert(_ item: Item, at index: Int) {
    precondition(keys[item.id] == nil, "internal inconsistency: an insert of a held id")
    if index <= items.count / 2 {
      for position in 0..<index { keys[items[position].id] = firstKey + position - 1 }
      firstKey -= 1
    } else {
      for position in index..<items.count { keys[items[position].id] = firstKey + position + 1 }
    }
    keys[item.id] = firstKey + index
    items.insert(item, at: index)
  }

  /// What applying an edit did to the items.
  enum Edited {
    case none
    case updated(Int)
    case removed(Int)
    case inserted(Int)

    /// The change a view sees, or `nil` for none.
    var itemsChange: ItemsChange? {
      switch self {
      case .none: nil
      case .updated(let index): .edited(removed: [], inserted: [], updated: [index])
      case .removed(let index): .edited(removed: [index], inserted: [], updated: [])
      case .inserted(let index): .edited(removed: [], inserted: [index], updated: [])
      }
    }
  }

  /// Applies a kept edit, as a page would have brought it: an update, replace or remove of an id
  /// not held, an update that changes the id, or an insert of a held id does nothing; an insert
  /// before an id not held goes to the top.
  /// - Returns: What it did.
  /// - Complexity: O(1) expected for an update or a replace; see ``remove(at:)`` and
  ///   ``insert(_:at:)`` for the others.
  mutating func apply(_ edit: ItemEdit<Item>) -> Edited {
    switch edit {
    case .update(let id, let change):
      guard let index = index(of: id) else { return .none }
      var item = items[index]
      change(&item)
      guard item.id == id else { return .none }
      items[index] = item
      return .updated(index)
    case .replace(let item):
      guard let index = index(of: item.id) else { return .none }
      items[index] = item
      return .updated(index)
    case .remove(let id):
      guard let index = index(of: id) else { return .none }
      remove(at: index)
      return .removed(index)
    case .insert(let item, let point):
      guard index(of: item.id) == nil else { return .none }
      let index: Int
      switch point {
      case .top: index = 0
      case .bottom: index = items.count
      case .before(let neighbour): index = self.index(of: neighbour) ?? 0
      }
      insert(item, at: index)
      return .inserted(index)
    }
  }

  /// Removes the first `count` items.
  /// - Complexity: O(*n*) for *n* items held.
  mutating func removeFirst(_ count: Int) {
    for item in items[..<count] { keys[item.id] = nil }
    items.removeFirst(count)
    firstKey += count
  }

  /// Removes the last `count` items.
  /// - Complexity: O(`count`).
  mutating func removeLast(_ count: Int) {
    for item in items.suffix(count) { keys[item.id] = nil }
    items.removeLast(count)
  }

  /// Checks the invariants listed on the type, in O(*n*).
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants() throws(PagingInvariantViolation) {
    try PagingInvariantViolation.check(
      keys.count == items.count, "items: \(keys.count) ids for \(items.count) items")
    for (index, item) in items.enumerated() {
      try PagingInvariantViolation.check(
        keys[item.id] == firstKey + index, "items: the id of item \(index) is not keyed at it")
    }
  }
}
