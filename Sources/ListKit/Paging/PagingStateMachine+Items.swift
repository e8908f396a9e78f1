extension PagingStateMachine {
  /// Replaces every item with `newItems`, without duplicate ids.
  ///
  /// - Complexity: O(*m*) for *m* new items.
  mutating func replaceItems(with newItems: [Item]) {
    items = []
    heldIDs = HeldIDTable()
    firstIndexKey = 0
    items.reserveCapacity(newItems.count)
    _ = append(newItems)
    heldPages = [
      HeldPage(count: items.count, before: .unknown, after: .unknown, nextCursor: nil, previousCursor: nil)
    ]
  }

  /// Appends the items whose id is not held; a held id keeps or takes the new content by policy.
  ///
  /// The items between two held ids are appended in one step, not one by one.
  /// - Returns: The appended range and the indexes updated in place.
  /// - Complexity: O(*m*) amortized for *m* new items, whatever the number already held: one
  ///   hash lookup per item, no scan of the held items.
  mutating func append(_ newItems: [Item]) -> ItemsChange {
    // NB: the table is taken out while the page goes in, so that its lookups, whose closure reads
    // `items`, work on a local value: a mutating call on `self.heldIDs` could not read `items`,
    // and a non-mutating one copied the table (three buffers retained and released) per lookup.
    var heldIDs = self.heldIDs
    self.heldIDs = HeldIDTable()
    defer { self.heldIDs = heldIDs }
    heldIDs.reserve(adding: newItems.count, base: firstIndexKey)
    let start = items.count
    // `0..<count` and closed slices, not `indices` and `flushed...`: in unspecialized code the
    // generic range forms ask the runtime for metadata on every call.
    hashes.removeAll(keepingCapacity: true)
    for position in 0..<newItems.count { hashes.append(newItems[position].id.hashValue) }
    heldIDs.warm(hashes)
    // NB: the whole page in one call of the table's non-generic code; a call per item into `find`
    // and `insert` from here cost about 80 instructions more per item (callgrind).
    let duplicates = heldIDs.insertNew(hashes, base: firstIndexKey, start: start) { candidate, item in
      let id = newItems[item].id
      if candidate < start { return items[candidate].id == id }
      return newItems[candidate - start].id == id
    }
    if duplicates.count == 0 {
      items.append(contentsOf: newItems)
      return .appended(inserted: start..<items.count, updated: [])
    }
    var flushed = 0
    for duplicate in duplicates {
      items.append(contentsOf: newItems[flushed..<duplicate.item])
      flushed = duplicate.item + 1
    }
    items.append(contentsOf: newItems[flushed..<newItems.count])
    var updated: [Int] = []
    if case .replaceWithNewest = configuration.duplicatePolicy {
      for duplicate in duplicates {
        items[duplicate.position] = newItems[duplicate.item]
        if duplicate.position < start { updated.append(duplicate.position) }
      }
    }
    return .appended(inserted: start..<items.count, updated: updated)
  }

  /// Inserts the items whose id is not held before the first item, in their order; a held id
  /// keeps or takes the new content by policy.
  ///
  /// - Returns: The inserted range (from 0) and the indexes, after the insertion, updated in place.
  /// - Complexity: O(*m*) hash lookups for *m* new items, plus one move of the *n* held items to
  ///   make room (a memory move, no per-item work: the held keys stay, `firstIndexKey` moves).
  mutating func prepend(_ newItems: [Item]) -> ItemsChange {
    // NB: taken out as in `append(_:)`: the lookups' closure reads `items`.
    var heldIDs = self.heldIDs
    self.heldIDs = HeldIDTable()
    defer { self.heldIDs = heldIDs }
    heldIDs.reserve(adding: newItems.count, base: firstIndexKey)
    var fresh: [Item] = []
    var freshHashes: [Int] = []
    var updatedHeld: [Int] = []
    let replaces = configuration.duplicatePolicy == .replaceWithNewest
    for item in newItems {
      let id = item.id
      let hash = id.hashValue
      // Until their count is known, `fresh[f]` is keyed at index -1 - f, above the held items.
      let lookup = heldIDs.find(hash, base: firstIndexKey) { index in
        if index >= 0 { return index < items.count && items[index].id == id }
        return -1 - index < fresh.count && fresh[-1 - index].id == id
      }
      switch lookup.position {
      case nil:
        heldIDs.insert(hash, key: firstIndexKey - 1 - fresh.count, at: lookup.slot)
        fresh.append(item)
        freshHashes.append(hash)
      case let index? where index >= 0:
        if replaces {
          items[index] = item
          updatedHeld.append(index)
        }
      case let index?:
        if replaces { fresh[-1 - index] = item }
      }
    }
    // Key `fresh[f]` at its index from the top, f - fresh.count.
    for (offset, hash) in freshHashes.enumerated() {
      heldIDs.rekey(hash, from: firstIndexKey - 1 - offset, to: firstIndexKey - fresh.count + offset)
    }
    firstIndexKey -= fresh.count
    items.insert(contentsOf: fresh, at: 0)
    return .prepended(inserted: 0..<fresh.count, updated: updatedHeld.map { $0 + fresh.count })
  }

  /// Forgets the id of the item at `index`, which is about to be dropped.
  mutating func forgetID(at index: Int) {
    heldIDs.remove(items[index].id.hashValue, key: firstIndexKey + index)
  }
}
