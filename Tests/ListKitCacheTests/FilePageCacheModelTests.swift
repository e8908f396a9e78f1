import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

@testable import ListKitCache

/// Random saves, loads, removals, clock moves and restarts against a plain model of the cache.
///
/// The model holds what the cache promises: a save is read back until its time-to-live, the
/// least recently used entries go first when the total passes the limit, too-large entries are
/// refused, and a restart changes nothing. The first step that leaves the model ends the test,
/// with its seed and step.
@Suite struct FilePageCacheModelTests {

  private struct ModelEntry {
    var page: Page<Photo>
    var savedAt: Date
    var lastAccess: Date
    var bytes: Int
  }

  @Test(arguments: [0x1157_CAC4 as UInt64, 0xF11E_5EED, 42])
  func randomOperationsMatchTheModel(seed: UInt64) async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    var random = SplitMix64(seed: seed)
    let clock = CacheFixtures.ManualClock()
    let ttl = 100.0
    let limit = 3_000  // about four pages of 20 photos; 100 photos do not fit
    var seen: [String: Int] = [:]
    func makeCache() -> FilePageCache<Photo> {
      FilePageCache(directory: directory, timeToLive: .seconds(ttl), byteLimit: limit, now: clock.now)
    }
    var cache = makeCache()
    let keys = (0..<6).map {
      PageCacheKey(listName: "list\($0 % 3)", context: RequestContext(userToken: $0 < 3 ? "u" : nil))
    }
    let names = keys.map { CacheFileName(key: $0).value }
    var model: [Int: ModelEntry] = [:]
    let steps = Sweep.runs(400, heavy: 5_000, light: 400)

    for step in 0..<steps {
      let context = "seed \(seed), step \(step)"
      let slot = Int.random(in: 0..<keys.count, using: &random)
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<40:
        // Mostly pages that fit a few at a time, sometimes one larger than the whole limit.
        let count = Int.random(in: 0..<10, using: &random) == 0 ? 100 : Int.random(in: 0...40, using: &random)
        let page = CacheFixtures.page(count, from: step * 100)
        let saved: Result<Void, PageCacheError>
        do throws(PageCacheError) {
          try await cache.saveFirstPage(page, for: keys[slot])
          saved = .success(())
        } catch {
          saved = .failure(error)
        }
        switch saved {
        case .success:
          let bytes = try Data(contentsOf: directory.appendingPathComponent(names[slot])).count
          try #require(bytes <= limit, "\(context)")
          model[slot] = ModelEntry(page: page, savedAt: clock.date, lastAccess: clock.date, bytes: bytes)
          seen["eviction", default: 0] += evict(&model, sparing: slot, limit: limit, names: names)
        case .failure(.entryTooLarge(let bytes, limit)) where bytes > limit:
          seen["refusal", default: 0] += 1
        case .failure(let error):
          Issue.record("\(context): \(error)")
          return
        }
      case 40..<75:
        let lookup = await cache.loadFirstPage(for: keys[slot])
        guard let entry = model[slot] else {
          try #require(lookup == .miss(.notFound), "\(context)")
          continue
        }
        let age = clock.date.timeIntervalSince(entry.savedAt)
        if abs(age) > ttl {
          try #require(lookup == .miss(.expired(age: .seconds(age))), "\(context)")
          model[slot] = nil
          seen["expiry", default: 0] += 1
        } else {
          try #require(lookup == .hit(CachedPage(page: entry.page, savedAt: entry.savedAt)), "\(context)")
          model[slot]?.lastAccess = clock.date
          seen["hit", default: 0] += 1
        }
      case 75..<82:
        await cache.removeFirstPage(for: keys[slot])
        model[slot] = nil
      case 82..<97:
        clock.advance(by: Double(Int.random(in: 0...60, using: &random)))
      default:
        cache = makeCache()
        seen["restart", default: 0] += 1
      }

      let expectedNames = Set(model.keys.map { names[$0] })
      try #require(Set(CacheFixtures.entryNames(in: directory)) == expectedNames, "\(context)")
      try #require(await cache.totalBytes == model.values.reduce(0) { $0 + $1.bytes }, "\(context)")
    }
    for event in ["hit", "expiry", "eviction", "refusal", "restart"] {
      #expect(seen[event, default: 0] > 0, "seed \(seed) never produced a \(event): \(seen)")
    }
  }

  /// The model's eviction: least recently used first (ties by file name), never the entry just
  /// saved, until the total fits.
  /// - Returns: How many entries it evicted.
  private func evict(_ model: inout [Int: ModelEntry], sparing spared: Int, limit: Int, names: [String])
    -> Int
  {
    let order = model.keys.filter { $0 != spared }.sorted {
      (model[$0]!.lastAccess, names[$0]) < (model[$1]!.lastAccess, names[$1])
    }
    var evicted = 0
    for slot in order where model.values.reduce(0, { $0 + $1.bytes }) > limit {
      model[slot] = nil
      evicted += 1
    }
    return evicted
  }
}
