import ListKit
import ListKitTerminal
import Testing

/// Items inserted above the screen never move what the terminal shows: like every `ListView`, it
/// keeps the first item on screen that a batch keeps (and does not move) on its line.
@MainActor @Suite struct TerminalScrollAnchorTests {
  func messages(_ range: Range<Int>) -> [String] { range.map { "message \($0)" } }

  @Test func scrollingToARowThenPrependingThreePagesKeepsThatRowAtTheSamePosition() throws {
    let source = RecordingSource(sections: [messages(100..<140)])
    let view = TerminalListView(width: 30, height: 8)
    view.prefetchDistance = 0
    source.register(in: view)
    view.scroll(toOffset: 12)
    let before = view.render().lines.map(\.text)
    for page in 0..<3 {
      let first = 100 - 10 * (page + 1)
      source.sections[0].insert(contentsOf: messages(first..<first + 10), at: 0)
      try view.performBatchUpdates(BatchUpdate(itemInserts: (0..<10).map { ItemPath(item: $0, section: 0) }))
    }
    #expect(before.first == "message 112")
    #expect(view.render().lines.map(\.text) == before)
    #expect(view.contentOffset == 42)
  }

  @Test func aDeletedFirstRowLeavesTheAnchorToTheKeptRowBelowIt() throws {
    // A status row on top that goes with the page it announced, a new one above that page.
    let source = RecordingSource(sections: [["Loading older…"] + messages(100..<120)])
    let view = TerminalListView(width: 30, height: 5)
    view.prefetchDistance = 0
    source.register(in: view)
    #expect(view.render().lines.map(\.text).prefix(2) == ["Loading older…", "message 100"])
    source.sections[0] = ["No older items"] + messages(90..<120)
    try view.performBatchUpdates(
      BatchUpdate(
        itemDeletes: [ItemPath(item: 0, section: 0)],
        itemInserts: (0...10).map { ItemPath(item: $0, section: 0) }))
    // Message 100 stays on the second line; the message above it is the newly loaded 99.
    #expect(view.render().lines.map(\.text).prefix(2) == ["message 99", "message 100"])
  }

  @Test func aReloadedFirstRowStaysTheAnchor() throws {
    let source = RecordingSource(sections: [["Summary"] + messages(100..<120)])
    let view = TerminalListView(width: 30, height: 5)
    source.register(in: view)
    source.sections[0] = ["Summary, 1 pinned"] + ["pinned 7"] + messages(100..<120)
    try view.performBatchUpdates(
      BatchUpdate(itemInserts: [ItemPath(item: 1, section: 0)], itemReloads: [ItemPath(item: 0, section: 0)]))
    #expect(view.render().lines.map(\.text).prefix(3) == ["Summary, 1 pinned", "pinned 7", "message 100"])
  }

  @Test func theHighlightedRowStaysOnItsLineWhenRowsAreInsertedBetweenATitleAndIt() throws {
    // A summary on top, the cursor on message 100: an earlier page lands between them.
    let source = RecordingSource(sections: [["Summary"], messages(100..<120)])
    let view = TerminalListView(width: 30, height: 5)
    source.register(in: view)
    view.highlightItem(at: ItemPath(item: 0, section: 1))
    #expect(view.render().lines.map(\.text).prefix(2) == ["Summary", "message 100"])
    source.sections[1] = messages(90..<120)
    try view.performBatchUpdates(BatchUpdate(itemInserts: (0..<10).map { ItemPath(item: $0, section: 1) }))
    #expect(view.highlightedPath == ItemPath(item: 10, section: 1))
    #expect(view.render().lines.map(\.text).prefix(2) == ["message 99", "message 100"])
  }

  @Test func aMovedFirstRowLeavesTheAnchorToTheRowBelowIt() throws {
    let source = RecordingSource(sections: [messages(100..<120)])
    let view = TerminalListView(width: 30, height: 5)
    source.register(in: view)
    source.sections[0] = Array(source.sections[0][1...3]) + ["message 100"] + Array(source.sections[0][4...])
    try view.performBatchUpdates(
      BatchUpdate(itemMoves: [Move(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 3, section: 0))]))
    #expect(
      view.render().lines.map(\.text).prefix(4) == [
        "message 101", "message 102", "message 103", "message 100",
      ])
  }

  @Test func scrollToItemBringsTheItemToTheTopAsFarAsTheContentAllows() {
    let source = RecordingSource(sections: [["summary"], messages(0..<20)])
    let view = TerminalListView(width: 30, height: 4)
    source.register(in: view)
    view.scroll(toItemAt: ItemPath(item: 7, section: 1))
    #expect(view.render().lines.first?.text == "message 7")
    view.scroll(toItemAt: ItemPath(item: 19, section: 1))
    #expect(view.render().lines.last?.text == "message 19")
    let offset = view.contentOffset
    view.scroll(toItemAt: ItemPath(item: 20, section: 1))
    #expect(view.contentOffset == offset, "a path out of range changes nothing")
  }
}
