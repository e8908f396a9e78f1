import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An app's URL protocol for `http://offqueue.test/<name>?spins=N`: from a queue of its own,
/// answers 200 with `[]` at once and completes the task after `N` turns of a busy loop, never in
/// a turn of the session's work queue (FoundationNetworking's own protocols complete there).
///
/// It keeps URLProtocol's contract: once `stopLoading()` has returned, it calls its client no
/// more (FoundationNetworking traps on a call after the task has ended).
final class OffQueueProtocol: URLProtocol {
  /// Held across the calls to the client and by `stopLoading()`; guards `stopped`.
  private let lock = NSLock()
  private var stopped = false

  private static let startsLock = NSLock()
  nonisolated(unsafe) private static var starts: [String: @Sendable () -> Void] = [:]

  /// Calls `action` once the request for `url` has started loading.
  static func onStart(of url: URL, _ action: @escaping @Sendable () -> Void) {
    startsLock.withLock { starts[url.path] = action }
  }

  override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "offqueue.test" }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url,
      let response = HTTPURLResponse(
        url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "2"])
    else { return }
    let spins =
      URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
      .first { $0.name == "spins" }?.value.flatMap(Int.init) ?? 0
    // NB: URLProtocol is not Sendable; after this, only the answering queue uses it (under `lock`).
    nonisolated(unsafe) let loading = self
    DispatchQueue(label: "OffQueueProtocol.answer").async {
      loading.lock.withLock {
        guard !loading.stopped else { return }
        loading.client?.urlProtocol(loading, didReceive: response, cacheStoragePolicy: .notAllowed)
        loading.client?.urlProtocol(loading, didLoad: Data("[]".utf8))
      }
      spin(spins)
      loading.lock.withLock {
        guard !loading.stopped else { return }
        loading.client?.urlProtocolDidFinishLoading(loading)
      }
    }
    Self.startsLock.withLock { Self.starts.removeValue(forKey: url.path) }?()
  }

  override func stopLoading() {
    lock.withLock { stopped = true }
  }
}
