import ListKit
import ListKitTerminal
import Testing

/// Items inserted above the screen never move what the terminal shows: like every `ListView`, it
/// keeps the first item on screen that a batch keeps (and does not reload) on its line.
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

  @Test func aReloadedFirstRowLeavesTheAnchorToTheKeptRowBelowIt() throws {
    // A status row on top whose text changes while a page is inserted under it.
    let source = RecordingSource(sections: [["Loading older…"] + messages(100..<120)])
    let view = TerminalListView(width: 30, height: 5)
    view.prefetchDistance = 0
    source.register(in: view)
    #expect(view.render().lines.map(\.text).prefix(2) == ["Loading older…", "message 100"])
    source.sections[0] = ["No older items"] + messages(90..<120)
    try view.performBatchUpdates(
      BatchUpdate(
        itemInserts: (1...10).map { ItemPath(item: $0, section: 0) },
        itemReloads: [ItemPath(item: 0, section: 0)]))
    // Message 100 stays on the second line; the message above it is the newly loaded 99.
    #expect(view.render().lines.map(\.text).prefix(2) == ["message 99", "message 100"])
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
