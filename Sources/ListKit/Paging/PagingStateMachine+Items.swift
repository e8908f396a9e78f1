extension PagingStateMachine {
  /// Replaces every item with `newItems`, without duplicate ids.
  ///
  /// - Complexity: O(*m*) for *m* new items.
  mutating func replaceItems(with newItems: [Item]) {
    items = []
    heldIDs = []
    indexByID = [:]
    firstIndexKey = 0
    items.reserveCapacity(newItems.count)
    _ = append(newItems)
    heldPages = [
      HeldPage(count: items.count, before: .unknown, after: .unknown, nextCursor: nil, previousCursor: nil)
    ]
  }

  /// Appends the items whose id is not held; a held id keeps or takes the new content by policy.
  ///
  /// - Returns: The appended range and the indexes updated in place.
  /// - Complexity: O(*m*) amortized for *m* new items, whatever the number already held: one
  ///   hash lookup per item, no scan of the held items.
  mutating func append(_ newItems: [Item]) -> ItemsChange {
    let start = items.count
    var updated: [Int] = []
    switch configuration.duplicatePolicy {
    case .keepFirst:
      // A set, not the id → index dictionary: half the memory, and one random memory access
      // fewer per item in a large list (the dictionary keeps its values in a second array).
      for item in newItems where heldIDs.insert(item.id).inserted {
        items.append(item)
      }
    case .replaceWithNewest:
      for item in newItems {
        let candidate = items.count
        // One hash lookup: the defaulted subscript inserts `candidate`'s key for a new id and
        // yields the held key for a known one; held indexes are all below `candidate`.
        let index = Self.read(&indexByID[item.id, default: candidate + firstIndexKey]) - firstIndexKey
        if index == candidate {
          items.append(item)
        } else {
          items[index] = item
          if index < start { updated.append(index) }
        }
      }
    }
    return .appended(inserted: start..<items.count, updated: updated)
  }

  /// Inserts the items whose id is not held before the first item, in their order; a held id
  /// keeps or takes the new content by policy.
  ///
  /// - Returns: The inserted range (from 0) and the indexes, after the insertion, updated in place.
  /// - Complexity: O(*m*) hash lookups for *m* new items, plus one move of the *n* held items to
  ///   make room (a memory move, no per-item work: `indexByID` is renumbered by moving
  ///   `firstIndexKey`, not by rewriting every entry).
  mutating func prepend(_ newItems: [Item]) -> ItemsChange {
    var fresh: [Item] = []
    var updatedHeld: [Int] = []
    switch configuration.duplicatePolicy {
    case .keepFirst:
      for item in newItems where heldIDs.insert(item.id).inserted { fresh.append(item) }
    case .replaceWithNewest:
      var freshIndexByID: [Item.ID: Int] = [:]
      for item in newItems {
        if let key = indexByID[item.id] {
          let index = key - firstIndexKey
          items[index] = item
          updatedHeld.append(index)
        } else if let index = freshIndexByID[item.id] {
          fresh[index] = item
        } else {
          freshIndexByID[item.id] = fresh.count
          fresh.append(item)
        }
      }
      firstIndexKey -= fresh.count
      for (offset, item) in fresh.enumerated() { indexByID[item.id] = firstIndexKey + offset }
    }
    items.insert(contentsOf: fresh, at: 0)
    return .prepended(inserted: 0..<fresh.count, updated: updatedHeld.map { $0 + fresh.count })
  }

  private static func read(_ value: inout Int) -> Int { value }
}
