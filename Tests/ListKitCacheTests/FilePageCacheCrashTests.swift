import Dispatch
import Foundation
import ListKit
import ListKitFixtures
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

/// Kills a process that is writing large entries, and checks what it leaves.
///
/// Every entry must be whole or absent. The writer is the `listkit-cache-writer` fixture, which
/// `swift build --build-tests` and `swift test` build beside the test binary.
///
/// Half the kills come at a random moment. A write is a few milliseconds of each save (the rest
/// is encoding), so random kills rarely land inside one; the other half therefore wait until a
/// temporary file appears in the directory and kill the writer a random fraction of a
/// millisecond later, in the middle of writing, flushing or renaming.
@Suite struct FilePageCacheCrashTests {
  /// The item the writer saves (its source: Sources/listkit-cache-writer/main.swift).
  struct CrashItem: Codable, Sendable {
    var generation: Int
    var index: Int
    var payload: String
  }

  static let keys = (0..<4).map {
    PageCacheKey(listName: "crash", context: RequestContext(userToken: "writer-token"), query: "q\($0)")
  }

  @Test func writerKilledAtRandomMomentsLeavesEveryEntryWholeOrAbsent() async throws {
    let writer = try #require(
      Self.writerExecutable(),
      "listkit-cache-writer is not beside the test binary: `swift build --build-tests` builds it")
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let minimumKills = Sweep.runs(20, heavy: 200)
    let seed = UInt64(ProcessInfo.processInfo.environment["LISTKIT_SEED"] ?? "") ?? 0x5EED_CAC4E
    var random = SplitMix64(seed: seed)

    var kills = 0
    var killsMidWrite = 0
    var wholeEntriesChecked = 0
    while kills < 2 * minimumKills {
      let targeted = kills % 2 == 1
      let delay =
        targeted
        ? UInt32.random(in: 0..<1_000, using: &random) : UInt32.random(in: 0..<150_000, using: &random)
      switch await Self.runAndKill(writer, directory: directory, targeted: targeted, delay: delay) {
      case .stoppedBeforeReady(let message):
        Issue.record("the writer stopped before its first save (seed \(seed)): \(message)")
        return
      case .failedToStart(let message):
        Issue.record("the writer did not start (seed \(seed)): \(message)")
        return
      case .ended(let reason):
        #expect(reason == .signal(SIGKILL), "the writer exited by itself (seed \(seed))")
      }
      kills += 1

      let names = CacheFixtures.fileNames(in: directory)
      let temporary = names.filter { $0.hasPrefix(".tmp-") }
      if !temporary.isEmpty { killsMidWrite += 1 }
      for name in temporary {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
      }

      let cache = FilePageCache<CrashItem>(
        directory: directory, timeToLive: .seconds(1_000_000), byteLimit: 1 << 40)
      let expectedNames = Set(Self.keys.map { CacheFileName(key: $0).value })
      for name in names where !name.hasPrefix(".tmp-") {
        #expect(expectedNames.contains(name), "a stray file \(name) after kill \(kills) (seed \(seed))")
      }
      for key in Self.keys {
        switch await cache.loadFirstPage(for: key) {
        case .hit(let cached):
          if let problem = Self.problem(in: cached.page) {
            Issue.record("kill \(kills): a torn entry for \(key.query ?? ""): \(problem) (seed \(seed))")
          }
          wholeEntriesChecked += 1
        case .miss(.notFound):
          break
        case .miss(let reason):
          Issue.record("kill \(kills): the entry for \(key.query ?? "") is damaged: \(reason) (seed \(seed))")
        }
      }
    }
    print(
      "FilePageCacheCrashTests: \(kills) kills, \(killsMidWrite) inside a write, \(wholeEntriesChecked) "
        + "entries checked whole (seed \(seed))")
    #expect(killsMidWrite >= minimumKills / 2, "few kills landed inside a write; the test proved little")
    #expect(wholeEntriesChecked > 0)
  }

  /// Starts the writer, waits until it is ready (and, when `targeted`, until a write is under
  /// way), waits `delay` microseconds and kills it.
  static func runAndKill(_ writer: URL, directory: URL, targeted: Bool, delay: UInt32) async
    -> KilledChild.Outcome
  {
    await KilledChild.run(writer, arguments: [directory.path], delay: delay) {
      if targeted { waitForTemporaryFile(in: directory, timeout: .seconds(5)) }
    }
  }

  /// Returns once a temporary file exists in the directory (a write is under way), or after the
  /// timeout.
  static func waitForTemporaryFile(in directory: URL, timeout: Duration) {
    // NB: a bound on watching another process's files, which give no event to await.
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      if names.contains(where: { $0.hasPrefix(".tmp-") }) { return }
      usleep(100)  // NB: a write lasts milliseconds; leave the CPU to the writer
    }
  }

  /// What is wrong with a page the writer saved, or `nil` when it is whole.
  static func problem(in page: Page<CrashItem>) -> String? {
    guard let cursor = page.nextCursor, cursor.hasPrefix("g"), let generation = Int(cursor.dropFirst()) else {
      return "cursor \(page.nextCursor ?? "nil")"
    }
    guard page.items.count == page.totalCount, page.items.count == 8 + generation % 8 else {
      return "\(page.items.count) items, total \(page.totalCount ?? -1), generation \(generation)"
    }
    for (index, item) in page.items.enumerated() {
      let letter = String(UnicodeScalar(UInt8(97 + (generation + index) % 26)))
      let payload = String(repeating: letter, count: 200_000 + (generation + index) * 7_919 % 10_000)
      guard item.generation == generation, item.index == index, item.payload == payload else {
        return "item \(index) does not belong to generation \(generation)"
      }
    }
    return nil
  }

  /// The writer fixture: `LISTKIT_CACHE_WRITER`, or the build products directory that holds the
  /// running test binary.
  static func writerExecutable() -> URL? {
    if let path = ProcessInfo.processInfo.environment["LISTKIT_CACHE_WRITER"] {
      return URL(fileURLWithPath: path)
    }
    return FixtureExecutable.url(named: "listkit-cache-writer")
  }
}
