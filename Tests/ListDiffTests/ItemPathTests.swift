import ListDiff
import Testing

@Suite struct ItemPathTests {
  @Test func pathsOrderBySectionThenItem() {
    let paths = [
      ItemPath(item: 2, section: 1), ItemPath(item: 0, section: 2), ItemPath(item: 5, section: 0),
      ItemPath(item: 0, section: 1),
    ]
    #expect(
      paths.sorted() == [
        ItemPath(item: 5, section: 0), ItemPath(item: 0, section: 1), ItemPath(item: 2, section: 1),
        ItemPath(item: 0, section: 2),
      ])
  }

  @Test func aPathPrintsAsSectionThenItem() {
    var path = ItemPath(item: 3, section: 1)
    path.item = 7
    #expect(path.description == "[1, 7]")
  }

  @Test func batchUpdateCountsEveryChange() {
    let update = BatchUpdate(
      sectionDeletes: [0], itemInserts: [ItemPath(item: 0, section: 1)],
      itemMoves: [Move(from: ItemPath(item: 1, section: 1), to: ItemPath(item: 2, section: 1))])
    #expect(update.changeCount == 3)
    #expect(!update.isEmpty)
    #expect(BatchUpdate().isEmpty)
    #expect(update.description.contains("item moves: [1, 1] -> [1, 2]"))
  }
}
