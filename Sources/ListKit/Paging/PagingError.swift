import Foundation

/// Why a page load failed, with a message fit to show the user.
///
/// The message never contains the user's token: any occurrence of the request's token in the
/// loader's error text is replaced by `<redacted>` before it is stored.
public struct PagingError: Error, Hashable, Sendable {
  /// Which way the failed load went.
  public let direction: PagingDirection
  /// A short message for the user: the loader error's `LocalizedError.errorDescription` when it
  /// has one, otherwise a generic sentence for the direction.
  public let message: String
  /// Text for developers and logs: the loader error's type and description, token redacted.
  public let details: String
  /// Whether the load ended with `CancellationError` although ``PagedList`` did not cancel it.
  public let isCancellation: Bool

  /// Creates an error from what a loader threw.
  ///
  /// - Parameters:
  ///   - error: What the loader threw.
  ///   - direction: Which way the load went.
  ///   - token: The request's user token, redacted from the message and details.
  public init(loaderError error: any Error, direction: PagingDirection, redacting token: String?) {
    let generic =
      switch direction {
      case .refresh: "The list could not be loaded."
      case .nextPage: "More items could not be loaded."
      }
    let localized = (error as? any LocalizedError)?.errorDescription
    self.direction = direction
    self.isCancellation = error is CancellationError
    self.message = Self.redact(localized ?? generic, token: token)
    self.details = Self.redact("\(type(of: error)): \(String(describing: error))", token: token)
  }

  /// Creates an error from its parts.
  ///
  /// - Parameters:
  ///   - direction: Which way the load went.
  ///   - message: The user-presentable message.
  ///   - details: Developer text.
  ///   - isCancellation: Whether the load was cancelled by something other than the list.
  public init(direction: PagingDirection, message: String, details: String = "", isCancellation: Bool = false)
  {
    self.direction = direction
    self.message = message
    self.details = details
    self.isCancellation = isCancellation
  }

  private static func redact(_ text: String, token: String?) -> String {
    guard let token, !token.isEmpty else { return text }
    return text.replacingOccurrences(of: token, with: "<redacted>")
  }
}

extension PagingError: LocalizedError {
  /// The user-presentable message.
  public var errorDescription: String? { message }
}

extension PagingError: CustomStringConvertible {
  /// The message and the developer details.
  public var description: String { "PagingError(\(direction), \(message); \(details))" }
}
