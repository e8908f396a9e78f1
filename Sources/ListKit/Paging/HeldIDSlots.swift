/// The slots of a ``HeldIDTable``, `UInt32` or `UInt64` each: an open-addressing table with
/// linear probing over 26 bits of each id's hash.
///
/// A slot is empty (0), removed (1), or an entry: from the top, 5 bits of displacement (the
/// distance from the entry's home slot, plus one; 31 means "look it up in `farDisplacements`"),
/// the hash bits its home slot does not hold (its tag), and the item's key modulo 2^(*c* + 1) in a
/// table of 2^*c* slots. The home slot is the top *c* of the 26 hash bits, so the slot's position
/// minus its displacement, followed by its tag, gives back all 26 bits: growing moves entries
/// without hashing an id again, and a probe rules out an entry unless all 26 bits match.
///
/// NB: a `UInt32` slot makes a million held ids an 8 MB table rather than 16 MB. Filling a table in
/// fresh memory costs a page fault per 4 KB: building 1,000,000 items in `listkit-bench paging`
/// took 16,958 page faults instead of 21,105 with `UInt64` slots.
struct HeldIDSlots<Slot: FixedWidthInteger & UnsignedInteger> {
  private(set) var slots: [Slot] = []
  /// log2 of `slots.count`, or 0 when there are none.
  private(set) var capacityBits = 0
  /// The entries held.
  private(set) var count = 0
  /// The slots not empty: entries and removed ones (a probe walks over both).
  private(set) var used = 0
  /// The displacement of each entry too far from its home for its 5 bits, by slot (rare at three
  /// quarters full; every entry past the 30th of one hash).
  private var farDisplacements: [Int: Int] = [:]
  // Derived from `capacityBits`, kept for the probes.
  private var mask = 0
  private var keyBits = 1
  private var keyMask: Slot = 1
  private var tagBits = 26
  private var tagMask = (1 << 26) - 1

  static var empty: Slot { 0 }
  static var removed: Slot { 1 }
  /// The hash bits kept: the home slot's bits, then the tag's.
  static var hashBits: Int { 26 }
  private static var displacementShift: Int { Slot.bitWidth - 5 }
  private static var farField: Int { 31 }

