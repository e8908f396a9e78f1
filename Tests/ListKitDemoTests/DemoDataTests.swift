import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitDemoSupport

@Suite struct PhotoDataSetTests {
  @Test func theSameSeedMakesTheSamePhotos() {
    #expect(PhotoDataSet.photos(count: 237, seed: 7) == PhotoDataSet.photos(count: 237, seed: 7))
    #expect(PhotoDataSet.photos(count: 50, seed: 7) != PhotoDataSet.photos(count: 50, seed: 8))
  }

  @Test func aSmallerCountIsAPrefix() {
    let all = PhotoDataSet.photos(count: 237, seed: PhotoDataSet.defaultSeed)
    #expect(Array(all.prefix(40)) == PhotoDataSet.photos(count: 40, seed: PhotoDataSet.defaultSeed))
  }

  @Test func photosAreNumberedNewestFirstAndLookReal() {
    let photos = PhotoDataSet.photos(count: 237, seed: PhotoDataSet.defaultSeed)
    #expect(photos.map(\.id) == Array(1...237))
    #expect(zip(photos, photos.dropFirst()).allSatisfy { $0.takenAt > $1.takenAt })
    #expect(photos.allSatisfy { $0.title.split(separator: " ").count >= 3 && $0.author.contains(" ") })
    #expect(photos.allSatisfy { $0.likes >= 0 })
    #expect(photos.contains { $0.isPinned })
    #expect(photos.filter(\.isPinned).count < 30)
    #expect(photos.first?.day.count == 10)
    #expect(PhotoDataSet.photos(count: -4, seed: 1).isEmpty)
  }

  @Test func daysAreCalendarDatesInUTC() {
    let photo = Photo(
      id: 1, title: "t", author: "a b", takenAt: Date(timeIntervalSince1970: 951_825_600), likes: 0,
      isPinned: false)
    #expect(photo.day == "2000-02-29")
  }
}

/// A clock whose "now" never moves and that records every sleep instead of sleeping.
final class RecordingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  let sleeps = Locked<[Duration]>([])
  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Duration { .zero }
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    sleeps.withLock { $0.append(deadline.offset) }
  }
}

@Suite struct DemoPhotoLoaderTests {
  let photos = PhotoDataSet.photos(count: 45, seed: 3)

  func loader(failRate: Double = 0, latency: Duration = .zero, clock: RecordingClock = RecordingClock())
    -> DemoPhotoLoader<RecordingClock>
  {
    DemoPhotoLoader(photos: photos, latency: latency, failRate: failRate, seed: 3, clock: clock)
  }

  @Test func everyPaginationStyleServesTheSamePages() async throws {
    let loader = loader()
    let byPage = try await loader.loadPage(
      PageRequest(position: .page(index: 1, size: 20), direction: .nextPage))
    let byOffset = try await loader.loadPage(
      PageRequest(position: .offset(20, limit: 20), direction: .nextPage))
    let byCursor = try await loader.loadPage(
      PageRequest(position: .cursor("20", limit: 20), direction: .nextPage))
    #expect(byPage.items == Array(photos[20..<40]))
    #expect(byPage == byOffset && byOffset == byCursor)
    #expect(byPage.hasMore && byPage.nextCursor == "40" && byPage.totalCount == 45)
  }

  @Test func theLastPageIsPartialAndEndsPaging() async throws {
    let last = try await loader().loadPage(
      PageRequest(position: .page(index: 2, size: 20), direction: .nextPage))
    #expect(last.items.map(\.id) == Array(41...45))
    #expect(!last.hasMore && last.nextCursor == nil)
    let beyond = try await loader().loadPage(
      PageRequest(position: .offset(100, limit: 20), direction: .nextPage))
    #expect(beyond.items.isEmpty && !beyond.hasMore)
  }

  @Test func requestsOutOfShapeAreTypedErrors() async {
    await #expect(throws: DemoLoadError.invalidRequest("page size 0 is not positive")) {
      try await loader().loadPage(PageRequest(position: .page(index: 0, size: 0), direction: .refresh))
    }
    await #expect(throws: DemoLoadError.invalidRequest("cursor 'abc' was not made by this loader")) {
      try await loader().loadPage(PageRequest(position: .cursor("abc", limit: 5), direction: .nextPage))
    }
  }

  @Test func latencyIsWaitedOnTheInjectedClock() async throws {
    let clock = RecordingClock()
    _ = try await loader(latency: .milliseconds(300), clock: clock).loadPage(
      PageRequest(position: .page(index: 0, size: 5), direction: .refresh))
    #expect(clock.sleeps.withLock { $0 } == [.milliseconds(300)])
  }

  /// Starts loading the first 5 photos with `latency` on `clock`; returns once the load sleeps.
  func firstPageWaitingOnLatency(of latency: Duration, on clock: TestClock) async throws
    -> Task<Page<Photo>, any Error>
  {
    let loader = DemoPhotoLoader(photos: photos, latency: latency, failRate: 0, seed: 3, clock: clock)
    let load = Task {
      try await loader.loadPage(PageRequest(position: .page(index: 0, size: 5), direction: .refresh))
    }
    try await clock.waitForSleepers()
    return load
  }

  @Test func aLoadAnswersOnlyOnceItsLatencyHasPassedOnTheClock() async throws {
    let clock = TestClock()
    let load = try await firstPageWaitingOnLatency(of: .seconds(2), on: clock)
    clock.advance(by: .seconds(2) - .milliseconds(1))
    #expect(clock.sleeperCount == 1, "the load answered before its latency had passed")
    clock.advance(by: .milliseconds(1))
    #expect(try await load.value.items == Array(photos[0..<5]))
  }

  @Test func cancellingALoadDuringItsLatencyEndsIt() async throws {
    let clock = TestClock()
    let load = try await firstPageWaitingOnLatency(of: .seconds(2), on: clock)
    load.cancel()
    await #expect(throws: CancellationError.self) { try await load.value }
    #expect(clock.now == TestClock.Instant(offset: .zero), "no time had to pass")
  }

  @Test func aFailRateOfOneAlwaysFailsAndZeroNever() async throws {
    let failing = loader(failRate: 1)
    for attempt in 1...3 {
      await #expect(throws: DemoLoadError.simulatedFailure(offset: 0, attempt: attempt)) {
        try await failing.loadPage(PageRequest(position: .page(index: 0, size: 5), direction: .refresh))
      }
    }
    for index in 0..<9 {
      _ = try await loader().loadPage(
        PageRequest(position: .page(index: index, size: 5), direction: .nextPage))
    }
  }

  @Test func injectedFailuresDependOnlyOnTheSeedAndTheAttempt() async {
    func outcomes() async -> [Bool] {
      let loader = loader(failRate: 0.5)
      var results: [Bool] = []
      for index in [0, 1, 2, 3, 1, 1, 4, 5, 6, 7] {
        let request = PageRequest(
          position: .page(index: index, size: 5), direction: index == 0 ? .refresh : .nextPage)
        results.append((try? await loader.loadPage(request)) != nil)
      }
      return results
    }
    let first = await outcomes()
    #expect(await outcomes() == first)
    #expect(first.contains(true) && first.contains(false))
  }
}
