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
  @Test(arguments: [1, 7, 1_000_000])
  func theTableFindsExactlyTheKeysAReferenceDictionaryHolds(distinctHashes: Int) {
    var random = SplitMix64(seed: Self.seed &+ UInt64(distinctHashes))
    for run in 0..<20 {
      var table = HeldIDTable()
      var reference: [CollidingID: Int] = [:]
      var base = Int.random(in: -1_000...1_000, using: &random)
      func id(_ value: Int) -> CollidingID {
        CollidingID(value: value, hash: value % distinctHashes)
      }
      func lookup(_ id: CollidingID) -> HeldIDTable.Lookup {
        table.find(id.hashValue, base: base) { position in
          reference.first { $0.value == position + base }?.key == id
        }
      }
      for step in 0..<400 {
        let candidate = id(Int.random(in: 0..<300, using: &random))
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
          table.reserve(adding: 1)
          let found = lookup(candidate)
          #expect(found.position.map { $0 + base } == reference[candidate], "run \(run) step \(step)")
          if found.position == nil {
            let key = (reference.values.max() ?? base) + 1
            table.insert(candidate.hashValue, key: key, at: found.slot)
            reference[candidate] = key
          }
        case 5..<7:
          if let key = reference.removeValue(forKey: candidate) {
            table.remove(candidate.hashValue, key: key)
          }
        case 7:
          if let key = reference[candidate] {
            let newKey = (reference.values.min() ?? base) - 1
            table.rekey(candidate.hashValue, from: key, to: newKey)
            reference[candidate] = newKey
          }
        default:
          base += Int.random(in: -50...50, using: &random)
        }
        #expect(table.count == reference.count)
      }
      for value in 0..<300 {
        #expect(
          lookup(id(value)).position.map { $0 + base } == reference[id(value)], "run \(run) id \(value)")
      }
    }
  }

  /// Positions on either side of a base far from zero come back exactly (keys are stored modulo
  /// 2^36).
  @Test func positionsComeBackExactlyWhateverTheBase() {
    for base in [0, -5, Int.max - 10, Int.min + 10, 1 << 40] {
      var table = HeldIDTable()
      table.reserve(adding: 2)
      // One hash for both: a lookup offers both positions.
      for key in [base &- 3, base &+ 1_000_000] {
        table.insert(7, key: key, at: table.find(7, base: base) { _ in false }.slot)
      }
      var offered: [Int] = []
      _ = table.find(7, base: base) { position in
        offered.append(position)
        return false
      }
      #expect(offered.sorted() == [-3, 1_000_000], "base \(base)")
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
