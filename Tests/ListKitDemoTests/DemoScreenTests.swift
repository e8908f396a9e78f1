import ListKit
import ListKitDemoSupport
import ListKitTerminal
import Synchronization
import Testing

@MainActor
@Suite struct DemoScreenTests {
  func options(_ arguments: [String]) throws -> DemoOptions {
    guard case .run(let options) = try DemoOptions.parse(["--dump"] + arguments) else {
      Issue.record("--help in \(arguments)")
      return DemoOptions()
    }
    return options
  }

  func dump(_ arguments: [String]) async throws -> String {
    let options = try options(arguments)
    let loader = DemoPhotoLoader(
      photos: PhotoDataSet.photos(count: options.count, seed: options.seed), latency: options.latency,
      failRate: options.failRate, seed: options.seed, clock: ContinuousClock())
    return await DemoScreen.dump(options: options, loader: loader)
  }

  @Test func aDumpShowsTheSummaryThePhotosAndTheFooter() async throws {
    let text = try await dump(["--latency", "0", "--pages", "2"])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("── ListKit demo — photos ─") == true)
    #expect(lines[1].hasPrefix("40 of 237 photos loaded · 2 pages"))
    #expect(lines.contains { $0.hasPrefix("── Photos ─") })
    #expect(lines.last == "more below — scroll down to load")
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
    #expect(lines.filter { $0.contains(" · ♥ ") }.count >= 40)
  }

  @Test func aDumpIsTheSameEveryTime() async throws {
    let first = try await dump(["--latency", "0", "--pages", "3", "--seed", "9"])
    #expect(try await dump(["--latency", "0", "--pages", "3", "--seed", "9"]) == first)
  }

  @Test func loadingEveryPageEndsWithNoMoreData() async throws {
    let text = try await dump(["--latency", "0", "--pages", "50"])
    #expect(text.contains("237 of 237 photos loaded · 12 pages"))
    #expect(text.hasSuffix("\nno more data"))
  }

  @Test func anEmptyDataSetShowsTheEmptyState() async throws {
    let text = try await dump(["--latency", "0", "--empty"])
    #expect(text.contains("No photos here yet. Press r to refresh."))
    #expect(!text.contains("no more data"))
  }

  @Test func aFailedLoadShowsTheErrorAndHowToRetry() async throws {
    let text = try await dump(["--latency", "0", "--fail-rate", "1", "--pages", "3"])
    #expect(text.hasSuffix("\nerror: simulated network failure (items from 1, attempt 1) — press r to retry"))
  }

  @Test func thePinnedSectionShowsOnlyWhileAPinnedPhotoIsLoaded() async throws {
    var seen: Set<Bool> = []
    for pages in 1...4 {
      let text = try await dump(["--latency", "0", "--page-size", "8", "--pages", "\(pages)"])
      let loaded = PhotoDataSet.photos(count: 8 * pages, seed: PhotoDataSet.defaultSeed)
      let hasPinned = loaded.contains(where: \.isPinned)
      #expect(text.contains("── Pinned ─") == hasPinned, "\(pages) pages")
      seen.insert(hasPinned)
    }
    #expect(seen == [false, true], "the default seed should pin a photo in pages 2 to 4, not in page 1")
  }

  func makeScreen(loader: any PageLoader<Photo>, rows: Int = 24) -> DemoScreen {
    DemoScreen(
      loader: loader, pageSize: 20, style: .page, sourceDescription: "test",
      size: TerminalSize(columns: 80, rows: rows))
  }

  @Test func reachingTheEndLoadsTheNextPageAndRefreshStartsOver() async throws {
    let loader = DemoPhotoLoader(
      photos: PhotoDataSet.photos(count: 50, seed: 1), latency: .zero, failRate: 0, seed: 1,
      clock: ContinuousClock())
    let screen = makeScreen(loader: loader, rows: 12)
    let size = TerminalSize(columns: 80, rows: 12)
    await screen.refresh().value
    #expect(screen.photos.count == 20)
    let first = screen.render(size: size)
    #expect(first.lines.count == 12)
    #expect(first.lines.last?.style == .status)
    // Only a screenful is drawn, and nothing loads before the end is near.
    #expect(screen.pendingLoad == nil)
    #expect(screen.handle(.end) == .handled)
    _ = screen.render(size: size)
    await screen.pendingLoad?.value
    #expect(screen.photos.count == 40)
    #expect(screen.handle(.end) == .handled)
    _ = screen.render(size: size)
    await screen.pendingLoad?.value
    #expect(screen.photos.count == 50)
    #expect(screen.loadState == .reachedEnd)
    _ = screen.handle(.end)
    #expect(screen.render(size: size).lines.contains { $0.text == "no more data" })
    #expect(screen.handle(.character("r")) == .handled)
    await screen.pendingLoad?.value
    #expect(screen.photos.count == 20)
    #expect(screen.pagesLoaded == 1)
  }

  @Test func rRetriesAFailedPageAndKeepsWhatWasLoaded() async throws {
    let calls = CallCounter()
    let loader = ClosurePageLoader<Photo> { request in
      let call = calls.increment()
      if call == 2 { throw DemoLoadError.simulatedFailure(offset: 20, attempt: 1) }
      let photos = PhotoDataSet.photos(count: 60, seed: 1)
      guard case .page(let index, let size) = request.position else {
        throw DemoLoadError.invalidRequest("style")
      }
      return Page(items: Array(photos[index * size..<(index + 1) * size]), hasMore: index < 2, totalCount: 60)
    }
    let screen = makeScreen(loader: loader)
    await screen.refresh().value
    screen.loadNextPage()
    await screen.pendingLoad?.value
    #expect(
      screen.loadState
        == .failed(message: "simulated network failure (items from 21, attempt 1)", isRefresh: false))
    #expect(screen.render(size: TerminalSize(columns: 100, rows: 40)).text.contains("press r to retry"))
    // After an error, reaching the end again does not load by itself.
    #expect(screen.loadNextPage() == nil)
    _ = screen.handle(.character("r"))
    await screen.pendingLoad?.value
    #expect(screen.photos.count == 40)
    #expect(screen.loadState == .idle)
  }

  @Test func quitKeysQuit() {
    let screen = makeScreen(loader: ClosurePageLoader<Photo> { _ in Page(items: [], hasMore: false) })
    #expect(screen.handle(.character("q")) == .quit)
    #expect(screen.handle(.interrupt) == .quit)
    #expect(screen.handle(.endOfInput) == .quit)
    #expect(screen.handle(.character("x")) == .ignored)
  }
}

final class CallCounter: Sendable {
  private let count = Mutex<Int>(0)
  func increment() -> Int {
    count.withLock {
      $0 += 1; return $0
    }
  }
}
