import ListKit
import ListKitTesting
import Testing

@testable import ListKitTerminal

@Suite struct TerminalBatchUpdateTests {
  @MainActor
  @Test func theViewShowsTheNewContentAndKeepsTheCellsOfItemsThatStay() throws {
    for seed: UInt64 in 1...100 {
      var random = SeededGenerator(seed: seed)
      let (old, new, update) = RandomBatchUpdate.make(&random)
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
