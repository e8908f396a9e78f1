import ListDiff
import Testing

private func path(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(item: item, section: section) }

private func updated(_ snapshot: TestSnapshot, item id: Int) -> TestSnapshot {
  var copy = snapshot
  for section in copy.sections.indices {
    for index in copy.sections[section].items.indices where copy.sections[section].items[index].id == id {
      copy.sections[section].items[index].value += 1
    }
  }
  return copy
}

@Suite struct DiffTests {
  @Test func identicalSnapshotsNeedNoStage() throws {
    let list = snapshot([(1, [1, 2, 3]), (2, [])])
    let changes = list.difference(from: list)
    #expect(changes.isEmpty)
    #expect(changes.changeCount == 0)
    #expect(try list.applying(changes) == list)
  }

  @Test func aChangesetWithNoStageStillChecksItsSource() throws {
    // A target whose only news is a duplicate: no stage, and the target without it.
    let changes = snapshot([(1, [1, 2, 2])]).difference(from: snapshot([(1, [1, 2])]))
    #expect(changes.stages.isEmpty)
    #expect(try snapshot([(1, [1, 2])]).applying(changes) == snapshot([(1, [1, 2])]))
    #expect(throws: ChangesetApplicationError.self) { try snapshot([(1, [1])]).applying(changes) }
  }

  @Test func deletesAndInsertsInOneSectionFormOneBatch() {
    let changes = snapshot([(1, [2, 3, 4])]).difference(from: snapshot([(1, [1, 2, 3])]))
    #expect(changes.stages == [BatchUpdate(itemDeletes: [path(0)], itemInserts: [path(2)])])
  }

  @Test func swappingTwoItemsMovesOne() {
    let changes = snapshot([(1, [2, 1])]).difference(from: snapshot([(1, [1, 2])]))
    #expect(changes.stages == [BatchUpdate(itemMoves: [Move(from: path(1), to: path(0))])])
  }

  @Test func rotatingASectionMovesOnlyTheRotatedItem() {
    let changes = snapshot([(1, [5, 1, 2, 3, 4])]).difference(from: snapshot([(1, [1, 2, 3, 4, 5])]))
    #expect(changes.stages == [BatchUpdate(itemMoves: [Move(from: path(4), to: path(0))])])
  }

  @Test func updatedItemIsReloadedAtItsOldPath() {
    let source = snapshot([(1, [1, 2, 3])])
    let target = updated(snapshot([(1, [2, 3])]), item: 2)
    let changes = target.difference(from: source)
    #expect(changes.stages == [BatchUpdate(itemDeletes: [path(0)], itemReloads: [path(1)])])
  }

