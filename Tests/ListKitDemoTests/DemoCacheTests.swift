import Foundation
import ListKit
import ListKitCache
import ListKitDemoSupport
import ListKitTerminal
import ListKitTesting
import Testing

/// A loader that holds every request until the test opens its gate, then answers with the first
/// `limit` photos as the only page.
final class GatedLoader: PageLoader, Sendable {
  typealias Item = Photo

  private struct State {
    var isOpen = false
    var requests = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let photos: [Photo]
  private let state = Locked(State())

  init(photos: [Photo]) {
    self.photos = photos
  }

  /// The number of requests that arrived so far.
  var requests: Int { state.withLock { $0.requests } }

  /// Lets every held request and every later one through.
  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  func loadPage(_ request: PageRequest) async throws -> Page<Photo> {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        state.requests += 1
        if !state.isOpen { state.waiting.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
    // One page: the first `limit` photos, and no more.
    return Page(items: Array(photos.prefix(request.limit)), hasMore: false)
  }
}

@MainActor
@Suite struct DemoCacheTests {
  let size = TerminalSize(columns: 100, rows: 40)

  func options(_ arguments: [String]) throws -> DemoOptions {
    guard case .run(let options) = try DemoOptions.parse(arguments) else {
      Issue.record("--help in \(arguments)")
      return DemoOptions()
    }
    return options
  }

  // NB: a hang guard, not a measurement.
  @Test(.timeLimit(.minutes(5)))
  func aSecondLaunchShowsTheCachedFirstPageWithItsAgeBeforeTheLoaderAnswers() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listkit-demo-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let savedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let options = try options(["--latency", "0", "--page-size", "10", "--cache-dir", directory.path])
    let first = PhotoDataSet.photos(count: 30, seed: 1)
    let second = PhotoDataSet.photos(count: 30, seed: 2)

    // First launch: nothing cached; the first page comes from the loader and is saved.
    do {
      let screen = try DemoScreen(
        options: options,
        loader: ClosurePageLoader<Photo> { _ in Page(items: Array(first.prefix(10)), hasMore: true) },
        cache: FilePageCache<Photo>(directory: options.resolvedCacheDirectory, now: { savedAt }), size: size)
      await screen.start()?.value
      await screen.list.waitForCacheWrites()
      #expect(screen.list.items == Array(first.prefix(10)))
      #expect(!screen.render(size: size).text.contains("cached page"))
    }

    // Second launch, 42 s later: the cached page shows while the loader holds the refresh.
    let loader = GatedLoader(photos: second)
    let screen = try DemoScreen(
      options: options, loader: loader,
      cache: FilePageCache<Photo>(directory: options.resolvedCacheDirectory, now: { savedAt }), size: size,
      now: { savedAt.addingTimeInterval(42) })
    let events = screen.list.events()
    let launch = screen.start()
    for await _ in events where screen.list.cachedPageAge != nil { break }
    let cached = screen.render(size: size).text
    #expect(loader.requests <= 1)
    #expect(screen.list.items == Array(first.prefix(10)))
    #expect(cached.contains("10 photos loaded · 1 page · 0 pinned · cached page, 42 s old · refreshing…"))
    #expect(cached.contains(first[0].title) && cached.contains(first[9].title))

    // The loader answers: the fresh page replaces the cached one and the age goes away.
    loader.open()
    await launch?.value
    let fresh = screen.render(size: size).text
    #expect(screen.list.items == Array(second.prefix(10)))
    #expect(!fresh.contains("cached page"))
    #expect(fresh.contains("10 photos loaded · 1 page · 0 pinned · all loaded"), "\(fresh)")
    #expect(screen.diagnostics.isEmpty, "\(screen.diagnostics)")
  }

  @Test func theFlagsChooseTheCache() throws {
    #expect(try options(["--no-cache"]).makeCache() == nil)
    // A dump is the same every time: it reads no cache unless one is named.
    #expect(try options(["--dump"]).makeCache() == nil)
    let named = try #require(try options(["--dump", "--cache-dir", "/tmp/x y"]).makeCache())
    #expect(named.directory.path == "/tmp/x y")
    let standard = try #require(try options([]).makeCache())
    #expect(standard.directory == FilePageCache<Photo>.defaultDirectory(named: "listkit-demo"))
    #expect(standard.directory.path.hasSuffix("/ListKit/listkit-demo"))
    // Different data sets never share a cached page.
    #expect(try options(["--seed", "1"]).cacheQuery != options(["--seed", "2"]).cacheQuery)
    #expect(try options(["--count", "10"]).cacheQuery != options(["--count", "11"]).cacheQuery)
  }
}
