import Foundation
import ListKit
import Testing

@testable import ListKitCache

/// The cache's file I/O blocks (reads, writes, `fsync`, directory listings), so it runs on the
/// cache's own executor and never on a thread of the cooperative pool.
@Suite struct FilePageCacheExecutorTests {
  @Test func everyFileOperationRunsOnTheCachesOwnExecutor() async throws {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = FilePageCache<Photo>(
      directory: directory.appendingPathComponent("nested", isDirectory: true), byteLimit: 1 << 20)
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "token-1"))
    let other = PageCacheKey(listName: "photos", context: RequestContext(userToken: "token-2"))
    // Every public operation: the first save creates the directory, the first read lists it.
    _ = await cache.loadFirstPage(for: key)
    try await cache.saveFirstPage(CacheFixtures.page(3), for: key)
    try await cache.saveFirstPage(CacheFixtures.page(2), for: other)
    #expect(await cache.loadFirstPage(for: key).hit != nil)
    await cache.removeFirstPage(for: other)
    await cache.removeEntries(forUser: .token("token-1"))
    await cache.removeAll()
    let counts = cache.ioAudit.counts
    #expect(counts.offExecutor == 0, "\(counts.offExecutor) file operations ran off the cache's executor")
    #expect(counts.onExecutor > 7, "the audit saw \(counts.onExecutor) file operations")
  }

  @Test func anOperationOffTheExecutorCountsAsOff() async {
    let directory = CacheFixtures.temporaryDirectory()
    defer { CacheFixtures.removeDirectory(directory) }
    let cache = FilePageCache<Photo>(directory: directory)
    // Off the executor, the audit must see an operation as off it: otherwise the test above
    // could not fail.
    cache.ioAudit.record()
    #expect(cache.ioAudit.counts.offExecutor == 1)
  }
}