  @Test func movedAndUpdatedItemIsReloadedAtItsNewPathInASecondStage() throws {
    let source = snapshot([(1, [1, 2, 3])])
    let target = updated(snapshot([(1, [3, 1, 2])]), item: 3)
    let changes = target.difference(from: source)
    #expect(
      changes.stages == [
        BatchUpdate(itemMoves: [Move(from: path(2), to: path(0))]), BatchUpdate(itemReloads: [path(0)]),
      ])
    #expect(try source.applying(changes) == target)
  }

  @Test func itemChangingSectionIsAMove() {
    let changes = snapshot([(1, [1]), (2, [2, 3])]).difference(from: snapshot([(1, [1, 2]), (2, [3])]))
    #expect(changes.stages == [BatchUpdate(itemMoves: [Move(from: path(1, 0), to: path(0, 1))])])
  }

  @Test func sectionContentChangeReloadsOnlyThatSection() {
    var target = snapshot([(1, [1]), (2, [2])])
    target.sections[1].section.title = 9
    let changes = target.difference(from: snapshot([(1, [1]), (2, [2])]))
    #expect(changes.stages == [BatchUpdate(sectionReloads: [1])])
  }

  @Test func sectionContentChangeWithItemChangesInsideReloadsTheSectionLast() {
    var target = snapshot([(1, [1, 3])])
    target.sections[0].section.title = 9
    let changes = target.difference(from: snapshot([(1, [1, 2])]))
    #expect(
      changes.stages == [
        BatchUpdate(itemDeletes: [path(1)], itemInserts: [path(1)]), BatchUpdate(sectionReloads: [0]),
      ])
  }

  @Test func sectionsAreDeletedInsertedAndMovedInOneBatchWhenNoItemChanges() {
    let changes = snapshot([(3, [3]), (4, []), (1, [1])]).difference(
      from: snapshot([(1, [1]), (2, [2]), (3, [3])]))
    #expect(
      changes.stages == [
        BatchUpdate(sectionDeletes: [1], sectionInserts: [1], sectionMoves: [Move(from: 2, to: 0)])
      ])
  }

  @Test func itemChangesInsideAMovedSectionComeAfterTheSectionMove() throws {
    let source = snapshot([(1, [1, 2]), (2, [3])])
    let target = snapshot([(2, [3, 4]), (1, [1, 2])])
    let changes = target.difference(from: source)
    #expect(
      changes.stages == [
        BatchUpdate(sectionMoves: [Move(from: 1, to: 0)]), BatchUpdate(itemInserts: [path(1, 0)]),
      ])
    #expect(try changes.snapshots(applyingTo: source) == [snapshot([(2, [3]), (1, [1, 2])]), target])
  }

  @Test func itemMovingIntoAnInsertedSectionArrivesAfterTheSectionIsInserted() throws {
    let source = snapshot([(1, [1, 2])])
    let target = snapshot([(1, [1]), (2, [2, 5])])
    let changes = target.difference(from: source)
    #expect(
      changes.stages == [
        BatchUpdate(sectionInserts: [1]), BatchUpdate(itemMoves: [Move(from: path(1, 0), to: path(0, 1))]),
      ])
    #expect(try changes.snapshots(applyingTo: source) == [snapshot([(1, [1, 2]), (2, [5])]), target])
  }

  @Test func itemsOfADeletedSectionAreInsertedWhereTheyReappear() {
    let changes = snapshot([(1, [1, 2])]).difference(from: snapshot([(1, [1]), (2, [2])]))
    #expect(changes.stages == [BatchUpdate(sectionDeletes: [1], itemInserts: [path(1, 0)])])
  }

  @Test func singleSectionSnapshotsDiffTheirItems() throws {
    let source = SectionedSnapshot<SingleSection, TestItem>(items: [TestItem(id: 1), TestItem(id: 2)])
    let target = SectionedSnapshot<SingleSection, TestItem>(items: [TestItem(id: 2), TestItem(id: 3)])
    let changes = target.difference(from: source)
    #expect(changes.stages == [BatchUpdate(itemDeletes: [path(0)], itemInserts: [path(1)])])
    #expect(try source.applying(changes).items == target.items)
  }

  @Test func reloadIsRecommendedOnlyPastTheThreshold() {
    let source = snapshot([(1, [1])])
    let target = snapshot([(1, [2, 3, 4])])
    #expect(target.difference(from: source, options: DiffOptions(reloadThreshold: 3)).isReloadRecommended)
    #expect(!target.difference(from: source, options: DiffOptions(reloadThreshold: 4)).isReloadRecommended)
    #expect(!target.difference(from: source).isReloadRecommended)
    #expect(target.difference(from: source).changeCount == 4)
    // Equal snapshots: nothing to do, and nothing to reload, at any threshold.
    let same = target.difference(from: target, options: DiffOptions(reloadThreshold: 0))
    #expect(same.stages.isEmpty)
    #expect(!same.isReloadRecommended)
  }

  @Test func applyingToAnotherSourceThrowsInsteadOfCrashing() {
    let changes = snapshot([(1, [3])]).difference(from: snapshot([(1, [1, 2, 3])]))
    #expect(throws: ChangesetApplicationError.self) { try (snapshot([(1, [1])])).applying(changes) }
    #expect(throws: ChangesetApplicationError.self) { try snapshot([]).applying(changes) }
    do {
      _ = try (snapshot([(1, [1])])).applying(changes)
    } catch {
      #expect(error.stage == nil)
      #expect(error.description.contains("[1]"))
    }
  }
}
