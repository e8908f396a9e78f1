import Foundation
import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Pages of 100 items from the loopback fixture server, read by `HTTPPageLoader`, against a plain
/// `URLSession` + `JSONDecoder` loop over the same pages in the same run.
///
/// Both sides pay the same server and loopback costs, so the ratio shows the loader's own cost
/// per item (request building, checks, redaction, the style's decoding). Target: at most 1.2×.
func runHTTPBenchmark() async {
  let pageSize = 100
  let pageCount = 50
  let rounds = 15
  guard let server = BenchmarkServer.start() else { return }
  defer { server.stop() }
  print(
    "http: \(pageCount) pages × \(pageSize) items from the loopback Python fixture server, "
      + "\(buildConfiguration) build, median of \(rounds) rounds (after a warm-up)")
  print("  style      plain URLSession+JSONDecoder   HTTPPageLoader   ratio   (target ≤ 1.20×)")
  let total = pageSize * pageCount
  var worst = 0.0
  for style in BenchmarkStyle.allCases {
    let url = server.url("\(style.path)?total=\(total)")
    let plain = PlainLoop(baseURL: url, style: style)
    let loader = HTTPPageLoader<BenchmarkItem>(baseURL: url, style: style.responseStyle)
    var plainTimes: [Double] = []
    var loaderTimes: [Double] = []
    for round in 0...rounds {
      // Alternate which side goes first, so that neither always meets a warmer server.
      let plainFirst = round % 2 == 0
      var plainTime = 0.0
      var loaderTime = 0.0
      if plainFirst { plainTime = await measure(pageCount, pageSize) { try await plain.load($0, $1) } }
      loaderTime = await measure(pageCount, pageSize) { index, size in
        try await loader.loadPage(
          PageRequest(position: .page(index: index, size: size), isFirstPage: index == 0)
        ).items.count
      }
      if !plainFirst { plainTime = await measure(pageCount, pageSize) { try await plain.load($0, $1) } }
      if round > 0 {
        plainTimes.append(plainTime)
        loaderTimes.append(loaderTime)
      }
    }
    let perItemPlain = median(plainTimes) / Double(total) * 1e6
    let perItemLoader = median(loaderTimes) / Double(total) * 1e6
    let ratio = perItemLoader / perItemPlain
    worst = max(worst, ratio)
    print(
      "  \(style.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) "
        + "\(format(perItemPlain)) µs/item".padding(toLength: 31, withPad: " ", startingAt: 0)
        + "\(format(perItemLoader)) µs/item".padding(toLength: 17, withPad: " ", startingAt: 0)
        + "\(format(ratio))×")
  }
  print("  worst ratio \(format(worst))× — \(worst <= 1.2 ? "within" : "OVER") the 1.2× target")
  print("  (PagedList is not on this branch yet: pages are decoded, not merged into a list)")
}

/// Loads `pageCount` pages through `load` and returns the seconds it took; a failure aborts.
private func measure(
  _ pageCount: Int, _ pageSize: Int, _ load: (Int, Int) async throws -> Int
) async -> Double {
  let clock = ContinuousClock()
  let started = clock.now
  var items = 0
  do {
    for index in 0..<pageCount { items += try await load(index, pageSize) }
  } catch {
    print("  load failed: \(error)")
    exit(1)
  }
  let elapsed = clock.now - started
  guard items == pageCount * pageSize else {
    print("  expected \(pageCount * pageSize) items, got \(items)")
    exit(1)
  }
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

private func format(_ value: Double) -> String {
  String(format: "%.2f", value)
}

#if DEBUG
  private let buildConfiguration = "debug"
#else
  private let buildConfiguration = "release"
#endif

struct BenchmarkItem: Decodable, Sendable {
  var id: Int
  var name: String
}

enum BenchmarkStyle: String, CaseIterable {
  case envelope, array

  var path: String { self == .envelope ? "/drf/page" : "/array" }

  var responseStyle: HTTPResponseStyle<BenchmarkItem> {
    self == .envelope ? .envelope() : .array
  }
}

/// The baseline: what an app writes by hand with URLSession and JSONDecoder.
struct PlainLoop {
  struct Envelope: Decodable {
    var count: Int
    var next: String?
    var results: [BenchmarkItem]
  }

  let baseURL: URL
  let style: BenchmarkStyle
  let session = URLSession(configuration: .ephemeral)
  let decoder = JSONDecoder()

  func load(_ index: Int, _ size: Int) async throws -> Int {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
    components.queryItems =
      (components.queryItems ?? []) + [
        URLQueryItem(name: "page", value: String(index + 1)),
        URLQueryItem(name: "page_size", value: String(size)),
      ]
    var request = URLRequest(url: components.url!)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    switch style {
    case .envelope: return try decoder.decode(Envelope.self, from: data).results.count
    case .array: return try decoder.decode([BenchmarkItem].self, from: data).count
    }
  }
}

/// The fixture server, started for the benchmark and stopped at its end.
final class BenchmarkServer {
  let port: Int
  private let process: Process
  private let input: Pipe

  private init(port: Int, process: Process, input: Pipe) {
    self.port = port
    self.process = process
    self.input = input
  }

  /// Finds the script next to this source file, or under the current directory.
  static var script: URL? {
    let relative = "Tests/ListKitHTTPTests/Fixtures/page_server.py"
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      root.appendingPathComponent(relative),
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  static func start() -> BenchmarkServer? {
    guard let script else {
      print("http: cannot find Tests/ListKitHTTPTests/Fixtures/page_server.py; run from the package root")
      return nil
    }
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    process.standardInput = input
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      print("http: cannot start python3: \(error)")
      return nil
    }
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    guard
      let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      print("http: the fixture server printed no port")
      process.terminate()
      return nil
    }
    return BenchmarkServer(port: port, process: process, input: input)
  }

  func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
