/// How a list's pages are addressed: by page index, by offset and limit, or by an opaque cursor.
///
/// ``PagedList`` computes every position itself from this style; the app never tracks a page index.
public enum PagingStyle: Hashable, Sendable {
  /// Pages are numbered from `firstIndex` (`0` or `1` for most APIs); requests are
  /// ``PageRequest/Position/page(index:size:)``.
  case pageIndex(firstIndex: Int)
  /// Requests are ``PageRequest/Position/offset(_:limit:)``; the offset advances by the number of
  /// items the server returned.
  case offset
  /// Requests are ``PageRequest/Position/cursor(_:limit:)``, starting with a `nil` cursor and then
  /// passing the ``Page/nextCursor`` of the previous page.
  case cursor
}
