import Foundation
import ListKit
import ListKitDemoSupport
import ListKitHTTP
import Testing

/// The loopback JSON API of ListKitHTTP's tests (Tests/ListKitHTTPTests/Fixtures/page_server.py,
/// used from there) on an ephemeral port, for the length of one test.
///
/// Starting and stopping block (reading the port, waiting for the exit), so they run on threads
/// of their own, off the two threads of Swift's cooperative pool.
final class FixtureServer: Sendable {
  struct NoPort: Error, CustomStringConvertible {
    var output: String
    var description: String { "the fixture server printed no port: \(output)" }
  }

  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ListKitHTTPTests/Fixtures/page_server.py")

  let port: Int
  private let process: Process
  private let input: Pipe

  private init() throws {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script.path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else {
      process.terminate()
      throw NoPort(output: text)
    }
    self.port = port
    self.process = process
    self.input = input
  }

  func url(_ pathAndQuery: String) -> String {
    "http://127.0.0.1:\(port)\(pathAndQuery)"
  }

  private func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Runs `body` with a fresh server and stops it afterwards, whatever happens.
  @MainActor
  static func with<T>(_ body: @MainActor (FixtureServer) async throws -> T) async throws -> T {
    let server = try await offPool { try FixtureServer() }
    defer { Thread { server.stop() }.start() }
    return try await body(server)
  }
}

/// Runs blocking work on a thread of its own, off Swift's cooperative pool and Dispatch's
/// (which URLSession needs).
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

@MainActor
@Suite struct DemoHTTPTests {
  nonisolated static let pythonIsInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

  func dump(_ arguments: [String]) async throws -> String {
    guard case .run(let options) = try DemoOptions.parse(["--dump"] + arguments) else {
      Issue.record("--help in \(arguments)")
      return ""
    }
    return try await DemoScreen.dump(options: options, loader: options.makeLoader())
  }

  @Test(.enabled(if: pythonIsInstalled), arguments: ["page", "offset", "cursor"])
  func theDemoPagesThroughAJSONAPIInEveryStyle(style: String) async throws {
    try await FixtureServer.with { server in
      let text = try await dump([
        "--url", server.url("/drf/\(style)?total=45"), "--style", style, "--page-size", "20", "--pages", "5",
      ])
      let lines = text.split(separator: "\n").map(String.init)
      #expect(lines[1].hasPrefix("45 photos loaded · 3 pages · 0 pinned · all loaded"), "\(text)")
      #expect(lines[2] == "127.0.0.1 · \(style) paging · pages of 20")
      #expect(lines.contains { $0.hasPrefix("   0   item 0 ") })
      #expect(lines.contains { $0.hasPrefix("  44   item 44 ") })
      #expect(lines.last == "No more data")
    }
  }

  @Test(.enabled(if: pythonIsInstalled))
  func aBareArrayHasMoreWhileItsPagesAreFull() async throws {
    try await FixtureServer.with { server in
      let text = try await dump(["--url", server.url("/array?total=30"), "--page-size", "20", "--pages", "3"])
      #expect(text.contains("30 photos loaded · 2 pages · 0 pinned · all loaded"), "\(text)")
    }
  }

  @Test(.enabled(if: pythonIsInstalled))
  func anAPIErrorShowsWithoutTheTokenAndOffersRetry() async throws {
    try await FixtureServer.with { server in
      let text = try await dump(["--url", server.url("/unauthorized"), "--token", "s3cr3t-token"])
      #expect(text.hasSuffix("— press r to retry"), "\(text)")
      #expect(!text.contains("s3cr3t-token"))
    }
  }

  @Test func theLoaderFollowsTheFlags() throws {
    guard case .run(let options) = try DemoOptions.parse(["--url", "https://api.example.com/photos?x=1"])
    else {
      Issue.record("--help")
      return
    }
    let loader = options.makeHTTPLoader(url: try #require(options.url))
    #expect(loader.baseURL.absoluteString == "https://api.example.com/photos?x=1")
    #expect(loader.authentication == .bearer)
    #expect(loader.parameters == HTTPPagingParameters())
    #expect(options.makeLoader() is HTTPPageLoader<Photo>)
    for (flag, style) in [
      ("page", PagingStyle.pageIndex(firstIndex: 0)), ("offset", .offset), ("cursor", .cursor),
    ] {
      guard case .run(let styled) = try DemoOptions.parse(["--style", flag, "--page-size", "7"]) else {
        return
      }
      let configuration = try styled.pagingConfiguration()
      #expect(configuration.style == style)
      #expect(configuration.pageSize == 7)
    }
  }
}

@Suite struct PhotoJSONTests {
  @Test func aPhotoReadsBackEqualFromTheCacheForm() throws {
    let photos = PhotoDataSet.photos(count: 50, seed: 3)
    let data = try JSONEncoder().encode(photos)
    #expect(try JSONDecoder().decode([Photo].self, from: data) == photos)
  }

  @Test func aPhotoReadsTheShapesAnAPISends() throws {
    let json = """
      [{"id": 1, "title": "Pier", "author": "Ana Jensen", "taken_at": "2026-11-27T10:00:00Z", "likes": 5, "pinned": true},
       {"id": 2, "name": "item 2"},
       {"id": 3, "title": "Tram", "takenAt": 951825600, "isPinned": false}]
      """
    let photos = try JSONDecoder().decode([Photo].self, from: Data(json.utf8))
    #expect(photos.map(\.title) == ["Pier", "item 2", "Tram"])
    #expect(photos[0].day == "2026-11-27" && photos[0].isPinned && photos[0].likes == 5)
    #expect(photos[1].author == "" && photos[1].likes == 0 && !photos[1].isPinned)
    #expect(photos[2].day == "2000-02-29")
  }

  @Test func aPhotoWithoutAnIdOrWithABadDateIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Photo.self, from: Data(#"{"title": "x"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Photo.self, from: Data(#"{"id": 1, "taken_at": "yesterday"}"#.utf8))
    }
  }
}
