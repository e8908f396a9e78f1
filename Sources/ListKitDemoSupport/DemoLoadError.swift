import Foundation
import ListKit

/// Why the demo's built-in loader failed a request.
package enum DemoLoadError: Error, Hashable, Sendable {
  /// A failure injected by `--fail-rate`, for the page starting at `offset`, on its `attempt`-th
  /// request (from 1).
  case simulatedFailure(offset: Int, attempt: Int)
  /// A failure injected by `--fail-rate` into the `request`-th edit (like, delete, post), from 1.
  case simulatedEditFailure(request: Int)
  /// The network is down (the o key, `--offline`).
  case offline
  /// A request the loader cannot serve (a negative position, a size of 0, a foreign cursor).
  case invalidRequest(String)
}

extension DemoLoadError: CustomStringConvertible {
  /// A short message for the footer row.
  package var description: String {
    switch self {
    case .simulatedFailure(let offset, let attempt):
      "simulated network failure (items from \(offset + 1), attempt \(attempt))"
    case .simulatedEditFailure(let request):
      "simulated network failure (edit request \(request))"
    case .offline:
      "the network is down (press o to bring it up)"
    case .invalidRequest(let reason):
      "invalid request: \(reason)"
    }
  }
}

extension DemoLoadError: LocalizedError {
  /// The same short message, which `PagingError` shows the user.
  package var errorDescription: String? { description }
}

extension DemoLoadError: PagingErrorClassifying {
  /// ``offline`` is `PagingErrorKind.offline`; every other case `PagingErrorKind.other`.
  package var pagingErrorKind: PagingErrorKind {
    self == .offline ? .offline : .other
  }
}
