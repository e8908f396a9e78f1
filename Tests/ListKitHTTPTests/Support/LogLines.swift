import Foundation

/// Collects the log lines of a loader or a transport.
final class LogLines: @unchecked Sendable {
  // @unchecked: `lines` is guarded by `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
