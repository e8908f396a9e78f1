/// The ids a paged list holds, as an open-addressing hash table of item keys: what finds a held
/// id in O(1) without storing the ids a second time.
///
/// Each slot is one `UInt64`: empty (0), removed (1), or an occupied bit, the top 27 bits of the
/// id's hash (its tag) and the item's key modulo 2^36. The tag picks the home slot (its top bits),
/// so growing the table moves slots without hashing an id again, and it rules out nearly every
/// other id without reading an item. The ids stay in the items: a slot whose tag matches is
/// confirmed by the caller, who compares the item at that key. A key is the item's index plus a
/// base the caller moves when items are dropped or prepended, so that neither renumbers the table.
///
/// NB: the paging state machine is generic code that a client module calls unspecialized. There
/// a `Set<Item.ID>` or `[Item.ID: Int]` pays a generic metadata lookup in every insert (callgrind:
/// about 2,300 instructions per appended item, half of them in `swift_getGenericMetadata`); this
/// table is plain integers, so only the id's `hashValue` and `==` go through the witness table.
struct HeldIDTable {
  /// Where a lookup ended: the position of the matching key, or `nil`, and the slot an insert of
  /// that id goes to.
  struct Lookup {
    /// The key's position (key − base), or `nil` when no held key matched.
    var position: Int?
    /// The matching slot, or the slot to insert the id at.
    var slot: Int
  }

  private var slots: [UInt64] = []
  /// log2 of `slots.count`.
  private var capacityBits = 0
  /// The keys held.
  private(set) var count = 0
  /// The slots not empty: keys and removed ones (a probe walks over both).
  private var used = 0
  /// What ``warm(_:)`` read, kept so that its reads are not optimized away.
  private var warmth: UInt64 = 0

  private static let empty: UInt64 = 0
  private static let removed: UInt64 = 1
  private static let occupied: UInt64 = 1 << 63
  private static let keyBits = 36
  private static let keyMask: UInt64 = (1 << 36) - 1
  private static let tagBits = 27
  private static let tagMask: UInt64 = ~keyMask & ~occupied

  /// Makes room for `adding` more keys: when they would take the table over three quarters full
  /// (removed slots included), moves the keys to a table where they fill at most half.
  ///
  /// - Complexity: O(*c*) for a table of *c* slots when it moves them (no id is hashed again),
  ///   which doubling makes O(1) amortized per key added; otherwise O(1).
  mutating func reserve(adding: Int) {
    guard adding > 0, (used + adding) * 4 > slots.count * 3 else { return }
    var bits = 4
    while 1 << bits < (count + adding) * 2 { bits += 1 }
    var moved = HeldIDTable()
    moved.capacityBits = bits
    moved.slots = Array(repeating: Self.empty, count: 1 << bits)
    for value in slots where value & Self.occupied != 0 {
      var slot = moved.home(of: value)
      while moved.slots[slot] != Self.empty { slot = (slot + 1) & (moved.slots.count - 1) }
      moved.slots[slot] = value
    }
    moved.count = count
    moved.used = count
    self = moved
  }

  /// Reads the home slot of each hash before the lookups need it.
  ///
  /// NB: in a table larger than the caches each lookup waits for memory. These reads do not
  /// depend on each other, so the processor overlaps their misses, and the lookups that follow
  /// find their slots cached (the last 1,000 pages of a 1,000,000-item list in
  /// `listkit-bench paging`: about a third faster).
  mutating func warm(_ hashes: [Int]) {
    guard !slots.isEmpty else { return }
    var folded: UInt64 = 0
    for hash in hashes { folded ^= slots[home(of: Self.tag(hash))] }
    warmth = folded
  }

  /// Finds the key of an id with this hash for which `matches` holds, or where to insert it.
  ///
  /// - Parameters:
  ///   - hash: The id's hash value.
  ///   - base: Subtracted from each key: `matches` and the result see positions.
  ///   - matches: Whether the item at a position has the id; asked only for a matching tag.
  /// - Returns: The match, or the slot to insert at. The table must have room for one more key
  ///   (``reserve(adding:)`` made it).
  /// - Complexity: O(1) expected.
  func find(_ hash: Int, base: Int, matches: (Int) -> Bool) -> Lookup {
    let mask = slots.count - 1
    let tag = Self.tag(hash)
    var slot = home(of: tag)
    var free: Int?
    while true {
      let value = slots[slot]
      if value == Self.empty { return Lookup(position: nil, slot: free ?? slot) }
      if value == Self.removed {
        if free == nil { free = slot }
      } else if value & Self.tagMask == tag {
        let position = Self.position(of: value, base: base)
        if matches(position) { return Lookup(position: position, slot: slot) }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Stores `key` for an id with this hash at the slot a ``find(_:base:matches:)`` that found no
  /// match returned.
  mutating func insert(_ hash: Int, key: Int, at slot: Int) {
    if slots[slot] == Self.empty { used += 1 }
    slots[slot] = Self.entry(hash, key: key)
    count += 1
  }

  /// Removes `key`, stored for an id with this hash; does nothing when it is not held.
  mutating func remove(_ hash: Int, key: Int) {
    guard let slot = slot(of: hash, key: key) else { return }
    slots[slot] = Self.removed
    count -= 1
  }

  /// Gives the id with this hash stored under `key` the key `newKey`; does nothing when `key` is
  /// not held.
  mutating func rekey(_ hash: Int, from key: Int, to newKey: Int) {
    guard let slot = slot(of: hash, key: key) else { return }
    slots[slot] = Self.entry(hash, key: newKey)
  }

  private func slot(of hash: Int, key: Int) -> Int? {
    guard !slots.isEmpty else { return nil }
    let entry = Self.entry(hash, key: key)
    let mask = slots.count - 1
    var slot = home(of: entry)
    while slots[slot] != Self.empty {
      if slots[slot] == entry { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The top 27 bits of `hash`, in place in a slot.
  private static func tag(_ hash: Int) -> UInt64 {
    (UInt64(truncatingIfNeeded: hash) >> (64 - tagBits)) << keyBits
  }

  /// The slot a probe for this tag (or entry) starts at: the tag's top bits (in a table of more
  /// than 2^27 slots, every 2^(bits − 27)th slot).
  private func home(of tagged: UInt64) -> Int {
    let tag = Int(truncatingIfNeeded: (tagged & Self.tagMask) >> Self.keyBits)
    return capacityBits <= Self.tagBits
      ? tag >> (Self.tagBits - capacityBits) : tag << (capacityBits - Self.tagBits)
  }

  private static func entry(_ hash: Int, key: Int) -> UInt64 {
    occupied | tag(hash) | (UInt64(truncatingIfNeeded: key) & keyMask)
  }

  /// `key − base` from the 36 stored bits: exact for any position within ±2^35, which every
  /// position of an array in memory is (2^35 items take 512 GB at 16 bytes each).
  private static func position(of value: UInt64, base: Int) -> Int {
    let difference = (value &- UInt64(truncatingIfNeeded: base)) & keyMask
    return Int(truncatingIfNeeded: Int64(bitPattern: difference << (64 - keyBits)) >> (64 - keyBits))
  }
}
