import ListDiff
import Testing

@Suite struct DuplicateTests {
  @Test func laterDuplicateItemsAreDroppedAndReported() throws {
    let source = snapshot([(1, [1, 2, 1])])
    let target = snapshot([(1, [2, 1, 2])])
    let changes = target.difference(from: source)
    #expect(changes.duplicates.sourceItems == [ItemPath(item: 2, section: 0)])
    #expect(changes.duplicates.targetItems == [ItemPath(item: 2, section: 0)])
    #expect(changes.target == snapshot([(1, [2, 1])]))
    #expect(
      changes.stages == [
        BatchUpdate(itemMoves: [Move(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 0))])
      ])
    #expect(try source.applying(changes) == changes.target)
  }

  @Test func duplicateIDsAcrossSectionsKeepTheFirst() {
    let changes = snapshot([(1, [7]), (2, [7, 8])]).difference(from: snapshot([]))
    #expect(changes.duplicates.targetItems == [ItemPath(item: 0, section: 1)])
    #expect(changes.target == snapshot([(1, [7]), (2, [8])]))
  }

  @Test func duplicateSectionIsDroppedWithItsItems() throws {
    let source = snapshot([(1, [1])])
    let target = snapshot([(1, [1]), (1, [2]), (3, [1])])
    let changes = target.difference(from: source)
    #expect(
      changes.duplicates == DuplicateReport(targetSections: [1], targetItems: [ItemPath(item: 0, section: 2)])
    )
    #expect(changes.target == snapshot([(1, [1]), (3, [])]))
    #expect(changes.stages == [BatchUpdate(sectionInserts: [1])])
    #expect(try source.applying(changes) == changes.target)
  }

  @Test func equalSnapshotsAreAnsweredWithoutLookingForDuplicates() throws {
    let list = snapshot([(1, [1, 2, 1])])
    let changes = list.difference(from: list)
    #expect(changes.isEmpty)
    #expect(changes.duplicates.isEmpty)
    #expect(changes.target == list)
    #expect(try list.applying(changes) == list)
  }

  @Test func duplicateWithOtherContentDoesNotCountAsAnUpdate() {
    var target = snapshot([(1, [1, 1])])
    target.sections[0].items[1].value = 5
    let changes = target.difference(from: snapshot([(1, [1])]))
    #expect(changes.isEmpty)
    #expect(!changes.duplicates.isEmpty)
  }

  /// Equal snapshots whose one id is in two sections: the empty changeset applies and has no states.
  ///
  /// Found by the heavy sweep (`LISTKIT_HEAVY=1`, seed 3237998080, pair 41841).
  @Test func equalSnapshotsWithAnIDInTwoSectionsApply() throws {
    let list = snapshot([(1, [7]), (2, [7])])
    let changes = list.difference(from: list)
    #expect(changes.isEmpty)
    #expect(try changes.snapshots(applyingTo: list).isEmpty)
    #expect(try list.applying(changes) == list)
  }
}
