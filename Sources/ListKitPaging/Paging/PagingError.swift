import Foundation

/// Why a page load failed: the loader's error as a value, its ``PagingErrorKind``, and a message
/// fit to show the user.
///
/// An app switches on ``kind`` (``PagingErrorKind/unauthorized`` → the sign-in screen) or casts
/// ``underlying`` to its loader's error type; it never needs to compare ``message`` text.
///
/// The message and details never contain the user's token: every piece of the request's token
/// (six bytes or more, raw or in a common encoding) in the loader's error text is replaced by
/// `<redacted>` before it is stored. ``underlying`` is
/// the loader's error exactly as thrown; log ``details``, not it.
///
/// Two errors are equal when their direction, kind, message and details are: tests compare
/// kinds and texts, not error identity.
public struct PagingError: Error, Sendable {
  /// Which way the failed load went.
  public let direction: PagingDirection
  /// What kind of failure it is.
  public let kind: PagingErrorKind
  /// A short message for the user: the loader error's `LocalizedError.errorDescription` when it
  /// has one, otherwise the kind's ``PagingErrorKind/defaultMessage(for:)``.
  public let message: String
  /// Text for developers and logs: the loader error's type and description, token redacted.
  public let details: String
  /// The error the loader threw, or `nil` for an error made from its parts.
  public let underlying: (any Error & Sendable)?

  /// Creates an error from what a loader threw.
  ///
  /// - Parameters:
  ///   - error: What the loader threw; kept as ``underlying`` and classified into ``kind``.
  ///   - direction: Which way the load went.
  ///   - token: The request's user token, redacted from the message and details.
  package init(loaderError error: any Error & Sendable, direction: PagingDirection, redacting token: String?)
  {
    let kind = PagingErrorKind(classifying: error)
    let localized = (error as? any LocalizedError)?.errorDescription
    self.direction = direction
    self.kind = kind
    self.underlying = error
    self.message = Self.redact(localized ?? kind.defaultMessage(for: direction), token: token)
    self.details = Self.redact("\(type(of: error)): \(String(describing: error))", token: token)
  }

  /// Creates an error from its parts.
  ///
  /// - Parameters:
  ///   - direction: Which way the load went.
  ///   - kind: What kind of failure it is.
  ///   - message: The user-presentable message; the kind's default when `nil`.
  ///   - details: Developer text.
  ///   - underlying: The error behind it, if any.
  package init(
    direction: PagingDirection, kind: PagingErrorKind = .other, message: String? = nil, details: String = "",
    underlying: (any Error & Sendable)? = nil
  ) {
    self.direction = direction
    self.kind = kind
    self.message = message ?? kind.defaultMessage(for: direction)
    self.details = details
    self.underlying = underlying
  }

  private static func redact(_ text: String, token: String?) -> String {
    SecretRedactor(secrets: token.map { [$0] } ?? []).redact(text)
  }
}

extension PagingError: Equatable {
  /// Whether two errors have the same direction, kind, message and details; ``underlying`` is
  /// not compared (errors have no identity to compare).
  public static func == (lhs: PagingError, rhs: PagingError) -> Bool {
    lhs.direction == rhs.direction && lhs.kind == rhs.kind && lhs.message == rhs.message
      && lhs.details == rhs.details
  }
}

extension PagingError: Hashable {
  /// Hashes the direction, kind, message and details: what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(direction)
    hasher.combine(kind)
    hasher.combine(message)
    hasher.combine(details)
  }
}

extension PagingError: LocalizedError {
  /// The user-presentable message.
  public var errorDescription: String? { message }
}

extension PagingError: CustomStringConvertible {
  /// The kind, the message and the developer details.
  public var description: String { "PagingError(\(direction), \(kind), \(message); \(details))" }
}
