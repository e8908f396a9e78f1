/// How one page request ended, in the four values of the classic view-model callback.
///
/// The classic `requestCompleted(success, error, hasMoreData, isBlank)` block, as a value.
public struct RequestCompletion: Hashable, Sendable {
  /// Which way the request went.
  public var direction: PagingDirection
  /// Whether the page arrived.
  public var success: Bool
  /// The error when it failed, with its user-presentable ``PagingError/message``.
  public var error: PagingError?
  /// Whether a next page can be loaded now.
  public var hasMoreData: Bool
  /// Whether the list has loaded and holds no items (show the empty state).
  public var isBlank: Bool

  /// The error's user-presentable message, or `nil` on success.
  public var errorMessage: String? { error?.message }

  /// Creates a completion.
  /// - Parameters:
  ///   - direction: Which way the request went.
  ///   - success: Whether the page arrived.
  ///   - error: The error when it failed.
  ///   - hasMoreData: Whether a next page can be loaded.
  ///   - isBlank: Whether the loaded list is empty.
  public init(
    direction: PagingDirection, success: Bool, error: PagingError?, hasMoreData: Bool, isBlank: Bool
  ) {
    self.direction = direction
    self.success = success
    self.error = error
    self.hasMoreData = hasMoreData
    self.isBlank = isBlank
  }
}
