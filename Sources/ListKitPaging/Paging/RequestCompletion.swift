/// How one page request ended, in the four values of the classic view-model callback.
///
/// The classic `requestCompleted(success, error, hasMore, isBlank)` block, as a value: success
/// is ``error`` being `nil`, so the two can never disagree.
public struct RequestCompletion: Hashable, Sendable {
  /// Which way the request went.
  public var direction: PagingDirection
  /// The error when it failed (switch on its ``PagingError/kind``), or `nil` when the page arrived.
  public var error: PagingError?
  /// Whether a next page can be loaded now.
  public var hasMore: Bool
  /// Whether the list has loaded and holds no items (show the empty state).
  public var isBlank: Bool
  /// Whether a previous page (items before the first one held) can be loaded now.
  public var hasPrevious: Bool

  /// Creates a completion.
  /// - Parameters:
  ///   - direction: Which way the request went.
  ///   - error: The error when it failed, `nil` on success.
  ///   - hasMore: Whether a next page can be loaded.
  ///   - isBlank: Whether the loaded list is empty.
  ///   - hasPrevious: Whether a previous page can be loaded.
  package init(
    direction: PagingDirection, error: PagingError?, hasMore: Bool, isBlank: Bool,
    hasPrevious: Bool = false
  ) {
    self.direction = direction
    self.error = error
    self.hasMore = hasMore
    self.isBlank = isBlank
    self.hasPrevious = hasPrevious
  }
}
