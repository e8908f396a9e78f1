/// The working state of one sectioned diff: matches, moves and updates, then the staged batches.
///
/// Every section and item is hashed once into one hash table keyed by its id; all further work runs
/// on flat `Int32` arrays indexed by an element's position in the deduplicated old or new snapshot
/// ("flat" positions count items across sections in display order).
@usableFromInline
internal struct SectionedDiffer<Section: Identifiable & Equatable, Item: Identifiable & Equatable> {
  @usableFromInline internal let source: SectionedSnapshot<Section, Item>
  @usableFromInline internal let target: SectionedSnapshot<Section, Item>
  @usableFromInline internal var duplicates = DuplicateReport()

  /// For each kept (non-duplicate) old section, its index in `source.sections`.
  @usableFromInline internal var oldSectionRaw: [Int] = []
  /// For each kept new section, its index in `target.sections`.
  @usableFromInline internal var newSectionRaw: [Int] = []
  /// Kept old section -> kept new section, or -1 when deleted.
  @usableFromInline internal var sectionOldToNew: [Int] = []
  /// Kept new section -> kept old section, or -1 when inserted.
  @usableFromInline internal var sectionNewToOld: [Int] = []
  /// By new section: matched and its content differs.
  @usableFromInline internal var sectionChanged: [Bool] = []
  /// By new section: matched and outside the longest in-order run, so it moves.
  @usableFromInline internal var sectionMoved: [Bool] = []

  /// Flat position of each kept old section's first item; one extra entry holds the item count.
  @usableFromInline internal var oldSectionStart: [Int] = []
  /// Flat position of each kept new section's first item; one extra entry holds the item count.
  @usableFromInline internal var newSectionStart: [Int] = []
  /// By new flat position: the item's index in its section as given; empty while none was dropped.
  @usableFromInline internal var newItemRaw: [Int32] = []
  /// By old flat position: the kept old section holding the item; empty when there is one at most.
  @usableFromInline internal var oldItemSection: [Int32] = []
  /// Old flat position -> new flat position, or -1 when the item is deleted.
  @usableFromInline internal var oldToNew: [Int32] = []
  /// New flat position -> old flat position, or -1 when the item is inserted.
  @usableFromInline internal var newToOld: [Int32] = []
  /// The new flat positions of matched items whose content changed, in order (few, so kept sparse
  /// until ``findItemMoves()`` spreads them into `newItemFlags`).
  @usableFromInline internal var changedItems: [Int32] = []
  /// By new flat position: `changedFlag` and `movedFlag`.
  @usableFromInline internal var newItemFlags: [UInt8] = []

  @usableFromInline internal static var changedFlag: UInt8 { 1 }
  @usableFromInline internal static var movedFlag: UInt8 { 2 }

  @inlinable
  internal init(source: SectionedSnapshot<Section, Item>, target: SectionedSnapshot<Section, Item>) {
    self.source = source
    self.target = target
  }

  /// Runs every phase and returns the changeset.
  @inlinable
  internal mutating func run(options: DiffOptions) -> Changeset<Section, Item> {
    matchSections()
    if !matchOneSection() { matchItems() }
    findSectionMoves()
    findItemMoves()
    return makeChangeset(options: options)
  }

  /// Records a first occurrence in the old snapshot: the table slot then holds its kept index.
  @inlinable
  internal static func claimOld(_ slot: inout Int, _ index: Int) -> Bool {
    guard slot == Int.min else { return false }
    slot = index
    return true
  }

  /// Records an occurrence in the new snapshot.
  ///
  /// - Returns: The matching old index, -1 for an id the old snapshot lacks, -2 for a duplicate.
  @inlinable
  internal static func claimNew(_ slot: inout Int, _ index: Int) -> Int {
    let value = slot
    if value == Int.min {
      slot = -2 - index
      return -1
    }
    guard value >= 0 else { return -2 }
    // Once matched, the slot turns negative so that a later duplicate in the new snapshot is seen.
    slot = -2 - index
    return value
  }

