import Dispatch
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import ListKitCache

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Shared fixtures of the cache tests.
enum CacheFixtures {
  /// The same item after a model change that makes old entries undecodable.
  struct PhotoWithCaption: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var caption: String
  }

  static func photos(_ count: Int, from first: Int = 0, title: String = "photo") -> [Photo] {
    (first..<first + count).map { Photo(id: $0, title: "\(title) \($0)") }
  }

  static func page(_ count: Int, from first: Int = 0, title: String = "photo") -> Page<Photo> {
    Page(
      items: photos(count, from: first, title: title), hasMore: true, nextCursor: "c\(first)", totalCount: 99)
  }

  /// A clock that moves only when a test moves it.
  final class ManualClock: Sendable {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
      current = Locked(start)
    }

    var date: Date { current.withLock { $0 } }

    func advance(by seconds: Double) {
      current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    var now: @Sendable () -> Date {
      { [self] in date }
    }
  }

  /// A fresh directory under the system's temporary directory; the test removes it.
  static func temporaryDirectory(_ function: String = #function) -> URL {
    let name = "listkit-cache-tests-\(function.prefix { $0.isLetter })-\(UUID().uuidString)"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func removeDirectory(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
  }

  /// The names of the files in a directory, sorted.
  static func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  /// The entry files (not temporary files) in a directory, sorted.
  static func entryNames(in directory: URL) -> [String] {
    fileNames(in: directory).filter { $0.hasSuffix(".json") }
  }

  /// The permission bits of a file.
  static func mode(of url: URL) -> Int {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { return -1 }
    return Int(info.st_mode) & 0o777
  }

  /// The owner of a file, without following a link.
  static func owner(of url: URL) -> UInt32? {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { return nil }
    return UInt32(info.st_uid)
  }

  /// Whether anything (a file, a link, a pipe…) has this path, without following a link.
  static func exists(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0
  }

  /// Records an issue unless the key works again after a miss: a save and a load give the page
  /// back.
  static func expectKeyRecovers(_ cache: FilePageCache<Photo>, _ key: PageCacheKey, _ what: String) async {
    do {
      try await cache.saveFirstPage(page(1), for: key)
    } catch {
      Issue.record("\(what): the save after the miss failed: \(error)")
      return
    }
    #expect(await cache.loadFirstPage(for: key).hit != nil, "\(what): the key did not recover")
  }

  /// The user ID the ownership tests give files to: `nobody` on most systems.
  static let otherUserID: uid_t = 65_534

  /// Whether this process may give files away (`chown`), which the ownership tests need.
  static var canChangeOwners: Bool { geteuid() == 0 }

  /// Loads a key while a named pipe is in the cache, and never hangs the test run.
  ///
  /// The load runs on a task; a thread of the test's own waits for it, at most `seconds`. If it
  /// has not answered by then — a regression that blocks opening or reading the pipe — the
  /// thread opens the pipe's other end and closes it, which releases a reader stuck in `open`
  /// or `read` (and the pool thread under it), and the answer is `nil`, so the test fails
  /// instead of hanging the suite.
  ///
  /// NB: the bound is a hang guard, not a timing assertion: a correct load answers as soon as its
  /// task runs, but under a loaded machine the task can wait its turn behind every other test of
  /// the parallel run (and under a sanitizer), so the guard is generous.
  static func loadWithoutHanging<Item: Codable & Sendable>(
    _ cache: FilePageCache<Item>, _ key: PageCacheKey, pipe: URL, seconds: Double = 600
  ) async -> PageCacheLookup<Item>? {
    let answer = Answer<PageCacheLookup<Item>>()
    let started = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      started.signal()
      let lookup = await cache.loadFirstPage(for: key)
      answer.value.withLock { $0 = lookup }
      done.signal()
    }
    let inTime = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      Thread.detachNewThread {
        // The time runs from the load's start: on a loaded machine the task may wait minutes for a
        // thread first, and that wait says nothing about the pipe.
        started.wait()
        if done.wait(timeout: .now() + seconds) == .success {
          continuation.resume(returning: true)
          return
        }
        let writer = open(pipe.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + seconds)
        continuation.resume(returning: false)
      }
    }
    return inTime ? answer.value.withLock { $0 } : nil
  }

  /// A value one task sets and another reads.
  private final class Answer<Value: Sendable>: Sendable {
    let value = Locked<Value?>(nil)
  }
}

extension PageCacheLookup {
  /// The page of a hit; `nil` for a miss.
  var hit: CachedPage<Item>? {
    guard case .hit(let cached) = self else { return nil }
    return cached
  }
}
