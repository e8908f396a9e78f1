import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback JSON API of the HTTP tests, demo tests and benchmark (`page_server.py`, next to
/// this file) on 127.0.0.1, on an ephemeral port.
///
/// The script prints its port on stdout and exits when its stdin closes, so it cannot outlive the
/// process that started it even if ``stop()`` is never reached. Needs `python3` on the `PATH`.
///
/// A slow server is a *gate*: a request whose query has `gate=NAME` waits at the server until the
/// test calls ``openGate(_:)`` (or the client hangs up). ``waitForArrivals(at:count:)`` and
/// ``waitForHangups(at:count:)`` wait for what happened at a gate, so no test sleeps or polls.
package final class FixturePageServer: Sendable {
  /// Why the server did not start, or why a gate request failed.
  package enum StartError: Error, CustomStringConvertible {
    case scriptNotFound
    case cannotLaunch(String)
    case noPort(String)
    /// A gate request failed: the server's answer, or why there was none.
    case gate(String)

    package var description: String {
      switch self {
      case .scriptNotFound:
        "cannot find Sources/ListKitFixtures/page_server.py; run from the package root"
      case .cannotLaunch(let error): "cannot start python3: \(error)"
      case .noPort(let output): "the fixture server printed no port: \(output)"
      case .gate(let why): "fixture server gate: \(why)"
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
  private let process: SpawnedProcess
  /// The session of the gate requests; a request waits as long as the server's own bound.
  private let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 300
    return URLSession(configuration: configuration)
  }()

  /// Starts the server and waits for its port; blocks (see ``withServer(isolation:_:)``).
  /// - Throws: ``StartError``.
  package init() throws(StartError) {
    guard let script = Self.script else { throw .scriptNotFound }
    let process: SpawnedProcess
    do {
      process = try SpawnedProcess(
        ["python3", script.path, "--parent", String(ProcessInfo.processInfo.processIdentifier)],
        input: .pipe, output: .pipe)
    } catch {
      throw .cannotLaunch("\(error)")
    }
    // The first line is the port; python3 flushes it before serving.
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = process.standardOutput?.availableData ?? Data()
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else {
      process.signal(SIGKILL)
      process.wait()
      throw .noPort(text)
    }
    self.port = port
    self.process = process
  }

  /// A URL on the server, for example `url("/drf/page?total=10")`.
  package func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
  }

  /// Opens a gate: every request waiting at it, and every later one, is answered.
  /// - Parameter name: The gate's name, as in `gate=NAME`.
  /// - Throws: ``StartError/gate(_:)`` when the server does not answer.
  package func openGate(_ name: String) async throws {
    try await gate("open", name: name, count: 0)
  }

  /// Waits until `count` requests in all have arrived at a gate.
  /// - Parameters:
  ///   - name: The gate's name.
  ///   - count: How many arrivals to wait for, counting those already there.
  /// - Throws: ``StartError/gate(_:)`` when the server does not answer, or answers that they did
  ///   not arrive within its bound (minutes: a broken test fails instead of hanging).
  package func waitForArrivals(at name: String, count: Int = 1) async throws {
    try await gate("arrived", name: name, count: count)
  }

  /// Waits until the clients of `count` requests waiting at a gate have hung up (the request was
  /// cancelled, or it timed out on the client's side).
  /// - Parameters:
  ///   - name: The gate's name.
  ///   - count: How many hang-ups to wait for, counting those already seen.
  /// - Throws: ``StartError/gate(_:)`` as ``waitForArrivals(at:count:)`` does.
  package func waitForHangups(at name: String, count: Int = 1) async throws {
    try await gate("hangups", name: name, count: count)
  }

  private func gate(_ action: String, name: String, count: Int) async throws {
    var components = URLComponents(url: url("/gate/\(action)"), resolvingAgainstBaseURL: false)!
    components.queryItems = [
      URLQueryItem(name: "name", value: name), URLQueryItem(name: "count", value: "\(count)"),
    ]
    let (body, status) = try await exchange(URLRequest(url: components.url!))
    guard status == 200 else {
      throw StartError.gate(
        "\(action) \(name) × \(count): HTTP \(status) \(String(decoding: body, as: UTF8.self))")
    }
  }

  /// Loads a URL on the server, as ``url(_:)`` makes it, with a GET; for the routes that report
  /// what the server saw.
  /// - Parameter pathAndQuery: The path and query, for example `"/hostile/recorded"`.
  /// - Returns: The body and the HTTP status (0 when the answer is not HTTP).
  /// - Throws: The URL session's error when the exchange fails.
  package func get(_ pathAndQuery: String) async throws -> (body: Data, status: Int) {
    try await exchange(URLRequest(url: url(pathAndQuery)))
  }

  /// Sends `request` (any URL, method and headers) off the pool, like ``get(_:)``.
  package func send(_ request: URLRequest) async throws -> (body: Data, status: Int) {
    try await exchange(request)
  }

  /// Loads `url`, starting the task on a thread of its own: FoundationNetworking's task creation
  /// waits on the work queue all sessions share, which a test's slow-to-stop URL protocol
  /// (`StuckProtocol`) or a fast body can hold, and Swift's cooperative pool must not wait there.
  private func exchange(_ request: URLRequest) async throws -> (Data, Int) {
    try await withCheckedThrowingContinuation { continuation in
      Thread { [session] in
        session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            continuation.resume(returning: (data ?? Data(), status))
          }
        }.resume()
      }.start()
    }
  }

  /// Stops the server and waits for it to exit; blocks.
  ///
  /// SIGKILL, not SIGTERM: the server has nothing to save. Its pipes' ends here are
  /// close-on-exec (``SpawnedProcess``), so no other child holds them, and its exit is waited for
  /// directly.
  package func stop() {
    session.invalidateAndCancel()
    try? process.standardInput?.close()
    process.signal(SIGKILL)
    process.wait()
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
