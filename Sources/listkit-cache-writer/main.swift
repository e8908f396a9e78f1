// Test fixture for FilePageCacheCrashTests (not a tool): saves large first pages into a
// FilePageCache in a loop until it is killed. The test kills it with SIGKILL at random moments
// and checks that every entry left is whole or absent.
//
// Usage: listkit-cache-writer <directory>
// Prints "ready" once the first entry is saved. Each entry is self-describing, so the test can
// check it without knowing which generation it holds: the cursor is "g<generation>", every item
// carries that generation and its index, `totalCount` is the item count (8 + generation % 8), and
// each payload is 200,000 + (generation + index) * 7,919 % 10,000 copies of the letter
// "a" + (generation + index) % 26.
import Foundation
import ListKit
import ListKitCache

let arguments = CommandLine.arguments
/// The test process: a writer whose parent changed was orphaned.
let parent = getppid()
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: listkit-cache-writer <directory>\n".utf8))
  exit(2)
}

struct CrashItem: Codable, Sendable {
  var generation: Int
  var index: Int
  var payload: String
}

let cache = FilePageCache<CrashItem>(
  directory: URL(fileURLWithPath: arguments[1], isDirectory: true), timeToLive: .seconds(1_000_000),
  byteLimit: 1 << 40)
let keys = (0..<4).map {
  PageCacheKey(listName: "crash", context: RequestContext(userToken: "writer-token"), query: "q\($0)")
}

var generation = Int.random(in: 0..<1_000_000) * 1_000
var announced = false
while true {
  // The test that started this writer is gone (crashed or killed): nothing will kill it.
  if getppid() != parent { exit(0) }
  generation += 1
  // Few items with long strings: a large entry whose encoding is cheap next to its write, so
  // that many kills land inside a write.
  let count = 8 + generation % 8
  let items = (0..<count).map { index in
    CrashItem(
      generation: generation, index: index,
      payload: String(
        repeating: String(UnicodeScalar(UInt8(97 + (generation + index) % 26))),
        count: 200_000 + (generation + index) * 7_919 % 10_000))
  }
  let page = Page(items: items, hasMore: true, nextCursor: "g\(generation)", totalCount: count)
  do {
    try await cache.saveFirstPage(page, for: keys[generation % keys.count])
  } catch {
    FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
    exit(1)
  }
  if !announced {
    announced = true
    FileHandle.standardOutput.write(Data("ready\n".utf8))
  }
}
