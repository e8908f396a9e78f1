/// Why a server would not apply an edit an ``EditOutbox`` sent: the edit is rolled back, and the
/// app can tell the user.
public struct EditRefusal: Error, Hashable, Sendable {
  /// What the server objected to.
  public enum Reason: Hashable, Sendable {
    /// The item changed on the server meanwhile, or the edit clashes with its state (HTTP 409).
    case conflict
    /// The version the edit was made on is not the server's any more (HTTP 412).
    case preconditionFailed
    /// The server found the edit invalid (HTTP 400, 422).
    case invalid
    /// The user may not make this edit (HTTP 403).
    case forbidden
    /// The item is gone from the server (HTTP 404, 410).
    case notFound
    /// Another answer the server gave as final (a 4xx not named above).
    case other
    /// Not sent: an earlier edit of the same item was refused, and this one, made on top of it,
    /// carries its change (an ``EditOutbox`` rolls both back).
    case madeOnARefusedEdit
  }

  /// What the server objected to.
  public var reason: Reason
  /// The HTTP status, when the answer was one.
  public var status: Int?
  /// The server's words, when it sent any, for the app to show or log.
  public var message: String

  /// A refusal.
  /// - Parameters:
  ///   - reason: What the server objected to.
  ///   - status: The HTTP status, when the answer was one.
  ///   - message: The server's words, or `""`.
  public init(_ reason: Reason, status: Int? = nil, message: String = "") {
    self.reason = reason
    self.status = status
    self.message = message
  }
}
