import ListKitTesting
import Testing

@testable import ListDiff

/// The longest increasing run the diff keeps in place, and the branch-free search inside it, against
/// the obvious slow answers.
@Suite struct LongestIncreasingSubsequenceTests {
  @Test func theSearchFindsWhatAScanFinds() {
    var random = SplitMix64(seed: 7)
    for round in 0..<20_000 {
      let count = Int.random(in: 1...70, using: &random)
      var elements: [Int32] = []
      var value: Int32 = 0
      for _ in 0..<count {
        value += Int32.random(in: 1...3, using: &random)
        elements.append(value)
      }
      let start = Int.random(in: 0..<count, using: &random)
      let end = Int.random(in: start..<count, using: &random)
      // The caller's promise: the element at `end` is not below the key.
      let key = Int32.random(in: 0...elements[end], using: &random)
      var expected = start
      while expected < end && elements[expected] < key { expected += 1 }
      let found = LongestIncreasingSubsequence.firstNotBelow(key, in: elements, from: start, to: end)
      #expect(found == expected, "round \(round): \(elements) \(start)...\(end), key \(key)")
      if found != expected { return }
    }
  }

  @Test func marksALongestRunAndSkipsNegativeKeys() {
    var random = SplitMix64(seed: 11)
    for round in 0..<300 {
      let count = Int.random(in: 0...60, using: &random)
      // Mostly ordered keys with some moved far, and -1 for items that are no part of the sequence.
      var keys = (0..<count).map { Int32($0) }
      for _ in 0..<count / 4 {
        let from = Int.random(in: 0..<count, using: &random)
        let key = keys.remove(at: from)
        keys.insert(key, at: Int.random(in: 0...keys.count, using: &random))
      }
      for index in keys.indices where Int.random(in: 0..<8, using: &random) == 0 { keys[index] = -1 }
      var isMember = Array(repeating: false, count: keys.count)
      let length = LongestIncreasingSubsequence.mark(keys, into: &isMember)
      let members = keys.indices.filter { isMember[$0] }.map { keys[$0] }
      #expect(members.count == length, "round \(round)")
      #expect(members.allSatisfy { $0 >= 0 }, "round \(round): a -1 key is no member")
      #expect(zip(members, members.dropFirst()).allSatisfy { $0 < $1 }, "round \(round): increasing")
      #expect(length == Self.longestLength(keys.filter { $0 >= 0 }), "round \(round): \(keys)")
    }
  }

  /// Keys may repeat (the diff's never do, but the contract allows it): a repeated key still
  /// joins the run at most once, so the run stays strictly increasing and as long as the longest.
  @Test func repeatedKeysJoinTheRunAtMostOnce() {
    var random = SplitMix64(seed: 13)
    for round in 0..<300 {
      let count = Int.random(in: 0...40, using: &random)
      let keys = (0..<count).map { _ in Int32.random(in: -1...8, using: &random) }
      var isMember = Array(repeating: false, count: keys.count)
      let length = LongestIncreasingSubsequence.mark(keys, into: &isMember)
      let members = keys.indices.filter { isMember[$0] }.map { keys[$0] }
      #expect(members.count == length, "round \(round): \(keys)")
      #expect(zip(members, members.dropFirst()).allSatisfy { $0 < $1 }, "round \(round): \(keys)")
      #expect(length == Self.longestLength(keys.filter { $0 >= 0 }), "round \(round): \(keys)")
    }
  }

  /// The length of a longest strictly increasing subsequence, in O(n²).
  static func longestLength(_ keys: [Int32]) -> Int {
    var best = Array(repeating: 1, count: keys.count)
    for later in keys.indices {
      for earlier in 0..<later where keys[earlier] < keys[later] {
        best[later] = max(best[later], best[earlier] + 1)
      }
    }
    return best.max() ?? 0
  }
}
