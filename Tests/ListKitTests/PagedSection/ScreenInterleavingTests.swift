import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

/// Every feature of a paged screen at once, as an app uses them: the real `PagedList`,
/// `PagedSection` and `TableManager` on a headless view of any height, a server that answers
/// when the test says, and seeded interleavings of scrolling, pages landing or failing,
/// refreshes, retries from the status rows, and the user's edits with the server's answers.
///
/// After every step: the view accepted every batch; no id is shown twice; the items the server
/// has are shown in its order, with no gap between them; a step the user did not make (a page,
/// a failure, an answer to an edit off screen) moved no row on screen, and a refresh in place
/// kept the item at the top of the screen within a row of where it was; each status row tells
/// the truth about its direction (loading only while a page loads or will as it shows, a failure
/// that a tap retries); no pending edit was lost.
///
/// Left out, and open: posts of the user's (inserts at the top) in a list that may not hold its
/// top (one that drops pages or refreshes in place). The server puts a post above every older
/// page, so a page that lands there comes in between the post and the rows under it, and one of
/// them must move; and a post removed again moves the server's items above the list's window,
/// where no offset can follow. And several posts waiting at once, some confirmed, across a
/// refresh: the rows they are shown in can change order when the next page lands. The user
/// posts only in lists that always hold their top, one post waiting at a time. Likewise a
/// remove the server confirms after the list stopped holding its item (a refresh in place
/// reloaded another part of the list): the list cannot know which offsets it moved, so items
/// after it may be skipped; the gap check is off for the rest of such a run.
@MainActor @Suite struct ScreenInterleavingTests {
  static let seed: UInt64 = 0x5C2E_E400
  static let runs = Sweep.runs(200, heavy: 20_000, light: 40)
  static let steps = 80

  @Test func theScreenKeepsItsPromisesUnderRandomInterleavings() async {
    var tally = ScreenRun.Tally()
    // LISTKIT_SCREEN_RUN=n runs that run alone, and prints the screen after each step.
    let only = ProcessInfo.processInfo.environment["LISTKIT_SCREEN_RUN"].flatMap { Int($0) }
    for run in only.map({ $0...$0 }) ?? 0...(Self.runs - 1) {
      let seed = Self.seed &+ UInt64(run)
      let screen = ScreenRun(seed: seed, printsSteps: only != nil)
      if let failure = await screen.run(steps: Self.steps) {
        if ProcessInfo.processInfo.environment["LISTKIT_SCREEN_ALL"] == "1" {
          print("FAILURE run \(run): \(failure.prefix { $0 != "\n" })")
          continue
        }
        Issue.record("seed \(seed) (run \(run)): \(failure)")
        return
      }
      tally.add(screen.tally)
    }
    print("ScreenInterleavingTests: \(Self.runs) runs, \(tally)")
    // The runs reach what they check: pages land and fail, rows drop, edits are answered.
    if only == nil {
      #expect(tally.pages > Self.runs && tally.failures > Self.runs / 4 && tally.answeredEdits > Self.runs)
    }
  }
}

/// One seeded run of ``ScreenInterleavingTests``.
@MainActor final class ScreenRun {
  final class Row: ModelCellManager<TestItem, TextCell> {
    override func configure(cell: TextCell) { cell.text = "\(model)" }
  }

  /// An edit the user made that waits for the server.
  struct Pending {
    enum Kind { case update(TestItem), remove(Int), post(TestItem) }
    let handle: PendingEdit
    let kind: Kind
  }

  /// What the runs did, so a sweep that checks nothing shows.
  struct Tally: CustomStringConvertible {
    var pages = 0
    var failures = 0
    var refreshesInPlace = 0
    var answeredEdits = 0
    var mostItems = 0

    mutating func add(_ other: Tally) {
      pages += other.pages
      failures += other.failures
      refreshesInPlace += other.refreshesInPlace
      answeredEdits += other.answeredEdits
      mostItems = max(mostItems, other.mostItems)
    }

