/// Where a ``PagedList`` starts: at the top, or in the middle of the list (the first unread
/// message, a notification's target), from where it pages both ways.
///
/// Use ``item(id:)`` in any style when the loader can find an item, or the anchor of the list's
/// ``PagingStyle``: ``pageIndex(_:)`` for page-index paging, ``offset(_:)`` for offset paging,
/// ``cursor(_:)`` for cursor paging. An anchor of another style, a page index at or below the
/// first one, or offset 0 is the top.
///
/// `ID` is the type of the list's item ids (`Item.ID`).
public enum PagingAnchor<ID: Hashable>: Hashable {
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
  /// The page holding the item with this id: the loader is asked for
  /// ``PageRequest/Position/item(_:limit:)`` with the id as text (`String(describing: id)`: `12`
  /// for an `Int`, the string itself for a `String`) and answers with the page around the item,
  /// which a ``PagedSection`` brings into view.
  ///
  /// To page on from there, the answer says where it is: its ``Page/nextCursor`` and
  /// ``Page/previousCursor`` in cursor style, its ``Page/startOffset`` in offset style and in
  /// page-index style (where it must be a multiple of the page size). A direction the answer
  /// does not locate has reached its end.
  case item(id: ID)
}

extension PagingAnchor: Sendable where ID: Sendable {}