  @inlinable
  internal mutating func matchSections() {
    var table: [Section.ID: Int] = [:]
    table.reserveCapacity(source.sections.count + target.sections.count)
    oldSectionRaw.reserveCapacity(source.sections.count)
    for raw in source.sections.indices {
      if Self.claimOld(&table[source.sections[raw].section.id, default: Int.min], oldSectionRaw.count) {
        oldSectionRaw.append(raw)
      } else {
        duplicates.sourceSections.append(raw)
      }
    }
    sectionOldToNew = Array(repeating: -1, count: oldSectionRaw.count)
    newSectionRaw.reserveCapacity(target.sections.count)
    sectionNewToOld.reserveCapacity(target.sections.count)
    sectionChanged.reserveCapacity(target.sections.count)
    for raw in target.sections.indices {
      let section = target.sections[raw].section
      let old = Self.claimNew(&table[section.id, default: Int.min], newSectionRaw.count)
      if old == -2 {
        duplicates.targetSections.append(raw)
        continue
      }
      if old >= 0 {
        sectionOldToNew[old] = newSectionRaw.count
        sectionChanged.append(source.sections[oldSectionRaw[old]].section != section)
      } else {
        sectionChanged.append(false)
      }
      sectionNewToOld.append(old)
      newSectionRaw.append(raw)
    }
  }

