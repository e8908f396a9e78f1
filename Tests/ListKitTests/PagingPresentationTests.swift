import Observation
import Testing

@testable import ListKit

private let offline = PagingStatusFromStateTests.refreshError
private let timedOut = PagingStatusFromStateTests.nextError
/// The paged-section tests' list states, shared.
typealias States = PagingStatusFromStateTests

/// The one place that decides what a paged list's footer, empty state and refresh control show.
@Suite struct PagingPresentationTests {
  @Test(arguments: [
    (States.state(), PagingPresentation.Footer.hidden, PagingPresentation.EmptyState.hidden, false),
    (States.state(refresh: .loading), .loading, .hidden, true),
    (States.state(refresh: .loading, count: 20), .idle, .hidden, true),
    (States.state(count: 20), .idle, .hidden, false),
    (States.state(next: .loading, count: 20), .loading, .hidden, false),
    (States.state(next: .reachedEnd, count: 20), .reachedEnd(totalCount: nil), .hidden, false),
    (States.state(next: .failed(timedOut), count: 20), .failed(timedOut), .hidden, false),
    (States.state(refresh: .failed(offline), count: 20), .failed(offline), .hidden, false),
    (States.state(refresh: .failed(offline)), .hidden, .failed(offline), false),
    (States.state(isBlank: true), .hidden, .empty, false),
    (States.state(refresh: .failed(offline), isBlank: true), .hidden, .failed(offline), false),
    (States.state(refresh: .loading, isBlank: true), .loading, .hidden, true),
  ])
  func eachStateHasOneFooterOneEmptyStateAndOneSpinnerDecision(
    state: States.ListState, footer: PagingPresentation.Footer, emptyState: PagingPresentation.EmptyState,
    isRefreshing: Bool
  ) {
    let presentation = state.presentation
    #expect(presentation.footer == footer)
    #expect(presentation.emptyState == emptyState)
    #expect(presentation.isRefreshing == isRefreshing)
  }

  @Test func theFooterAndTheEmptyStateNeverShowAtOnce() {
    let loads: [LoadState] = [.idle, .loading, .reachedEnd, .failed(offline), .failed(timedOut)]
    for refresh in loads {
      for next in loads {
        for count in [0, 3] {
          for isBlank in [false, true] where !(isBlank && count > 0) {
            let presentation = States.state(refresh: refresh, next: next, count: count, isBlank: isBlank)
              .presentation
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
    #expect(PagingPresentation.Footer(statusRow: .reachedEnd(totalCount: 5)) == .reachedEnd(totalCount: 5))
    #expect(PagingPresentation.Footer(statusRow: .failed(offline)) == .failed(offline))
    #expect(PagingPresentation.Footer.failed(offline).isRetryable)
    #expect(!PagingPresentation.Footer.loading.isRetryable)
  }
}

/// The one bind-and-observe loop: a view renders the list's presentation now and after changes
/// (through Observation), and stops when it is gone or unbound.
@MainActor @Suite struct ObservationRendererTests {
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
    let renderer = ObservationRenderer()
    renderer.start(view) { view in
      let presentation = PagingPresentation(list)
      view.rendered.append(presentation)
      view.changes.yield(presentation)
    }
    #expect(view.rendered == [PagingPresentation(list)], "rendered before any change")
    await list.refresh()?.value
    var iterator = stream.makeAsyncIterator()
    var last: PagingPresentation?
    while let next = await iterator.next() {
      last = next
      if next.footer == .reachedEnd(totalCount: nil) { break }
    }
    #expect(last?.footer == .reachedEnd(totalCount: nil))
    #expect(last?.isRefreshing == false)
    renderer.cancel()
    let count = view.rendered.count
    await list.refresh()?.value
    await list.idle()
    #expect(view.rendered.count == count, "nothing rendered after cancel()")
  }

  @Observable final class Counter {
    var value = 0
  }

  final class Renders {
    var values: [Int] = []
  }

  struct PageWithMoreLoader: PageLoader {
    func loadPage(_ request: PageRequest) async throws -> Page<TestItem> {
      Page(items: testItems(1...3), hasMore: true)
    }
  }

  /// A list's presentation reads whether it shows items: an idle footer under them, none before.
  @Test func aListsPresentationHasAnIdleFooterOnlyUnderItems() async {
    let list = PagedList(listName: "items", loader: PageWithMoreLoader())
    #expect(PagingPresentation(list).footer == .hidden, "nothing loaded yet")
    await list.refresh()?.value
    #expect(PagingPresentation(list).footer == .idle)
    #expect(PagingPresentation(list).emptyState == .hidden)
  }

  /// The renderer holds its view weakly: once the view is gone, a change renders nothing.
  @Test func aViewThatIsGoneIsNeitherHeldNorRendered() async {
    let counter = Counter()
    let log = Renders()
    let renderer = ObservationRenderer()
    var view: Renders? = Renders()
    renderer.start(view!) { _ in log.values.append(counter.value) }
    weak let gone = view
    view = nil
    #expect(gone == nil, "the renderer let the view go")
    counter.value = 1
    // The render a change asks for runs in a main-actor task queued before this one.
    await Task { @MainActor in }.value
    #expect(log.values == [0])
  }

  /// A cancelled renderer lets go of its render, and of what the render holds.
  @Test func aCancelledRendererLetsGoOfItsRender() {
    let renderer = ObservationRenderer()
    let view = Renders()
    var held: Renders? = Renders()
    weak let gone = held
    renderer.start(view) { [held] view in view.values.append(held?.values.count ?? 0) }
    held = nil
    #expect(gone != nil, "the render holds it")
    renderer.cancel()
    #expect(gone == nil, "the cancelled renderer let it go")
    #expect(view.values == [0])
  }

  /// Started again, with or without a cancel between: the loop before renders nothing more.
  @Test(arguments: [true, false])
  func aRendererStartedAgainRendersOnceForEachChange(cancelling: Bool) async {
    let counter = Counter()
    let renders = Renders()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let renderer = ObservationRenderer()
    let render: @MainActor (Renders) -> Void = { renders in
      renders.values.append(counter.value)
      continuation.yield(counter.value)
    }
    renderer.start(renders, render: render)
    if cancelling { renderer.cancel() }
    renderer.start(renders, render: render)
    var iterator = stream.makeAsyncIterator()
    for value in 1...2 {
      counter.value = value
      while let rendered = await iterator.next(), rendered != value {}
    }
    // Both renders of a change are queued before the next change is made.
    #expect(renders.values == [0, 0, 1, 2], "the loop before renders nothing, the new one once a change")
  }
}
