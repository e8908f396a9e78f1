import Foundation
import ListKit
import Testing

/// `start()` asks the cache and the network at once: no disk holds back the first screen.
///
/// The cache here is a ``GatedPageCache`` whose reads return only when the test answers them
/// and ignore cancellation: a stuck disk. Every test answers what it left open at its end, and
/// none awaits a task that waits for the cache, so a regression fails the test instead of
/// hanging it.
@MainActor @Suite struct PagedListLaunchTests {
  @MainActor struct Launch {
    let list: PagedList<TestItem>
    let cache = GatedPageCache()
    var requests: AsyncStream<PendingLoad>.Iterator
    var reads: AsyncStream<PendingCacheRead>.Iterator

    init() {
      let (loader, stream) = ScriptedLoader.make()
      list = PagedList(
        listName: "photos", context: RequestContext(userToken: "s3cr3t"), configuration: .test(),
        loader: loader, cache: cache, now: { testNow })
      requests = stream.makeAsyncIterator()
      reads = cache.reads.makeAsyncIterator()
    }

    mutating func nextRequest() async -> PendingLoad? {
      var iterator = requests
      defer { requests = iterator }
      return await iterator.next(isolation: #isolation)
    }

    mutating func nextRead() async -> PendingCacheRead? {
      var iterator = reads
      defer { reads = iterator }
      return await iterator.next(isolation: #isolation)
    }
  }

  @Test func aCacheReadThatNeverReturnsDelaysNeitherTheNetworkNorTheSave() async throws {
    var launch = Launch()
    defer { launch.cache.answerAll() }
    var cacheReports: [CacheLoadCompletion] = []
    launch.list.onCacheLoaded = { cacheReports.append($0) }
    let start = launch.list.start()
    // Decided in the same step, before any task ran: the network is already asked.
    // Without that, the request below would wait for the read forever: end here instead.
    try #require(launch.list.loadStates.refresh == .loading)
    let read = await launch.nextRead()
    #expect(read?.key == launch.list.cacheKey)
    let request = try #require(await launch.nextRequest())
    request.succeed(page([1, 2, 3]))
    await start?.value
    #expect(launch.list.items.map(\.id) == [1, 2, 3])
    #expect(launch.list.cachedPageAge == nil)
    await launch.list.waitForCacheWrites()
    #expect(launch.cache.saves.map(\.page) == [page([1, 2, 3])], "the save did not wait behind the read")
    #expect(cacheReports.isEmpty, "the read has not answered")
  }

  @Test func aCachedPageAnsweringFirstIsShownThenReplaced() async throws {
    var launch = Launch()
    defer { launch.cache.answerAll() }
    let start = launch.list.start()
    try #require(launch.list.loadStates.refresh == .loading, "the network must be asked at once")
    let request = try #require(await launch.nextRequest())
    let read = try #require(await launch.nextRead())
    read.answer(.hit(CachedPage(page: page([8, 9]), savedAt: testNow.addingTimeInterval(-60))))
    await launch.list.cacheReadTask?.value
    #expect(launch.list.items.map(\.id) == [8, 9])
    #expect(launch.list.cachedPageAge == .seconds(60))
    request.succeed(page([1, 2, 3]))
    await start?.value
    #expect(launch.list.items.map(\.id) == [1, 2, 3])
    #expect(launch.list.cachedPageAge == nil)
  }

  @Test func aCachedPageAnsweringAfterTheNetworkIsDropped() async throws {
    var launch = Launch()
    defer { launch.cache.answerAll() }
    var cacheReports: [CacheLoadCompletion] = []
    launch.list.onCacheLoaded = { cacheReports.append($0) }
    var changes: [ItemsChange] = []
    launch.list.onItemsChanged = { changes.append($0) }
    let start = launch.list.start()
    try #require(launch.list.loadStates.refresh == .loading, "the network must be asked at once")
    let request = try #require(await launch.nextRequest())
    let read = try #require(await launch.nextRead())
    request.succeed(page([1, 2, 3]))
    await start?.value
    read.answer(.hit(CachedPage(page: page([8, 9]), savedAt: testNow)))
    await launch.list.cacheReadTask?.value
    #expect(launch.list.items.map(\.id) == [1, 2, 3])
    #expect(launch.list.cachedPageAge == nil)
    #expect(cacheReports == [CacheLoadCompletion.superseded])
    #expect(changes == [.reloaded(count: 3)], "the late page never reached the view")
  }

  /// The interleavings' run 3982: a start beside the same top page loading loads nothing, though
  /// it reads the cache again after a cancel; what it returns is the network's task, so `nil`, not
  /// the read (which an app awaiting the start would wait behind).
  @Test func aStartThatOnlyReadsTheCacheAgainReturnsNoTask() async throws {
    var launch = Launch()
    defer { launch.cache.answerAll() }
    launch.list.start()
    _ = try #require(await launch.nextRead())
    _ = try #require(await launch.nextRequest())
    launch.list.cancel()
    let refresh = launch.list.refresh()
    let request = try #require(await launch.nextRequest())
    #expect(launch.list.start() == nil, "the same top page loads already")
    let read = try #require(await launch.nextRead(), "a cancelled read is made again")
    read.answer(.miss(.notFound))
    request.succeed(page([1, 2]))
    await refresh?.value
    #expect(launch.list.items.map(\.id) == [1, 2])
  }
}
