extension SectionedDiffer {
  /// Matches the items of the common list: one section on each side, the same one, no duplicate id.
  ///
  /// It does what ``matchItems()`` does for that case with none of its section bookkeeping: every item
  /// is in section 0 and its index is its flat position.
  ///
  /// - Returns: `false`, having stored nothing, when the snapshots have more sections or a duplicate
  ///   item id: ``matchItems()`` then does the work and reports the duplicates.
  /// - Complexity: Expected O(n + m) for n old and m new items.
  @inlinable
  internal mutating func matchOneSection() -> Bool {
    guard oldSectionRaw.count == 1, newSectionRaw.count == 1, sectionNewToOld[0] == 0 else { return false }
    let old = source.sections[oldSectionRaw[0]].items
    let new = target.sections[newSectionRaw[0]].items
    guard var table = Self.oldItemTable(old) else { return false }
    // The table is passed in place: a copy would be copied again (all of it) at the first insert.
    guard let matches = Self.matchNewItems(new, to: old, table: &table) else { return false }
    oldSectionStart = [0, old.count]
    newSectionStart = [0, new.count]
    oldToNew = matches.oldToNew
    newToOld = matches.newToOld
    changedItems = matches.changed
    return true
  }

  /// Hashes every old item into a table of their positions, or returns `nil` at the first duplicate id.
  @inlinable
  internal static func oldItemTable(_ old: [Item]) -> IdentityTable? {
    // Sized for the old items; the new ones mostly match them and add no entry.
    var table = IdentityTable(capacity: old.count + old.count / 8)
    // Hashes are computed a chunk ahead and their buckets read, so that the cache misses of a chunk
    // overlap instead of queueing one after the other (the table outgrows the cache at ~100k items).
    let chunk = IdentityTable.chunkSize
    var hashes = Array(repeating: 0, count: chunk)
    var words = Array(repeating: UInt64(0), count: chunk)
    var start = 0
    while start < old.count {
      let end = min(start + chunk, old.count)
      for index in start..<end { hashes[index - start] = old[index].id.hashValue }
      // A loop of loads alone, so that the processor has many of these cache misses in flight.
      for offset in 0..<end - start { words[offset] = table.peek(hashes[offset]) }
      for index in start..<end {
        let hash = hashes[index - start]
        var bucket = table.firstBucket(hash)
        if !table.isFirstBucketEmpty(hash, seen: words[index - start]) {
          let id = old[index].id
          while let entry = table.entry(at: &bucket, matching: hash) {
            if old[Int(entry)].id == id { return nil }
            bucket = table.nextBucket(bucket)
          }
        }
        table.insert(index, isNew: false, at: bucket, hash: hash)
      }
      start = end
    }
    return table
  }

  /// Matches each new item to its old position by id, or returns `nil` at the first duplicate id.
  ///
  /// Each new item is first compared with the few old items after the last match found in order. The
  /// others wait in a short list and are then hashed and probed together, so that the cache misses of
  /// their probes overlap instead of queueing one after the other. A run of them in a row means the
  /// list goes on after a longer gap: the guesses then follow the last of them.
  ///
  /// - Returns: Old to new positions and new to old ones (-1 for none), and the new positions of the
  ///   matched items whose content changed, in no particular order.
  @inlinable
  internal static func matchNewItems(
    _ new: [Item], to old: [Item], table: inout IdentityTable
  ) -> (oldToNew: [Int32], newToOld: [Int32], changed: [Int32])? {
    var oldToNew = Array(repeating: Int32(-1), count: old.count)
    var newToOld = Array(repeating: Int32(-1), count: new.count)
    var changed: [Int32] = []
    let window = 4
    let chunk = IdentityTable.chunkSize
    var waiting = Array(repeating: 0, count: chunk)
    var hashes = Array(repeating: 0, count: chunk)
    var words = Array(repeating: UInt64(0), count: chunk)
    var guess = 0
    var index = 0
    while index < new.count {
      var waitingCount = 0
      var missesInARow = 0
      while index < new.count && waitingCount < chunk && missesInARow < window {
        let item = new[index]
        var match = -1
        var candidate = guess
        let end = min(guess + window, old.count)
        while candidate < end {
          if old[candidate].id == item.id {
            // Taken already means an earlier new item has this id: it then waits, and its probe says so.
            if oldToNew[candidate] == -1 { match = candidate }
            break
          }
          candidate += 1
        }
        if match >= 0 {
          guess = match + 1
          missesInARow = 0
          oldToNew[match] = Int32(truncatingIfNeeded: index)
          newToOld[index] = Int32(truncatingIfNeeded: match)
          if old[match] != item { changed.append(Int32(truncatingIfNeeded: index)) }
        } else {
          waiting[waitingCount] = index
          waitingCount += 1
          missesInARow += 1
        }
        index += 1
      }
      table.reserve(waitingCount)
      for offset in 0..<waitingCount { hashes[offset] = new[waiting[offset]].id.hashValue }
      // A loop of loads alone, so that the processor has many of these cache misses in flight.
      for offset in 0..<waitingCount { words[offset] = table.peek(hashes[offset]) }
      var lastMatch = -1
      for offset in 0..<waitingCount {
        let position = waiting[offset]
        let item = new[position]
        let hash = hashes[offset]
        var bucket = table.firstBucket(hash)
        lastMatch = -1
        if !table.isFirstBucketEmpty(hash, seen: words[offset]) {
          while let entry = table.entry(at: &bucket, matching: hash) {
            if entry & IdentityTable.newSide == 0 {
              if old[Int(entry)].id == item.id {
                lastMatch = Int(entry)
                break
              }
            } else if new[Int(entry & ~IdentityTable.newSide)].id == item.id {
              return nil
            }
            bucket = table.nextBucket(bucket)
          }
        }
        guard lastMatch >= 0 else {
          // The probe stopped at an empty bucket: an id the old snapshot lacks.
          table.insert(position, isNew: true, at: bucket, hash: hash)
          continue
        }
        // An old item already taken: another new item has its id.
        if oldToNew[lastMatch] != -1 { return nil }
        oldToNew[lastMatch] = Int32(truncatingIfNeeded: position)
        newToOld[position] = Int32(truncatingIfNeeded: lastMatch)
        if old[lastMatch] != item { changed.append(Int32(truncatingIfNeeded: position)) }
      }
      if missesInARow == window && lastMatch >= 0 { guess = lastMatch + 1 }
    }
    return (oldToNew, newToOld, changed)
  }
}
