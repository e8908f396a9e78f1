import Foundation

/// The loopback JSON API of the HTTP tests, demo tests and benchmark (`page_server.py`, next to
/// this file) on 127.0.0.1, on an ephemeral port.
///
/// The script prints its port on stdout and exits when its stdin closes, so it cannot outlive the
/// process that started it even if ``stop()`` is never reached. Needs `python3` on the `PATH`.
package final class FixturePageServer: Sendable {
  /// Why the server did not start.
  package enum StartError: Error, CustomStringConvertible {
    case scriptNotFound
    case cannotLaunch(String)
    case noPort(String)

    package var description: String {
      switch self {
      case .scriptNotFound:
        "cannot find Sources/ListKitFixtures/page_server.py; run from the package root"
      case .cannotLaunch(let error): "cannot start python3: \(error)"
      case .noPort(let output): "the fixture server printed no port: \(output)"
      }
    }
  }

  /// The script: next to this source file, or under the current directory.
  package static var script: URL? {
    let relative = "Sources/ListKitFixtures/page_server.py"
    let candidates = [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("page_server.py"),
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The port the server listens on.
  package let port: Int
  private let process: Process
  private let input: Pipe

  /// Starts the server and waits for its port; blocks (see ``withServer(isolation:_:)``).
  /// - Throws: ``StartError``.
  package init() throws(StartError) {
    guard let script = Self.script else { throw .scriptNotFound }
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
      throw .cannotLaunch("\(error)")
    }
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
      throw .noPort(text)
    }
    self.port = port
    self.process = process
    self.input = input
  }

  /// A URL on the server, for example `url("/drf/page?total=10")`.
  package func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
  }

  /// Stops the server and waits for it to exit; blocks.
  package func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}

/// Runs `body` with a fresh server, and stops the server afterwards whatever happens.
///
/// Starting and stopping block (reading the port, waiting for the exit), so they run off Swift's
/// cooperative pool (see `offPool(_:)`).
package func withServer<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (FixturePageServer) async throws -> T
) async throws -> T {
  let server = try await offPool { try FixturePageServer() }
  do {
    let result = try await body(server)
    await offPool { server.stop() }
    return result
  } catch {
    await offPool { server.stop() }
    throw error
  }
}

/// Runs blocking work on a thread of its own, off Swift's cooperative pool (two threads here, which
/// blocking would stall for every other test) and off Dispatch's (which URLSession needs).
package func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// Runs blocking work on a thread of its own, like the throwing `offPool(_:)`.
package func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: work()) }.start()
  }
}
