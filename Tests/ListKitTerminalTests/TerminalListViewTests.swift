import ListKit
import ListKitTerminal
import Testing

@MainActor
@Suite struct TerminalListViewTests {
  func makeView(
    _ source: RecordingSource, width: Int = 30, height: Int = 10, prefetch: Int = 0
  ) -> TerminalListView {
    let view = TerminalListView(width: width, height: height)
    view.prefetchDistance = prefetch
    source.register(in: view)
    return view
  }

  @Test func onlyTheRowsOnScreenAreAskedForCells() {
    let source = RecordingSource(sections: [RecordingSource.items(1000)])
    let view = makeView(source)
    let screen = view.render()
    #expect(source.cellRequests == (0..<10).map { path($0) })
    #expect(view.visibleItemPaths == (0..<10).map { path($0) })
    #expect(screen.lines.count == 10)
    #expect(screen.lines.first?.text == "item 0.0")
    #expect(screen.lines.last?.text == "item 0.9")
  }

  @Test func scrollingEndsDisplayingRowsThatLeaveAndReusesTheirCells() {
    let source = RecordingSource(sections: [RecordingSource.items(1000)])
    let view = makeView(source)
    _ = view.render()
    let before = source.events.count
    view.scroll(toOffset: 3)
    let scrollEvents = source.events[before...]
    #expect(scrollEvents.filter { if case .didEndDisplaying = $0 { true } else { false } }.count == 3)
    #expect(source.cellRequests.suffix(3) == [path(10), path(11), path(12)])
    #expect(source.displayed == Set((3..<13).map { path($0) }))
    view.scroll(toOffset: 500)
    view.scroll(toOffset: 990)
    #expect(view.render().lines.last?.text == "item 0.999")
    // Cells come back from the reuse pool: never more than one screen plus what one jump needs.
    #expect(source.cellsMade <= 20)
  }

  @Test func theOffsetIsClampedToTheContent() {
    let source = RecordingSource(sections: [RecordingSource.items(15)])
    let view = makeView(source)
    view.scroll(toOffset: 100)
    #expect(view.contentOffset == 5)
    view.scroll(toOffset: -4)
    #expect(view.contentOffset == 0)
    let short = RecordingSource(sections: [RecordingSource.items(3)])
    let shortView = makeView(short)
    shortView.scroll(toOffset: 2)
    #expect(shortView.contentOffset == 0)
    #expect(shortView.render().text == "item 0.0\nitem 0.1\nitem 0.2" + String(repeating: "\n", count: 7))
  }

  @Test func linesAreClippedToTheWidth() {
    let source = RecordingSource(sections: [["a fairly long line that does not fit", "東京東京東京"]])
    let view = makeView(source, width: 11, height: 2)
    let screen = view.render()
    #expect(screen.lines.map(\.text) == ["a fairly lo", "東京東京東"])
  }

  @Test func heightsFromTheDelegateAreInLinesAndPartlyVisibleRowsShowTheirVisibleLines() {
    let source = RecordingSource(sections: [["one\ntwo\nthree", "single", "a\nb"]])
    source.heights[path(0)] = 3
    source.heights[path(2)] = 2
    let view = makeView(source, height: 4)
    #expect(view.render().lines.map(\.text) == ["one", "two", "three", "single"])
    view.scroll(toOffset: 2)
    #expect(view.render().lines.map(\.text) == ["three", "single", "a", "b"])
    #expect(view.contentHeight == 6)
  }

  @Test func headersAndFootersTakeALineEachAndTheFooterShowsAtTheEnd() {
    let source = RecordingSource(sections: [RecordingSource.items(2), RecordingSource.items(20, section: 1)])
    source.headers = [0: "Summary", 1: "Photos"]
    source.footers = [1: "no more data"]
    let view = makeView(source, height: 5)
    let top = view.render()
    #expect(top.lines.map(\.text) == ["Summary", "item 0.0", "item 0.1", "Photos", "item 1.0"])
    #expect(top.lines.map(\.style) == [.header, .plain, .plain, .header, .plain])
    view.moveCursor(.last)
    let bottom = view.render()
    #expect(bottom.lines.last == ScreenBuffer.Line("no more data", style: .footer))
    #expect(bottom.lines[3] == ScreenBuffer.Line("item 1.19", style: .highlighted))
  }

