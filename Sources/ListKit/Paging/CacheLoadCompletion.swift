/// How reading the cached first page ended: the classic `cacheCompleted(success, error)` block.
public struct CacheLoadCompletion: Hashable, Sendable {
  /// Whether a cached page with items is now shown.
  public var success: Bool
  /// Why nothing is shown, for a cache entry that was there but unusable; `nil` when the cache
  /// simply had nothing, or the network answered first.
  public var errorMessage: String?
  /// How old the shown page is, or `nil` when none is shown.
  public var age: Duration?

  /// Creates a completion.
  /// - Parameters:
  ///   - success: Whether a cached page with items is shown.
  ///   - errorMessage: Why an existing entry could not be used.
  ///   - age: The age of the shown page.
  public init(success: Bool, errorMessage: String?, age: Duration?) {
    self.success = success
    self.errorMessage = errorMessage
    self.age = age
  }
}