    var description: String {
      "\(pages) pages landed, \(failures) failed, \(refreshesInPlace) refreshes in place landed, "
        + "\(answeredEdits) edits answered, at most \(mostItems) items held"
    }
  }

  private(set) var tally = Tally()
  private var random: SplitMix64
  private let server: ScreenServer
  private let list: PagedList<TestItem>
  private let section: PagedSection<TestItem>
  private let table: TableManager
  private let view: HeadlessTableView
  private let refreshesInPlace: Bool
  /// Whether the user posts: only in a list that always holds its top (see the note on
  /// ``ScreenInterleavingTests``).
  private let postsAtTheTop: Bool
  private var pending: [Pending] = []
  private var posts = 0
  /// Whether a remove the server confirmed was of an item outside the items the list held.
  private var removedOutsideTheWindow = false
  private var log: [String] = []
  /// Set by the list when a request it waits for ends.
  private var completion: CheckedContinuation<Void, Never>?

  private let printsSteps: Bool

  init(seed: UInt64, printsSteps: Bool = false) {
    self.printsSteps = printsSteps
    random = SplitMix64(seed: seed)
    server = ScreenServer(count: Int.random(in: 0...60, using: &random))
    let styles: [PagingStyle] = [.offset, .pageIndex(firstIndex: 0), .cursor]
    let style = styles[Int.random(in: 0..<3, using: &random)]
    let pageSize = Int.random(in: 2...8, using: &random)
    let prefetch = Int.random(in: 1...pageSize, using: &random)
    refreshesInPlace = random.chance(50)
    let refreshMode: PagingRefreshMode = refreshesInPlace ? .aroundLastViewedItem : .fromStart
    var configuration = PagingConfiguration.test(
      style, pageSize: pageSize, prefetchDistance: prefetch, refreshMode: refreshMode)
    if random.chance(40),
      let dropping = try? PagingConfiguration(
        style: style, pageSize: pageSize, prefetchDistance: prefetch,
        maximumItemCount: pageSize + 2 * prefetch + Int.random(in: 0...12, using: &random),
        refreshMode: refreshMode)
    {
      configuration = dropping
    }
    postsAtTheTop = !refreshesInPlace && configuration.maximumItemCount == nil
    list = PagedList(listName: "screen", configuration: configuration, loader: server.loader())
    section = PagedSection(list: list) { Row($0) }
    table = TableManager(sections: [section])
    view = HeadlessTableView(viewportHeight: 44 * Double(Int.random(in: 2...16, using: &random)))
    table.attach(to: view)
    log.append(
      "\(server.items.count) items, \(style), pages of \(pageSize), prefetch \(prefetch), "
        + "max \(configuration.maximumItemCount.map(String.init) ?? "none"), \(refreshMode), "
        + "viewport \(view.viewportHeight)")
  }

  /// Runs `steps` random steps; the first broken promise, with the steps that led to it.
  func run(steps: Int) async -> String? {
    list.onRequestCompleted = { [weak self] _ in
      self?.completion?.resume()
      self?.completion = nil
    }
    _ = list.start()
    flush()
    defer {
      list.cancel()
      server.endAll()
    }
    for _ in 0..<steps {
      if let failure = await step() {
        return failure + "\n  " + log.suffix(40).joined(separator: "\n  ")
      }
    }
    return nil
  }

  // MARK: Steps

