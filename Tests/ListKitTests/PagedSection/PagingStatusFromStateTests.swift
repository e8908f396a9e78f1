import Testing

@testable import ListKit

@Suite struct PagingStatusFromStateTests {
  static let refreshError = PagingError(direction: .refresh, message: "Offline")
  static let nextError = PagingError(direction: .nextPage, message: "Timed out")

  static func state(
    refresh: LoadState = .idle, next: LoadState = .idle, count: Int = 0, isBlank: Bool = false,
    total: Int? = nil
  ) -> PagedListState {
    PagedListState(
      refreshState: refresh, nextPageState: next, itemCount: count, isBlank: isBlank, cachedPageAge: nil,
      itemsChange: nil, totalCount: total)
  }

  @Test(arguments: [
    (state(refresh: .loading), PagingStatus.loading),
    (state(refresh: .failed(refreshError)), .failed(message: "Offline")),
    (state(count: 20, isBlank: false), .hidden),
    (state(next: .loading, count: 20), .loading),
    (state(next: .reachedEnd, count: 20), .reachedEnd(totalCount: nil)),
    (state(next: .reachedEnd, count: 20, total: 20), .reachedEnd(totalCount: 20)),
    (state(next: .loading, count: 20, total: 237), .loading),
    (state(next: .failed(nextError), count: 20), .failed(message: "Timed out")),
    (state(isBlank: true), .empty),
    (state(refresh: .failed(refreshError), isBlank: true), .failed(message: "Offline")),
    (state(refresh: .failed(refreshError), count: 20), .failed(message: "Offline")),
  ])
  func statusFollowsTheListState(state: PagedListState, expected: PagingStatus) {
    #expect(PagingStatus(state) == expected)
  }

  @Test func aRefreshAfterTheEndHidesNoMoreDataAgain() {
    let atEnd = PagingStatus(Self.state(next: .reachedEnd, count: 40))
    let refreshing = PagingStatus(Self.state(refresh: .loading, next: .idle, count: 40))
    let refreshed = PagingStatus(Self.state(refresh: .idle, next: .idle, count: 20))
    #expect(atEnd == .reachedEnd(totalCount: nil))
    #expect(refreshing == .hidden)
    #expect(refreshed == .hidden)
  }

  @Test func statusAgreesWithTheInitializerTakingTheStatesApart() {
    let loads: [LoadState] = [
      .idle, .loading, .reachedEnd, .failed(Self.refreshError), .failed(Self.nextError),
    ]
    for refresh in loads {
      for next in loads {
        for count in [0, 3] {
          for isBlank in [false, true] where !(isBlank && count > 0) {
            for total in [nil, 3] as [Int?] {
              let state = Self.state(
                refresh: refresh, next: next, count: count, isBlank: isBlank, total: total)
              let direct = PagingStatus(
                isBlank: isBlank, hasItems: count > 0, refreshState: refresh, nextPageState: next,
                totalCount: total)
              #expect(PagingStatus(state) == direct, "refresh \(refresh), next \(next), count \(count)")
            }
          }
        }
      }
    }
  }
}
