import Foundation
import ListKit

/// The failure the example loader simulates; `LocalizedError`, so `PagedList` shows its text.
enum ExampleLoadError: LocalizedError {
  case simulatedFailure

  var errorDescription: String? { "The network is flaky today." }
}

/// An in-app `PageLoader`: pages of a fixed photo array, after a simulated latency.
///
/// Next pages fail now and then so that the error and retry states can be seen. A real app would
/// use `ListKitHTTP`'s `HTTPPageLoader` or its own API client here.
struct ExamplePhotoLoader: PageLoader {
  typealias Item = Photo

  let photos: [Photo]
  var latency: Duration = .milliseconds(700)
  var failureRate = 0.15

  func loadPage(_ request: PageRequest) async throws -> Page<Photo> {
    try await Task.sleep(for: latency)  // throws CancellationError when the load is cancelled
    if request.direction != .refresh, Double.random(in: 0..<1) < failureRate {
      throw ExampleLoadError.simulatedFailure
    }
    let offset: Int
    switch request.position {
    case .page(let index, let size): offset = index * size
    case .offset(let start, _): offset = start
    case .cursor(let cursor, _): offset = cursor.flatMap { Int($0) } ?? 0
    case .cursorBefore(let cursor, let limit): offset = (Int(cursor) ?? 0) - limit
    case .item(let id, let limit): offset = (photos.firstIndex { "\($0.id)" == id } ?? 0) / limit * limit
    }
    let start = min(max(0, offset), photos.count)
    let end = min(photos.count, start + request.limit)
    let hasMore = end < photos.count
    return Page(
      items: Array(photos[start..<end]), hasMore: (request.direction == .previousPage) ? start > 0 : hasMore,
      nextCursor: hasMore ? String(end) : nil, previousCursor: start > 0 ? String(start) : nil,
      totalCount: photos.count, startOffset: start)
  }
}
