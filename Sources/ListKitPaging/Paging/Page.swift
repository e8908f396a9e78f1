/// One page of items as a loader returns it, with what comes next.
public struct Page<Item> {
  /// The items, in display order.
  public var items: [Item]
  /// Whether the server says more items follow in the direction of the request: after this page
  /// for a first or next page, before it for a previous page.
  ///
  /// An empty page ends paging (in its direction) whatever this says.
  public var hasMore: Bool
  /// The opaque cursor of the next page, for cursor pagination.
  public var nextCursor: String?
  /// The opaque cursor of the page before this one, for cursor pagination in both directions
  /// (a chat's older messages, a list opened in the middle), or `nil` when nothing comes before.
  public var previousCursor: String?
  /// The total number of items on the server, when it says.
  public var totalCount: Int?
  /// The offset of the page's first item in the whole list, when the server says.
  ///
  /// It lets a list opened at an item (``PageRequest/Position/item(_:limit:)``) page on in offset
  /// or page-index style. Ignored for other requests.
  public var startOffset: Int?

  /// Creates a page.
  /// - Parameters:
  ///   - items: The items, in display order.
  ///   - hasMore: Whether more items follow.
  ///   - nextCursor: The cursor of the next page, for cursor pagination.
  ///   - previousCursor: The cursor of the page before this one, or `nil` when none comes before.
  ///   - totalCount: The total number of items, when known.
  ///   - startOffset: The offset of the first item in the whole list, when known.
  public init(
    items: [Item], hasMore: Bool, nextCursor: String? = nil, previousCursor: String? = nil,
    totalCount: Int? = nil, startOffset: Int? = nil
  ) {
    self.startOffset = startOffset
    self.items = items
    self.hasMore = hasMore
    self.nextCursor = nextCursor
    self.previousCursor = previousCursor
    self.totalCount = totalCount
  }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
extension Page: Encodable where Item: Encodable {}
extension Page: Decodable where Item: Decodable {}
