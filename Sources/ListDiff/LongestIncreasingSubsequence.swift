/// Finds one longest strictly increasing subsequence by patience sorting, reusing its buffers between calls.
///
/// The diff keeps the items of a longest increasing run of old positions in place and moves the rest,
/// which is the fewest moves that can reorder a section.
@usableFromInline
internal struct LongestIncreasingSubsequence {
  /// `tails[k]` is the index of the smallest last key of an increasing run of length `k + 1`.
  @usableFromInline internal var tails: [Int32] = []
  /// `tailKeys[k] == keys[tails[k]]`, kept beside it so that the binary search reads one array.
  @usableFromInline internal var tailKeys: [Int32] = []
  /// `previous[i]` is the index of the key before key `i` in the best run ending at `i`, or -1.
  @usableFromInline internal var previous: [Int32] = []

  @inlinable
  internal init() {}

  /// Sets `isMember[i]` to `true` for the keys of one longest strictly increasing subsequence.
  ///
  /// - Parameters:
  ///   - keys: The sequence; `isMember` has the same count and is `false` on entry.
  ///   - isMember: Receives the members.
  /// - Returns: The length of the subsequence.
  /// - Complexity: O(n) when `keys` is already increasing, otherwise O(n log n).
  @inlinable
  internal mutating func mark(_ keys: [Int32], into isMember: inout [Bool]) -> Int {
    let count = keys.count
    var increasing = true
    var index = 1
    while index < count {
      if keys[index - 1] >= keys[index] {
        increasing = false
        break
      }
      index += 1
    }
    if increasing {
      for member in 0..<count { isMember[member] = true }
      return count
    }
    // The loop works on the buffers swapped out into locals (still uniquely referenced, so no
    // copy), stored back at the end: writes through `self` re-check uniqueness on every element.
    // Each buffer is sized for `count` up front and written by index only, so that the optimizer can
    // check uniqueness once before the loop rather than on every append.
    var tails: [Int32] = []
    var tailKeys: [Int32] = []
    var previous: [Int32] = []
    swap(&tails, &self.tails)
    swap(&tailKeys, &self.tailKeys)
    swap(&previous, &self.previous)
    defer {
      self.tails = tails
      self.tailKeys = tailKeys
      self.previous = previous
    }
    Self.fill(&tails, count: count)
    Self.fill(&tailKeys, count: count)
    Self.fill(&previous, count: count)
    // The keys come from a list that mostly keeps its order: a key usually extends the longest run,
    // or, right after an item moved far forward, replaces that item as the run's last key. Both are
    // checked before the binary search.
    var length = 0
    for position in 0..<count {
      let key = keys[position]
      var low: Int
      if length == 0 || tailKeys[length - 1] < key {
        low = length
        length += 1
      } else if length == 1 || tailKeys[length - 2] < key {
        low = length - 1
      } else {
        low = 0
        var high = length - 2
        while low < high {
          let middle = (low + high) >> 1
          if tailKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
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

  /// Makes `buffer` hold `count` elements of -1, keeping its capacity.
  @inlinable
  internal static func fill(_ buffer: inout [Int32], count: Int) {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: repeatElement(-1, count: count))
  }
}
