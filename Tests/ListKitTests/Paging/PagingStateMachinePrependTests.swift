import Foundation
import ListKit
import Testing

/// The previous-page direction of the pure machine: positions in every style, its own end, and
/// the same one-request, stale-response and retry rules as the next-page direction.
@Suite struct PagingStateMachinePrependTests {
  /// A chat's newest page: it says where the older messages end.
  func newest(_ ids: some Sequence<Int>, before cursor: String?, next: String? = nil) -> Page<TestItem> {
    Page(items: testItems(ids), hasMore: next != nil, nextCursor: next, previousCursor: cursor)
  }

  /// An older page: `hasMore` says whether even older ones exist.
  func older(_ ids: some Sequence<Int>, before cursor: String?) -> Page<TestItem> {
    Page(items: testItems(ids), hasMore: cursor != nil, previousCursor: cursor)
  }

  @Test func aListStartedAtTheTopHasNothingBefore() throws {
    for style in [PagingStyle.pageIndex(firstIndex: 0), .offset, .cursor] {
      var machine = Machine(configuration: .test(style, prefetchDistance: 2))
      try machine.loadFirstPage(page(0..<3))
      #expect(machine.previousPageState == .reachedEnd, "\(style)")
      #expect(!machine.hasPrevious)
      #expect(machine.loadPreviousPage().isEmpty)
      #expect(machine.itemWillDisplay(at: 0).loads.allSatisfy { $0.request.direction != .previousPage })
    }
  }

  @Test func aChatLoadsOlderPagesBeforeItsCursorAndInsertsThemAtTheTop() throws {
    var machine = Machine(configuration: .test(.cursor, pageSize: 3, firstPageSize: 3))
    try machine.loadFirstPage(newest(6..<9, before: "6"))
    #expect(machine.previousPageState == .idle)
    let first = machine.loadPreviousPage().load
    #expect(first?.request.position == .cursorBefore("6", limit: 3))
    #expect(first?.request.direction == .previousPage)
    #expect(first?.request.direction == .previousPage)
    #expect(machine.previousPageState == .loading)
    let actions = first.map { machine.succeeded($0.ticket, with: older(3..<6, before: "3")) } ?? []
    #expect(actions.itemsChanges == [.prepended(inserted: 0..<3, updated: [])])
    #expect(actions.completions.map(\.direction) == [.previousPage])
    #expect(actions.saves.isEmpty, "only a first page is saved")
    #expect(machine.ids == [3, 4, 5, 6, 7, 8])
    let second = machine.loadPreviousPage().load
    #expect(second?.request.position == .cursorBefore("3", limit: 3))
    try machine.answer(second, with: older(0..<3, before: nil))
    #expect(machine.ids == Array(0..<9))
    #expect(machine.previousPageState == .reachedEnd)
    #expect(machine.loadPreviousPage().isEmpty)
  }

  @Test func aPageIndexAnchorPagesDownToTheFirstIndexAndUpwardsPastIt() throws {
    var machine = Machine(configuration: .test(.pageIndex(firstIndex: 1), pageSize: 3, firstPageSize: 6))
    let start = machine.start(hasCache: true, at: .pageIndex(3))
    #expect(start.cacheReads.isEmpty, "the cache holds the top page only")
    #expect(start.load?.request.position == .page(index: 3, size: 3))
    try machine.answer(start.load, with: page(6..<9))
    #expect(machine.loadNextPage().load?.request.position == .page(index: 4, size: 3))
    var positions: [PageRequest.Position] = []
    for ids in [3..<6, 0..<3] {
      guard let load = machine.loadPreviousPage().load else { break }
      positions.append(load.request.position)
      _ = machine.succeeded(load.ticket, with: page(ids))
    }
    #expect(positions == [.page(index: 2, size: 3), .page(index: 1, size: 3)])
    #expect(machine.previousPageState == .reachedEnd)
    #expect(machine.ids == Array(0..<9))
  }

  @Test func anOffsetAnchorAsksForThePartialPageAtTheTopLast() throws {
    var machine = Machine(configuration: .test(.offset, pageSize: 3))
    let start = machine.start(hasCache: false, at: .offset(5))
    #expect(start.load?.request.position == .offset(5, limit: 3))
    try machine.answer(start.load, with: page(5..<8))
    let first = machine.loadPreviousPage().load
    #expect(first?.request.position == .offset(2, limit: 3))
    try machine.answer(first, with: page(2..<5))
    let second = machine.loadPreviousPage().load
    #expect(second?.request.position == .offset(0, limit: 2))
    try machine.answer(second, with: page(0..<2))
    #expect(machine.previousPageState == .reachedEnd)
    #expect(machine.ids == Array(0..<8))
    #expect(machine.loadNextPage().load?.request.position == .offset(8, limit: 3))
  }

  @Test func anEmptyPreviousPageOrOneThatSaysNothingIsEarlierEndsTheDirection() throws {
    for ending in [older([], before: "x"), Page(items: testItems([1]), hasMore: false, previousCursor: "y")] {
      var machine = Machine(configuration: .test(.cursor))
      try machine.loadFirstPage(newest(5..<8, before: "5"))
      try machine.answer(machine.loadPreviousPage().load, with: ending)
      #expect(machine.previousPageState == .reachedEnd)
      #expect(machine.nextPageState != .reachedEnd || !machine.hasMore)
    }
  }