  private func step() async -> String? {
    await requestsArrived()
    let before = screenRows()
    let screenBefore = "offset \(view.contentOffset): " + view.render().joined(separator: " | ")
    let roll = Int.random(in: 0..<100, using: &random)
    var movesRows = true
    var inPlaceRefreshLanded = false
    switch roll {
    case 0..<30:
      let live = server.live
      guard !live.isEmpty else { return nil }
      let request = live[Int.random(in: 0..<live.count, using: &random)]
      let succeeds = random.chance(80)
      log.append(
        "answer \(request.request.position) \(request.request.direction) \(succeeds ? "" : "with a failure")")
      inPlaceRefreshLanded = succeeds && request.request.direction == .refresh && refreshesInPlace
      await answer(request, succeeding: succeeds)
      if succeeds { tally.pages += 1 } else { tally.failures += 1 }
      if inPlaceRefreshLanded { tally.refreshesInPlace += 1 }
      tally.mostItems = max(tally.mostItems, list.items.count)
      movesRows = request.request.direction == .refresh && succeeds && !refreshesInPlace
    case 30..<50:
      let distance = view.viewportHeight * Double(Int.random(in: -20...20, using: &random)) / 10
      let offset = min(max(0, view.contentOffset + distance), view.maximumContentOffset)
      log.append("scroll to \(offset)")
      try? view.scroll(toOffset: offset)
    case 50..<55:
      log.append("refresh")
      _ = list.refresh()
      movesRows = false
    case 55..<60:
      log.append("tap a failed status row")
      tapFailedStatusRow()
    case 60..<75:
      movesRows = editOnScreen()
    case 75..<80:
      keptEditOffScreen()
      movesRows = false
    case 80..<92:
      movesRows = answerEdit(confirming: true)
    default:
      movesRows = answerEdit(confirming: false)
    }
    flush()
    if printsSteps {
      print("\(log.last ?? ""): offset \(view.contentOffset): " + view.render().joined(separator: " | "))
      print(
        "    items \(list.items.map(\.id)) next \(list.loadStates.next) previous \(list.loadStates.previous)")
    }
    return check(before: before, movesRows: movesRows, inPlaceRefreshLanded: inPlaceRefreshLanded).map {
      "\($0)\n  screen before: \(screenBefore)\n  screen after: offset \(view.contentOffset): "
        + view.render().joined(separator: " | ") + "\n  last batch: \(view.lastUpdateRowFates)"
    }
  }

  /// Waits until the request of every direction the list loads has reached the server.
  private func requestsArrived() async {
    while true {
      let loading = [list.loadStates.refresh, list.loadStates.next, list.loadStates.previous].map(\.isLoading)
      let arrived = Set(server.live.map(\.request.direction))
      let directions: [PagingDirection] = [.refresh, .nextPage, .previousPage]
      if zip(directions, loading).allSatisfy({ !$1 || arrived.contains($0) }) { return }
      await server.nextArrival()
    }
  }

  /// Answers a request the list waits for, and waits until the list took the answer.
  private func answer(_ waiting: ScreenServer.Waiting, succeeding: Bool) async {
    await withCheckedContinuation { continuation in
      completion = continuation
      server.answer(waiting, succeeding: succeeding)
    }
  }

  private func tapFailedStatusRow() {
    for path in view.visibleItemPaths where !(section.displayedCells[path.item] is Row) {
      let isTop = path.item == 0 && !section.displayedCells.isEmpty
      let status = isTop && section.displayedCells.count > 1 ? section.previousPageStatus : section.status
      guard case .failed = status else { continue }
      let direction: PagingDirection = isTop && section.displayedCells.count > 1 ? .previousPage : .nextPage
      _ = try? view.selectItem(at: path)
      flush()
      let state = direction == .previousPage ? list.loadStates.previous : list.loadStates.next
      if !state.isLoading, !list.loadStates.refresh.isLoading {
        log.append("!! the tap on the failed \(direction) row retried nothing")
      }
      return
    }
  }

  /// An edit of a row on screen, or a post at the top.
  /// - Returns: Whether the step moves rows on screen (it does: it is the user's).
  private func editOnScreen() -> Bool {
    let shown = screenRows()
    if random.chance(25) || shown.isEmpty {
      let postPending = pending.contains { if case .post = $0.kind { true } else { false } }
      guard postsAtTheTop, !postPending else { return true }
      posts += 1
      let item = TestItem(id: 10_000 + posts)
      log.append("post \(item)")
      pending.append(Pending(handle: list.applyPending(.insert(item, at: .top)), kind: .post(item)))
      return true
    }
    let id = shown[Int.random(in: 0..<shown.count, using: &random)].id
    if random.chance(50) {
      let version = Int.random(in: 1...9, using: &random)
      log.append("like \(id) as v\(version)")
      let handle = list.applyPending(.update(id: id) { $0.version = version })
      pending.append(Pending(handle: handle, kind: .update(TestItem(id: id, version: version))))
    } else {
      log.append("delete \(id)")
      pending.append(Pending(handle: list.applyPending(.remove(id: id)), kind: .remove(id)))
    }
    return true
  }

