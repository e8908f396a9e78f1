import Testing

@testable import ListKit

/// The one place that decides what a paged list's footer, empty state and refresh control show.
@Suite struct PagingPresentationTests {
  static let offline = PagingError(direction: .refresh, message: "Offline")
  static let timedOut = PagingError(direction: .nextPage, message: "Timed out")

  static func state(
    refresh: LoadState = .idle, next: LoadState = .idle, count: Int = 0, isBlank: Bool = false
  ) -> PagedListState {
    PagedListState(
      refreshState: refresh, nextPageState: next, itemCount: count, isBlank: isBlank, cachedPageAge: nil,
      itemsChange: nil)
  }

  @Test(arguments: [
    (state(), PagingPresentation.Footer.hidden, PagingPresentation.EmptyState.hidden, false),
    (state(refresh: .loading), .loading, .hidden, true),
    (state(refresh: .loading, count: 20), .idle, .hidden, true),
    (state(count: 20), .idle, .hidden, false),
    (state(next: .loading, count: 20), .loading, .hidden, false),
    (state(next: .reachedEnd, count: 20), .reachedEnd, .hidden, false),
    (state(next: .failed(timedOut), count: 20), .failed(message: "Timed out"), .hidden, false),
    (state(refresh: .failed(offline), count: 20), .failed(message: "Offline"), .hidden, false),
    (state(refresh: .failed(offline)), .hidden, .failed(message: "Offline"), false),
    (state(isBlank: true), .hidden, .empty, false),
    (state(refresh: .failed(offline), isBlank: true), .hidden, .failed(message: "Offline"), false),
    (state(refresh: .loading, isBlank: true), .loading, .hidden, true),
  ])
  func eachStateHasOneFooterOneEmptyStateAndOneSpinnerDecision(
    state: PagedListState, footer: PagingPresentation.Footer, emptyState: PagingPresentation.EmptyState,
    isRefreshing: Bool
  ) {
    let presentation = PagingPresentation(state)
    #expect(presentation.footer == footer)
    #expect(presentation.emptyState == emptyState)
    #expect(presentation.isRefreshing == isRefreshing)
  }

  @Test func theFooterAndTheEmptyStateNeverShowAtOnce() {
    let loads: [LoadState] = [.idle, .loading, .reachedEnd, .failed(Self.offline), .failed(Self.timedOut)]
    for refresh in loads {
      for next in loads {
        for count in [0, 3] {
          for isBlank in [false, true] where !(isBlank && count > 0) {
            let presentation = PagingPresentation(
              Self.state(refresh: refresh, next: next, count: count, isBlank: isBlank))
            #expect(
              presentation.footer == .hidden || presentation.emptyState == .hidden,
              "refresh \(refresh), next \(next), count \(count), blank \(isBlank)")
          }
        }
      }
    }
  }

  @Test func aStatusRowShowsTheEmptyTextItselfAndRetriesOnlyAFailure() {
    #expect(PagingPresentation.Footer(statusRow: .empty) == .idle)
    #expect(PagingPresentation.Footer(statusRow: .hidden) == .idle)
    #expect(PagingPresentation.Footer(statusRow: .reachedEnd) == .reachedEnd)
    #expect(PagingPresentation.Footer(statusRow: .failed(message: "x")) == .failed(message: "x"))
    #expect(PagingPresentation.Footer.failed(message: "x").isRetryable)
    #expect(!PagingPresentation.Footer.loading.isRetryable)
  }
}

/// The one bind-and-observe loop: a view renders the list's presentation now and after changes,
/// and stops when it is gone or unbound.
@MainActor @Suite struct PagingPresentationBindingTests {
  final class View {
    var rendered: [PagingPresentation] = []
    let changes: AsyncStream<PagingPresentation>.Continuation
    init(_ changes: AsyncStream<PagingPresentation>.Continuation) { self.changes = changes }
  }

  struct OnePageLoader: PageLoader {
    func loadPage(_ request: PageRequest) async throws -> Page<TestItem> {
      Page(items: testItems(1...3), hasMore: false)
    }
  }

  @Test func aBoundViewRendersAtOnce_thenEveryChange_untilUnbound() async throws {
    let list = PagedList(listName: "items", loader: OnePageLoader())
    let (stream, continuation) = AsyncStream.makeStream(of: PagingPresentation.self)
    let view = View(continuation)
    let binding = PagingPresentationBinding()
    binding.bind(view, to: list) { view, presentation in
      view.rendered.append(presentation)
      view.changes.yield(presentation)
    }
    #expect(view.rendered == [PagingPresentation(list.state)], "rendered before any change")
    await list.refresh()?.value
    var iterator = stream.makeAsyncIterator()
    var last: PagingPresentation?
    while let next = await iterator.next() {
      last = next
      if next.footer == .reachedEnd { break }
    }
    #expect(last?.footer == .reachedEnd)
    #expect(last?.isRefreshing == false)
    binding.cancel()
    let count = view.rendered.count
    await list.refresh()?.value
    #expect(view.rendered.count == count, "nothing rendered after cancel()")
  }
}
