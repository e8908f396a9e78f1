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
