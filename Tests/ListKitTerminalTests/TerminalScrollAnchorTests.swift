import ListKit
import ListKitTerminal
import Testing

/// Items inserted above the screen do not move what the terminal shows when it keeps its first
/// visible row in place, and do when it does not (UIKit's default).
@MainActor @Suite struct TerminalScrollAnchorTests {
  func prependThreePages(keepingTheRow: Bool) throws -> (before: [String], after: [String], offset: Int) {
    let source = RecordingSource(sections: [(100..<140).map { "message \($0)" }])
    let view = TerminalListView(width: 30, height: 8)
    view.prefetchDistance = 0
    view.keepsFirstVisibleRowInPlace = keepingTheRow
    source.register(in: view)
    view.scroll(toOffset: 12)
    let before = view.render().lines.map(\.text)
    for page in 0..<3 {
      let first = 100 - 10 * (page + 1)
      source.sections[0].insert(contentsOf: (first..<first + 10).map { "message \($0)" }, at: 0)
      try view.performBatchUpdates(BatchUpdate(itemInserts: (0..<10).map { ItemPath(item: $0, section: 0) }))
    }
    return (before, view.render().lines.map(\.text), view.contentOffset)
  }

  @Test func scrollingToARowThenPrependingThreePagesKeepsThatRowAtTheSamePosition() throws {
    let kept = try prependThreePages(keepingTheRow: true)
    #expect(kept.before.first == "message 112")
    #expect(kept.after == kept.before)
    #expect(kept.offset == 42)
  }

  @Test func withoutKeepingTheRowTheOffsetStaysAndTheContentMoves() throws {
    let moved = try prependThreePages(keepingTheRow: false)
    #expect(moved.offset == 12)
    #expect(moved.after.first == "message 82")
  }
}
