/// What ``PagedList/refresh()`` reloads.
public enum PagingRefreshMode: Hashable, Sendable {
  /// The first page: the top, or the anchor the list started at (``PagedList/start(at:)``). For
  /// lists whose first page is what a refresh means: a feed's newest posts.
  case fromStart
  /// The page of the item the user is at (the first a view shows, else the last one it
  /// displayed): its page index, offset or cursor, as Paging 3's refresh key. A ``PagedSection``
  /// then shows that item on the screen row it was on, so pulling to refresh deep in a list does
  /// not jump back to the start. Before any item was displayed, the first page.
  case aroundLastViewedItem
}
