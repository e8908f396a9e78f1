import Foundation
import ListKit

/// A list item whose `version` tells two loads of one id apart.
struct TestItem: Identifiable, Hashable, Sendable, Codable, CustomStringConvertible {
  let id: Int
  var version: Int = 0

  var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// Items with the given ids, version 0.
func testItems(_ ids: some Sequence<Int>, version: Int = 0) -> [TestItem] {
  ids.map { TestItem(id: $0, version: version) }
}

/// A fixed point in time for ages.
let testNow = Date(timeIntervalSince1970: 1_800_000_000)

/// A loader error whose description carries the token, to prove it never reaches a message.
struct LeakyLoaderError: Error, CustomStringConvertible {
  let token: String
  var description: String { "GET /items?token=\(token) failed with 503" }
}

/// A loader error with a user-facing description.
struct FriendlyLoaderError: LocalizedError {
  let text: String
  var errorDescription: String? { text }
}

/// One request a ``ScriptedLoader`` received; the test ends it by hand, in any order.
final class PendingLoad: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  let request: PageRequest
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Page<TestItem>, any Error>?
  private var outcome: Result<Page<TestItem>, any Error>?
  private var wasCancelled = false

  init(request: PageRequest) { self.request = request }

  /// Whether the loading task was cancelled while this request was pending.
  var sawCancellation: Bool { lock.withLock { wasCancelled } }

  /// Whether the request has ended (answered, failed or cancelled).
  var isAnswered: Bool { lock.withLock { outcome != nil } }

  func succeed(_ page: Page<TestItem>) { resume(.success(page)) }
  func fail(_ error: any Error) { resume(.failure(error)) }

  /// Ends the request once; later calls do nothing (a request may already have ended by
  /// cancellation).
  func resume(_ result: Result<Page<TestItem>, any Error>) {
    let ready: CheckedContinuation<Page<TestItem>, any Error>? = lock.withLock {
      guard outcome == nil else { return nil }
      outcome = result
      defer { continuation = nil }
      return continuation
    }
    ready?.resume(with: result)
  }

  fileprivate func attach(_ continuation: CheckedContinuation<Page<TestItem>, any Error>) {
    let early: Result<Page<TestItem>, any Error>? = lock.withLock {
      if let outcome { return outcome }
      self.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  fileprivate func cancelled(honoring: Bool) {
    lock.withLock { wasCancelled = true }
    if honoring { resume(.failure(CancellationError())) }
  }
}

/// A loader whose every request waits until the test ends it, so responses arrive in any order.
///
/// By default it ignores cancellation, as a server that already answered would: a cancelled
/// request still delivers its response when the test resumes it.
///
/// A request the test never ends is ended with `CancellationError` once the test lets go of the
/// request stream (at the end of the test), so no load task stays suspended — with the list
/// it holds — after its test.
struct ScriptedLoader: PageLoader {
  let honorsCancellation: Bool
  private let received: AsyncStream<PendingLoad>.Continuation
  private let unanswered: UnansweredLoads

  /// Makes a loader and the stream of the requests it receives.
  static func make(honorsCancellation: Bool = false) -> (ScriptedLoader, AsyncStream<PendingLoad>) {
    let (stream, continuation) = AsyncStream.makeStream(of: PendingLoad.self)
    let unanswered = UnansweredLoads()
    // Called when the test's stream and its iterators are gone, or when the loader is.
    continuation.onTermination = { _ in unanswered.cancelAll() }
    let loader = ScriptedLoader(
      honorsCancellation: honorsCancellation, received: continuation, unanswered: unanswered)
    return (loader, stream)
  }

  private init(
    honorsCancellation: Bool, received: AsyncStream<PendingLoad>.Continuation, unanswered: UnansweredLoads
  ) {
    self.honorsCancellation = honorsCancellation
    self.received = received
    self.unanswered = unanswered
  }

  func loadPage(_ request: PageRequest) async throws -> Page<TestItem> {
    let pending = PendingLoad(request: request)
    let honoring = honorsCancellation
    unanswered.add(pending)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending.attach(continuation)
        if case .terminated = received.yield(pending) { pending.fail(CancellationError()) }
      }
    } onCancel: {
      pending.cancelled(honoring: honoring)
    }
  }
}