  @Test func aPreviousCursorSeenTwiceEndsTheDirectionInsteadOfLooping() throws {
    var machine = Machine(configuration: .test(.cursor))
    try machine.loadFirstPage(newest(6..<9, before: "A"))
    try machine.answer(machine.loadPreviousPage().load, with: older(3..<6, before: "A"))
    #expect(machine.previousPageState == .reachedEnd)
  }

  @Test func oneRequestPerDirectionAndTheDirectionsNeverWaitForEachOther() throws {
    var machine = Machine(configuration: .test(.cursor, prefetchDistance: 5))
    try machine.loadFirstPage(newest(6..<9, before: "6", next: "9"))
    let both = machine.itemWillDisplay(at: 1)
    #expect(both.loads.map(\.request.direction) == [.nextPage, .previousPage])
    #expect(machine.loadPreviousPage().isEmpty)
    #expect(machine.loadNextPage().isEmpty)
    #expect(machine.itemWillDisplay(at: 0).isEmpty)
  }

  @Test func aFailedPreviousPageNeverBlocksTheNextPageAndViceVersa() throws {
    var machine = Machine(configuration: .test(.cursor))
    try machine.loadFirstPage(newest(6..<9, before: "6", next: "9"))
    let previous = machine.loadPreviousPage().load
    try machine.fail(previous, with: networkDown)
    #expect(machine.previousPageState.error != nil)
    // Prefetch does not hammer the failed direction, but the other one still loads.
    #expect(machine.itemWillDisplay(at: 0).loads.map(\.request.direction) == [.nextPage])
    let next = machine.ticket(of: .nextPage)
    _ = next.map { machine.failed($0, with: networkDown) }
    #expect(machine.nextPageState.error != nil)
    // Neither direction asks again by itself; a retry repeats both failures.
    #expect(machine.loadPreviousPage().isEmpty && machine.loadNextPage().isEmpty)
    let retried = machine.retry()
    #expect(
      Set(retried.loads.map(\.request.position)) == [.cursor("9", limit: 3), .cursorBefore("6", limit: 3)])
  }

  @Test func retryRepeatsBothFailedDirections() throws {
    var machine = Machine(configuration: .test(.cursor))
    try machine.loadFirstPage(newest(6..<9, before: "6", next: "9"))
    for load in (machine.loadNextPage() + machine.loadPreviousPage()).loads {
      _ = machine.failed(load.ticket, with: networkDown)
    }
    #expect(
      machine.retry().loads.map(\.request.position) == [.cursor("9", limit: 3), .cursorBefore("6", limit: 3)])
  }

  @Test func aPreviousPageFromBeforeARefreshOrAContextSwitchIsDropped() throws {
    for interruption in ["refresh", "switch"] {
      var machine = Machine(configuration: .test(.cursor))
      try machine.loadFirstPage(newest(6..<9, before: "6"))
      guard let stale = machine.loadPreviousPage().load else {
        Issue.record("no previous page")
        continue
      }
      let actions =
        interruption == "refresh"
        ? machine.refresh()
        : machine.switchContext(to: RequestContext(userToken: "b"), query: nil, hasCache: false)
      #expect(actions.cancels.contains(stale.ticket), "\(interruption)")
      #expect(machine.previousPageState == .idle)
      let before = machine.ids
      #expect(machine.succeeded(stale.ticket, with: older(0..<6, before: nil)).isEmpty, "\(interruption)")
      #expect(machine.failed(stale.ticket, with: networkDown).isEmpty)
      #expect(machine.ids == before)
    }
  }

  @Test func prependedDuplicatesFollowThePolicyAndLaterDuplicatesFindTheirShiftedRows() throws {
    var keep = Machine(configuration: .test(.cursor, duplicatePolicy: .keepFirst))
    try keep.loadFirstPage(newest(4..<7, before: "4"))
    let kept = keep.loadPreviousPage().load.map {
      keep.succeeded($0.ticket, with: Page(items: testItems([2, 3, 4], version: 1), hasMore: true))
    }
    #expect(kept?.itemsChanges == [.prepended(inserted: 0..<2, updated: [])])
    #expect(keep.items == testItems([2, 3], version: 1) + testItems(4..<7))

    var replace = Machine(configuration: .test(.cursor, duplicatePolicy: .replaceWithNewest))
    try replace.loadFirstPage(newest(4..<7, before: "4", next: "7"))
    let replaced = replace.loadPreviousPage().load.map {
      replace.succeeded(
        $0.ticket, with: Page(items: testItems([2, 5, 3, 2], version: 1), hasMore: true, previousCursor: "2"))
    }
    #expect(replaced?.itemsChanges == [.prepended(inserted: 0..<2, updated: [3])])
    #expect(replace.items.map(\.description) == ["2v1", "3v1", "4", "5v1", "6"])
    // An appended duplicate of a held item updates the row it moved to.
    let appended = replace.loadNextPage().load.map {
      replace.succeeded($0.ticket, with: Page(items: testItems([4, 7], version: 2), hasMore: true))
    }
    #expect(appended?.itemsChanges == [.appended(inserted: 5..<6, updated: [2])])
    #expect(replace.items.map(\.description) == ["2v1", "3v1", "4v2", "5v1", "6", "7v2"])
  }

  @Test func anAnchoredListNeverSavesItsFirstPageAsTheTopPage() {
    var machine = Machine(configuration: .test(.pageIndex(firstIndex: 0)))
    let start = machine.start(hasCache: true, at: .pageIndex(2))
    let actions = start.load.map { machine.succeeded($0.ticket, with: page(6..<9)) } ?? []
    #expect(actions.saves.isEmpty)
    #expect(actions.completions.count == 1)
  }
}
