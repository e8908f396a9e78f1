/// The ids a paged list holds, as an open-addressing hash table of item keys: what finds a held
/// id in O(1) without storing the ids a second time.
///
/// The slots (``HeldIDSlots``) keep 26 bits of each id's hash and the item's key; the ids stay in
/// the items: an entry whose hash bits match is confirmed by the caller, who compares the item at
/// that key. A key is the item's index plus a base the caller moves when items are dropped or
/// prepended, so that neither renumbers the table. Slots are `UInt32` up to 2^26 of them (some
/// 50 million items), `UInt64` after.
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

  /// An id of a page that is held already, or came earlier in the page.
  struct Duplicate {
    /// Its index in the page.
    var item: Int
    /// The position of the entry it duplicates: held, or where an earlier item of the page goes.
    var position: Int
  }

  private var narrow = HeldIDSlots<UInt32>()
  private var wide = HeldIDSlots<UInt64>()
  private var isWide = false
  /// The largest table, as log2 of its slots, kept in `UInt32` slots.
  private let narrowCapacityBits: Int
  /// What ``warm(_:)`` read, kept so that its reads are not optimized away.
  private var warmth: UInt64 = 0

  /// Creates an empty table.
  /// - Parameter narrowCapacityBits: The largest table, as log2 of its slots, kept in `UInt32`
  ///   slots (at most 26); tests lower it to reach the `UInt64` ones.
  init(narrowCapacityBits: Int = 26) {
    // 5 displacement bits, 26 − c tag bits and c + 1 key bits fill 32 bits up to c = 26.
    self.narrowCapacityBits = min(narrowCapacityBits, 26)
  }

  /// The keys held.
  var count: Int { isWide ? wide.count : narrow.count }

  /// The number of slots: every position (key − base) held must lie in `-capacity..<capacity`,
  /// which a table with room for the items it indexes always allows.
  var capacity: Int { isWide ? wide.slots.count : narrow.slots.count }

  /// Makes room for `adding` more keys: when they would take the table over three quarters full
  /// (removed slots included), moves the keys to a table where they fill at most half.
  ///
  /// - Parameters:
  ///   - adding: The keys about to be inserted.
  ///   - base: The base of every key held: the table keeps keys modulo 2^(*c* + 1) for 2^*c*
  ///     slots, so that every position held and added must lie within ±2^*c*.
  /// - Complexity: O(*c*) for a table of *c* slots when it moves them (no id is hashed again),
  ///   which doubling makes O(1) amortized per key added; otherwise O(1).
  mutating func reserve(adding: Int, base: Int) {
    if isWide {
      guard wide.needsRoom(adding: adding) else { return }
      wide = HeldIDSlots<UInt64>(moving: wide, capacityBits: wide.capacityBits(adding: adding), base: base)
      return
    }
    guard narrow.needsRoom(adding: adding) else { return }
    let bits = narrow.capacityBits(adding: adding)
    if bits <= narrowCapacityBits {
      narrow = HeldIDSlots<UInt32>(moving: narrow, capacityBits: bits, base: base)
    } else {
      wide = HeldIDSlots<UInt64>(moving: narrow, capacityBits: bits, base: base)
      narrow = HeldIDSlots<UInt32>()
      isWide = true
    }
  }

  /// Reads the home slot of each hash before the lookups need it.
  ///
  /// NB: in a table larger than the caches each lookup waits for memory. These reads do not
  /// depend on each other, so the processor overlaps their misses, and the lookups that follow
  /// find their slots cached (the last 1,000 pages of a 1,000,000-item list in
  /// `listkit-bench paging`: about a third faster).
  mutating func warm(_ hashes: [Int]) {
    warmth = isWide ? wide.warm(hashes) : UInt64(narrow.warm(hashes))
  }

  /// Finds the key of an id with this hash for which `matches` holds, or where to insert it.
  ///
  /// - Parameters:
  ///   - hash: The id's hash value.
  ///   - base: Subtracted from each key: `matches` and the result see positions.
  ///   - matches: Whether the item at a position has the id; asked only for matching hash bits.
  /// - Returns: The match, or the slot to insert at. The table must have room for one more key
  ///   (``reserve(adding:base:)`` made it).
  /// - Complexity: O(1) expected.
  func find(_ hash: Int, base: Int, matches: (Int) -> Bool) -> Lookup {
    isWide ? wide.find(hash, base: base, matches: matches) : narrow.find(hash, base: base, matches: matches)
  }

  /// Looks up a page of ids by hash, in order, and keys each one not found at the index it takes
  /// when the page's new items are appended after `start` held ones.
  ///
  /// - Parameters:
  ///   - hashes: The hash of each id of the page. The table must have room for all of them
  ///     (``reserve(adding:base:)`` made it).
  ///   - base: Subtracted from each key: positions are indexes into the items.
  ///   - start: The number of items held: positions from it on are the page's new items.
  ///   - isHeld: Whether the id of the page's item `item` is the one at `candidate`: a held
  ///     position below `start`, or `start` plus the index in the page of an earlier item. Asked
  ///     only when the 26 hash bits match.
  /// - Returns: The page's items whose id was found, in order, with the position each duplicates.
  /// - Complexity: O(*m*) expected for *m* hashes.
  mutating func insertNew(
    _ hashes: [Int], base: Int, start: Int, isHeld: (_ candidate: Int, _ item: Int) -> Bool
  ) -> [Duplicate] {
    isWide
      ? wide.insertNew(hashes, base: base, start: start, isHeld: isHeld)
      : narrow.insertNew(hashes, base: base, start: start, isHeld: isHeld)
  }

  /// Stores `key` for an id with this hash at the slot a ``find(_:base:matches:)`` that found no
  /// match returned.
  mutating func insert(_ hash: Int, key: Int, at slot: Int) {
    if isWide { wide.insert(hash, key: key, at: slot) } else { narrow.insert(hash, key: key, at: slot) }
  }

  /// Removes `key`, stored for an id with this hash; does nothing when it is not held.
  mutating func remove(_ hash: Int, key: Int) {
    if isWide { wide.remove(hash, key: key) } else { narrow.remove(hash, key: key) }
  }

  /// Gives the id with this hash stored under `key` the key `newKey`; does nothing when `key` is
  /// not held.
  mutating func rekey(_ hash: Int, from key: Int, to newKey: Int) {
    if isWide {
      wide.rekey(hash, from: key, to: newKey)
    } else {
      narrow.rekey(hash, from: key, to: newKey)
    }
  }
}