  /// The 26 hash bits a table keeps of `hash`.
  static func kept(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: hash) &>> (64 - hashBits))
  }

  /// The home slot of these kept hash bits: their top bits (in a table of more than 2^26 slots,
  /// every 2^(*c* − 26)th slot).
  func home(of kept: Int) -> Int {
    tagBits > 0 ? kept &>> tagBits : kept &<< (capacityBits - Self.hashBits)
  }

  private func tag(of kept: Int) -> Slot {
    Slot(truncatingIfNeeded: kept & tagMask) &<< keyBits
  }

  /// Whether adding `adding` entries would take the table over three quarters full (removed
  /// slots included).
  func needsRoom(adding: Int) -> Bool {
    adding > 0 && (used + adding) * 4 > slots.count * 3
  }

  /// log2 of the slots a table needs so that its entries plus `adding` fill at most half.
  func capacityBits(adding: Int) -> Int {
    var bits = 4
    while 1 << bits < (count + adding) * 2 { bits += 1 }
    return bits
  }

  /// An empty table, without slots.
  init() {}

  /// A table of 2^`bits` slots holding the entries of `other` (`base` gives back their positions).
  ///
  /// - Complexity: O(*c*) for the *c* slots of both tables; no id is hashed again, and the
  ///   entries arrive nearly in slot order.
  init<Other>(moving other: HeldIDSlots<Other>, capacityBits bits: Int, base: Int) {
    capacityBits = bits
    mask = (1 << bits) - 1
    keyBits = bits + 1
    keyMask = (1 &<< keyBits) - 1
    tagBits = max(0, Self.hashBits - bits)
    tagMask = (1 &<< tagBits) - 1
    // Filled as a local and stored once: a write to `self.slots` in the loop stored its buffer
    // back into `self` on every entry.
    var slots = Array(repeating: Self.empty, count: 1 << bits)
    for slot in 0..<other.slots.count {
      let value = other.slots[slot]
      guard value > HeldIDSlots<Other>.removed else { continue }
      let kept = other.kept(at: slot)
      let key = base &+ other.position(of: value, base: base)
      let home = home(of: kept)
      var free = home
      while slots[free] != Self.empty { free = (free + 1) & mask }
      let displacement = (free - home) & mask
      if displacement < Self.farField - 1 {
        slots[free] = entry(kept, key: key, field: displacement + 1)
      } else {
        farDisplacements[free] = displacement
        slots[free] = entry(kept, key: key, field: Self.farField)
      }
    }
    self.slots = slots
    count = other.count
    used = other.count
  }

  /// A slot holding `key` for these kept hash bits, with this displacement field.
  private func entry(_ kept: Int, key: Int, field: Int) -> Slot {
    Slot(truncatingIfNeeded: field) &<< Self.displacementShift | tag(of: kept)
      | Slot(truncatingIfNeeded: key) & keyMask
  }

  /// The kept hash bits of the entry at `slot`: its home slot's, then its tag's.
  private func kept(at slot: Int) -> Int {
    let value = slots[slot]
    let field = Int(truncatingIfNeeded: value &>> Self.displacementShift)
    let displacement = field < Self.farField ? field - 1 : farDisplacements[slot] ?? 0
    let home = (slot - displacement) & mask
    return tagBits > 0
      ? home &<< tagBits | Int(truncatingIfNeeded: value &>> keyBits) & tagMask
      : home &>> (capacityBits - Self.hashBits)
  }

  /// Reads the home slot of each hash, so that the lookups after find them cached.
  func warm(_ hashes: [Int]) -> Slot {
    guard slots.count > 0 else { return 0 }
    var folded: Slot = 0
    for hash in hashes { folded ^= slots[home(of: Self.kept(hash))] }
    return folded
  }

  /// Finds the entry of this hash for which `matches` holds, or where to insert it.
  func find(_ hash: Int, base: Int, matches: (Int) -> Bool) -> HeldIDTable.Lookup {
    let kept = Self.kept(hash)
    let home = home(of: kept)
    // An entry j slots past our home matches the hash when its displacement is j and its tag is
    // ours: `expected` is that entry without its key, for j + 1 below the far field.
    let step: Slot = 1 &<< Self.displacementShift
    var expected = step | tag(of: kept)
    var slot = home
    var distance = 0
    var free: Int?
    while true {
      let value = slots[slot]
      if value == Self.empty { return HeldIDTable.Lookup(position: nil, slot: free ?? slot) }
      if value == Self.removed {
        if free == nil { free = slot }
      } else if value & ~keyMask == expected
        || (distance >= Self.farField - 1 && isFar(value, at: slot, distance: distance, kept: kept))
      {
        let position = position(of: value, base: base)
        if matches(position) { return HeldIDTable.Lookup(position: position, slot: slot) }
      }
      slot = (slot + 1) & mask
      distance += 1
      // Past 30 slots only a far entry can match: no entry is `Slot.max` without its key.
      expected = distance < Self.farField - 1 ? expected &+ step : .max
    }
  }

  /// Looks up a page of hashes in order and inserts each one not found, keyed at `base + start`
  /// plus its index among the inserted ones; see ``HeldIDTable/insertNew(_:base:start:isHeld:)``.
  mutating func insertNew(
    _ hashes: [Int], base: Int, start: Int, isHeld: (_ candidate: Int, _ item: Int) -> Bool
  ) -> [HeldIDTable.Duplicate] {
    var duplicates: [HeldIDTable.Duplicate] = []
    // The page index of each inserted hash, by its index among them: filled from the first
    // duplicate on (before it, both indexes are equal).
    var insertedItems: [Int] = []
    var inserted = 0
    var emptiesFilled = 0
    let step: Slot = 1 &<< Self.displacementShift
    for item in 0..<hashes.count {
      let kept = Self.kept(hashes[item])
      let home = home(of: kept)
      var expected = step | tag(of: kept)
      var slot = home
      var distance = 0
      var free = -1
      var match: Int?
      while true {
        let value = slots[slot]
        if value == Self.empty { break }
        if value == Self.removed {
          if free < 0 { free = slot }
        } else if value & ~keyMask == expected
          || (distance >= Self.farField - 1 && isFar(value, at: slot, distance: distance, kept: kept))
        {
          let position = position(of: value, base: base)
          let rank = position - start
          let candidate =
            rank < 0
            ? position : rank < inserted ? start + (duplicates.count == 0 ? rank : insertedItems[rank]) : -1
          if candidate >= 0, isHeld(candidate, item) {
            match = position
            break
          }
        }
        slot = (slot + 1) & mask
        distance += 1
        expected = distance < Self.farField - 1 ? expected &+ step : .max
      }
      if let match {
        if duplicates.count == 0 { insertedItems = Array(0..<item) }
        duplicates.append(HeldIDTable.Duplicate(item: item, position: match))
        continue
      }
      if free >= 0 {
        slot = free
      } else {
        emptiesFilled += 1
      }
      store(kept, key: base &+ start &+ inserted, at: slot, displacement: (slot - home) & mask)
      inserted += 1
      if duplicates.count > 0 { insertedItems.append(item) }
    }
    count += inserted
    used += emptiesFilled
    return duplicates
  }

  /// Whether the entry `value` at `slot`, `distance` slots past the home of `kept`, is a far one
  /// of that home and tag.
  private func isFar(_ value: Slot, at slot: Int, distance: Int, kept: Int) -> Bool {
    Int(truncatingIfNeeded: value &>> Self.displacementShift) == Self.farField
      && value & ~keyMask & ~(31 &<< Self.displacementShift) == tag(of: kept)
      && farDisplacements[slot] == distance
  }

  /// Stores `key` for an id with this hash at the slot a ``find(_:base:matches:)`` that found no
  /// match returned.
  mutating func insert(_ hash: Int, key: Int, at slot: Int) {
    if slots[slot] == Self.empty { used += 1 }
    let kept = Self.kept(hash)
    store(kept, key: key, at: slot, displacement: (slot - home(of: kept)) & mask)
    count += 1
  }

  private mutating func store(_ kept: Int, key: Int, at slot: Int, displacement: Int) {
    guard displacement < Self.farField - 1 else {
      farDisplacements[slot] = displacement
      slots[slot] = entry(kept, key: key, field: Self.farField)
      return
    }
    slots[slot] = entry(kept, key: key, field: displacement + 1)
  }

  /// Removes `key`, stored for an id with this hash; does nothing when it is not held.
  mutating func remove(_ hash: Int, key: Int) {
    guard let slot = slot(of: hash, key: key) else { return }
    // Only a far entry has a displacement to forget: the dictionary is not asked for the others.
    if Int(truncatingIfNeeded: slots[slot] &>> Self.displacementShift) == Self.farField {
      farDisplacements[slot] = nil
    }
    slots[slot] = Self.removed
    count -= 1
  }

  /// Gives the entry of this hash stored under `key` the key `newKey`; does nothing when `key`
  /// is not held.
  mutating func rekey(_ hash: Int, from key: Int, to newKey: Int) {
    guard let slot = slot(of: hash, key: key) else { return }
    slots[slot] = slots[slot] & ~keyMask | Slot(truncatingIfNeeded: newKey) & keyMask
  }

  private func slot(of hash: Int, key: Int) -> Int? {
    guard slots.count > 0 else { return nil }
    let kept = Self.kept(hash)
    let stored = Slot(truncatingIfNeeded: key) & keyMask
    // As in `find(_:base:matches:)`, with the key: one comparison a slot.
    let step: Slot = 1 &<< Self.displacementShift
    var expected = step | tag(of: kept) | stored
    var slot = home(of: kept)
    var distance = 0
    while slots[slot] != Self.empty {
      let value = slots[slot]
      if value == expected
        || (distance >= Self.farField - 1 && value & keyMask == stored
          && isFar(value, at: slot, distance: distance, kept: kept))
      {
        return slot
      }
      slot = (slot + 1) & mask
      distance += 1
      expected = distance < Self.farField - 1 ? expected &+ step : .max
    }
    return nil
  }

  /// `key − base` from the stored *c* + 1 key bits: exact for any position within ±2^*c*, which
  /// every key of a table with room for its items is (they are indexes into them, or just before).
  fileprivate func position(of value: Slot, base: Int) -> Int {
    let shift = 64 - keyBits
    let difference = (UInt64(truncatingIfNeeded: value) &- UInt64(truncatingIfNeeded: base)) &<< shift
    return Int(truncatingIfNeeded: Int64(bitPattern: difference) &>> shift)
  }
}
