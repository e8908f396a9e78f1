import Foundation
import ListKit

/// A server of items for the screen-level interleaving tests: it answers a request only when
/// the test says, from the items it holds at that moment, which the user's confirmed edits
/// change (a removed item is gone from it, a posted one is placed at its top).
///
/// Items are ordered by a rank, the key of its cursors, so removals and posts never move a
/// cursor; offsets and page numbers count the items as they are when a request is answered, as
/// a real server's do.
@MainActor final class ScreenServer {
  /// A request the server holds until the test answers it.
  struct Waiting {
    let number: Int
    let request: PageRequest
    /// Set, from any thread, the moment the request's task is cancelled: the list no longer
    /// waits for it, and answering it would report nothing.
    let cancelled: Locked<Bool>
    fileprivate let continuation: CheckedContinuation<Page<TestItem>, any Error>
  }

  /// The failure the test answers a request with.
  struct Down: Error {}

  /// The items, in the server's order.
  private(set) var items: [TestItem]
  private var ranks: [Int: Double]
  /// The requests the server holds, oldest first; cancelled ones included until they end.
  private(set) var waiting: [Waiting] = []
  private var lastNumber = 0
  private var arrivals: [CheckedContinuation<Void, Never>] = []

  /// A server of the items `0..<count`.
  init(count: Int) {
    items = testItems(0..<count)
    ranks = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, Double($0)) })
  }

  /// The requests held whose list still waits for them.
  var live: [Waiting] { waiting.filter { !$0.cancelled.withLock { $0 } } }

  /// The loader of a list served by this server.
  nonisolated func loader() -> ClosurePageLoader<TestItem> {
    ClosurePageLoader { request in try await self.hold(request) }
  }

  private func hold(_ request: PageRequest) async throws -> Page<TestItem> {
    lastNumber += 1
    let number = lastNumber
    let cancelled = Locked(false)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiting.append(
          Waiting(number: number, request: request, cancelled: cancelled, continuation: continuation))
        for arrival in arrivals { arrival.resume() }
        arrivals.removeAll()
        if cancelled.withLock({ $0 }) { end(number, with: .failure(CancellationError())) }
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
      Task { @MainActor in self.end(number, with: .failure(CancellationError())) }
    }
  }

  /// Returns when the next request arrives.
  func nextArrival() async {
    await withCheckedContinuation { arrivals.append($0) }
  }

  /// Answers a held request with a page of the items as they are now, or with ``Down``.
  func answer(_ waiting: Waiting, succeeding: Bool) {
    end(waiting.number, with: succeeding ? .success(page(for: waiting.request)) : .failure(Down()))
  }

  /// Ends every request held, as a cancelled one ends: the end of a test.
  func endAll() {
    while let first = waiting.first { end(first.number, with: .failure(CancellationError())) }
  }

  private func end(_ number: Int, with result: Result<Page<TestItem>, any Error>) {
    guard let index = waiting.firstIndex(where: { $0.number == number }) else { return }
    waiting.remove(at: index).continuation.resume(with: result)
  }

  // MARK: The user's confirmed edits

  /// The server's copy of an updated item.
  func update(_ item: TestItem) {
    guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
    items[index] = item
  }

  func remove(_ id: Int) {
    items.removeAll { $0.id == id }
  }

  /// A posted item goes first, as a feed shows the newest.
  func post(_ item: TestItem) {
    guard !items.contains(where: { $0.id == item.id }) else { return }
    ranks[item.id] = (items.first.flatMap { ranks[$0.id] } ?? 0) - 1
    items.insert(item, at: 0)
  }

  /// The index of an item in the server's order.
  func index(of id: Int) -> Int? {
    items.firstIndex { $0.id == id }
  }

  // MARK: Pages

  private func page(for request: PageRequest) -> Page<TestItem> {
    let range: Range<Int>
    switch request.position {
    case .page(let index, let size):
      range = clamped(index * size, index * size + size)
    case .offset(let offset, let limit):
      range = clamped(offset, offset + limit)
    case .cursor(let cursor, let limit):
      let start = cursor.flatMap(Double.init).map { rank in
        items.firstIndex { ranks[$0.id]! > rank } ?? items.count
      }
      range = clamped(start ?? 0, (start ?? 0) + limit)
    case .cursorBefore(let cursor, let limit):
      let rank = Double(cursor) ?? -.infinity
      let end = items.firstIndex { ranks[$0.id]! >= rank } ?? items.count
      range = clamped(end - limit, end)
    case .item(let id, let limit):
      let start = items.firstIndex { String($0.id) == id } ?? 0
      range = clamped(start, start + limit)
    }
    let slice = Array(items[range])
    return Page(
      items: slice,
      hasMore: (request.direction == .previousPage) ? range.lowerBound > 0 : range.upperBound < items.count,
      nextCursor: slice.last.map { String(ranks[$0.id]!) },
      previousCursor: range.lowerBound > 0 ? slice.first.map { String(ranks[$0.id]!) } : nil,
      startOffset: range.lowerBound)
  }

  private func clamped(_ start: Int, _ end: Int) -> Range<Int> {
    let lower = min(max(0, start), items.count)
    return lower..<min(max(lower, end), items.count)
  }
}
