/// Finds one longest strictly increasing subsequence by patience sorting.
///
/// The diff keeps the items of a longest increasing run of old positions in place and moves the rest,
/// which is the fewest moves that can reorder a section.
@usableFromInline
internal enum LongestIncreasingSubsequence {
  /// Sets `isMember[i]` to `true` for the keys of one longest strictly increasing subsequence.
  ///
  /// - Parameters:
  ///   - keys: The sequence; a key below zero is no part of it (its `isMember` stays `false`).
  ///     `isMember` has the same count and is `false` on entry.
  ///   - isMember: Receives the members.
  /// - Returns: The length of the subsequence.
  /// - Complexity: O(n) when the keys are already increasing, otherwise O(n log n).
  @inlinable
  internal static func mark(_ keys: [Int32], into isMember: inout [Bool]) -> Int {
    let count = keys.count
    var increasing = true
    var last: Int32 = -1
    for key in keys where key >= 0 {
      if key <= last {
        increasing = false
        break
      }
      last = key
    }
    if increasing {
      var length = 0
      for member in 0..<count where keys[member] >= 0 {
        isMember[member] = true
        length += 1
      }
      return length
    }
    // The keys come from a list that mostly keeps its order: a key usually extends the longest run,
    // or, right after an item moved far forward, replaces that item as the run's last key. Both are
    // checked before the binary search. The buffers are locals, sized up front and written by index
    // only, so that the optimizer checks their uniqueness once, before the loop.
    var tails = Array(repeating: Int32(-1), count: count)
    var tailKeys = Array(repeating: Int32(-1), count: count)
    var previous = Array(repeating: Int32(-1), count: count)
    var length = 0
    for position in 0..<count {
      let key = keys[position]
      if key < 0 { continue }
      let low: Int
      if length == 0 || tailKeys[length - 1] < key {
        low = length
        length += 1
      } else if length == 1 || tailKeys[length - 2] < key {
        low = length - 1
      } else {
        // The first of tailKeys[0...length - 2] not below the key (the last of them is not).
        low = Self.firstNotBelow(key, in: tailKeys, from: 0, to: length - 2)
      }
      if low > 0 { previous[position] = tails[low - 1] }
      tails[low] = Int32(truncatingIfNeeded: position)
      tailKeys[low] = key
    }
    var member = Int(tails[length - 1])
    while member >= 0 {
      isMember[member] = true
      member = Int(previous[member])
    }
    return length
  }

  /// The first index in `start...end` whose element is not below `key`, `end` when none before it is.
  ///
  /// The elements in `start..<end` are increasing and not negative, and `start < end`, or they are
  /// equal and the element there is not below the key.
  ///
  /// It halves without a branch to mispredict, since where a moved item's key lands is random: the
  /// answer stays in `base...base + size`. Each step also reads both elements the next step may look
  /// at before its own answer is known, so that the reads of a search overlap instead of each waiting
  /// for the one before.
  /// - Complexity: O(log(end - start)).
  @inlinable
  internal static func firstNotBelow(_ key: Int32, in elements: [Int32], from start: Int, to end: Int) -> Int
  {
    var base = start
    var size = end - start
    guard size > 1 else { return base &+ Self.isBelow(elements[base], key) }
    var half = size >> 1
    var element = elements[base + half]
    while true {
      let below = Self.isBelow(element, key)
      let rest = size - half
      let nextHalf = rest >> 1
      guard rest > 1 else {
        base &+= half &* below
        break
      }
      let ifNotBelow = Int(elements[base + nextHalf])
      let ifBelow = Int(elements[base + half + nextHalf])
      base &+= half &* below
      element = Int32(truncatingIfNeeded: ifNotBelow &+ (ifBelow &- ifNotBelow) &* below)
      size = rest
      half = nextHalf
    }
    return base &+ Self.isBelow(elements[base], key)
  }

  /// 1 when `element` is below `key`, else 0, computed without a comparison: neither is negative, so
  /// `key - element - 1` cannot overflow and is negative exactly when the element is not below the key.
  ///
  /// (A comparison here would become a conditional move, which the compiler turns back into a branch
  /// inside a search loop; the arithmetic stays a multiply-add.)
  @inlinable
  internal static func isBelow(_ element: Int32, _ key: Int32) -> Int {
    Int(truncatingIfNeeded: (UInt32(bitPattern: key &- element &- 1) >> 31) ^ 1)
  }
}
