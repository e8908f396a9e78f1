import Dispatch
import Foundation
import ListKit
import ListKitCache

/// Measures save + load of a 1,000-item first page through `FilePageCache`.
///
/// The baseline is the plain way: a `JSONEncoder`, `Data.write(to:)`, `Data(contentsOf:)` and a
/// `JSONDecoder` of the same items, in the same run and directory. Target: FilePageCache at most
/// 1.3× the baseline.
///
/// FilePageCache does more than the baseline on purpose: a temporary file, `fsync`, a rename,
/// a header with a CRC-32C of the entry (computed on save, checked on load), the file type,
/// owner and size checks, the expiry and schema checks and the last-access stamp. A third row
/// shows the baseline with the same `fsync`, so the cost of durability can be told from the
/// cache's own. Last, the two checksums the package has are timed on the same bytes, which is
/// why entries carry a CRC-32C rather than a SHA-256.
func runCacheBenchmark() {
  let rounds = 60
  let items = (0..<1_000).map(CacheBenchItem.init(number:))
  let page = Page(items: items, hasMore: true, nextCursor: "page-2", totalCount: 25_000)
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("listkit-bench-cache-\(ProcessInfo.processInfo.processIdentifier)")
  defer { try? FileManager.default.removeItem(at: directory) }
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

  let cache = FilePageCache<CacheBenchItem>(directory: directory.appendingPathComponent("cache"))
  let key = PageCacheKey(listName: "bench", context: RequestContext(userToken: "bench-token"))
  let plainFile = directory.appendingPathComponent("plain.json")
  let syncedFile = directory.appendingPathComponent("synced.json")

  // Each round times the save and the load apart; the target is on their sum.
  func cacheRound() -> Timing {
    blockingAwait {
      let start = ContinuousClock.now
      try! await cache.saveFirstPage(page, for: key)
      let saved = ContinuousClock.now
      guard case .hit(let cached) = await cache.loadFirstPage(for: key), cached.page.items.count == 1_000
      else { fatalError("cache benchmark: the page did not come back") }
      return Timing(save: seconds(saved - start), load: seconds(ContinuousClock.now - saved))
    }
  }
  func plainRound(fsyncing: Bool, file: URL) -> Timing {
    let start = ContinuousClock.now
    let data = try! JSONEncoder().encode(items)
    try! data.write(to: file)
    if fsyncing {
      let handle = try! FileHandle(forWritingTo: file)
      try! handle.synchronize()
      try! handle.close()
    }
    let saved = ContinuousClock.now
    let back = try! JSONDecoder().decode([CacheBenchItem].self, from: Data(contentsOf: file))
    precondition(back.count == 1_000)
    return Timing(save: seconds(saved - start), load: seconds(ContinuousClock.now - saved))
  }

  for _ in 0..<5 {
    _ = cacheRound()
    _ = plainRound(fsyncing: false, file: plainFile)
    _ = plainRound(fsyncing: true, file: syncedFile)
  }
  var cacheTimes: [Timing] = []
  var plainTimes: [Timing] = []
  var syncedTimes: [Timing] = []
  for _ in 0..<rounds {
    cacheTimes.append(cacheRound())
    plainTimes.append(plainRound(fsyncing: false, file: plainFile))
    syncedTimes.append(plainRound(fsyncing: true, file: syncedFile))
  }

  let bytes = (try? Data(contentsOf: plainFile).count) ?? 0
  #if DEBUG
    let build = "debug"
  #else
    let build = "release"
  #endif
  print("cache: save + load of a 1,000-item first page (\(bytes / 1024) KiB of JSON), \(build) build,")
  print("       median of \(rounds) rounds, the three kinds interleaved in one run; ratios to the baseline")
  print(
    "  " + "".padding(toLength: 64, withPad: " ", startingAt: 0) + "  " + columns(["save", "load", "total"]))
  let plain = Summary(plainTimes)
  print(plain.row("baseline: JSONEncoder+Data.write, Data(contentsOf:)+JSONDecoder", against: plain))
  let synced = Summary(syncedTimes)
  print(synced.row("baseline + fsync (the cache's durability)", against: plain))
  let cached = Summary(cacheTimes)
  print(cached.row("FilePageCache (temp file, fsync, rename, CRC-32C, checks)", against: plain))
  let ratio = cached.total / plain.total
  print(
    "       target FilePageCache save + load ≤ 1.30× baseline: \(ratio <= 1.3 ? "met" : "NOT met") (\(format(ratio))×)"
  )
  // The fsync waits for the disk, which other processes share: where it is slow, this line
  // tells the cache's own cost from the wait.
  print("       FilePageCache against baseline + fsync: \(format(cached.total / synced.total))×")
  printChecksumTimes(of: try! Data(contentsOf: plainFile))
}

/// Times one pass of each checksum over the entry's bytes (the median of interleaved rounds).
private func printChecksumTimes(of bytes: Data) {
  var crcTimes: [Double] = []
  var shaTimes: [Double] = []
  var sink: UInt32 = 0
  for _ in 0..<25 {
    var start = ContinuousClock.now
    sink ^= CRC32C.checksum(bytes)
    crcTimes.append(seconds(ContinuousClock.now - start))
    start = ContinuousClock.now
    sink ^= UInt32(SHA256.digest(bytes)[0])
    shaTimes.append(seconds(ContinuousClock.now - start))
  }
  let crc = median(crcTimes)
  let sha = median(shaTimes)
  print(
    "  checksum of the same \(bytes.count / 1024) KiB, one pass: CRC-32C \(format(crc * 1_000)) ms, "
      + "SHA-256 \(format(sha * 1_000)) ms (\(format(sha / crc))× CRC-32C)  [\(sink & 1)]")
}

private struct Timing {
  var save: Double
  var load: Double
}

/// Medians of a kind of round, taken apart for save, load and their sum.
private struct Summary {
  var save: Double
  var load: Double
  var total: Double

  init(_ timings: [Timing]) {
    save = median(timings.map(\.save))
    load = median(timings.map(\.load))
    total = median(timings.map { $0.save + $0.load })
  }

  func row(_ label: String, against baseline: Summary) -> String {
    let padded = label.padding(toLength: 64, withPad: " ", startingAt: 0)
    func cell(_ value: Double, _ base: Double) -> String {
      "\(format(value * 1_000)) ms \(format(value / base))×"
    }
    return "  \(padded)  "
      + columns([cell(save, baseline.save), cell(load, baseline.load), cell(total, baseline.total)])
  }
}

private struct CacheBenchItem: Codable, Sendable {
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

private func columns(_ cells: [String]) -> String {
  cells.map { $0.padding(toLength: 17, withPad: " ", startingAt: 0) }.joined()
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
