/// Something that happened to a ``PagedList``: an element of ``PagedList/events()``.
///
/// The list's callbacks (``PagedList/onItemsChanged``, ``PagedList/onRequestCompleted``,
/// ``PagedList/onCacheLoaded``) receive the same events, each as it happens; the stream delivers
/// them in the same order, later. One step of the list reports its events in this order: the
/// items' change, then the new status, then the request or cache read that ended.
public enum PagedListEvent: Hashable, Sendable {
  /// The items changed (``PagedList/onItemsChanged``).
  case itemsChanged(ItemsChange)
  /// The list's ``PagedList/status`` changed to this one.
  case statusChanged(PagingStatus)
  /// A page request ended (``PagedList/onRequestCompleted``); a dropped, outdated response is
  /// not reported.
  case requestCompleted(RequestCompletion)
  /// The read of the cached first page at ``PagedList/start(at:)`` ended (``PagedList/onCacheLoaded``).
  case cacheLoaded(CacheLoadCompletion)
}
