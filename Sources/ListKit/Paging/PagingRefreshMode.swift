/// What ``PagedList/refresh()`` reloads.
public enum PagingRefreshMode: Hashable, Sendable {
  /// The first page: the top, or the anchor the list started at (``PagedList/start(at:)``). For
  /// lists whose first page is what a refresh means: a feed's newest posts.
  case fromStart
  /// The page of the last item the user looked at (the last one a view displayed): its page
  /// index, offset or cursor, as Paging 3's refresh key. The view then keeps that item on screen,
  /// so pulling to refresh deep in a list does not jump back to the start. Before any item was
  /// displayed, the first page.
  case aroundLastViewedItem
}
