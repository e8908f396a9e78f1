/// The ids a paged list holds, as an open-addressing hash table of item keys: what finds a held
/// id in O(1) without storing the ids a second time.
///
/// Each slot is one `UInt64`: empty (0), removed (1), or an occupied bit, 23 bits of the id's
/// hash (a tag that rules out nearly every other id without reading an item) and the item's key
/// modulo 2^40. The ids stay in the items: a slot whose tag matches is confirmed by the caller,
/// who compares the item at that key. A key is the item's index plus a base the caller moves
/// when items are dropped or prepended, so that neither renumbers the table.
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
  /// The keys held.
  private(set) var count = 0
  /// The slots not empty: keys and removed ones (a probe walks over both).
  private var used = 0

  private static let empty: UInt64 = 0
  private static let removed: UInt64 = 1
  private static let occupied: UInt64 = 1 << 63
  private static let keyMask: UInt64 = (1 << 40) - 1
  private static let tagMask: UInt64 = ~keyMask & ~occupied

  /// An empty table with room for `count` keys at half load.
  init(capacityFor count: Int = 0) {
    guard count > 0 else { return }
    var capacity = 16
    while capacity < count * 2 { capacity *= 2 }
    slots = Array(repeating: Self.empty, count: capacity)
  }

  /// Whether `adding` more keys would take the table over three quarters full (removed slots
  /// included): then the owner builds a new table from its items.
  func needsRebuild(adding: Int) -> Bool {
    adding > 0 && (used + adding) * 4 > slots.count * 3
  }

  /// Finds the key of an id with this hash for which `matches` holds, or where to insert it.
  ///
  /// - Parameters:
  ///   - hash: The id's hash value.
  ///   - base: Subtracted from each key: `matches` and the result see positions.
  ///   - matches: Whether the item at a position has the id; asked only for a matching tag.
  /// - Returns: The match, or the slot to insert at. The table must have room for one more key
  ///   (``needsRebuild(adding:)`` was false).
  /// - Complexity: O(1) expected.
  func find(_ hash: Int, base: Int, matches: (Int) -> Bool) -> Lookup {
    let mask = slots.count - 1
    let tag = Self.tag(hash)
    var slot = hash & mask
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

  /// Stores `key` for an id known not to be held (a rebuild).
  mutating func insertNew(_ hash: Int, key: Int) {
    insert(hash, key: key, at: find(hash, base: 0) { _ in false }.slot)
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
    var slot = hash & mask
    while slots[slot] != Self.empty {
      if slots[slot] == entry { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The 23 bits of `hash` that do not pick the slot (for any table below 2^41 slots).
  private static func tag(_ hash: Int) -> UInt64 {
    (UInt64(truncatingIfNeeded: hash) >> 41) << 40
  }

  private static func entry(_ hash: Int, key: Int) -> UInt64 {
    occupied | tag(hash) | (UInt64(truncatingIfNeeded: key) & keyMask)
  }

  /// `key − base` from the 40 stored bits: exact for any position within ±2^39, which every
  /// position of an array in memory is.
  private static func position(of value: UInt64, base: Int) -> Int {
    let difference = (value &- UInt64(truncatingIfNeeded: base)) & keyMask
    return Int(truncatingIfNeeded: Int64(bitPattern: difference << 24) >> 24)
  }
}
