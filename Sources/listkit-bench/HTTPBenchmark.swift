import Foundation
import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Pages of 100 items from the loopback fixture server, read by `HTTPPageLoader`, against a plain `URLSession` + `JSONDecoder` loop over the same
/// pages in the same run.
///
/// Both sides pay the same server and loopback costs, so the ratio shows the loader's own cost
/// per item (request building, checks, redaction, the style's decoding). Target: at most 1.2×.
///
/// The two are interleaved page by page, in rotating order, and compared by their median page
/// time: on a shared machine a burst of other work then hits single pages of every side alike
/// instead of whole runs of one.
func runHTTPBenchmark() {
  // NB: main.swift calls every benchmark synchronously on the main thread. The async work runs
  // in a main-actor task while this function spins the main run loop, which lets that task (and
  // anything else on the main actor) run; a semaphore wait would block the main actor instead.
  MainActor.assumeIsolated {
    let run = BenchmarkRun()
    Task { @MainActor in
      await runHTTPBenchmarkAsync()
      run.isFinished = true
    }
    while !run.isFinished { _ = RunLoop.main.run(mode: .default, before: Date() + 0.01) }
  }
}

@MainActor private final class BenchmarkRun {
  var isFinished = false
}

private let pageSize = 100
private let pageCount = 50
private let rounds = 20

@MainActor private func runHTTPBenchmarkAsync() async {
  guard let server = BenchmarkServer.start() else { return }
  defer { server.stop() }
  print(
    "http: \(pageCount) pages × \(pageSize) items ({\"id\": Int, \"name\": String}) from the loopback "
      + "Python fixture server, \(buildConfiguration) build")
  print("  \(rounds) rounds after a warm-up, interleaved page by page; median page time per item")
  print("  style      plain URLSession+JSONDecoder   HTTPPageLoader")
  var worst = 0.0
  for style in BenchmarkStyle.allCases {
    let url = server.url("\(style.path)?total=\(pageSize * pageCount)")
    let plain = PlainLoop(baseURL: url, style: style)
    let loader = HTTPPageLoader<BenchmarkItem>(baseURL: url, style: style.responseStyle)
    var times: [[Double]] = [[], []]
    for round in 0...rounds {
      for index in 0..<pageCount {
        var sample = [0.0, 0.0]
        for step in 0..<2 {
          let side = (step + index + round) % 2
          sample[side] = await time {
            switch side {
            case 0: return try await plain.load(index, pageSize)
            default:
              return try await loader.loadPage(
                PageRequest(position: .page(index: index, size: pageSize), isFirstPage: index == 0)
              ).items.count
            }
          }
        }
        if round > 0 {
          for side in 0..<2 { times[side].append(sample[side]) }
        }
      }
    }
    let perItem = times.map { median($0) / Double(pageSize) * 1e6 }
    let ratio = perItem[1] / perItem[0]
    worst = max(worst, ratio)
    print(
      "  \(style.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) "
        + "\(format(perItem[0])) µs/item".padding(toLength: 31, withPad: " ", startingAt: 0)
        + "\(format(perItem[1])) µs/item \(format(ratio))×")
  }
  print("  worst ratio \(format(worst))× — \(worst <= 1.2 ? "within" : "OVER") the 1.2× target")
  print("  (PagedList is not on this branch yet: pages are decoded, not merged into a list)")
}

/// Runs one page load and returns its seconds; a failure or a short page ends the benchmark.
@MainActor private func time(_ load: @MainActor () async throws -> Int) async -> Double {
  let clock = ContinuousClock()
  let started = clock.now
  let count: Int
  do {
    count = try await load()
  } catch {
    print("  load failed: \(error)")
    exit(1)
  }
  let elapsed = clock.now - started
  guard count == pageSize else {
    print("  expected a page of \(pageSize) items, got \(count)")
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
