import Foundation

/// The fixture API server (Fixtures/page_server.py) on 127.0.0.1, on an ephemeral port, for the
/// length of one test.
///
/// The script prints its port on stdout and exits when its stdin closes, so it cannot outlive
/// the test process even if `stop()` is never reached.
final class LoopbackServer: Sendable {
  enum StartError: Error, CustomStringConvertible {
    case noPort(String)
    var description: String {
      switch self {
      case .noPort(let output): "the fixture server printed no port: \(output)"
      }
    }
  }

  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/page_server.py")

  let port: Int
  private let process: Process
  private let input: Pipe

  init() throws {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script.path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // The first line is the port; python3 flushes it before serving.
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else {
      process.terminate()
      throw StartError.noPort(text)
    }
    self.port = port
    self.process = process
    self.input = input
  }

  /// A URL on the server, for example `url("/drf/page?total=10")`.
  func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}

/// Runs `body` with a fresh server, and stops the server afterwards whatever happens.
///
/// Starting and stopping block (reading the port, waiting for the exit), so they run on a
/// dispatch queue: blocking the two threads of Swift's cooperative pool would stall every
/// other test running in parallel and skew their timings.
func withServer<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (LoopbackServer) async throws -> T
) async throws -> T {
  let server = try await offPool { try LoopbackServer() }
  do {
    let result = try await body(server)
    await offPool { server.stop() }
    return result
  } catch {
    await offPool { server.stop() }
    throw error
  }
}

/// Runs blocking work on a dispatch queue instead of the cooperative pool.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
  }
}

/// Runs blocking work on a dispatch queue instead of the cooperative pool.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: work()) }
  }
}
