/// One page of items as a loader returns it, with what comes next.
public struct Page<Item> {
  /// The items, in display order.
  public var items: [Item]
  /// Whether the server says more items follow.
  ///
  /// An empty page ends paging whatever this says.
  public var hasMore: Bool
  /// The opaque cursor of the next page, for cursor pagination.
  public var nextCursor: String?
  /// The total number of items on the server, when it says.
  public var totalCount: Int?

  /// Creates a page.
  /// - Parameters:
  ///   - items: The items, in display order.
  ///   - hasMore: Whether more items follow.
  ///   - nextCursor: The cursor of the next page, for cursor pagination.
  ///   - totalCount: The total number of items, when known.
  public init(items: [Item], hasMore: Bool, nextCursor: String? = nil, totalCount: Int? = nil) {
    self.items = items
    self.hasMore = hasMore
    self.nextCursor = nextCursor
    self.totalCount = totalCount
  }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
extension Page: Encodable where Item: Encodable {}
extension Page: Decodable where Item: Decodable {}
