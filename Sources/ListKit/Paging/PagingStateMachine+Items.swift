extension PagingStateMachine {
  /// Replaces every item with `newItems`, without duplicate ids.
  ///
  /// - Complexity: O(*m*) for *m* new items.
  mutating func replaceItems(with newItems: [Item]) {
    items = []
    heldIDs = []
    indexByID = [:]
    items.reserveCapacity(newItems.count)
    _ = append(newItems)
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
        // One hash lookup: the defaulted subscript inserts `candidate` for a new id and yields
        // the held index for a known one; held indexes are all below `candidate`.
        let index = Self.read(&indexByID[item.id, default: candidate])
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

  private static func read(_ value: inout Int) -> Int { value }
}
