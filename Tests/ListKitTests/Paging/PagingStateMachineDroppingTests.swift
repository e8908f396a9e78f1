import ListKit
import ListKitTesting
import Testing

/// `maximumItemCount`: whole pages dropped at the far end from a load, the direction re-opened at
/// the exact position, in every style, and bounded contiguous items under random scrolling.
@Suite struct PagingStateMachineDroppingTests {
  static let styles: [PagingStyle] = [.pageIndex(firstIndex: 0), .offset, .cursor]

  /// Loads the next page from `source` and answers it; the actions of the answer.
  /// - Throws: When no next page starts.
  @discardableResult
  static func next(_ machine: inout Machine, _ source: ItemSource) throws -> [Machine.Action] {
    let load = try #require(machine.loadNextPage().load, "a next page starts")
    return machine.succeeded(load.ticket, with: source.page(for: load.request))
  }

  /// Loads the previous page from `source` and answers it; the actions of the answer.
  /// - Throws: When no previous page starts.
  @discardableResult
  static func previous(_ machine: inout Machine, _ source: ItemSource) throws -> [Machine.Action] {
    let load = try #require(machine.loadPreviousPage().load, "a previous page starts")
    return machine.succeeded(load.ticket, with: source.page(for: load.request))
  }

  /// A machine of pages of 10 items, at most 30, holding the first page of `source`.
  /// - Throws: When the first page does not start.
  static func holdingFirstPage(of source: ItemSource, _ style: PagingStyle) throws -> Machine {
    var machine = Machine(configuration: .test(style, pageSize: 10, maximumItemCount: 30))
    let first = try #require(machine.refresh().load, "the first page starts")
    _ = machine.succeeded(first.ticket, with: source.page(for: first.request))
    return machine
  }

