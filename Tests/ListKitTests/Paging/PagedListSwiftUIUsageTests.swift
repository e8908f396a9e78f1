import ListKit
import Observation
import Testing

/// What a SwiftUI `List` does with a `PagedList`, replayed without SwiftUI: the claims of the
/// SwiftUI article in the DocC catalog (`SwiftUI.md`) rest on these tests.
@MainActor @Suite struct PagedListSwiftUIUsageTests {
  @Test func aRefreshAwaitedFromACancelledTaskStillLoadsAndApplies() async throws {
    let (loader, requests) = ScriptedLoader.make(honorsCancellation: true)
    let list = PagedList(listName: "photos", configuration: .test(), loader: loader)
    var received = requests.makeAsyncIterator()
    // What `.refreshable { await list.refresh()?.value }` runs; SwiftUI cancels this task when
    // the view goes away or the user lets go.
    let refreshable = Task { @MainActor in await list.refresh()?.value }
    let request = try #require(await received.next(isolation: #isolation))
    // Cancelling runs the cancellation handlers of the task and its children before it returns,
    // so a child load would have seen it by now.
    refreshable.cancel()
    #expect(!request.sawCancellation, "the list's own load task is not a child of the refreshable task")
    request.succeed(page(0..<3))
    await refreshable.value
    #expect(list.items == testItems(0..<3))
    #expect(list.loadStates.refresh == .idle)
  }

  @Test func aViewReadingTheStatusIsInvalidatedWhenARefreshStartsAndEnds() async throws {
    let (loader, requests) = ScriptedLoader.make()
    let list = PagedList(listName: "photos", configuration: .test(), loader: loader)
    var received = requests.makeAsyncIterator()
    let startInvalidated = Flag()
    // SwiftUI tracks what `body` reads the same way.
    withObservationTracking {
      _ = list.status
    } onChange: {
      startInvalidated.set()
    }
    let task = list.refresh()
    #expect(startInvalidated.isSet, "idle → loading redraws the footer")
    let endInvalidated = Flag()
    withObservationTracking {
      _ = list.items
    } onChange: {
      endInvalidated.set()
    }
    try #require(await received.next(isolation: #isolation)).succeed(page(0..<3))
    await task?.value
    #expect(endInvalidated.isSet, "the first page redraws the rows")
  }

  @Test func rowsAppearingNearTheEndLoadTheNextPageOnce() async throws {
    let (loader, requests) = ScriptedLoader.make()
    let list = PagedList(listName: "photos", configuration: .test(prefetchDistance: 1), loader: loader)
    var received = requests.makeAsyncIterator()
    let refresh = list.refresh()
    try #require(await received.next(isolation: #isolation)).succeed(page(0..<3))
    await refresh?.value
    // `.onAppear { list.itemWillDisplay(at: index) }` on each row, as SwiftUI lays them out.
    #expect(list.itemWillDisplay(at: 0) == nil)
    let next = list.itemWillDisplay(at: 1)
    #expect(next != nil, "row 1 is within the prefetch distance of the last row")
    #expect(list.itemWillDisplay(at: 2) == nil, "one next page at a time")
    let request = try #require(await received.next(isolation: #isolation))
    #expect(request.request.position == .page(index: 1, size: 3))
    request.succeed(page(3..<6))
    await next?.value
    #expect(list.items == testItems(0..<6))
  }
}

/// The footer's states (the list's `status`) through a real list's life: what
/// `LoadMoreFooterView` and `PagedListFooter` show, and that a refresh resets "no more data".
@MainActor @Suite struct PagingStatusOfAListTests {
  @Test func aRefreshAfterTheLastPageResetsNoMoreData() async throws {
    let (loader, requests) = ScriptedLoader.make()
    let list = PagedList(listName: "photos", configuration: .test(), loader: loader)
    var received = requests.makeAsyncIterator()
    var shown: [PagingStatus] = []
    func note() { shown.append(list.status) }

    let first = list.refresh()
    note()  // loading the first page
    try #require(await received.next(isolation: #isolation)).succeed(page(0..<3))
    await first?.value
    note()  // idle, more to come
    let last = list.loadNextPage()
    note()  // loading the next page
    try #require(await received.next(isolation: #isolation)).succeed(page(3..<5, hasMore: false))
    await last?.value
    note()  // no more data
    let again = list.refresh()
    note()  // refreshing over the shown items
    try #require(await received.next(isolation: #isolation)).succeed(page(0..<3))
    await again?.value
    note()  // reset: more can load again

    #expect(shown.first == .loading)
    #expect(shown[1] == .hidden)
    #expect(shown[2] == .loading)
    #expect(shown[3] == .reachedEnd(totalCount: nil))
    #expect(shown[4] == .hidden, "a refresh hides no more data as soon as it starts: \(shown)")
    #expect(shown[5] == .hidden, "and more can load after its first page: \(shown)")
    #expect(list.loadStates.next == .idle)
  }

  @Test func aFailedNextPageShowsItsMessageUntilRetried() async throws {
    let (loader, requests) = ScriptedLoader.make()
    let list = PagedList(listName: "photos", configuration: .test(), loader: loader)
    var received = requests.makeAsyncIterator()
    let first = list.refresh()
    try #require(await received.next(isolation: #isolation)).succeed(page(0..<3))
    await first?.value
    let next = list.loadNextPage()
    try #require(await received.next(isolation: #isolation)).fail(FriendlyLoaderError(text: "Timed out"))
    await next?.value
    guard case .failed(let error) = list.status else {
      Issue.record("status \(list.status), not failed")
      return
    }
    #expect(error.message == "Timed out" && error.kind == .other)
    let retry = list.retry()
    #expect(list.status == .loading)
    try #require(await received.next(isolation: #isolation)).succeed(page(3..<6))
    await retry?.value
    #expect(list.status == .hidden)
  }
}
