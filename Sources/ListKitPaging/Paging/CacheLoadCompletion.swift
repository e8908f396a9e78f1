/// How reading the cached first page ended: the classic `cacheCompleted(success, error)` block,
/// with the cache's typed reason when nothing is shown.
///
/// Success is ``shown(age:itemCount:)``, so a success can never carry a miss.
public enum CacheLoadCompletion: Hashable, Sendable {
  /// The cached page is shown; it was `age` old and holds `itemCount` items.
  case shown(age: Duration, itemCount: Int)
  /// The cache had a page, but the network's first page had already arrived: it was dropped.
  case superseded
  /// The cache had no usable page, for this reason.
  case missed(PageCacheMiss)
}