  /// A kept update of an item off screen: the server has it already.
  private func keptEditOffScreen() {
    let onScreen = Set(screenRows().map(\.id))
    let candidates = list.items.filter { !onScreen.contains($0.id) && server.index(of: $0.id) != nil }
    guard !candidates.isEmpty else { return }
    let item = candidates[Int.random(in: 0..<candidates.count, using: &random)]
    let version = Int.random(in: 1...9, using: &random)
    log.append("kept update of \(item.id) to v\(version)")
    server.update(TestItem(id: item.id, version: version))
    list.apply(.update(id: item.id) { $0.version = version })
  }

  /// The server's answer to a pending edit.
  /// - Returns: Whether rows on screen may move: the edit's own row is on screen.
  private func answerEdit(confirming: Bool) -> Bool {
    guard !pending.isEmpty else { return false }
    tally.answeredEdits += 1
    let edit = pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
    let onScreen = Set(screenRows().map(\.id))
    let id: Int
    if confirming {
      switch edit.kind {
      case .update(let item): server.update(item); id = item.id
      case .remove(let removed):
        // An item the list no longer holds (a refresh in place left it out): no position can
        // say where it was on the server (see the type's note).
        let window = list.items.compactMap { server.index(of: $0.id) }
        if let index = server.index(of: removed), let first = window.min(), let last = window.max(),
          index < first || index > last
        {
          removedOutsideTheWindow = true
        }
        server.remove(removed)
        id = removed
      case .post(let item): server.post(item); id = item.id
      }
      log.append("confirm \(edit.kind)")
      list.confirm(edit.handle)
    } else {
      switch edit.kind {
      case .update(let item): id = item.id
      case .remove(let removed): id = removed
      case .post(let item): id = item.id
      }
      log.append("roll back \(edit.kind)")
      list.rollBack(edit.handle)
    }
    // A roll-back of a remove brings a row back among those on screen, or just above them.
    return onScreen.contains(id) || !confirming
  }

  /// Applies the section's pending changes to the view and lays it out, as a run loop pass would.
  private func flush() {
    table.update()
    view.layoutIfNeeded()
  }

  // MARK: Checks

  /// Where the view would have to be scrolled to show the row of `id` at `top` on screen; `nil`
  /// when the row is not shown.
  private func offset(showing id: Int, at top: Double) -> Double? {
    guard let index = section.displayedCells.firstIndex(where: { ($0 as? Row)?.model.id == id }),
      let sectionIndex = table.displayedSections.firstIndex(where: { $0 === section }),
      let frame = try? view.frameOfItem(at: ItemPath(item: index, section: sectionIndex))
    else { return nil }
    return frame.lowerBound - top
  }

  /// The item rows on screen: their ids and the distance of their tops from the viewport's top.
  ///
  /// A row the viewport shows less than half a point of (an edge that floating-point offsets
  /// leave on screen) is not on screen to a user.
  private func screenRows() -> [(id: Int, top: Double)] {
    let screen = view.contentOffset...(view.contentOffset + view.viewportHeight)
    return view.visibleItemPaths.compactMap { path in
      guard let row = section.displayedCells[safe: path.item] as? Row,
        let frame = try? view.frameOfItem(at: path),
        min(frame.upperBound, screen.upperBound) - max(frame.lowerBound, screen.lowerBound) >= 0.5
      else { return nil }
      return (row.model.id, frame.lowerBound - view.contentOffset)
    }
  }

