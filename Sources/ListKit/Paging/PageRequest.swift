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
  }

  /// Where the page starts.
  public var position: Position
  /// The app's context: user token and other values.
  public var context: RequestContext
  /// Whether this request loads the first page (a refresh) rather than the next one.
  public var isFirstPage: Bool

  /// Creates a request.
  /// - Parameters:
  ///   - position: Where the page starts.
  ///   - context: The app's context.
  ///   - isFirstPage: Whether this is the first page.
  public init(position: Position, context: RequestContext = RequestContext(), isFirstPage: Bool) {
    self.position = position
    self.context = context
    self.isFirstPage = isFirstPage
  }

  /// The number of items asked for, whatever the style.
  public var limit: Int {
    switch position {
    case .page(_, let size): size
    case .offset(_, let limit): limit
    case .cursor(_, let limit): limit
    }
  }
}
