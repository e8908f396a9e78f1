import Foundation
import ListKit
import ListKitDemoSupport
import ListKitFixtures
import ListKitHTTP
import Testing

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
    try await withServer { server in
      let text = try await dump([
        "--url", server.url("/drf/\(style)?total=45").absoluteString, "--style", style, "--page-size", "20",
        "--pages", "5",
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
    try await withServer { server in
      let text = try await dump([
        "--url", server.url("/array?total=30").absoluteString, "--page-size", "20", "--pages", "3",
      ])
      #expect(text.contains("30 photos loaded · 2 pages · 0 pinned · all loaded"), "\(text)")
    }
  }

  @Test(.enabled(if: pythonIsInstalled))
  func anAPIErrorShowsWithoutTheTokenAndOffersRetry() async throws {
    try await withServer { server in
      let text = try await dump([
        "--url", server.url("/unauthorized").absoluteString, "--token", "s3cr3t-token",
      ])
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
    #expect(loader.parameters == .standard)
    #expect(try options.pagingConfiguration().style == .pageIndex(firstIndex: 1), "DRF counts pages from 1")
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