  private func check(before: [(id: Int, top: Double)], movesRows: Bool, inPlaceRefreshLanded: Bool) -> String?
  {
    if let problem = log.last(where: { $0.hasPrefix("!!") }) { return String(problem.dropFirst(3)) }
    if let violation = view.violations.first { return "the view refused a batch: \(violation)" }
    let ids = list.items.map(\.id)
    if Set(ids).count != ids.count { return "an id is shown twice: \(ids)" }
    let shownRows = section.displayedCells.compactMap { ($0 as? Row)?.model.id }
    if shownRows != ids { return "the rows \(shownRows) are not the items \(ids)" }

    // The items the server has, in its order and without a gap; the user's own posts are where
    // the app put them.
    let serverIndexes = ids.compactMap { id in posted(id) ? nil : server.index(of: id) }
    if serverIndexes != serverIndexes.sorted() {
      return "the server's items are not in its order: \(ids) (server \(server.items.map(\.id)))"
    }
    if let first = serverIndexes.first, let last = serverIndexes.last,
      last - first + 1 != serverIndexes.count,
      !hasPendingRemoves, !removedOutsideTheWindow
    {
      return "an item of the server is skipped: \(ids) (server \(server.items.map(\.id)))"
    }

    // Rows on screen.
    let after = Dictionary(screenRows().map { ($0.id, $0.top) }, uniquingKeysWith: { first, _ in first })
    if inPlaceRefreshLanded, let top = before.first, ids.contains(top.id),
      let needed = offset(showing: top.id, at: top.top), needed >= 0, needed <= view.maximumContentOffset
    {
      // Where the row is now, on screen or just off it.
      let now = offset(showing: top.id, at: 0).map { $0 - view.contentOffset }
      guard let now, abs(now - top.top) <= 44 else {
        return "a refresh in place moved \(top.id) from \(top.top) to \(now.map { "\($0)" } ?? "nowhere")"
      }
    } else if !movesRows && !inPlaceRefreshLanded {
      for row in before where ids.contains(row.id) {
        // A view cannot scroll past its content: a list shorter than the screen shows from the
        // top, whatever lands above.
        if let needed = offset(showing: row.id, at: row.top), needed < 0 || needed > view.maximumContentOffset
        {
          continue
        }
        guard let now = after[row.id], abs(now - row.top) < 0.5 else {
          return
            "\(row.id) on screen moved from \(row.top) to \(after[row.id].map { "\($0)" } ?? "off screen")"
        }
      }
    }

    // Status rows tell the truth.
    let loadsNext = list.loadStates.next.isLoading || list.loadStates.refresh.isLoading
    let loadsPrevious = list.loadStates.previous.isLoading || list.loadStates.refresh.isLoading
    let visible = view.visibleItemPaths.map(\.item)
    let cells = section.displayedCells
    if let last = cells.indices.last, !(cells[last] is Row), visible.contains(last),
      section.status == .loading,
      !loadsNext
    {
      return "the status row says loading, and nothing loads"
    }
    if let first = cells.indices.first, !(cells[first] is Row), cells.count > 1, visible.contains(first),
      section.previousPageStatus == .loading, !loadsPrevious
    {
      return "the row above the items says loading older, and nothing loads"
    }
    if case .failed = list.loadStates.next, !ids.isEmpty, !isFailed(section.status) {
      return "the next page failed and the status row says \(section.status)"
    }
    if case .failed = list.loadStates.previous, !ids.isEmpty, !isFailed(section.previousPageStatus) {
      return "the previous page failed and the row above the items says \(section.previousPageStatus)"
    }
    if ids.isEmpty, list.hasMore, !loadsNext, case .idle = list.loadStates.next,
      !list.isBlank, !server.items.isEmpty
    {
      return "nothing is shown, the server has more, and nothing asks for it"
    }

    // No pending edit lost.
    for edit in pending where !list.isPending(edit.handle) {
      return "the pending edit \(edit.kind) was lost"
    }
    return nil
  }

  private func isFailed(_ status: PagingStatus) -> Bool {
    if case .failed = status { true } else { false }
  }

  /// Whether an id is a post of the user's (placed by the app, not the server).
  private func posted(_ id: Int) -> Bool { id >= 10_000 }

  /// Whether a remove waits for the server: its item is not shown, but the server has it.
  private var hasPendingRemoves: Bool {
    pending.contains { if case .remove = $0.kind { true } else { false } }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
