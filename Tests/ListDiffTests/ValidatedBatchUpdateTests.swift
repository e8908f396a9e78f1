import ListDiff
import ListKitTesting
import Testing

/// The one model of a batch update: UIKit's rules, where each old row goes, the state after.
///
/// `BatchUpdateRulesTests` (ListKitTestingTests) checks every rule's
/// error and message through `HeadlessTableView.validate`; the property tests here check the
/// mapping and the after-state against a state built independently.
@Suite struct ValidatedBatchUpdateTests {
  @Test func rowsThatStayFillTheFreePositionsInOrder() throws {
    let update = BatchUpdate(itemDeletes: [path(1)], itemInserts: [path(0), path(3)])
    let mapper = try ValidatedBatchUpdate(update, oldItemCounts: [4], newItemCounts: [5])
    #expect(mapper.newPath(for: path(0)) == path(1))
    #expect(mapper.newPath(for: path(1)) == nil)
    #expect(mapper.newPath(for: path(2)) == path(2))
    #expect(mapper.newPath(for: path(3)) == path(4))
  }

  @Test func rowsFollowTheirSectionWhenItMoves() throws {
    let update = BatchUpdate(sectionMoves: [Move(from: 0, to: 1)])
    let mapper = try ValidatedBatchUpdate(update, oldItemCounts: [2, 3], newItemCounts: [3, 2])
    #expect(mapper.newPath(for: path(1, 0)) == path(1, 1))
    #expect(mapper.newPath(for: path(2, 1)) == path(2, 0))
  }

  @Test func aReloadedRowIsKeptButAskedForAgain_andARowOfAReloadedSectionIsAskedForAgainInOrder() throws {
    let update = BatchUpdate(sectionReloads: [1], itemReloads: [path(0, 0)])
    let mapper = try ValidatedBatchUpdate(update, oldItemCounts: [1, 2], newItemCounts: [1, 3])
    #expect(mapper.fate(of: path(0, 0)) == .kept(path(0, 0), reloaded: true))
    #expect(mapper.fate(of: path(0, 1)) == .deleted)
    let after = mapper.afterState(
      sections: ["a", "b"], rows: [["a0"], ["b0", "b1"]], insertedSection: { "new \($0)" },
      insertedRow: { "new \($0.section).\($0.item)" })
    #expect(after.sections == ["a", "b"])
    #expect(after.rows == [["a0"], ["b0", "b1", "new 1.2"]])
  }

  @Test func movesAcrossSectionsCountAsMovedInAndOut() throws {
    let update = BatchUpdate(itemMoves: [Move(from: path(0, 0), to: path(0, 1))])
    _ = try ValidatedBatchUpdate(update, oldItemCounts: [2, 1], newItemCounts: [1, 2])
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 2, after: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1)
    ) {
      try ValidatedBatchUpdate(update, oldItemCounts: [2, 1], newItemCounts: [2, 2])
    }
  }

  /// A reloaded section is deleted and inserted: no row moves into it, the first section too.
  @Test func noRowMovesIntoAReloadedSection_theFirstOneIncluded() {
    let move = Move(from: path(0, 1), to: path(0, 0))
    #expect(throws: BatchUpdateError.moveItemIntoInsertedSection(move)) {
      try ValidatedBatchUpdate(
        BatchUpdate(sectionReloads: [0], itemMoves: [move]), oldItemCounts: [1, 2], newItemCounts: [2, 1])
    }
  }

  @Test func aCountErrorNamesTheSectionByItsNewIndexAndCountsReloadsBothWays() {
    let update = BatchUpdate(sectionDeletes: [0], itemReloads: [path(0, 1)])
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 2, after: 3, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0)
    ) {
      try ValidatedBatchUpdate(update, oldItemCounts: [1, 2], newItemCounts: [3])
    }
  }

  @Test func aNegativeRowCountIsReported() {
    #expect(throws: BatchUpdateError.negativeNumberOfRows(section: 1, count: -1)) {
      try ValidatedBatchUpdate(BatchUpdate(), oldItemCounts: [1, 0], newItemCounts: [1, -1])
    }
  }

  @Test func derivedCountsGiveInsertedSectionsTheirRows() throws {
    let update = BatchUpdate(sectionDeletes: [0], sectionInserts: [1], itemInserts: [path(0, 0)])
    let mapper = try ValidatedBatchUpdate(update, oldItemCounts: [3, 1], insertedSectionItemCounts: [4])
    #expect(mapper.newItemCounts == [2, 4])
    #expect(throws: BatchUpdateError.self) {
      try ValidatedBatchUpdate(update, oldItemCounts: [3, 1], insertedSectionItemCounts: [])
    }
  }

  /// Deriving the counts never reads a section that is not there: a row change in a section
  /// before the first or past the last is an error, not a crash.
  @Test func derivingTheCountsOfRowChangesInSectionsThatAreNotThereIsAnError() {
    let updates = [
      BatchUpdate(itemInserts: [path(0, 2)]), BatchUpdate(itemInserts: [path(0, -1)]),
      BatchUpdate(itemDeletes: [path(0, 2)]), BatchUpdate(itemDeletes: [path(0, -1)]),
      BatchUpdate(itemMoves: [Move(from: path(0, 0), to: path(0, 2))]),
      BatchUpdate(itemMoves: [Move(from: path(0, 2), to: path(0, 0))]),
      BatchUpdate(itemMoves: [Move(from: path(0, -1), to: path(0, 0))]),
    ]
    for update in updates {
      #expect(throws: BatchUpdateError.self, "\(update)") {
        try ValidatedBatchUpdate(update, oldItemCounts: [1, 1], insertedSectionItemCounts: [])
      }
    }
  }
}

@Suite struct ValidatedBatchUpdatePropertyTests {
  typealias SeededGenerator = SplitMix64
  @Test func everyRowThatStaysIsFoundAtItsNewPath_andTheAfterStateIsTheNewState() throws {
    for seed: UInt64 in 1...500 {
      var random = SeededGenerator(seed: seed)
      let (old, new, update) = RandomBatchUpdate.make(&random)
      let mapper = try ValidatedBatchUpdate(
        update, oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))
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
      // The after-state model agrees: every row lands where the new state has it.
      let after = mapper.afterState(
        sections: Array(old.indices), rows: old, insertedSection: { _ in -1 },
        insertedRow: { new[$0.section][$0.item] })
      #expect(after.rows == new, "seed \(seed): \(update)")
      let derived = try ValidatedBatchUpdate(
        update, oldItemCounts: old.map(\.count), insertedSectionItemCounts: [])
      #expect(derived.newItemCounts == new.map(\.count), "seed \(seed)")
    }
  }

  /// The model and the independent referee agree on random batches, valid or not.
  @Test func theModelAcceptsExactlyWhatTheRefereeAccepts_onBatchesWithoutSectionChanges() throws {
    for seed: UInt64 in 1...500 {
      var random = SeededGenerator(seed: seed)
      let (old, new0, update) = RandomBatchUpdate.make(&random)
      var new = new0
      if random.next(below: 2) == 0, !new.isEmpty {
        // Break the counts of one section half of the time.
        let section = random.next(below: new.count)
        new[section].append(0)
      }
      let referee = BatchUpdateReferee.violations(
        of: update, oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))
      let accepted =
        (try? ValidatedBatchUpdate(
          update, oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))) != nil
      #expect(accepted == referee.isEmpty, "seed \(seed): \(update), referee: \(referee)")
    }
  }
}

private func path(_ item: Int, _ section: Int = 0) -> ItemPath {
  ItemPath(item: item, section: section)
}
