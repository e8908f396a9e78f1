/// How reading the cached first page ended: the classic `cacheCompleted(success, error)` block,
/// with the cache's typed reason when nothing is shown.
///
/// Success is ``outcome`` being ``Outcome/shown(age:itemCount:)``, so a success can never carry
/// a miss.
public struct CacheLoadCompletion: Hashable, Sendable {
  /// What the cache read led to.
  public enum Outcome: Hashable, Sendable {
    /// The cached page is shown; it was `age` old and holds `itemCount` items.
    case shown(age: Duration, itemCount: Int)
    /// The cache had a page, but the network's first page had already arrived: it was dropped.
    case superseded
    /// The cache had no usable page, for this reason.
    case missed(PageCacheMiss)
  }

  /// What the cache read led to.
  public var outcome: Outcome

  /// Creates a completion.
  /// - Parameter outcome: What the cache read led to.
  package init(_ outcome: Outcome) {
    self.outcome = outcome
  }
}
