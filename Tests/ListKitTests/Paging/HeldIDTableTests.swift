import ListKitTesting
import Testing

@testable import ListKit

/// `HeldIDTable` against a `Dictionary` referee, and the state machine's items against the table
/// after every load: ids with colliding hashes, growth, removals, re-keying, moving bases.
@Suite struct HeldIDTableTests {
  static let seed: UInt64 = 0x5EED_00A1

  /// An id whose hash the test picks: few distinct hashes make tags collide and probes run long.
  struct CollidingID: Hashable {
    let value: Int
    let hash: Int

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
  }

  /// Random inserts, lookups, removals and re-keyings with a base that moves both ways; after
  /// every step the table finds exactly the referee's keys.
  ///
  /// With `narrowCapacityBits` 5 the table moves to `UInt64` slots once it passes 32 slots.
  @Test(arguments: [1, 7, 1_000_000], [26, 5])
  func theTableFindsExactlyTheKeysAReferenceDictionaryHolds(distinctHashes: Int, narrowCapacityBits: Int) {
    var random = SplitMix64(seed: Self.seed &+ UInt64(distinctHashes) &+ UInt64(narrowCapacityBits << 32))
    for run in 0..<20 {
      var table = HeldIDTable(narrowCapacityBits: narrowCapacityBits)
      var reference: [CollidingID: Int] = [:]
      // The referee the other way round, so that a probe's check is one lookup rather than a scan
      // (with one distinct hash, every lookup offers every held key).
      var idByKey: [Int: CollidingID] = [:]
      var base = Int.random(in: -1_000...1_000, using: &random)
      func id(_ value: Int) -> CollidingID {
        CollidingID(value: value, hash: value % distinctHashes)
      }
      func lookup(_ id: CollidingID) -> HeldIDTable.Lookup {
        table.find(id.hashValue, base: base) { position in idByKey[position + base] == id }
      }
      // Every position (key − base) must lie in -capacity..<capacity; the machine's always do.
      func fits(_ key: Int) -> Bool { (-table.capacity..<table.capacity).contains(key - base) }
      for step in 0..<400 {
        let candidate = id(Int.random(in: 0..<300, using: &random))
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
          table.reserve(adding: 1, base: base)
          let found = lookup(candidate)
          #expect(found.position.map { $0 + base } == reference[candidate], "run \(run) step \(step)")
          let above = (reference.values.max() ?? base) + 1
          let below = (reference.values.min() ?? base) - 1
          if found.position == nil, let key = fits(above) ? above : fits(below) ? below : nil {
            table.insert(candidate.hashValue, key: key, at: found.slot)
            reference[candidate] = key
            idByKey[key] = candidate
          }
        case 5..<7:
          if let key = reference.removeValue(forKey: candidate) {
            table.remove(candidate.hashValue, key: key)
            idByKey[key] = nil
          }
        case 7:
          let newKey = (reference.values.min() ?? base) - 1
          if let key = reference[candidate], fits(newKey) {
            table.rekey(candidate.hashValue, from: key, to: newKey)
            reference[candidate] = newKey
            idByKey[key] = nil
            idByKey[newKey] = candidate
          }
        default:
          let moved = base + Int.random(in: -50...50, using: &random)
          if reference.values.allSatisfy({ (-table.capacity..<table.capacity).contains($0 - moved) }) {
            base = moved
          }
        }
        #expect(table.count == reference.count)
      }
      for value in 0..<300 {
        #expect(
          lookup(id(value)).position.map { $0 + base } == reference[id(value)], "run \(run) id \(value)")
      }
    }
  }

  /// Positions on either side of a base far from zero come back exactly, up to the ends of the
  /// range the table's size allows (keys are stored modulo twice its slots).
  @Test func positionsComeBackExactlyWhateverTheBase() {
    for base in [0, -5, Int.max - 10, Int.min + 10, 1 << 40] {
      for adding in [2, 100_000] {
        var table = HeldIDTable()
        table.reserve(adding: adding, base: base)
        // One hash for both: a lookup offers both positions.
        let positions = [-table.capacity, table.capacity - 1]
        for position in positions {
          table.insert(7, key: base &+ position, at: table.find(7, base: base) { _ in false }.slot)
        }
        var offered: [Int] = []
        _ = table.find(7, base: base) { position in
          offered.append(position)
          return false
        }
        #expect(offered.sorted() == positions, "base \(base), \(adding) keys")
      }
    }
  }

  /// Pages of ids with few distinct hashes, repeating held ids and each other: `insertNew` reports
  /// exactly the duplicates a `Dictionary` referee finds, and keys the rest where they are
  /// appended.
  @Test(arguments: [1, 7, 1_000_000], [26, 5])
  func aPageGoesInAsAReferenceDictionaryAppendsIt(distinctHashes: Int, narrowCapacityBits: Int) {
    var random = SplitMix64(
      seed: Self.seed &+ 7 &+ UInt64(distinctHashes) &+ UInt64(narrowCapacityBits << 32))
    for run in 0..<10 {
      var table = HeldIDTable(narrowCapacityBits: narrowCapacityBits)
      var held: [CollidingID] = []
      var reference: [CollidingID: Int] = [:]
      let base = Int.random(in: -1_000...1_000, using: &random)
      for step in 0..<40 {
        let page = (0..<Int.random(in: 1...20, using: &random)).map { _ in
          let value = Int.random(in: 0..<400, using: &random)
          return CollidingID(value: value, hash: value % distinctHashes)
        }
        table.reserve(adding: page.count, base: base)
        let start = held.count
        let duplicates = table.insertNew(page.map(\.hashValue), base: base, start: start) { candidate, item in
          (candidate < start ? held[candidate] : page[candidate - start]) == page[item]
        }
        var expected: [HeldIDTable.Duplicate] = []
        for (item, id) in page.enumerated() {
          if let position = reference[id] {
            expected.append(HeldIDTable.Duplicate(item: item, position: position))
          } else {
            reference[id] = held.count
            held.append(id)
          }
        }
        #expect(duplicates.map(\.item) == expected.map(\.item), "run \(run) step \(step)")
        #expect(duplicates.map(\.position) == expected.map(\.position), "run \(run) step \(step)")
        #expect(table.count == held.count)
        // The ids this page held or added are found where they are; every id is checked once the
        // run ends (each check probes past every colliding id, so checking all after every page
        // made this test quadratic in the run).
        for id in page {
          let found = table.find(id.hashValue, base: base) { held.indices.contains($0) && held[$0] == id }
          #expect(found.position == reference[id], "run \(run) step \(step) id \(id.value)")
        }
      }
      for (position, id) in held.enumerated() {
        let found = table.find(id.hashValue, base: base) { held.indices.contains($0) && held[$0] == id }
        #expect(found.position == position, "run \(run) id \(id.value)")
      }
    }
  }

  /// Seeded random next and previous pages full of duplicates, with and without a maximum, under
  /// both policies: after every load each item is found at its index, and only the items are.
  @Test(arguments: [DuplicateIDPolicy.keepFirst, .replaceWithNewest], [nil, 40])
  func theMachineKeysEveryItemAtItsIndexAfterEveryLoad(policy: DuplicateIDPolicy, maximum: Int?) {
    var random = SplitMix64(seed: Self.seed &+ (maximum == nil ? 0 : 1))
    for run in 0..<30 {
      var machine = Machine(
        configuration: .test(.offset, pageSize: 10, duplicatePolicy: policy, maximumItemCount: maximum))
      guard let first = machine.start(hasCache: false, at: .offset(5_000)).load else {
        return #expect(Bool(false))
      }
      func page() -> Page<TestItem> {
        let ids = (0..<Int.random(in: 1...10, using: &random)).map { _ in
          Int.random(in: 0..<150, using: &random)
        }
        return Page(items: testItems(ids, version: Int.random(in: 0...3, using: &random)), hasMore: true)
      }
      _ = machine.succeeded(first.ticket, with: page())
      for step in 0..<60 {
        let load = Bool.random(using: &random) ? machine.loadNextPage().load : machine.loadPreviousPage().load
        guard let load else { continue }
        _ = machine.succeeded(load.ticket, with: page())
        #expect(Set(machine.ids).count == machine.items.count, "run \(run) step \(step): a duplicate id")
        #expect(machine.heldIDs.count == machine.items.count, "run \(run) step \(step)")
        for (index, item) in machine.items.enumerated() {
          let found = machine.heldIDs.find(item.id.hashValue, base: machine.firstIndexKey) {
            machine.items.indices.contains($0) && machine.items[$0].id == item.id
          }
          #expect(found.position == index, "run \(run) step \(step): id \(item.id)")
        }
      }
    }
  }

  /// A thousand pages of fifty: the table grows many times and still finds every id once.
  @Test func aLongListKeepsEveryIdFindableThroughEveryGrowth() {
    var machine = Machine(configuration: .test(.pageIndex(firstIndex: 0), pageSize: 50))
    machine.loadFirstPage(page(0..<50))
    for number in 1..<1_000 {
      // Every page repeats the last ten ids of the one before, which keepFirst drops.
      machine.loadNext(page((number * 50 - 10)..<(number * 50 + 50)))
    }
    #expect(machine.ids == Array(0..<50_000))
    #expect(machine.heldIDs.count == 50_000)
  }
}
