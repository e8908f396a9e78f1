import ListKit
import ListKitTesting
import Testing

@testable import ListKitCache

@Suite struct CacheIndexTests {
  @Test func evictsTheLeastRecentlyUsedFirstAndNoMoreThanNeeded() {
    var index = CacheIndex(byteLimit: 100)
    #expect(index.record("a", bytes: 40, at: 1).isEmpty)
    #expect(index.record("b", bytes: 40, at: 2).isEmpty)
    #expect(index.record("a", bytes: 40, at: 3).isEmpty)
    #expect(index.record("c", bytes: 30, at: 4) == ["b"])
    #expect(index.totalBytes == 70)
    #expect(index.record("d", bytes: 100, at: 5) == ["a", "c"])
    #expect(index.totalBytes == 100)
  }

  @Test func aTotalOfExactlyTheLimitEvictsNothing() {
    var index = CacheIndex(byteLimit: 100)
    #expect(index.record("a", bytes: 60, at: 1).isEmpty)
    #expect(index.record("b", bytes: 40, at: 2).isEmpty)
    #expect(index.totalBytes == 100)
    #expect(index.record("c", bytes: 1, at: 3) == ["a"])
  }

  @Test func forgettingEverythingOrRebuildingStartsTheCountAgain() {
    var index = CacheIndex(byteLimit: 100)
    _ = index.record("a", bytes: 60, at: 1)
    index.removeAll()
    #expect(index.totalBytes == 0 && index.entries.isEmpty)
    #expect(index.record("b", bytes: 100, at: 2).isEmpty, "nothing forgotten is counted")
    #expect(index.rebuild(from: [("c", .init(bytes: 30, lastAccess: 3))]).isEmpty)
    #expect(index.totalBytes == 30 && index.entries.keys.sorted() == ["c"])
  }

  @Test func rebuildingFromAListingEvictsDownToTheLimit() {
    var index = CacheIndex(byteLimit: 50)
    let evicted = index.rebuild(from: [
      ("new", .init(bytes: 20, lastAccess: 30)), ("old", .init(bytes: 20, lastAccess: 10)),
      ("mid", .init(bytes: 20, lastAccess: 20)),
    ])
    #expect(evicted == ["old"])
    #expect(index.totalBytes == 40)
  }

  /// Random saves, reads and removals against the properties of LRU: the total is the sum of the
  /// entries and within the limit, every evicted entry was used before every kept one, and one
  /// eviction fewer would have left the total over the limit.
  @Test func randomOperationsKeepTheLeastRecentlyUsedInvariants() {
    let seed: UInt64 = 0xCAC4_E1DE
    var random = SplitMix64(seed: seed)
    let limit = 1_000
    var index = CacheIndex(byteLimit: limit)
    var time = 0.0
    for step in 0..<5_000 {
      time += 1
      let name = "f\(Int.random(in: 0..<12, using: &random))"
      let before = index.entries
      let evicted: [String]
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        evicted = index.record(name, bytes: Int.random(in: 1...limit / 3, using: &random), at: time)
      case 5..<9:
        guard let entry = before[name] else { continue }
        evicted = index.record(name, bytes: entry.bytes, at: time)
      default:
        index.remove(name)
        evicted = []
      }
      let context = "step \(step), seed \(seed)"
      #expect(index.totalBytes == index.entries.values.reduce(0) { $0 + $1.bytes }, "\(context)")
      #expect(index.totalBytes <= limit, "\(context)")
      #expect(!evicted.contains(name), "\(context): evicted the entry it just used")
      for gone in evicted {
        #expect(index.entries[gone] == nil && before[gone] != nil, "\(context)")
        for (kept, entry) in index.entries where kept != name {
          #expect(before[gone]!.lastAccess < entry.lastAccess, "\(context): evicted \(gone) before \(kept)")
        }
      }
      if let last = evicted.last {
        #expect(index.totalBytes + before[last]!.bytes > limit, "\(context): evicted \(last) needlessly")
      }
    }
  }
}