  @inlinable
  internal mutating func matchItems() {
    // The hot loops below work on local arrays, stored back at the end: writes through `self` in a
    // mutating method re-check uniqueness on every element, locals are checked once.
    var duplicates = self.duplicates
    var oldSectionStart = self.oldSectionStart
    var newSectionStart = self.newSectionStart
    // By old flat position: the item's index in its section as given (differs after dropped
    // duplicates). Empty while no old item was dropped: the index is then the flat position less
    // its section's start. Only matching needs it.
    var oldItemRaw: [Int32] = []
    var newItemRaw = self.newItemRaw
    var oldItemSection = self.oldItemSection
    var oldToNew = self.oldToNew
    var newToOld = self.newToOld
    var changedItems = self.changedItems
    defer {
      self.duplicates = duplicates
      self.oldSectionStart = oldSectionStart
      self.newSectionStart = newSectionStart
      self.newItemRaw = newItemRaw
      self.oldItemSection = oldItemSection
      self.oldToNew = oldToNew
      self.newToOld = newToOld
      self.changedItems = changedItems
    }
    let oldSectionRaw = self.oldSectionRaw
    let newSectionRaw = self.newSectionRaw
    let sectionOldToNew = self.sectionOldToNew
    let source = self.source
    let target = self.target
    let oldItemCount = oldSectionRaw.reduce(0) { $0 + source.sections[$1].items.count }
    let newItemCount = newSectionRaw.reduce(0) { $0 + target.sections[$1].items.count }
    // Sized for the old items; the new ones mostly match them and add no entry.
    var table = IdentityTable(capacity: oldItemCount + oldItemCount / 8)
    let oldItems = oldSectionRaw.map { source.sections[$0].items }
    // With one old section (the common list) every old item is in section 0, and until a duplicate is
    // dropped an item's index is its flat position less its section's start: neither needs an array.
    let tracksOldSections = oldSectionRaw.count > 1
    func oldSection(_ flat: Int) -> Int {
      tracksOldSections ? Int(oldItemSection[flat]) : 0
    }
    func oldItem(_ flat: Int, in section: Int) -> Item {
      oldItems[section][oldItemRaw.isEmpty ? flat - oldSectionStart[section] : Int(oldItemRaw[flat])]
    }

    oldSectionStart.reserveCapacity(oldSectionRaw.count + 1)
    if tracksOldSections { oldItemSection.reserveCapacity(oldItemCount) }
    var oldCount = 0
    // Hashes are computed a chunk ahead and their buckets touched, so that the cache misses of a chunk
    // overlap instead of queueing one after the other (the table outgrows the cache at ~100k items).
    let chunk = IdentityTable.chunkSize
    var hashes = Array(repeating: 0, count: chunk)
    var words = Array(repeating: UInt64(0), count: chunk)
    for section in oldItems.indices {
      oldSectionStart.append(oldCount)
      let items = oldItems[section]
      var chunkStart = 0
      while chunkStart < items.count {
        let chunkEnd = min(chunkStart + chunk, items.count)
        for index in chunkStart..<chunkEnd {
          hashes[index - chunkStart] = items[index].id.hashValue
        }
        // A loop of loads alone, so that the processor has many of these cache misses in flight.
        for offset in 0..<chunkEnd - chunkStart {
          words[offset] = table.peek(hashes[offset])
        }
        for index in chunkStart..<chunkEnd {
          let hash = hashes[index - chunkStart]
          var bucket = table.firstBucket(hash)
          if !table.isFirstBucketEmpty(hash, seen: words[index - chunkStart]) {
            let id = items[index].id
            var isDuplicate = false
            while let entry = table.entry(at: &bucket, matching: hash) {
              // Only old entries exist during this pass.
              let earlier = Int(entry)
              if oldItem(earlier, in: oldSection(earlier)).id == id {
                isDuplicate = true
                break
              }
              bucket = table.nextBucket(bucket)
            }
            if isDuplicate {
              Self.drop(
                ItemPath(item: index, section: oldSectionRaw[section]), into: &duplicates.sourceItems,
                indexes: &oldItemRaw, starts: oldSectionStart, count: oldCount, capacity: oldItemCount)
              continue
            }
          }
          table.insert(oldCount, isNew: false, at: bucket, hash: hash)
          if !oldItemRaw.isEmpty { oldItemRaw.append(Int32(truncatingIfNeeded: index)) }
          if tracksOldSections { oldItemSection.append(Int32(truncatingIfNeeded: section)) }
          oldCount += 1
        }
        chunkStart = chunkEnd
      }
    }
    oldSectionStart.append(oldCount)
    oldToNew = Array(repeating: -1, count: oldCount)

    newSectionStart.reserveCapacity(newSectionRaw.count + 1)
    newToOld.reserveCapacity(newItemCount)
    // Lists mostly keep their order, so each new item is first compared with the old items right after
    // the last match (skipping up to two deleted or moved ones); only the others are hashed and probed.
    // An old item is claimed by setting `oldToNew` (-2 while its section is deleted), so that a later
    // new item with its id is seen as a duplicate.
    var guess = 0
    var guessed = Array(repeating: -1, count: chunk)
    var probeIndex = Array(repeating: 0, count: chunk)
    // For each probe: the old item in its first bucket whose id matched, or -1; that item's place and claim.
    var candidates = Array(repeating: -1, count: chunk)
    var candidateSections = Array(repeating: 0, count: chunk)
    var candidateClaims = Array(repeating: Int32(0), count: chunk)
    for section in newSectionRaw.indices {
      newSectionStart.append(newToOld.count)
      let items = target.sections[newSectionRaw[section]].items
      var chunkStart = 0
      while chunkStart < items.count {
        let chunkEnd = min(chunkStart + chunk, items.count)
        table.reserve(chunkEnd - chunkStart)
        var probes = 0
        for index in chunkStart..<chunkEnd {
          let id = items[index].id
          var match = -1
          var candidate = guess
          while candidate < min(guess + 3, oldCount) {
            if oldToNew[candidate] == -1 && oldItem(candidate, in: oldSection(candidate)).id == id {
              match = candidate
              break
            }
            candidate += 1
          }
          guessed[index - chunkStart] = match
          if match >= 0 {
            guess = match + 1
          } else {
            hashes[probes] = id.hashValue
            probeIndex[probes] = index
            probes += 1
          }
        }
        // Loops of loads alone, so that the processor has many of these cache misses in flight: the
        // first buckets, then what the old item found there needs (its section, its claim, its id).
        for probe in 0..<probes {
          words[probe] = table.peek(hashes[probe])
        }
        for probe in 0..<probes {
          let entry = IdentityTable.entry(in: words[probe], matching: hashes[probe])
          if let entry, entry & IdentityTable.newSide == 0 {
            candidates[probe] = Int(entry)
            candidateSections[probe] = oldSection(Int(entry))
            candidateClaims[probe] = oldToNew[Int(entry)]
          } else {
            candidates[probe] = -1
          }
        }
        for probe in 0..<probes where candidates[probe] >= 0 {
          let oldItem = oldItem(candidates[probe], in: candidateSections[probe])
          if oldItem.id != items[probeIndex[probe]].id { candidates[probe] = -1 }
        }
        var probe = 0
        var lastMatch = -1
        for index in chunkStart..<chunkEnd {
          let flat = newToOld.count
          let item = items[index]
          var old = guessed[index - chunkStart]
          var isDuplicate = false
          if old < 0 && candidates[probe] >= 0 {
            // Found in the first bucket. Claims only ever get set, so one seen earlier still holds.
            old = candidates[probe]
            if candidateClaims[probe] != -1 { isDuplicate = true }
            probe += 1
          } else if old < 0 {
            let hash = hashes[probe]
            let seen = words[probe]
            probe += 1
            var bucket = table.firstBucket(hash)
            var isKnown = false
            if !table.isFirstBucketEmpty(hash, seen: seen) {
              while let entry = table.entry(at: &bucket, matching: hash) {
                if entry & IdentityTable.newSide == 0 {
                  let candidate = Int(entry)
                  if oldItem(candidate, in: oldSection(candidate)).id == item.id {
                    isKnown = true
                    old = candidate
                    break
                  }
                } else if Self.newItem(
                  Int(entry & ~IdentityTable.newSide), in: target, sections: newSectionRaw,
                  starts: newSectionStart, raws: newItemRaw
                ).id == item.id {
                  isKnown = true
                  isDuplicate = true
                  break
                }
                bucket = table.nextBucket(bucket)
              }
            }
            if !isKnown {
              // The probe stopped at an empty bucket: an id the old snapshot lacks.
              table.insert(flat, isNew: true, at: bucket, hash: hash)
            }
          }
          if old >= 0 {
            if oldToNew[old] != -1 {
              isDuplicate = true
            } else {
              lastMatch = old
              let oldSection = oldSection(old)
              if sectionOldToNew[oldSection] < 0 {
                // UIKit cannot move a row out of a section deleted in the same batch, and a later batch
                // no longer has the section: the item leaves with it and is inserted anew.
                oldToNew[old] = -2
                old = -1
              } else {
                oldToNew[old] = Int32(truncatingIfNeeded: flat)
                if oldItem(old, in: oldSection) != item {
                  changedItems.append(Int32(truncatingIfNeeded: flat))
                }
              }
            }
          }
          if isDuplicate {
            Self.drop(
              ItemPath(item: index, section: newSectionRaw[section]), into: &duplicates.targetItems,
              indexes: &newItemRaw, starts: newSectionStart, count: flat, capacity: newItemCount)
            continue
          }
          if !newItemRaw.isEmpty { newItemRaw.append(Int32(truncatingIfNeeded: index)) }
          newToOld.append(Int32(truncatingIfNeeded: old))
        }
        if lastMatch >= 0 { guess = lastMatch + 1 }
        chunkStart = chunkEnd
      }
    }
    newSectionStart.append(newToOld.count)
    for old in oldToNew.indices where oldToNew[old] == -2 { oldToNew[old] = -1 }
  }

