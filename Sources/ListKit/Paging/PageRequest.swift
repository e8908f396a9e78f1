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
  /// Whether this request loads the first page (a refresh) rather than the next one.
  public var isFirstPage: Bool
  /// Whether this request loads the page before the loaded ones (prepending) rather than the
  /// page after them.
  public var isPreviousPage: Bool
  /// Whether this first page is the page of a ``PagingAnchor`` (a list opened in the middle)
  /// rather than the top of the list.
  public var isAnchored: Bool

  /// Creates a request.
  /// - Parameters:
  ///   - position: Where the page starts.
  ///   - context: The app's context.
  ///   - isFirstPage: Whether this is the first page.
  ///   - isPreviousPage: Whether this is the page before the loaded ones.
  ///   - isAnchored: Whether this first page is an anchor's page rather than the top.
  public init(
    position: Position, context: RequestContext = RequestContext(), isFirstPage: Bool,
    isPreviousPage: Bool = false, isAnchored: Bool = false
  ) {
    self.isAnchored = isAnchored && isFirstPage
    self.position = position
    self.context = context
    self.isFirstPage = isFirstPage
    self.isPreviousPage = isPreviousPage && !isFirstPage
  }

  /// Which way the request goes.
  public var direction: PagingDirection {
    isFirstPage ? .refresh : isPreviousPage ? .previousPage : .nextPage
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
