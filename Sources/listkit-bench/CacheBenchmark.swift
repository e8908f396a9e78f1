import Dispatch
import Foundation
import ListKit

/// Measures save + load of a 1,000-item first page through `FilePageCache`.
///
/// The baseline is the plain way: a `JSONEncoder`, `Data.write(to:)`, `Data(contentsOf:)` and a
/// `JSONDecoder` of the same items, in the same run and directory. Target: FilePageCache at most
/// 1.3× the baseline.
///
/// FilePageCache does more than the baseline on purpose: a temporary file, `fsync`, a rename,
/// a header, the expiry and schema checks and the last-access stamp. A third row shows the
/// baseline with the same `fsync`, so the cost of durability can be told from the cache's own.
func runCacheBenchmark() {
  let rounds = 60
  let items = (0..<1_000).map(BenchItem.init(number:))
  let page = Page(items: items, hasMore: true, nextCursor: "page-2", totalCount: 25_000)
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("listkit-bench-cache-\(ProcessInfo.processInfo.processIdentifier)")
  defer { try? FileManager.default.removeItem(at: directory) }
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

  let cache = FilePageCache<BenchItem>(directory: directory.appendingPathComponent("cache"))
  let key = PageCacheKey(listName: "bench", userToken: "bench-token")
  let plainFile = directory.appendingPathComponent("plain.json")
  let syncedFile = directory.appendingPathComponent("synced.json")

  func cacheRound() -> Double {
    blockingAwait {
      let start = ContinuousClock.now
      try! await cache.saveFirstPage(page, for: key)
      guard case .hit(let cached) = await cache.loadFirstPage(for: key), cached.page.items.count == 1_000
      else { fatalError("cache benchmark: the page did not come back") }
      return seconds(ContinuousClock.now - start)
    }
  }
  func plainRound(fsyncing: Bool, file: URL) -> Double {
    let start = ContinuousClock.now
    let data = try! JSONEncoder().encode(items)
    try! data.write(to: file)
    if fsyncing {
      let handle = try! FileHandle(forWritingTo: file)
      try! handle.synchronize()
      try! handle.close()
    }
    let back = try! JSONDecoder().decode([BenchItem].self, from: Data(contentsOf: file))
    precondition(back.count == 1_000)
    return seconds(ContinuousClock.now - start)
  }

  for _ in 0..<5 {
    _ = cacheRound()
    _ = plainRound(fsyncing: false, file: plainFile)
    _ = plainRound(fsyncing: true, file: syncedFile)
  }
  var cacheTimes: [Double] = []
  var plainTimes: [Double] = []
  var syncedTimes: [Double] = []
  for _ in 0..<rounds {
    cacheTimes.append(cacheRound())
    plainTimes.append(plainRound(fsyncing: false, file: plainFile))
    syncedTimes.append(plainRound(fsyncing: true, file: syncedFile))
  }

  let bytes = (try? Data(contentsOf: plainFile).count) ?? 0
  let plain = median(plainTimes)
  let cached = median(cacheTimes)
  let synced = median(syncedTimes)
  #if DEBUG
    let build = "debug"
  #else
    let build = "release"
  #endif
  print("cache: save + load of a 1,000-item first page (\(bytes / 1024) KiB of JSON), \(build) build,")
  print("       median of \(rounds) rounds, each kind interleaved in one run")
  print(row("baseline: JSONEncoder + Data.write + Data(contentsOf:) + JSONDecoder", plain, plain))
  print(row("baseline + fsync (same durability as the cache)", synced, plain))
  print(row("FilePageCache save + load (temp file, fsync, rename, checks)", cached, plain))
  let verdict = cached / plain <= 1.3 ? "met" : "NOT met"
  print("       target FilePageCache ≤ 1.30× baseline: \(verdict) (\(format(cached / plain))×)")
}

private struct BenchItem: Codable, Sendable {
  var id: Int
  var title: String
  var subtitle: String
  var imageURL: String
  var likes: Int
  var createdAt: Double
  var tags: [String]

  init(number: Int) {
    id = number
    title = "Photo number \(number)"
    subtitle = "Taken by photographer \(number % 97) in city \(number % 13)"
    imageURL = "https://images.example.com/photos/\(number)/large.jpg"
    likes = number * 37 % 1_000
    createdAt = 1_790_000_000 + Double(number) * 61.5
    tags = ["tag\(number % 7)", "tag\(number % 11)", "landscape"]
  }
}

private func row(_ label: String, _ value: Double, _ baseline: Double) -> String {
  let padded = label.padding(toLength: 70, withPad: " ", startingAt: 0)
  return "  \(padded) \(format(value * 1_000)) ms  \(format(value / baseline))×"
}

private func format(_ value: Double) -> String {
  String(format: "%.2f", value)
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

private func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

/// Runs async work to completion from synchronous benchmark code.
private func blockingAwait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    box.value = await work()
    done.signal()
  }
  done.wait()
  return box.value!
}

// Written once by the task before it signals, read after the wait: the semaphore orders the two
// accesses, which the compiler cannot see.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