  /// Reports a dropped duplicate item; the first one dropped from a snapshot makes its items' indexes
  /// explicit, since from then on they no longer follow from the flat positions. (A dropped item has
  /// an earlier one with its id, so `count` is positive and `indexes` is no longer empty after this.)
  ///
  /// - Parameters:
  ///   - path: The dropped item's path as given.
  ///   - dropped: The report's list for that snapshot.
  ///   - indexes: By flat position, each kept item's index in its section; empty while implied.
  ///   - starts: The flat position of each section's first item, so far (the last section still open).
  ///   - count: The number of flat positions so far.
  ///   - capacity: The number of flat positions there will be at most.
  @inlinable
  internal static func drop(
    _ path: ItemPath, into dropped: inout [ItemPath], indexes: inout [Int32], starts: [Int], count: Int,
    capacity: Int
  ) {
    dropped.append(path)
    guard indexes.isEmpty else { return }
    indexes.reserveCapacity(capacity)
    for section in starts.indices {
      let end = section + 1 < starts.count ? starts[section + 1] : count
      for flat in starts[section]..<end { indexes.append(Int32(truncatingIfNeeded: flat - starts[section])) }
    }
  }

  /// The new item at a flat position recorded so far (used only to confirm a rare duplicate).
  /// - Parameters:
  ///   - flat: The item's flat position in the new snapshot.
  ///   - target: The new snapshot.
  ///   - sections: By kept new section, its index in `target`.
  ///   - starts: The flat position of each kept new section's first item, so far.
  ///   - raws: By flat position, the item's index in its section as given, so far; empty while that is
  ///     the flat position less its section's start.
  @inlinable
  internal static func newItem(
    _ flat: Int, in target: SectionedSnapshot<Section, Item>, sections: [Int], starts: [Int], raws: [Int32]
  ) -> Item {
    // The section is the last one whose start is at or before `flat`; `starts` is sorted.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) >> 1
      if starts[middle] <= flat { low = middle } else { high = middle - 1 }
    }
    return target.sections[sections[low]].items[raws.isEmpty ? flat - starts[low] : Int(raws[flat])]
  }

  /// The kept old section holding the item at an old flat position.
  /// - Parameters:
  ///   - flat: The item's flat position in the old snapshot.
  ///   - sections: By old flat position, the kept old section holding it; empty when there is one.
  @inlinable
  internal static func oldSection(of flat: Int, in sections: [Int32]) -> Int {
    sections.isEmpty ? 0 : Int(sections[flat])
  }

  /// The index, in its section as given, of the new item at a flat position in that kept new section.
  @inlinable
  internal func newIndex(of flat: Int, in section: Int) -> Int {
    newItemRaw.isEmpty ? flat - newSectionStart[section] : Int(newItemRaw[flat])
  }

  @inlinable
  internal mutating func findSectionMoves() {
    sectionMoved = Array(repeating: false, count: newSectionRaw.count)
    var keys: [Int32] = []
    var positions: [Int] = []
    for section in sectionNewToOld.indices where sectionNewToOld[section] >= 0 {
      keys.append(Int32(truncatingIfNeeded: sectionNewToOld[section]))
      positions.append(section)
    }
    var inOrder = Array(repeating: false, count: keys.count)
    _ = LongestIncreasingSubsequence.mark(keys, into: &inOrder)
    for index in positions.indices where !inOrder[index] {
      sectionMoved[positions[index]] = true
    }
  }

  @inlinable
  internal mutating func findItemMoves() {
    // Flags are set on a local array, stored at the end (see `matchItems`).
    var newItemFlags = Array(repeating: UInt8(0), count: newToOld.count)
    defer { self.newItemFlags = newItemFlags }
    for flat in changedItems { newItemFlags[Int(flat)] = Self.changedFlag }
    let newToOld = newToOld
    var inOrder: [Bool] = []
    for section in newSectionRaw.indices {
      // The old flat positions of the section's old items; none for an inserted section.
      let oldSection = sectionNewToOld[section]
      let oldRange =
        oldSection < 0
        ? 0..<0
        : Int32(
          truncatingIfNeeded: oldSectionStart[oldSection])..<Int32(
            truncatingIfNeeded: oldSectionStart[oldSection + 1])
      let range = newSectionStart[section]..<newSectionStart[section + 1]
      // By position in the section: the item's old flat position when it was in this section's old
      // items, else -1, which the longest run leaves out (inserted items, and items that change
      // section, which always move).
      let keys = newToOld[range].map { oldRange.contains($0) ? $0 : -1 }
      inOrder.removeAll(keepingCapacity: true)
      inOrder.append(contentsOf: repeatElement(false, count: range.count))
      _ = LongestIncreasingSubsequence.mark(keys, into: &inOrder)
      // Without a branch: which items moved is random, and a branch on it would be mispredicted often.
      for flat in range {
        newItemFlags[flat] |= newToOld[flat] >= 0 && !inOrder[flat - range.lowerBound] ? Self.movedFlag : 0
      }
    }
  }
}
