import Foundation
import Synchronization

@testable import ListKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Shared fixtures of the cache tests.
enum CacheFixtures {
  /// An item as an app would cache it.
  struct Photo: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

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
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
      current = Mutex(start)
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
}
