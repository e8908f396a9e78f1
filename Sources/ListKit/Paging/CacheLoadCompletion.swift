/// How reading the cached first page ended: the classic `cacheCompleted(success, error)` block,
/// with the cache's typed reason when nothing is shown.
///
/// ``success`` is derived from ``outcome``, so a success can never carry a miss.
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
  public init(_ outcome: Outcome) {
    self.outcome = outcome
  }

  /// Whether a cached page with items is now shown.
  public var success: Bool {
    if case .shown(_, let count) = outcome { count > 0 } else { false }
  }

  /// Why no cached page is shown when the cache had none (not found, expired, corrupt…).
  public var miss: PageCacheMiss? {
    if case .missed(let miss) = outcome { miss } else { nil }
  }

  /// How old the shown page is, or `nil` when none is shown.
  public var age: Duration? {
    if case .shown(let age, _) = outcome { age } else { nil }
  }
}
