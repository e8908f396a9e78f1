import ListDiff
import ListKitTesting

/// Random source/target pairs with every kind of change, duplicates included.
struct RandomSnapshots {
  var random: SplitMix64
  private var nextID = 1

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  private mutating func freshID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  private mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  /// A source of 0–8 sections and 0–200 items, and a target derived from it.
  mutating func pair() -> (source: TestSnapshot, target: TestSnapshot) {
    let sectionCount = Int.random(in: 0...8, using: &random)
    let itemCount = sectionCount == 0 ? 0 : Int.random(in: 0...200, using: &random)
    var sections = (0..<sectionCount).map { _ in
      SnapshotSection<TestSection, TestItem>(TestSection(id: freshID()), items: [])
    }
    for _ in 0..<itemCount {
      sections[Int.random(in: 0..<sectionCount, using: &random)].items.append(TestItem(id: freshID()))
    }
    let source = TestSnapshot(sections: sections)
    var target = mutate(source)
    var noisySource = source
    if chance(0.15) { addDuplicates(to: &noisySource) }
    if chance(0.15) { addDuplicates(to: &target) }
    return (noisySource, target)
  }

  /// Applies a random mix of section and item changes, each kind with its own random rate.
  private mutating func mutate(_ source: TestSnapshot) -> TestSnapshot {
    let rate = { (random: inout SplitMix64) in [0, 0, 0.05, 0.1, 0.3, 0.6].randomElement(using: &random)! }
    let sectionDelete = rate(&random)
    let sectionUpdate = rate(&random)
    let sectionMove = rate(&random)
    let sectionInsert = rate(&random)
    let itemDelete = rate(&random)
    let itemUpdate = rate(&random)
    let itemMove = rate(&random)
    let itemCrossMove = rate(&random)
    let itemInsert = rate(&random)

    var sections = source.sections.filter { _ in !chance(sectionDelete) }
    for index in sections.indices where chance(sectionUpdate) { sections[index].section.title += 1 }
    for _ in 0..<Int(Double(sections.count) * sectionMove) where sections.count > 1 {
      let moved = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
      sections.insert(moved, at: Int.random(in: 0...sections.count, using: &random))
    }
    for _ in 0..<Int((Double(max(sections.count, 1)) * sectionInsert).rounded(.up))
    where chance(sectionInsert) {
      sections.insert(
        SnapshotSection(TestSection(id: freshID()), items: []),
        at: Int.random(in: 0...sections.count, using: &random))
    }
    // Items of deleted sections sometimes survive elsewhere.
    let surviving = Set(sections.map(\.section.id))
    var orphans = source.sections.filter { !surviving.contains($0.section.id) }.flatMap(\.items).filter { _ in
      chance(0.5)
    }
    guard !sections.isEmpty else { return TestSnapshot(sections: sections) }

    for section in sections.indices {
      sections[section].items = sections[section].items.filter { _ in !chance(itemDelete) }
      for item in sections[section].items.indices where chance(itemUpdate) {
        sections[section].items[item].value += 1
      }
      let count = sections[section].items.count
      for _ in 0..<Int(Double(count) * itemMove) where count > 1 {
        let moved = sections[section].items.remove(at: Int.random(in: 0..<count, using: &random))
        sections[section].items.insert(moved, at: Int.random(in: 0..<count, using: &random))
      }
    }
    var travellers: [TestItem] = []
    for section in sections.indices {
      sections[section].items.removeAll { item in
        let leaves = chance(itemCrossMove * 0.5)
        if leaves { travellers.append(item) }
        return leaves
      }
    }
    travellers += orphans
    orphans.removeAll()
    let insertCount = Int(Double(source.itemCount) * itemInsert)
    travellers += (0..<insertCount).map { _ in TestItem(id: freshID()) }
    for item in travellers {
      let section = Int.random(in: 0..<sections.count, using: &random)
      sections[section].items.insert(
        item, at: Int.random(in: 0...sections[section].items.count, using: &random))
    }
    return TestSnapshot(sections: sections)
  }

  /// Copies some existing ids (sections and items, with changed or equal content) to random places.
  private mutating func addDuplicates(to snapshot: inout TestSnapshot) {
    guard !snapshot.sections.isEmpty else { return }
    let items = snapshot.sections.flatMap(\.items)
    for _ in 0..<Int.random(in: 1...4, using: &random) where !items.isEmpty {
      var copy = items.randomElement(using: &random)!
      if chance(0.5) { copy.value += 7 }
      let section = Int.random(in: 0..<snapshot.sections.count, using: &random)
      snapshot.sections[section].items.insert(
        copy, at: Int.random(in: 0...snapshot.sections[section].items.count, using: &random))
    }
    if chance(0.3) {
      var copy = snapshot.sections.randomElement(using: &random)!
      copy.items = copy.items.prefix(2).map { $0 } + [TestItem(id: freshID())]
      snapshot.sections.insert(copy, at: Int.random(in: 0...snapshot.sections.count, using: &random))
    }
  }
}
