import ListKit
import Testing

@testable import ListKitTerminal

@Suite struct BatchUpdatePathMapperTests {
  @Test func itemsThatStayFillTheFreePositionsInOrder() {
    let update = BatchUpdate(itemDeletes: [path(1)], itemInserts: [path(0), path(3)])
    let mapper = BatchUpdatePathMapper(update: update, oldCounts: [4], newCounts: [5])
    #expect(mapper.newPath(for: path(0)) == path(1))
    #expect(mapper.newPath(for: path(1)) == nil)
    #expect(mapper.newPath(for: path(2)) == path(2))
    #expect(mapper.newPath(for: path(3)) == path(4))
  }

  @Test func itemsFollowTheirSectionWhenItMoves() {
    let update = BatchUpdate(sectionMoves: [Move(from: 0, to: 1)])
    let mapper = BatchUpdatePathMapper(update: update, oldCounts: [2, 3], newCounts: [3, 2])
    #expect(mapper.newPath(for: path(1, 0)) == path(1, 1))
    #expect(mapper.newPath(for: path(2, 1)) == path(2, 0))
  }

  @Test func movesAcrossSectionsCountAsMovedInAndOut() throws {
    let update = BatchUpdate(itemMoves: [Move(from: path(0, 0), to: path(0, 1))])
    try BatchUpdatePathMapper(update: update, oldCounts: [2, 1], newCounts: [1, 2]).validate()
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 2, after: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1)
    ) {
      try BatchUpdatePathMapper(update: update, oldCounts: [2, 1], newCounts: [2, 2]).validate()
    }
  }
}

@Suite struct BatchUpdatePathMapperReportingTests {
  @Test func aCountErrorNamesTheSectionByItsNewIndexAndCountsReloadsBothWays() {
    let update = BatchUpdate(sectionDeletes: [0], itemReloads: [path(0, 1)])
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 2, after: 3, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0)
    ) {
      try BatchUpdatePathMapper(update: update, oldCounts: [1, 2], newCounts: [3]).validate()
    }
  }

  @Test func aNegativeRowCountIsReported() {
    #expect(throws: BatchUpdateError.negativeNumberOfRows(section: 1, count: -1)) {
      try BatchUpdatePathMapper(update: BatchUpdate(), oldCounts: [1, 0], newCounts: [1, -1]).validate()
    }
  }
}

@Suite struct BatchUpdatePathMapperPropertyTests {
  /// A random batch as UIKit would get it, with the sections before and after.
  ///
  /// Some items are deleted, some moved anywhere, new ones inserted anywhere; items neither
  /// deleted nor moved keep their relative order.
  static func randomUpdate(_ random: inout SeededGenerator)
    -> (old: [[Int]], new: [[Int]], update: BatchUpdate)
  {
    var nextID = 0
    let old = (0..<(1 + random.next(below: 3))).map { _ in
      (0..<random.next(below: 12)).map { _ in
        nextID += 1
        return nextID
      }
    }
    var new: [[Int]] = []
    var deletes: [ItemPath] = []
    var movedIDs: [Int] = []
    for (section, items) in old.enumerated() {
      var kept: [Int] = []
      for (item, id) in items.enumerated() {
        switch random.next(below: 10) {
        case 0..<2: deletes.append(ItemPath(item: item, section: section))
        case 2: movedIDs.append(id)
        default: kept.append(id)
        }
      }
      new.append(kept)
    }
    var insertedIDs: Set<Int> = []
    for _ in 0..<random.next(below: 6) {
      nextID += 1
      insertedIDs.insert(nextID)
      movedIDs.append(nextID)
    }
    for id in movedIDs {
      let section = random.next(below: new.count)
      new[section].insert(id, at: random.next(below: new[section].count + 1))
    }
    func location(of id: Int, in sections: [[Int]]) -> ItemPath? {
      for (section, items) in sections.enumerated() {
        if let item = items.firstIndex(of: id) { return ItemPath(item: item, section: section) }
      }
      return nil
    }
    var inserts: [ItemPath] = []
    var moves: [Move<ItemPath>] = []
    for id in movedIDs {
      let to = location(of: id, in: new)!
      if insertedIDs.contains(id) {
        inserts.append(to)
      } else {
        moves.append(Move(from: location(of: id, in: old)!, to: to))
      }
    }
    return (old, new, BatchUpdate(itemDeletes: deletes, itemInserts: inserts, itemMoves: moves))
  }

  @Test func everyItemThatStaysIsFoundAtItsNewPath() throws {
    for seed: UInt64 in 1...500 {
      var random = SeededGenerator(seed: seed)
      let (old, new, update) = Self.randomUpdate(&random)
      let mapper = BatchUpdatePathMapper(
        update: update, oldCounts: old.map(\.count), newCounts: new.map(\.count))
      #expect(throws: Never.self, "seed \(seed)") { try mapper.validate() }
      for (section, items) in old.enumerated() {
        for (item, id) in items.enumerated() {
          let expected = new.enumerated().lazy.compactMap { newSection, newItems in
            newItems.firstIndex(of: id).map { ItemPath(item: $0, section: newSection) }
          }.first
          let mapped = mapper.newPath(for: ItemPath(item: item, section: section))
          #expect(mapped == expected, "seed \(seed): id \(id) at [\(section), \(item)], \(update)")
          if mapped != expected { return }
        }
      }
    }
  }

  @MainActor
  @Test func theViewShowsTheNewContentAndKeepsTheCellsOfItemsThatStay() throws {
    for seed: UInt64 in 1...100 {
      var random = SeededGenerator(seed: seed)
      let (old, new, update) = Self.randomUpdate(&random)
      let source = RecordingSource(sections: old.map { $0.map(String.init) })
      let view = TerminalListView(width: 20, height: 40)
      source.register(in: view)
      _ = view.render()
      var cells: [String: ObjectIdentifier] = [:]
      for path in view.visibleItemPaths {
        cells[source.sections[path.section][path.item]] = ObjectIdentifier(view.cellForItem(at: path)!)
      }
      source.sections = new.map { $0.map(String.init) }
      try view.performBatchUpdates(update)
      let lines = view.render().lines.map(\.text).filter { !$0.isEmpty }
      #expect(lines == new.flatMap { $0.map(String.init) }, "seed \(seed)")
      for path in view.visibleItemPaths {
        let id = source.sections[path.section][path.item]
        if let before = cells[id] {
          #expect(
            ObjectIdentifier(view.cellForItem(at: path)!) == before, "seed \(seed): cell of \(id) replaced")
        }
      }
      // Cells that stay change paths without new display calls (as in UIKit), so count instead.
      let shown = source.events.count { if case .willDisplay = $0 { true } else { false } }
      let ended = source.events.count { if case .didEndDisplaying = $0 { true } else { false } }
      #expect(shown - ended == view.visibleItemPaths.count, "seed \(seed)")
    }
  }
}
