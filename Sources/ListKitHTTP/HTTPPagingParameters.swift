import ListKit

/// The query parameter names an ``HTTPPageLoader`` writes for each ``PageRequest/Position``.
///
/// The position style comes from the request (the ``PagedList`` decides it); these names only say
/// how the server spells it. The defaults are Django REST framework's.
public struct HTTPPagingParameters: Hashable, Sendable {
  /// The page number parameter for ``PageRequest/Position/page(index:size:)``.
  public var page: String
  /// The page size parameter for ``PageRequest/Position/page(index:size:)``, or `nil` to omit it.
  public var pageSize: String?
  /// The number the server gives the page that ``PageRequest`` calls index 0 (usually 1); the
  /// page number sent is the position's index plus this.
  ///
  /// Only one of this and the list's ``PagingStyle/pageIndex(firstIndex:)`` may shift the first
  /// page: a first-page request whose index is not 0 while this is not 0 fails with
  /// ``HTTPPageLoaderError/invalidRequest(_:)`` instead of silently skipping the server's first
  /// page.
  public var firstPageNumber: Int
  /// The offset parameter for ``PageRequest/Position/offset(_:limit:)``.
  public var offset: String
  /// The limit parameter for ``PageRequest/Position/offset(_:limit:)``.
  public var limit: String
  /// The cursor parameter for ``PageRequest/Position/cursor(_:limit:)``.
  ///
  /// A cursor that is itself an absolute `http`/`https` URL (a `next` link from the previous
  /// response) is requested as it is instead.
  public var cursor: String
  /// The size parameter sent with a cursor, or `nil` to let the server choose.
  public var cursorLimit: String?
  /// The parameter for ``PageRequest/Position/cursorBefore(_:limit:)``.
  ///
  /// It asks for the page before an opaque cursor (older messages). A previous cursor that is an
  /// absolute `http`/`https` URL (a `previous` link) is requested as it is instead.
  public var before: String = "before"
  /// The parameter for ``PageRequest/Position/item(_:limit:)``: the id of the item whose page a
  /// list opened at ``PagingAnchor/item(id:)`` asks for (sent with ``cursorLimit``).
  public var around: String = "around"

  /// Creates parameter names; every default is Django REST framework's.
  /// - Parameters:
  ///   - page: The page number parameter.
  ///   - pageSize: The page size parameter, or `nil` to omit it.
  ///   - firstPageNumber: The server's number for the first page.
  ///   - offset: The offset parameter.
  ///   - limit: The limit parameter.
  ///   - cursor: The cursor parameter.
  ///   - cursorLimit: The size parameter sent with a cursor, or `nil`.
  public init(
    page: String = "page", pageSize: String? = "page_size", firstPageNumber: Int = 1,
    offset: String = "offset", limit: String = "limit",
    cursor: String = "cursor", cursorLimit: String? = "page_size"
  ) {
    self.page = page
    self.pageSize = pageSize
    self.firstPageNumber = firstPageNumber
    self.offset = offset
    self.limit = limit
    self.cursor = cursor
    self.cursorLimit = cursorLimit
  }
}
