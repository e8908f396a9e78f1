/// Where a ``PagedList`` starts: at the top, or in the middle of the list (the first unread
/// message, a notification's target), from where it pages both ways.
///
/// Use the anchor of the list's ``PagingStyle``: ``pageIndex(_:)`` for page-index paging,
/// ``offset(_:)`` for offset paging, ``cursor(_:)`` for cursor paging. An anchor of another style,
/// a page index at or below the first one, or offset 0 is the top.
public enum PagingAnchor: Hashable, Sendable {
  /// The first page: the usual start, and the only one that reads and saves the cached first page.
  case top
  /// The page with this index (counted like ``PagingStyle/pageIndex(firstIndex:)``); the pages
  /// before it load when the user scrolls up.
  case pageIndex(Int)
  /// The items from this offset; the items before it load when the user scrolls up.
  case offset(Int)
  /// The page the server returns for this opaque cursor (for example one it sent with a
  /// notification); the pages before it load from its ``Page/previousCursor``.
  case cursor(String)
}
