import ListKit
import ListKitTesting

/// The demo's in-process ``PageLoader``: pages of the photos of a ``DemoPhotoStore`` (which the
/// demo's edits change), after a simulated latency on an injected clock, failing at a rate
/// decided by the seed.
///
/// Whether a request fails depends only on the seed, the page's first offset and how many
/// times that page was asked for before, so a run is reproducible whatever the timing, and a
/// retry gets a fresh draw.
package struct DemoPhotoLoader<C: Clock>: PageLoader where C.Duration == Duration {
  /// The item type.
  package typealias Item = Photo

  /// The photos the "server" has.
  package let store: DemoPhotoStore
  let latency: Duration
  let failRate: Double
  let seed: UInt64
  let clock: C
  private let attempts = AttemptCounter()

  /// Creates a loader.
  /// - Parameters:
  ///   - photos: All the photos the "server" has.
  ///   - latency: How long each request takes, on `clock`.
  ///   - failRate: The probability, from 0 to 1, that a request fails.
  ///   - seed: The seed of the failure draws.
  ///   - clock: The clock to wait on.
  package init(photos: [Photo], latency: Duration, failRate: Double, seed: UInt64, clock: C) {
    self.store = DemoPhotoStore(photos: photos)
    self.latency = latency
    self.failRate = failRate
    self.seed = seed
    self.clock = clock
  }

  /// Returns the page a request asks for, in any pagination style (the cursor is the offset; a
  /// cursor-before asks for the page that ends there).
  /// - Parameter request: The request.
  /// - Returns: The page, with `hasMore`, the next cursor and the total count.
  /// - Throws: ``DemoLoadError`` for an injected failure or a request out of shape;
  ///   `CancellationError` when the task is cancelled during the latency.
  package func loadPage(_ request: PageRequest) async throws -> Page<Photo> {
    let (offset, limit) = try range(of: request.position)
    if latency > .zero {
      try await clock.sleep(for: latency)
    }
    try Task.checkCancellation()
    let attempt = attempts.next(for: offset)
    let photos = store.snapshot
    if failRate > 0 {
      var draw = SplitMix64(
        seed: SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(offset) << 20 | UInt64(attempt))))
      if draw.nextUnit() < failRate { throw DemoLoadError.simulatedFailure(offset: offset, attempt: attempt) }
    }
    let start = min(offset, photos.count)
    let end = min(photos.count, offset + limit)
    let hasMore = end < photos.count
    // A previous page says whether more come before it; the previous cursor is where it starts.
    return Page(
      items: Array(photos[start..<end]), hasMore: (request.direction == .previousPage) ? start > 0 : hasMore,
      nextCursor: hasMore ? String(end) : nil, previousCursor: start > 0 ? String(start) : nil,
      totalCount: photos.count, startOffset: start)
  }

  /// The first offset and the size a position asks for.
  func range(of position: PageRequest.Position) throws(DemoLoadError) -> (offset: Int, limit: Int) {
    let offset: Int
    let limit: Int
    switch position {
    case .page(let index, let size):
      guard index >= 0 else { throw .invalidRequest("page index \(index) is negative") }
      (offset, limit) = (index.multipliedReportingOverflow(by: size).partialValue, size)
    case .offset(let start, let size):
      (offset, limit) = (start, size)
    case .cursor(let cursor, let size):
      guard let start = cursor.map({ Int($0) }) ?? 0 else {
        throw .invalidRequest("cursor '\(cursor ?? "")' was not made by this loader")
      }
      (offset, limit) = (start, size)
    case .cursorBefore(let cursor, let size):
      guard let end = Int(cursor), end > 0, size > 0 else {
        throw .invalidRequest("cursor '\(cursor)' was not made by this loader")
      }
      (offset, limit) = (max(0, end - size), min(size, end))
    case .item(let id, let size):
      // The page of `size` photos that holds the photo, aligned so page indexes line up.
      guard size > 0, let index = store.snapshot.firstIndex(where: { String($0.id) == id }) else {
        throw .invalidRequest("no photo has the id '\(id)'")
      }
      (offset, limit) = (index / size * size, size)
    }
    guard offset >= 0 else { throw .invalidRequest("offset \(offset) is negative") }
    guard limit > 0 else { throw .invalidRequest("page size \(limit) is not positive") }
    return (offset, limit)
  }
}

/// How many times each page was requested; shared by copies of a loader.
final class AttemptCounter: Sendable {
  private let counts = Locked<[Int: Int]>([:])

  /// Counts one more request for the page at `offset`.
  /// - Returns: The number of requests for it so far, this one included.
  func next(for offset: Int) -> Int {
    counts.withLock { counts in
      counts[offset, default: 0] += 1
      return counts[offset]!
    }
  }
}
