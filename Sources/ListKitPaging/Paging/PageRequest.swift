/// What a ``PageLoader`` is asked for: a position in the list and the app's context.
public struct PageRequest: Hashable, Sendable {
  /// Where the requested page starts, in the pagination style of the list.
  public enum Position: Hashable, Sendable {
    /// Page `index` of `size` items, numbered as the server numbers its pages: the list's first
    /// page is its ``PagingStyle/pageIndex(firstIndex:)``, and a loader sends `index` unchanged.
    case page(index: Int, size: Int)
    /// `limit` items starting at item `offset`.
    case offset(Int, limit: Int)
    /// `limit` items after the opaque `cursor` the previous page returned; `nil` for the first page.
    case cursor(String?, limit: Int)
    /// The `limit` items just before the opaque `cursor`, which a page returned as its
    /// ``Page/previousCursor``: the page above the loaded ones.
    case cursorBefore(String, limit: Int)
    /// The page of `limit` items that holds the item with the id `itemID` (a list opened at
    /// ``PagingAnchor/item(id:)``); in page-index style the page should start at a multiple of
    /// `limit`.
    case item(String, limit: Int)
  }

  /// Where the page starts.
  public var position: Position
  /// The app's context: user token and other values.
  public var context: RequestContext
  /// Which page this is: the first page (a refresh or a start), the page after the loaded ones,
  /// or the page before them (older messages above a chat, the items before the one a list
  /// opened at).
  public let direction: PagingDirection
  /// Whether this first page is the page of a ``PagingAnchor`` (a list opened in the middle)
  /// rather than the top of the list; always `false` for the next and previous pages.
  public let isAnchored: Bool

  /// Creates a request.
  /// - Parameters:
  ///   - position: Where the page starts.
  ///   - context: The app's context.
  ///   - direction: Which page this is: ``PagingDirection/refresh`` for the first page.
  ///   - isAnchored: Whether this first page is an anchor's page rather than the top; ignored for
  ///     the other directions.
  public init(
    position: Position, context: RequestContext = RequestContext(), direction: PagingDirection,
    isAnchored: Bool = false
  ) {
    self.position = position
    self.context = context
    self.direction = direction
    self.isAnchored = isAnchored && direction == .refresh
  }

  /// The number of items asked for, whatever the style.
  public var limit: Int {
    switch position {
    case .page(_, let size): size
    case .offset(_, let limit): limit
    case .cursor(_, let limit): limit
    case .cursorBefore(_, let limit): limit
    case .item(_, let limit): limit
    }
  }
}