  @Test func aMaximumUnderThreePagesIsRejected() {
    #expect(throws: PagingConfigurationError.maximumItemCountTooSmall(maximumItemCount: 59, minimum: 60)) {
      try PagingConfiguration(pageSize: 20, maximumItemCount: 59)
    }
    // A window too large for Int, whether doubling the distance or adding the page overflows,
    // reports Int.max as the minimum, never a wrapped-around number.
    for distance in [Int.max, Int.max / 2] {
      #expect(
        throws: PagingConfigurationError.maximumItemCountBelowPrefetchWindow(
          maximumItemCount: 1_000, prefetchDistance: distance, minimum: .max)
      ) {
        try PagingConfiguration(pageSize: 20, prefetchDistance: distance, maximumItemCount: 1_000)
      }
    }
    #expect(throws: PagingConfigurationError.maximumItemCountTooSmall(maximumItemCount: 80, minimum: 120)) {
      try PagingConfiguration(pageSize: 20, firstPageSize: 40, maximumItemCount: 80)
    }
    #expect((try? PagingConfiguration(pageSize: 20, maximumItemCount: 60))?.maximumItemCount == 60)
    #expect(PagingConfiguration.standard.maximumItemCount == nil)
  }

  @Test(arguments: styles)
  func aNextPageOverTheMaximumDropsTheTopPageAndReopensThePreviousDirection(style: PagingStyle) throws {
    let source = ItemSource(count: 100)
    var machine = try Self.holdingFirstPage(of: source, style)
    try Self.next(&machine, source)
    try Self.next(&machine, source)
    #expect(machine.ids == Array(0..<30))
    #expect(machine.previousPageState == .reachedEnd)
    let actions = try Self.next(&machine, source)
    #expect(machine.ids == Array(10..<40), "\(style)")
    #expect(
      actions.itemsChanges == [.dropped(removed: 0..<10, then: .appended(inserted: 20..<30, updated: []))])
    #expect(machine.previousPageState == .idle, "re-opened, not ended")
    let expected: PageRequest.Position =
      switch style {
      case .pageIndex: .page(index: 0, size: 10)
      case .offset: .offset(0, limit: 10)
      case .cursor: .cursorBefore("10", limit: 10)
      }
    let reload = machine.loadPreviousPage().load
    #expect(reload?.request.position == expected)
    let back = reload.map { machine.succeeded($0.ticket, with: source.page(for: $0.request)) } ?? []
    #expect(machine.ids == Array(0..<30), "the page above loads again; the bottom page goes")
    #expect(
      back.itemsChanges == [.dropped(removed: 20..<30, then: .prepended(inserted: 0..<10, updated: []))])
    #expect(machine.previousPageState == .reachedEnd)
    #expect(machine.nextPageState == .idle)
    let again = machine.loadNextPage().load
    #expect(again.map { source.page(for: $0.request).items.map(\.id) } == Array(30..<40))
  }

  /// A next page that drops the top page and brings a new copy of the first item kept reports
  /// that item as updated, at its index after the drop: its row reloads.
  @Test func aNewCopyOfTheFirstItemKeptIsUpdatedAtItsIndexAfterTheDrop() throws {
    let source = ItemSource(count: 100)
    var machine = Machine(
      configuration: .test(pageSize: 10, duplicatePolicy: .replaceWithNewest, maximumItemCount: 30))
    let first = try #require(machine.refresh().load, "the first page starts")
    _ = machine.succeeded(first.ticket, with: source.page(for: first.request))
    try Self.next(&machine, source)
    try Self.next(&machine, source)
    let load = try #require(machine.loadNextPage().load, "a next page starts")
    let page = Page(items: [TestItem(id: 10, version: 1)] + testItems(30..<39), hasMore: true)
    let actions = machine.succeeded(load.ticket, with: page)
    #expect(machine.ids == Array(10..<39))
    #expect(
      actions.itemsChanges == [.dropped(removed: 0..<10, then: .appended(inserted: 20..<29, updated: [0]))])
  }

  @Test func aPageLeftWithNoItemIsNotDroppedAloneSoTheEndedTopStaysEnded() throws {
    let source = ItemSource(count: 100)
    var machine = try Self.holdingFirstPage(of: source, .cursor)
    // The server removed every item of the first page: its page holds none now.
    for id in 0..<10 { _ = machine.applyEdit(.remove(id: id), pending: false) }
    for _ in 0..<3 { try Self.next(&machine, source) }
    #expect(machine.ids == Array(10..<40))
    _ = machine.itemWillDisplay(at: 0, onScreen: 0...2)
    // Over the maximum, but the page under the empty one is on screen: dropping the empty page
    // alone would remove nothing and open the top again.
    let actions = try Self.next(&machine, source)
    #expect(machine.ids == Array(10..<50))
    #expect(actions.itemsChanges == [.appended(inserted: 30..<40, updated: [])])
    #expect(machine.previousPageState == .reachedEnd)
    // Once the user scrolled on, the empty page goes with the one under it.
    let load = try #require(machine.itemWillDisplay(at: 39, onScreen: 37...39).load)
    _ = machine.succeeded(load.ticket, with: source.page(for: load.request))
    #expect(machine.ids == Array(30..<60))
    #expect(machine.previousPageState == .idle)
  }

  @Test func pagesDroppedAfterTheServerRemovedAnItemInThemReopenAtThePageJustAboveTheItemsLeft() throws {
    // Pages of 4 by number, at most 12 items; the server's items, which a remove shifts.
    var server = Array(0..<40)
    func answer(_ load: (ticket: Machine.Ticket, request: PageRequest)?, in machine: inout Machine) throws {
      let load = try #require(load)
      guard case .page(let index, let size) = load.request.position else { return #expect(Bool(false)) }
      let ids = server[min(server.count, index * size)..<min(server.count, (index + 1) * size)]
      _ = machine.succeeded(load.ticket, with: page(ids))
    }
    var machine = Machine(
      configuration: .test(.pageIndex(firstIndex: 0), pageSize: 4, prefetchDistance: 1, maximumItemCount: 12))
    try answer(machine.refresh().load, in: &machine)
    try answer(machine.loadNextPage().load, in: &machine)
    try answer(machine.loadNextPage().load, in: &machine)
    #expect(machine.ids == Array(0..<12))
    // The server removed 1: every item after it moved one place up, across the page numbers.
    server.removeAll { $0 == 1 }
    _ = machine.applyEdit(.remove(id: 1), pending: false)
    try answer(machine.loadNextPage().load, in: &machine)
    try answer(machine.loadNextPage().load, in: &machine)
    // Over the maximum: the two pages at the top went, the items now start at 8.
    #expect(machine.ids.first == 8)
    #expect(machine.previousPageState == .idle)
    // 5, 6 and 7 are above 8 on the server, on its page 1 now: that page loads, not page 0.
    let previous = machine.loadPreviousPage().load
    #expect(previous?.request.position == .page(index: 1, size: 4))
    try answer(previous, in: &machine)
    try answer(machine.loadPreviousPage().load, in: &machine)
    #expect(machine.ids == Array(server.prefix(machine.ids.count)), "no item of the server skipped")
  }

  @Test(arguments: styles)
  func dropsCancelTheLoadInFlightOnTheDroppedSide(style: PagingStyle) throws {
    let source = ItemSource(count: 100)
    var machine = try Self.holdingFirstPage(of: source, style)
    for _ in 0..<4 { try Self.next(&machine, source) }
    #expect(machine.ids == Array(20..<50))
    let above = try #require(machine.loadPreviousPage().load)
    let below = try #require(machine.loadNextPage().load)
    let actions = machine.succeeded(below.ticket, with: source.page(for: below.request))
    #expect(actions.cancels == [above.ticket], "\(style)")
    #expect(machine.succeeded(above.ticket, with: source.page(for: above.request)).isEmpty)
    #expect(machine.ids == Array(30..<60))
  }

  @Test(arguments: styles)
  func aPreviousPageThatDropsTheBottomCancelsTheNextPageInFlightBeforeItsReport(style: PagingStyle) throws {
    let source = ItemSource(count: 100)
    var machine = try Self.holdingFirstPage(of: source, style)
    for _ in 0..<4 { try Self.next(&machine, source) }
    let below = try #require(machine.loadNextPage().load)
    let above = try #require(machine.loadPreviousPage().load)
    let actions = machine.succeeded(above.ticket, with: source.page(for: above.request))
    guard actions.count == 2, case .cancel(let cancelled) = actions[0], case .reportRequest = actions[1]
    else {
      return #expect(Bool(false), "\(style): \(actions.count) actions, not a cancel then the report")
    }
    #expect(cancelled == below.ticket, "\(style)")
    #expect(
      actions.itemsChanges == [.dropped(removed: 20..<30, then: .prepended(inserted: 0..<10, updated: []))])
    #expect(machine.succeeded(below.ticket, with: source.page(for: below.request)).isEmpty)
    #expect(machine.ids == Array(10..<40))
    #expect(machine.nextPageState == .idle, "re-opened at the dropped page")
  }

  @Test func withoutAMaximumNothingIsDropped() throws {
    let source = ItemSource(count: 100)
    var machine = Machine(configuration: .test(.offset, pageSize: 10))
    let first = try #require(machine.refresh().load)
    _ = machine.succeeded(first.ticket, with: source.page(for: first.request))
    for _ in 0..<9 { try Self.next(&machine, source) }
    #expect(machine.ids == Array(0..<100))
  }

  /// Scrolls randomly down and up through a large source with a maximum: after every step at
  /// most the maximum plus one page is held, always a contiguous run of the source in order, and
  /// each end is reached only at the source's own end.
  @Test(arguments: styles, [DuplicateIDPolicy.keepFirst, .replaceWithNewest])
  func randomScrollingKeepsABoundedContiguousRun(style: PagingStyle, policy: DuplicateIDPolicy) throws {
    let pageSize = 7
    let maximum = 30
    let source = ItemSource(count: 500)
    var generator = SplitMix64(seed: 0x5EED_D309)
    for run in 0..<50 {
      var machine = Machine(
        configuration: .test(style, pageSize: pageSize, duplicatePolicy: policy, maximumItemCount: maximum))
      let first = try #require(machine.start(hasCache: false, at: .top).load)
      _ = machine.succeeded(first.ticket, with: source.page(for: first.request))
      for step in 0..<300 {
        let down = Int.random(in: 0..<10, using: &generator) < (step < 150 ? 7 : 3)
        // At an end nothing starts: only the other direction can move.
        if down, machine.hasMore {
          try Self.next(&machine, source)
        } else if !down, machine.hasPrevious {
          try Self.previous(&machine, source)
        }
        let ids = machine.ids
        let context = "style \(style) \(policy) run \(run) step \(step) seed 0x5EED_D309"
        #expect(throws: Never.self, "\(context)") { try machine.checkInvariants() }
        #expect(ids.count <= maximum + pageSize, "\(context)")
        let low = try #require(ids.first, "\(context): empty")
        #expect(ids == Array(low..<(low + ids.count)), "\(context): not a contiguous run")
        #expect((machine.previousPageState == .reachedEnd) == (low == 0), "\(context)")
        #expect((machine.nextPageState == .reachedEnd) == (ids.last == source.count - 1), "\(context)")
        if ids.count > maximum + pageSize || ids != Array(low..<(low + ids.count)) { return }
      }
    }
  }
}
