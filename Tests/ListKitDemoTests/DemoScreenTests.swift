import Foundation
import ListKit
import ListKitDemoSupport
import ListKitTerminal
import ListKitTesting
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
    return try await DemoScreen.dump(options: options, loader: options.makeLoader())
  }

  @Test func aDumpShowsTheSummaryThePhotosAndTheFooter() async throws {
    let text = try await dump(["--latency", "0", "--pages", "2"])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("── ListKit demo — photos ─") == true)
    #expect(lines[1].hasPrefix("40 photos loaded · 2 pages · 1 pinned · idle · 40 of 237"), "\(lines[1])")
    #expect(lines.contains { $0.hasPrefix("── Photos ─") })
    // More pages follow: no status row under the last photo.
    #expect(lines.last?.hasPrefix("  40   ") == true)
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
    #expect(lines.filter { $0.contains(" · ♥ ") }.count >= 40)
  }

  @Test func aDumpIsTheSameEveryTime() async throws {
    let first = try await dump(["--latency", "0", "--pages", "3", "--seed", "9"])
    #expect(try await dump(["--latency", "0", "--pages", "3", "--seed", "9"]) == first)
  }

  @Test func loadingEveryPageEndsWithNoMoreData() async throws {
    let text = try await dump(["--latency", "0", "--pages", "50"])
    #expect(text.contains("237 photos loaded · 12 pages"))
    #expect(text.hasSuffix("\nNo more data"))
  }

  @Test func anEmptyDataSetShowsTheEmptyState() async throws {
    let text = try await dump(["--latency", "0", "--empty"])
    #expect(text.contains("No photos here yet. Press r to refresh."))
    #expect(!text.contains("No more data"))
  }

  @Test func aFailedLoadShowsTheErrorAndHowToRetry() async throws {
    let text = try await dump(["--latency", "0", "--fail-rate", "1", "--pages", "3"])
    #expect(text.hasSuffix("\nError: simulated network failure (items from 1, attempt 1) — press r to retry"))
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

  func makeScreen(
    loader: some PageLoader<Photo>, rows: Int = 24, pageSize: Int = 20, cache: (any PageCache<Photo>)? = nil,
    // NB: the cache ages tests read come from the `now` they pass; the default is never asserted on.
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws -> DemoScreen {
    try DemoScreen(
      options: options(["--page-size", "\(pageSize)", "--latency", "0"]), loader: loader, cache: cache,
      size: TerminalSize(columns: 80, rows: rows), now: now)
  }

  /// A 12-row screen over 50 photos that answer at once, with its first page in.
  func startedScreenOfFiftyPhotos() async throws -> (DemoScreen, TerminalSize) {
    let loader = DemoPhotoLoader(
      photos: PhotoDataSet.photos(count: 50, seed: 1), latency: .zero, failRate: 0, seed: 1,
      clock: TestClock())
    let screen = try makeScreen(loader: loader, rows: 12)
    await screen.start()?.value
    return (screen, TerminalSize(columns: 80, rows: 12))
  }

  @Test func reachingTheEndLoadsTheNextPageAndRefreshStartsOver() async throws {
    let (screen, size) = try await startedScreenOfFiftyPhotos()
    #expect(screen.list.items.count == 20)
    let first = screen.render(size: size)
    #expect(first.lines.count == 12)
    #expect(first.lines.last?.style == .status)
    // Only a screenful is drawn, and nothing loads before the end is near.
    #expect(screen.list.loadStates.next == .idle)
    #expect(screen.handle(.end) == .handled)
    _ = screen.render(size: size)
    await screen.waitUntilIdle()
    #expect(screen.list.items.count == 40)
    #expect(screen.handle(.end) == .handled)
    _ = screen.render(size: size)
    await screen.waitUntilIdle()
    #expect(screen.list.items.count == 50)
    #expect(screen.list.loadStates.next == .reachedEnd)
    _ = screen.handle(.end)
    #expect(screen.render(size: size).lines.contains { $0.text == "No more data" })
    #expect(
      screen.render(size: size).lines.last?.text.hasPrefix(" 50 photos · 3 pages · all loaded │") == true)
    #expect(screen.handle(.character("r")) == .handled)
    await screen.waitUntilIdle()
    #expect(screen.list.items.count == 20)
    #expect(screen.pagesLoaded == 1)
    let status = screen.render(size: size).lines.last?.text ?? ""
    #expect(status.hasPrefix(" 20 photos · 1 page · idle │"), "\(status)")
    #expect(screen.diagnostics.isEmpty, "\(screen.diagnostics)")
  }

  @Test func pagesReachTheViewAsBatchUpdatesThatKeepTheCellsOnScreen() async throws {
    let (screen, size) = try await startedScreenOfFiftyPhotos()
    _ = screen.render(size: size)
    let path = try #require(screen.listView.visibleItemPaths.last)
    let cell = try #require(screen.listView.cellForItem(at: path))
    // A next page appended by a batch update keeps the cells on screen; a reloadData would
    // return them all to the reuse pool.
    await screen.list.loadNextPage()?.value
    _ = screen.render(size: size)
    #expect(screen.list.items.count == 40)
    #expect(screen.listView.cellForItem(at: path) === cell)
    #expect(screen.diagnostics.isEmpty, "\(screen.diagnostics)")
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
    let screen = try makeScreen(loader: loader)
    await screen.start()?.value
    // The first page does not fill the screen's 19 photo rows plus the prefetch distance, so
    // the second page is asked for at once; it fails.
    await screen.waitUntilIdle()
    #expect(
      screen.list.loadStates.next.error?.message == "simulated network failure (items from 21, attempt 1)")
    let text = screen.render(size: TerminalSize(columns: 100, rows: 40)).text
    #expect(text.contains("Error: simulated network failure (items from 21, attempt 1) — press r to retry"))
    #expect(text.contains(" 20 photos · 1 page · failed │"))
    // After an error, showing the end again does not load by itself.
    _ = screen.handle(.end)
    _ = screen.render(size: TerminalSize(columns: 100, rows: 40))
    #expect(screen.list.loadStates.next.error != nil)
    _ = screen.handle(.character("r"))
    await screen.waitUntilIdle()
    #expect(screen.list.items.count >= 40)
    #expect(!screen.render(size: TerminalSize(columns: 100, rows: 40)).text.contains("press r to retry"))
  }

  @Test func quitKeysQuit() throws {
    let screen = try makeScreen(loader: ClosurePageLoader<Photo> { _ in Page(items: [], hasMore: false) })
    #expect(screen.handle(.character("q")) == .quit)
    #expect(screen.handle(.interrupt) == .quit)
    #expect(screen.handle(.endOfInput) == .quit)
    #expect(screen.handle(.character("x")) == .ignored)
  }
}

final class CallCounter: Sendable {
  private let count = Locked<Int>(0)
  func increment() -> Int {
    count.withLock {
      $0 += 1; return $0
    }
  }
}