/// The requests of one ``ScriptedLoader``, so that those never answered can be ended.
final class UnansweredLoads: @unchecked Sendable {
  // @unchecked: `loads` and `ended` are guarded by `lock` (an NSLock, which ThreadSanitizer sees).
  private let lock = NSLock()
  private var loads: [PendingLoad] = []
  private var ended = false

  func add(_ load: PendingLoad) {
    let ended = lock.withLock {
      loads.removeAll { $0.isAnswered }
      loads.append(load)
      return self.ended
    }
    if ended { load.fail(CancellationError()) }
  }

  /// Ends every request not answered yet with `CancellationError`, and every later one at once.
  func cancelAll() {
    let all = lock.withLock {
      ended = true
      defer { loads = [] }
      return loads
    }
    for load in all { load.fail(CancellationError()) }
  }
}

/// A `PageCache` in memory whose saves can be held back, to prove that nothing waits for them.
final class InMemoryPageCache: PageCache, @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var storedEntries: [PageCacheKey: CachedPage<TestItem>] = [:]
  private var saves = 0
  private var missReason: PageCacheMiss?
  private var saveError: PageCacheError?
  private var holding = false
  private var heldSaves: [CheckedContinuation<Void, Never>] = []
  private let savedAt: Date

  init(savedAt: Date = testNow) { self.savedAt = savedAt }

  var entries: [PageCacheKey: CachedPage<TestItem>] { lock.withLock { storedEntries } }
  /// The saves that ended (stored or failed).
  var saveCount: Int { lock.withLock { saves } }

  func put(_ page: Page<TestItem>, for key: PageCacheKey, savedAt: Date) {
    lock.withLock { storedEntries[key] = CachedPage(page: page, savedAt: savedAt) }
  }

  func failReads(with reason: PageCacheMiss) { lock.withLock { missReason = reason } }
  func failSaves(with error: PageCacheError?) { lock.withLock { saveError = error } }

  /// Makes every save wait until ``releaseSaves()``.
  func holdSaves() { lock.withLock { holding = true } }

  /// Lets the held saves, and the next ones, go through.
  func releaseSaves() {
    let held = lock.withLock {
      holding = false
      defer { heldSaves = [] }
      return heldSaves
    }
    for save in held { save.resume() }
  }

  func loadFirstPage(for key: PageCacheKey) async -> PageCacheLookup<TestItem> {
    lock.withLock {
      if let missReason { return .miss(missReason) }
      guard let entry = storedEntries[key] else { return .miss(.notFound) }
      return .hit(entry)
    }
  }

  func saveFirstPage(_ page: Page<TestItem>, for key: PageCacheKey) async throws(PageCacheError) {
    await withCheckedContinuation { (gate: CheckedContinuation<Void, Never>) in
      let goNow = lock.withLock {
        if holding { heldSaves.append(gate) }
        return !holding
      }
      if goNow { gate.resume() }
    }
    let failure: PageCacheError? = lock.withLock {
      saves += 1
      if let saveError { return saveError }
      storedEntries[key] = CachedPage(page: page, savedAt: savedAt)
      return nil
    }
    if let failure { throw failure }
  }

  func removeFirstPage(for key: PageCacheKey) async {
    lock.withLock { storedEntries[key] = nil }
  }
}

extension PagingConfiguration {
  /// A configuration for tests; the values are valid by construction.
  static func test(
    _ style: PagingStyle = .pageIndex(firstIndex: 0), pageSize: Int = 3, firstPageSize: Int? = nil,
    prefetchDistance: Int? = nil, duplicatePolicy: DuplicateIDPolicy = .keepFirst,
    maximumItemCount: Int? = nil, refreshMode: PagingRefreshMode = .fromStart
  ) -> PagingConfiguration {
    do {
      return try PagingConfiguration(
        style: style, pageSize: pageSize, firstPageSize: firstPageSize,
        prefetchDistance: prefetchDistance, duplicatePolicy: duplicatePolicy,
        maximumItemCount: maximumItemCount, refreshMode: refreshMode)
    } catch {
      preconditionFailure("invalid test configuration: \(error)")
    }
  }
}