  @Test func prefetchAsksForTheItemsAheadAndCancelsWhenTheDirectionTurns() {
    let source = RecordingSource(sections: [RecordingSource.items(100)])
    let view = makeView(source, height: 10, prefetch: 5)
    _ = view.render()
    #expect(source.events.contains(.prefetch((10..<15).map { path($0) })))
    source.events = []
    view.scroll(toOffset: 2)
    #expect(source.events.contains(.prefetch([path(15), path(16)])))
    #expect(!source.events.contains { if case .cancelPrefetch = $0 { true } else { false } })
    source.events = []
    view.scroll(toOffset: 1)
    // Scrolling up: the window is now above the viewport; what was ahead below is cancelled.
    #expect(source.events.contains(.cancelPrefetch((12..<17).map { path($0) })))
    #expect(source.events.contains(.prefetch([path(0)])))
  }

  @Test func reloadDataEndsDisplayingAndAsksAgain() {
    let source = RecordingSource(sections: [RecordingSource.items(5)])
    let view = makeView(source)
    _ = view.render()
    source.sections = [["new"]]
    source.events = []
    view.reloadData()
    #expect(view.render().lines.first?.text == "new")
    #expect(source.events.filter { if case .didEndDisplaying = $0 { true } else { false } }.count == 5)
    #expect(source.cellRequests == [path(0)])
    #expect(source.displayed == [path(0)])
  }

