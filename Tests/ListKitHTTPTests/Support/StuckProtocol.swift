import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URL protocol for `http://stuck.test/<name>` that answers 200, sends one chunk and never
/// finishes, and whose `stopLoading()` does not return until the test opens the stop of that
/// name (or 60 s have passed): a session that is slow to stop a cancelled task.
///
/// A load that waits for its session to stop cannot end before the test opens the stop, and the
/// test opens it only after the load has ended; so a load that waited shows as a stop that gave up
/// waiting.
final class StuckProtocol: URLProtocol {
  /// The stop of one request name.
  ///
  /// `@unchecked Sendable`: `gaveUp` is guarded by `lock`.
  final class Stop: @unchecked Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var gaveUp = false
    private let (starts, started) = AsyncStream.makeStream(of: Void.self)

    /// Returns once the request has started loading (the response and a chunk are on their way).
    func waitForStart() async {
      for await _ in starts { return }
    }

    /// Lets `stopLoading()` return; `true` when it had not given up waiting.
    func open() -> Bool {
      released.signal()
      return lock.withLock { !gaveUp }
    }

    fileprivate func start() { started.yield() }

    fileprivate func wait() {
      // NB: a bound only so that a load that waits for its session fails instead of hanging.
      if released.wait(timeout: .now() + 60) == .timedOut { lock.withLock { gaveUp = true } }
    }
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var stops: [String: Stop] = [:]
  nonisolated(unsafe) private static var made = 0

  /// A new stop, and the URL to load (named after `name`, unique in the process).
  static func stuck(_ name: String) -> (url: URL, stop: Stop) {
    let stop = Stop()
    let unique = lock.withLock {
      made += 1
      let unique = "\(name)-\(made)"
      stops[unique] = stop
      return unique
    }
    return (URL(string: "http://stuck.test/\(unique)")!, stop)
  }

  /// A session whose configuration routes `http://stuck.test` to this protocol.
  static func session() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StuckProtocol.self]
    return URLSession(configuration: configuration)
  }

  override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stuck.test" }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let name = request.url?.lastPathComponent ?? ""
    defer { Self.lock.withLock { Self.stops[name] }?.start() }
    guard let url = request.url,
      let response = HTTPURLResponse(
        url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "1000"])
    else { return }
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: Data(repeating: 0x20, count: 100))
  }

  override func stopLoading() {
    let name = request.url?.lastPathComponent ?? ""
    let stop = Self.lock.withLock { Self.stops.removeValue(forKey: name) }
    stop?.wait()
  }
}
