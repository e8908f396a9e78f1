import Testing

@testable import ListKit
@testable import ListKitPaging

@Suite struct PagingStatusFromStateTests {
  static let refreshError = PagingError(direction: .refresh, message: "Offline")
  static let nextError = PagingError(direction: .nextPage, message: "Timed out")

  /// What a paged list's status is made from: its load states, item count, blankness, total.
  struct ListState: Sendable, CustomTestStringConvertible {
    var refresh: LoadState
    var next: LoadState
    var count: Int
    var isBlank: Bool
    var total: Int?

    var status: PagingStatus {
      PagingStatus(
        isBlank: isBlank, hasItems: count > 0, refreshState: refresh, nextPageState: next, totalCount: total)
    }

    var presentation: PagingPresentation {
      PagingPresentation(status: status, hasItems: count > 0, isRefreshing: refresh.isLoading)
    }

    var testDescription: String { "refresh \(refresh), next \(next), count \(count), blank \(isBlank)" }
  }

  static func state(
    refresh: LoadState = .idle, next: LoadState = .idle, count: Int = 0, isBlank: Bool = false,
    total: Int? = nil
  ) -> ListState {
    ListState(refresh: refresh, next: next, count: count, isBlank: isBlank, total: total)
  }

  @Test(arguments: [
    (state(refresh: .loading), PagingStatus.loading),
    (state(refresh: .failed(refreshError)), .failed(refreshError)),
    (state(count: 20, isBlank: false), .hidden),
    (state(next: .loading, count: 20), .loading),
    (state(next: .reachedEnd, count: 20), .reachedEnd(totalCount: nil)),
    (state(next: .reachedEnd, count: 20, total: 20), .reachedEnd(totalCount: 20)),
    (state(next: .loading, count: 20, total: 237), .loading),
    (state(next: .failed(nextError), count: 20), .failed(nextError)),
    (state(isBlank: true), .empty),
    // Every item removed locally while the server has more: the next page is what shows.
    (state(next: .loading, isBlank: true), .loading),
    (state(next: .failed(nextError), isBlank: true), .failed(nextError)),
    (state(refresh: .failed(refreshError), isBlank: true), .failed(refreshError)),
    (state(refresh: .failed(refreshError), count: 20), .failed(refreshError)),
  ])
  func statusFollowsTheListState(state: ListState, expected: PagingStatus) {
    #expect(state.status == expected)
  }

  @Test func aRefreshAfterTheEndHidesNoMoreDataAgain() {
    let atEnd = Self.state(next: .reachedEnd, count: 40).status
    let refreshing = Self.state(refresh: .loading, next: .idle, count: 40).status
    let refreshed = Self.state(refresh: .idle, next: .idle, count: 20).status
    #expect(atEnd == .reachedEnd(totalCount: nil))
    #expect(refreshing == .hidden)
    #expect(refreshed == .hidden)
  }

  /// A list's one `status` is the status of its own load states, items and total at every step.
  @MainActor @Test func theListsStatusAgreesWithItsLoadStatesAtEveryStep() async {
    var harness = PagedListTests.Harness()
    var statuses: [PagingStatus] = []
    func check(_ step: String) {
      let list = harness.list
      let expected = PagingStatus(
        isBlank: list.isBlank, hasItems: !list.items.isEmpty, refreshState: list.loadStates.refresh,
        nextPageState: list.loadStates.next, totalCount: list.totalCount)
      #expect(list.status == expected, "\(step)")
      statuses.append(list.status)
    }
    check("before loading")
    let refresh = harness.list.refresh()
    check("refreshing")
    await harness.nextRequest().succeed(Page(items: testItems(0..<3), hasMore: true))
    await refresh?.value
    check("first page")
    let next = harness.list.loadNextPage()
    check("loading the next page")
    await harness.nextRequest().fail(FriendlyLoaderError(text: "down"))
    await next?.value
    check("next page failed")
    let retry = harness.list.retry()
    await harness.nextRequest().succeed(Page(items: testItems(3..<5), hasMore: false))
    await retry?.value
    check("reached the end")
    let failure = statuses.compactMap { if case .failed(let error) = $0 { error } else { nil } }
    #expect(failure.map(\.message) == ["down"])
    #expect(
      statuses == [
        .hidden, .loading, .hidden, .loading, .failed(failure[0]), .reachedEnd(totalCount: nil),
      ])
  }
}