  @Test func aReloadFromInsideWillDisplayIsPickedUpInTheSamePass() {
    final class Reloader: RecordingSource {
      weak var view: TerminalListView?
      override func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath)
      {
        super.listView(listView, willDisplay: cell, forItemAt: path)
        if sections[0].count < 3 {
          sections[0].append("appended")
          view?.reloadData()
        }
      }
    }
    let source = Reloader(sections: [["first"]])
    let view = makeView(source)
    source.view = view
    #expect(view.render().lines.prefix(3).map(\.text) == ["first", "appended", "appended"])
  }

  @Test func batchInsertsKeepTheCellsOfRowsThatStay() throws {
    let source = RecordingSource(sections: [RecordingSource.items(5)])
    let view = makeView(source)
    _ = view.render()
    let cellForItem2 = try #require(view.cellForItem(at: path(2)))
    source.sections[0].insert("inserted", at: 0)
    source.events = []
    try view.performBatchUpdates(BatchUpdate(itemInserts: [path(0)]))
    #expect(view.render().lines.prefix(6).map(\.text) == ["inserted"] + (0..<5).map { "item 0.\($0)" })
    #expect(view.cellForItem(at: path(3)) === cellForItem2)
    #expect(source.cellRequests == [path(0)])
  }

  @Test func batchDeletesMovesAndReloadsEndTheRightCells() throws {
    let source = RecordingSource(sections: [["a", "b", "c", "d"], ["x"]])
    let view = makeView(source)
    _ = view.render()
    let cellD = try #require(view.cellForItem(at: path(3)))
    // UIKit's placement: d moves to the front, a and the reloaded c keep their order after it.
    source.sections = [["d", "a", "c*"], ["x", "b"]]
    source.events = []
    try view.performBatchUpdates(
      BatchUpdate(
        itemMoves: [Move(from: path(3), to: path(0)), Move(from: path(1), to: path(1, 1))],
        itemReloads: [path(2)]))
    #expect(view.render().lines.prefix(5).map(\.text) == ["d", "a", "c*", "x", "b"])
    #expect(view.cellForItem(at: path(0)) === cellD)
    #expect(Set(source.cellRequests) == [path(2)])
    #expect(source.events.contains(.didEndDisplaying(path(2))))
  }

  @Test func batchUpdatesWhoseCountsDoNotAddUpThrowUIKitsErrorAndReload() {
    let source = RecordingSource(sections: [RecordingSource.items(3)])
    let view = makeView(source)
    _ = view.render()
    source.sections[0].append("extra")
    #expect(
      throws: BatchUpdateError.invalidNumberOfRows(
        section: 0, before: 3, after: 4, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
    ) {
      try view.performBatchUpdates(BatchUpdate())
    }
    #expect(view.render().lines[3].text == "extra")
    source.sections.append(["new section"])
    #expect(throws: BatchUpdateError.invalidNumberOfSections(before: 1, after: 2, inserted: 0, deleted: 0)) {
      try view.performBatchUpdates(BatchUpdate())
    }
  }

  @Test func sectionInsertsAndDeletesShiftTheSectionsThatStay() throws {
    let source = RecordingSource(sections: [["a"], ["b"], ["c"]])
    let view = makeView(source)
    _ = view.render()
    let cellC = try #require(view.cellForItem(at: path(0, 2)))
    source.sections = [["new"], ["a"], ["c"]]
    try view.performBatchUpdates(BatchUpdate(sectionDeletes: [1], sectionInserts: [0]))
    #expect(view.cellForItem(at: path(0, 2)) === cellC)
    #expect(view.render().lines.prefix(3).map(\.text) == ["new", "a", "c"])
  }

  @Test func dequeueingAnUnregisteredIdentifierIsAnError() {
    let view = TerminalListView(width: 10, height: 2)
    #expect(throws: ListViewError.unregisteredIdentifier("missing")) {
      try view.dequeueReusableCell(withIdentifier: "missing", for: path(0))
    }
  }

  @Test func theCursorSkipsRowsThatRefuseHighlightAndEnterSelects() {
    let source = RecordingSource(sections: [RecordingSource.items(6)])
    source.notHighlightable = [path(1), path(2)]
    let view = makeView(source)
    view.moveCursor(.down)
    #expect(view.highlightedPath == path(0))
    view.moveCursor(.down)
    #expect(view.highlightedPath == path(3))
    view.moveCursor(.up)
    #expect(view.highlightedPath == path(0))
    view.handle(.enter)
    view.moveCursor(.down)
    view.handle(.enter)
    #expect(view.selectedPath == path(3))
    #expect(source.events.suffix(2) == [.deselect(path(0)), .select(path(3))])
    let screen = view.render()
    #expect(screen.lines[3].style == .highlighted)
    #expect(screen.lines[0].style == .plain)
  }

  @Test func pageKeysMoveByAScreenAndHomeEndJumpToTheEdges() {
    let source = RecordingSource(sections: [RecordingSource.items(100)])
    source.headers = [0: "Top"]
    source.footers = [0: "Bottom"]
    let view = makeView(source, height: 10)
    view.handle(.pageDown)
    #expect(view.highlightedPath == path(0))
    view.handle(.pageDown)
    #expect(view.highlightedPath == path(9))
    #expect(view.visibleItemPaths.contains(path(9)))
    view.handle(.end)
    #expect(view.highlightedPath == path(99))
    #expect(view.render().lines.last?.text == "Bottom")
    view.handle(.pageUp)
    #expect(view.highlightedPath == path(90))
    view.handle(.home)
    #expect(view.highlightedPath == path(0))
    #expect(view.render().lines.first?.text == "Top")
  }

  @Test func resizingShowsMoreRows() {
    let source = RecordingSource(sections: [RecordingSource.items(30)])
    let view = makeView(source, height: 5)
    #expect(view.visibleItemPaths.count == 5)
    view.resize(width: 30, height: 12)
    #expect(view.visibleItemPaths.count == 12)
    #expect(view.render().lines.count == 12)
  }

  @Test func displayCallbacksAlwaysMatchWhatIsOnScreenUnderRandomScrolling() {
    for seed: UInt64 in 1...20 {
      var random = SeededGenerator(seed: seed)
      let sectionCount = 1 + random.next(below: 4)
      let source = RecordingSource(
        sections: (0..<sectionCount).map { RecordingSource.items(random.next(below: 40), section: $0) })
      for section in 0..<sectionCount where random.next(below: 2) == 0 {
        source.headers[section] = "H\(section)"
      }
      for (section, items) in source.sections.enumerated() {
        for item in items.indices where random.next(below: 4) == 0 {
          source.heights[path(item, section)] = Double(random.next(below: 4))
        }
      }
      let view = makeView(source, height: 1 + random.next(below: 12), prefetch: random.next(below: 6))
      for _ in 0..<60 {
        switch random.next(below: 4) {
        case 0: view.scroll(toOffset: random.next(below: view.contentHeight + 5))
        case 1: view.moveCursor([.up, .down, .pageUp, .pageDown, .first, .last][random.next(below: 6)])
        case 2: view.resize(width: 30, height: 1 + random.next(below: 12))
        default: view.reloadData()
        }
        let visible = view.visibleItemPaths
        // What is on screen by geometry: items with a line inside the viewport.
        var expected: [ItemPath] = []
        var top = 0
        for (section, items) in source.sections.enumerated() {
          if source.headers[section] != nil { top += 1 }
          for item in items.indices {
            let height = source.heights[path(item, section)].map { Int($0) } ?? 1
            if height > 0, top < view.contentOffset + view.height, top + height > view.contentOffset {
              expected.append(path(item, section))
            }
            top += height
          }
        }
        #expect(visible == expected, "seed \(seed)")
        #expect(source.displayed == Set(visible), "seed \(seed)")
        if visible != expected || source.displayed != Set(visible) { return }
      }
    }
  }
}
