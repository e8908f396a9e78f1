import Foundation
import ListKit
import Testing

@testable import ListKitCache

/// Many tasks saving and loading at once, over keys they share and keys of their own, through
/// one cache and through two caches on the same directory (as two processes would be).
@Suite struct FilePageCacheConcurrencyTests {
  struct TaggedItem: Codable, Sendable, Equatable {
    var writer: Int
    var index: Int
  }

  /// The page writer `writer` saves: its tag on every item, a length of its own.
  static func page(by writer: Int) -> Page<TaggedItem> {
    let count = 20 + writer % 37
    return Page(
      items: (0..<count).map { TaggedItem(writer: writer, index: $0) }, hasMore: writer % 2 == 0,
      nextCursor: "w\(writer)", totalCount: count)
  }

  /// Whether a page is exactly one writer's page, and whose.
  static func writer(of page: Page<TaggedItem>) -> Int? {
    guard let cursor = page.nextCursor, cursor.hasPrefix("w"), let writer = Int(cursor.dropFirst()) else {
      return nil
    }
    return page == Self.page(by: writer) ? writer : nil
  }

  static let sharedKeys = (0..<5).map {
    PageCacheKey(listName: "shared", context: RequestContext(userToken: "u\($0 % 2)"), query: "\($0)")
  }

  static func ownKey(_ writer: Int) -> PageCacheKey {
    PageCacheKey(listName: "own", context: RequestContext(userToken: "user-\(writer)"))
  }

  @Test(arguments: [1, 2])
  func concurrentSavesAndLoadsLoseNoWriteAndNeverTear(instances: Int) async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let caches = (0..<instances).map { _ in
      FilePageCache<TaggedItem>(directory: directory, timeToLive: .seconds(3_600), byteLimit: 1 << 30)
    }
    let writers = 100

    // Each task saves its page under its own key and under a shared one, then reads both back;
    // other tasks only read the shared keys while all this goes on.
    let problems = await withTaskGroup(of: [String].self) { group in
      for writer in 0..<writers {
        group.addTask {
          let cache = caches[writer % caches.count]
          let shared = Self.sharedKeys[writer % Self.sharedKeys.count]
          var problems: [String] = []
          do {
            try await cache.saveFirstPage(Self.page(by: writer), for: Self.ownKey(writer))
            try await cache.saveFirstPage(Self.page(by: writer), for: shared)
          } catch {
            return ["writer \(writer): save failed: \(error)"]
          }
          switch await cache.loadFirstPage(for: Self.ownKey(writer)) {
          case .hit(let cached) where cached.page == Self.page(by: writer):
            break
          case let other:
            problems.append("writer \(writer): its own key gave \(other)")
          }
          switch await cache.loadFirstPage(for: shared) {
          case .hit(let cached):
            if Self.writer(of: cached.page).map({ $0 % Self.sharedKeys.count }) != writer
              % Self.sharedKeys.count
            {
              problems.append("writer \(writer): a torn or foreign page under its shared key")
            }
          case let other:
            problems.append("writer \(writer): its shared key gave \(other)")
          }
          return problems
        }
        group.addTask {
          let cache = caches[(writer + 1) % caches.count]
          let key = Self.sharedKeys[(writer * 3) % Self.sharedKeys.count]
          switch await cache.loadFirstPage(for: key) {
          case .hit(let cached) where Self.writer(of: cached.page) == nil:
            return ["reader \(writer): a torn page"]
          case .hit, .miss(.notFound):
            return []
          case .miss(let reason):
            return ["reader \(writer): \(reason)"]
          }
        }
      }
      var all: [String] = []
      for await problems in group {
        all += problems
      }
      return all
    }
    #expect(problems.isEmpty, "\(problems.prefix(10))")

    // No write was lost: a fresh cache finds every writer's own page, and each shared key holds
    // one whole page of one of the writers that saved it.
    let fresh = FilePageCache<TaggedItem>(
      directory: directory, timeToLive: .seconds(3_600), byteLimit: 1 << 30)
    for writer in 0..<writers {
      #expect(
        await fresh.loadFirstPage(for: Self.ownKey(writer)).page == Self.page(by: writer), "writer \(writer)")
    }
    for (number, key) in Self.sharedKeys.enumerated() {
      let holder = await fresh.loadFirstPage(for: key).page.flatMap(Self.writer(of:))
      #expect(holder.map { $0 % Self.sharedKeys.count } == number, "shared key \(number)")
    }
    #expect(CacheFixtures.fileNames(in: directory).count == writers + Self.sharedKeys.count)
    let bytesOnDisk = try CacheFixtures.fileNames(in: directory).reduce(0) {
      $0 + (try Data(contentsOf: directory.appendingPathComponent($1)).count)
    }
    #expect(await fresh.totalBytes == bytesOnDisk)
    if instances == 1 {
      #expect(await caches[0].totalBytes == bytesOnDisk)
    }
  }
}

extension PageCacheLookup {
  /// The page of a hit.
  fileprivate var page: Page<Item>? {
    if case .hit(let cached) = self { return cached.page }
    return nil
  }
}
