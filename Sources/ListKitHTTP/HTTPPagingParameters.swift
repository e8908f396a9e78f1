import ListKit

/// The query parameter names an ``HTTPPageLoader`` writes for each ``PageRequest/Position``.
///
/// The position comes from the request (the ``PagedList`` decides it from its ``PagingStyle``);
/// these names only say how the server spells it. A page number is sent as the position's index,
/// unchanged: the list's ``PagingStyle/pageIndex(firstIndex:)`` is the one setting for the first
/// page's number (`1` for Django REST framework). The defaults (``standard``) are Django REST
/// framework's.
public struct HTTPPagingParameters: Hashable, Sendable {
  /// The page number parameter for ``PageRequest/Position/page(index:size:)``.
  public let page: String
  /// The page size parameter for ``PageRequest/Position/page(index:size:)``, or `nil` to omit it.
  public let pageSize: String?
  /// The offset parameter for ``PageRequest/Position/offset(_:limit:)``.
  public let offset: String
  /// The limit parameter for ``PageRequest/Position/offset(_:limit:)``.
  public let limit: String
  /// The cursor parameter for ``PageRequest/Position/cursor(_:limit:)``.
  ///
  /// A cursor that is itself an absolute `http`/`https` URL (a `next` link from the previous
  /// response) is requested as it is instead.
  public let cursor: String
  /// The size parameter sent with a cursor, or `nil` to let the server choose.
  public let cursorLimit: String?
  /// The parameter for ``PageRequest/Position/cursorBefore(_:limit:)``.
  ///
  /// It asks for the page before an opaque cursor (older messages). A previous cursor that is an
  /// absolute `http`/`https` URL (a `previous` link) is requested as it is instead.
  public let before: String
  /// The parameter for ``PageRequest/Position/item(_:limit:)``: the id of the item whose page a
  /// list opened at ``PagingAnchor/item(id:)`` asks for (sent with ``cursorLimit``).
  public let around: String

  /// Django REST framework's names: `page`/`page_size`, `offset`/`limit`, `cursor`/`page_size`,
  /// and `before` / `around` for a page before a cursor and the page around an item.
  public static let standard = HTTPPagingParameters(
    validated: "page", pageSize: "page_size", offset: "offset", limit: "limit", cursor: "cursor",
    cursorLimit: "page_size", before: "before", around: "around")

  /// JSON:API's page family, as Django REST framework JSON:API reads it: `page[number]`/`page[size]`,
  /// `page[offset]`/`page[limit]`, `page[cursor]`/`page[size]`, `page[before]`, `page[around]`.
  public static let jsonAPI = HTTPPagingParameters(
    validated: "page[number]", pageSize: "page[size]", offset: "page[offset]", limit: "page[limit]",
    cursor: "page[cursor]", cursorLimit: "page[size]", before: "page[before]", around: "page[around]")

  /// fastapi-pagination's names: `page`/`size`, `offset`/`limit`, `cursor`/`size`.
  public static let fastAPI = HTTPPagingParameters(
    validated: "page", pageSize: "size", offset: "offset", limit: "limit", cursor: "cursor",
    cursorLimit: "size", before: "before", around: "around")

  /// Creates parameter names; every default is Django REST framework's.
  /// - Parameters:
  ///   - page: The page number parameter.
  ///   - pageSize: The page size parameter, or `nil` to omit it.
  ///   - offset: The offset parameter.
  ///   - limit: The limit parameter.
  ///   - cursor: The cursor parameter.
  ///   - cursorLimit: The size parameter sent with a cursor, or `nil`.
  ///   - before: The parameter for the page before an opaque cursor.
  ///   - around: The parameter for the id of the item a list opened at.
  /// - Throws: ``HTTPPagingParametersError`` when a name is empty, or when two parameters sent
  ///   in one request share a name (the page and its size, the offset and the limit, the cursor
  ///   and its size): the server would read one value for both and skip or repeat pages.
  public init(
    page: String = "page", pageSize: String? = "page_size",
    offset: String = "offset", limit: String = "limit",
    cursor: String = "cursor", cursorLimit: String? = "page_size",
    before: String = "before", around: String = "around"
  ) throws(HTTPPagingParametersError) {
    let named: [(String, String?)] = [
      ("page", page), ("pageSize", pageSize), ("offset", offset), ("limit", limit), ("cursor", cursor),
      ("cursorLimit", cursorLimit), ("before", before), ("around", around),
    ]
    for case (let parameter, let name?) in named where name.isEmpty { throw .emptyName(parameter: parameter) }
    let sentTogether: [(String, String, String?)] = [
      ("page", page, pageSize), ("offset", offset, limit), ("cursor", cursor, cursorLimit),
      ("before", before, cursorLimit), ("around", around, cursorLimit),
    ]
    for (parameter, name, other) in sentTogether where name == other {
      throw .sharedName(name, parameter: parameter)
    }
    self.init(
      validated: page, pageSize: pageSize, offset: offset, limit: limit, cursor: cursor,
      cursorLimit: cursorLimit, before: before, around: around)
  }

  private init(
    validated page: String, pageSize: String?, offset: String, limit: String, cursor: String,
    cursorLimit: String?, before: String, around: String
  ) {
    self.page = page
    self.pageSize = pageSize
    self.offset = offset
    self.limit = limit
    self.cursor = cursor
    self.cursorLimit = cursorLimit
    self.before = before
    self.around = around
  }
}
