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
    tails.removeAll(keepingCapacity: true)
    tailKeys.removeAll(keepingCapacity: true)
    previous.removeAll(keepingCapacity: true)
    previous.reserveCapacity(count)
    for position in 0..<count {
      let key = keys[position]
      var low = 0
      var high = tails.count
      if high > 0 && tailKeys[high - 1] < key {
        low = high
      } else {
        while low < high {
          let middle = (low + high) >> 1
          if tailKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
      }
      previous.append(low > 0 ? tails[low - 1] : -1)
      if low == tails.count {
        tails.append(Int32(position))
        tailKeys.append(key)
      } else {
        tails[low] = Int32(position)
        tailKeys[low] = key
      }
    }
    var member = Int(tails[tails.count - 1])
    while member >= 0 {
      isMember[member] = true
      member = Int(previous[member])
    }
    return tails.count
  }
}
