import Foundation
import ListKit
import ListKitTesting
import Testing

/// Lists that open in the middle: at an item (found by the loader), a cursor, a page or an offset.
@MainActor @Suite struct PagedListAnchorTests {
  /// A server of items `0..<count` that records what it was asked and answers every style; an
  /// item anchor gets the page-aligned page that holds the item, with its start offset.
  final class Server: Sendable {
    let count: Int
    let requests = Locked<[PageRequest.Position]>([])
    init(count: Int) { self.count = count }

    var loader: ClosurePageLoader<TestItem> {
      ClosurePageLoader { [self] request in
        self.requests.withLock { $0.append(request.position) }
        let start: Int
        switch request.position {
        case .page(let index, let size): start = index * size
        case .offset(let offset, _): start = offset
        case .cursor(let cursor, _): start = cursor.flatMap { Int($0) } ?? 0
        case .cursorBefore(let cursor, let limit): start = max(0, (Int(cursor) ?? 0) - limit)
        case .item(let id, let limit): start = (Int(id) ?? 0) / limit * limit
        }
        let end = min(self.count, start + request.limit)
        return Page(
          items: testItems(start..<end),
          hasMore: (request.direction == .previousPage) ? start > 0 : end < self.count,
          nextCursor: String(end), previousCursor: start > 0 ? String(start) : nil, startOffset: start)
      }
    }
  }

  func scrollToBothEnds(_ list: PagedList<TestItem>) async {
    for _ in 0..<50 {
      guard list.hasMore || list.hasPrevious else { return }
      await list.loadPreviousPage()?.value
      await list.loadNextPage()?.value
    }
  }

  @Test(arguments: [PagingStyle.pageIndex(firstIndex: 0), .offset, .cursor])
  func anItemAnchorLoadsThePageAroundTheItemThenPagesBothWaysWithoutGapsOrDuplicates(style: PagingStyle) async
  {
    let server = Server(count: 23)
    let list = PagedList(listName: "items", configuration: .test(style, pageSize: 5), loader: server.loader)
    await list.start(at: .item(id: 12))?.value
    #expect(server.requests.withLock { $0 } == [.item("12", limit: 5)])
    #expect(list.items.map(\.id) == Array(10..<15))
    #expect(list.hasPrevious && list.hasMore)
    await scrollToBothEnds(list)
    #expect(list.items.map(\.id) == Array(0..<23))
    #expect(list.loadStates.previous == .reachedEnd)
    #expect(list.loadStates.next == .reachedEnd)
  }

  @Test func reachingTheTopChangesNoStatusTheAppHears_butTheViewsHearOfTheRowAboveTheItems() async {
    let server = Server(count: 23)
    let list = PagedList(listName: "items", configuration: .test(.offset, pageSize: 5), loader: server.loader)
    await list.start(at: .item(id: 12))?.value
    var events = list.events().makeAsyncIterator()
    var viewStatuses: [PagingStatus] = []
    let view = Locked(0)
    list.addViewReceiver(owner: view) { event in
      if case .statusChanged(let status) = event { viewStatuses.append(status) }
    }
    await list.loadPreviousPage()?.value
    await list.loadPreviousPage()?.value
    #expect(list.previousPageStatus == .reachedEnd(totalCount: nil) && list.status == .hidden)
    #expect(!viewStatuses.isEmpty, "the row above the items changed: the views hear of it")
    var heard: [PagedListEvent] = []
    while heard.filter({ if case .requestCompleted = $0 { true } else { false } }).count < 2,
      let event = await events.next(isolation: #isolation)
    {
      heard.append(event)
    }
    #expect(!heard.contains { if case .statusChanged = $0 { true } else { false } }, "\(heard)")
    withExtendedLifetime(view) {}
  }

  @Test func eachStyleAnchorStartsWhereItSays() async {
    let cases: [(PagingStyle, PagingAnchor<Int>, PageRequest.Position)] = [
      (.pageIndex(firstIndex: 0), .pageIndex(2), .page(index: 2, size: 5)),
      (.offset, .offset(7), .offset(7, limit: 5)),
      (.cursor, .cursor("9"), .cursor("9", limit: 5)),
    ]
    for (style, anchor, position) in cases {
      let server = Server(count: 20)
      let list = PagedList(listName: "items", configuration: .test(style, pageSize: 5), loader: server.loader)
      await list.start(at: anchor)?.value
      #expect(server.requests.withLock { $0 } == [position], "\(anchor)")
      await scrollToBothEnds(list)
      #expect(list.items.map(\.id) == Array(0..<20), "\(anchor)")
    }
  }

  @Test func anAnswerThatDoesNotSayWhereItSitsEndsBothDirections() async {
    let loader = ClosurePageLoader<TestItem> { _ in Page(items: testItems(10..<15), hasMore: true) }
    let list = PagedList(listName: "items", configuration: .test(.offset, pageSize: 5), loader: loader)
    await list.start(at: .item(id: 12))?.value
    #expect(list.items.map(\.id) == Array(10..<15))
    #expect(list.loadStates.previous == .reachedEnd)
    #expect(list.loadStates.next == .reachedEnd)
  }

  @Test func theCachedFirstPageAppliesOnlyToAListStartedAtTheTop() async {
    let cache = InMemoryPageCache()
    let top = PageCacheKey(listName: "items", context: RequestContext(userToken: nil), query: nil)
    cache.put(page(100..<103), for: top, savedAt: testNow)
    let server = Server(count: 20)
    let list = PagedList(
      listName: "items", configuration: .test(.offset, pageSize: 5), loader: server.loader, cache: cache,
      now: { testNow })
    var cacheReports = 0
    list.onCacheLoaded = { _ in cacheReports += 1 }
    await list.start(at: .offset(10))?.value
    await list.refresh()?.value
    await list.waitForCacheWrites()
    #expect(list.cacheReadTask == nil)
    #expect(cacheReports == 0)
    #expect(cache.saveCount == 0)
    #expect(list.items.map(\.id) == Array(10..<15))
    // Back at the top, the top page is saved (the cache is not read: items are already shown).
    await list.start()?.value
    await list.waitForCacheWrites()
    #expect(cache.entries[top]?.page.items == testItems(0..<5))
  }

  /// The place the user was at belongs to the context it was shown in: a new context, or a
  /// sign-out, forgets it with the items.
  @Test func aContextSwitchAndASignOutForgetThePlace() async {
    let server = Server(count: 20)
    let list = PagedList(listName: "items", configuration: .test(.offset, pageSize: 5), loader: server.loader)
    await list.start()?.value
    _ = list.itemWillDisplay(at: 3, onScreen: 2...3)
    #expect(list.placeItemID == 2)
    await list.switchContext(to: RequestContext(userToken: "other"))?.value
    #expect(list.placeItemID == nil)
    _ = list.itemWillDisplay(at: 3, onScreen: 2...3)
    list.signOut()
    #expect(list.placeItemID == nil)
  }

  @Test func aRefreshAndAContextSwitchReloadTheAnchorNotTheTop() async {
    let server = Server(count: 20)
    let list = PagedList(listName: "items", configuration: .test(.offset, pageSize: 5), loader: server.loader)
    await list.start(at: .item(id: 7))?.value
    await list.refresh()?.value
    await list.switchContext(to: RequestContext(userToken: "other"))?.value
    #expect(server.requests.withLock { $0 } == Array(repeating: .item("7", limit: 5), count: 3))
    #expect(list.items.map(\.id) == Array(5..<10))
  }
}
