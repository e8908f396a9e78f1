/// How a list's pages are addressed: by page index, by offset and limit, or by an opaque cursor.
///
/// ``PagedList`` computes every position itself from this style; the app never tracks a page index.
public enum PagingStyle: Hashable, Sendable {
  /// Pages are numbered from `firstIndex`, the number the server gives its first page (`1` for
  /// Django REST framework and GitHub, `0` for others); requests are
  /// ``PageRequest/Position/page(index:size:)`` carrying that number, which a loader sends as it
  /// is. This is the one setting for the first page's number.
  case pageIndex(firstIndex: Int)
  /// Requests are ``PageRequest/Position/offset(_:limit:)``; the offset advances by the number of
  /// items the server returned.
  case offset
  /// Requests are ``PageRequest/Position/cursor(_:limit:)``, starting with a `nil` cursor and then
  /// passing the ``Page/nextCursor`` of the previous page.
  case cursor
}
