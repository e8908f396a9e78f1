import Foundation
import ListKit

/// One read a ``GatedPageCache`` received; it returns only when the test answers it.
final class PendingCacheRead: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  let key: PageCacheKey
  private let lock = NSLock()
  private var continuation: CheckedContinuation<PageCacheLookup<TestItem>, Never>?
  private var answer: PageCacheLookup<TestItem>?

  init(key: PageCacheKey) { self.key = key }

  /// Ends the read with `lookup`, once; later calls do nothing.
  func answer(_ lookup: PageCacheLookup<TestItem>) {
    let ready: CheckedContinuation<PageCacheLookup<TestItem>, Never>? = lock.withLock {
      guard answer == nil else { return nil }
      answer = lookup
      defer { continuation = nil }
      return continuation
    }
    ready?.resume(returning: lookup)
  }

  fileprivate func attach(_ continuation: CheckedContinuation<PageCacheLookup<TestItem>, Never>) {
    let early: PageCacheLookup<TestItem>? = lock.withLock {
      if let answer { return answer }
      self.continuation = continuation
      return nil
    }
    if let early { continuation.resume(returning: early) }
  }
}

/// A `PageCache` whose reads return only when the test answers them (a slow, late or stuck disk).
///
/// Reads ignore cancellation; saves go through at once and are recorded.
///
/// A test that leaves reads unanswered calls ``answerAll()`` at its end, so no task is left
/// suspended.
final class GatedPageCache: PageCache, @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var pending: [PendingCacheRead] = []
  private var saved: [(key: PageCacheKey, page: Page<TestItem>)] = []
  private let received: AsyncStream<PendingCacheRead>.Continuation
  /// The reads, in the order they arrive.
  let reads: AsyncStream<PendingCacheRead>

  init() {
    (reads, received) = AsyncStream.makeStream(of: PendingCacheRead.self)
  }

  /// Every save, in order, with its key.
  var saves: [(key: PageCacheKey, page: Page<TestItem>)] { lock.withLock { saved } }

  /// Answers every read not yet answered with a miss.
  func answerAll() {
    for read in lock.withLock({ pending }) { read.answer(.miss(.notFound)) }
  }

  func loadFirstPage(for key: PageCacheKey) async -> PageCacheLookup<TestItem> {
    let read = PendingCacheRead(key: key)
    lock.withLock { pending.append(read) }
    return await withCheckedContinuation { continuation in
      read.attach(continuation)
      received.yield(read)
    }
  }

  func saveFirstPage(_ page: Page<TestItem>, for key: PageCacheKey) async throws(PageCacheError) {
    lock.withLock { saved.append((key, page)) }
  }

  func removeFirstPage(for key: PageCacheKey) async {}
}
