/// An open-addressing hash table from an id's hash to a flat position, in one 8-byte word per bucket.
///
/// The diff keeps ids where they are (in the snapshots) and stores here only the upper half of each hash
/// beside the position, so that a lookup usually touches one cache line and compares ids (a call into
/// the caller's `==`) only when the stored hash half matches. Linear probing at a load of at most 0.6;
/// the bucket comes from the stored half too, so the table can grow without hashing any id again.
@usableFromInline
internal struct IdentityTable {
  /// The marker of positions in the new snapshot (positions in the old one have it clear).
  @usableFromInline internal static var newSide: UInt32 { 0x8000_0000 }

  /// Empty buckets are 0; a used bucket holds `hash >> 32` in its upper half and `entry + 1` in the lower.
  @usableFromInline internal var buckets: [UInt64]
  @usableFromInline internal var mask: Int
  /// The number of used buckets.
  @usableFromInline internal var count = 0
  /// How many ids the diff hashes ahead of using them.
  @usableFromInline internal static var chunkSize: Int { 32 }

  /// Creates a table for `capacity` entries; it grows when more arrive.
  @inlinable
  internal init(capacity: Int) {
    var size = 16
    while size * 3 < capacity * 5 { size <<= 1 }
    buckets = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// Makes room for `extra` more entries, doubling the table while it would pass a load of 0.6.
  ///
  /// Call it before the probes that may insert them: growing moves entries to other buckets.
  @inlinable
  internal mutating func reserve(_ extra: Int) {
    guard (count + extra) * 5 > buckets.count * 3 else { return }
    var size = buckets.count
    while (count + extra) * 5 > size * 3 { size <<= 1 }
    let old = buckets
    buckets = Array(repeating: 0, count: size)
    mask = size - 1
    for word in old where word != 0 {
      var bucket = Int(truncatingIfNeeded: word >> 32) & mask
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = word
    }
  }

  /// The word in the first bucket of `hash`; reading it early starts its cache miss early.
  @inlinable
  internal func peek(_ hash: Int) -> UInt64 {
    buckets[firstBucket(hash)]
  }

  /// Whether the first bucket of `hash` is empty, given what ``peek(_:)`` saw (`seen`) a moment ago.
  ///
  /// An earlier entry may have filled the bucket since, so an empty `seen` is checked again (in cache).
  @inlinable
  internal func isFirstBucketEmpty(_ hash: Int, seen: UInt64) -> Bool {
    seen == 0 && buckets[firstBucket(hash)] == 0
  }

  @inlinable
  internal func firstBucket(_ hash: Int) -> Int { Int(truncatingIfNeeded: Self.tag(hash)) & mask }

  @inlinable
  internal func nextBucket(_ bucket: Int) -> Int { (bucket + 1) & mask }

  @inlinable
  internal static func tag(_ hash: Int) -> UInt64 { UInt64(truncatingIfNeeded: hash) >> 32 }

  /// The entry a bucket word holds if its stored hash half matches `hash`, else `nil`.
  @inlinable
  internal static func entry(in word: UInt64, matching hash: Int) -> UInt32? {
    word != 0 && word >> 32 == tag(hash) ? UInt32(truncatingIfNeeded: word) &- 1 : nil
  }

  /// The entry in `bucket` if its stored hash half matches `hash`; `nil` at an empty bucket.
  ///
  /// Walk forward with ``nextBucket(_:)`` while the returned entry turns out to be another id; a bucket
  /// holding a different hash half is skipped here.
  @inlinable
  internal func entry(at bucket: inout Int, matching hash: Int) -> UInt32? {
    let tag = Self.tag(hash)
    while true {
      let word = buckets[bucket]
      if word == 0 { return nil }
      if word >> 32 == tag { return UInt32(truncatingIfNeeded: word) &- 1 }
      bucket = (bucket + 1) & mask
    }
  }

  /// Stores an entry in an empty bucket.
  @inlinable
  internal mutating func insert(_ entry: Int, isNew: Bool, at bucket: Int, hash: Int) {
    let value = UInt32(truncatingIfNeeded: entry) | (isNew ? Self.newSide : 0)
    buckets[bucket] = Self.tag(hash) << 32 | UInt64(value &+ 1)
    count += 1
  }
}
