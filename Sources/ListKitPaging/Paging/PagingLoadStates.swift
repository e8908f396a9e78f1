/// The load state of each direction of a ``PagedList``: the first page (a refresh), the pages
/// after the loaded ones and the pages before them.
///
/// Read ``PagedList/status`` for what a footer or empty state shows; read these for the
/// direction a control belongs to: a refresh control's spinner follows ``refresh``, a "load
/// older" button ``previous``.
public struct PagingLoadStates: Hashable, Sendable {
  /// The state of the first page: ``LoadState/loading`` during a refresh or a start.
  public var refresh: LoadState
  /// The state of the pages after the loaded ones; ``LoadState/reachedEnd`` is "no more data".
  public var next: LoadState
  /// The state of the pages before the first one held; ``LoadState/reachedEnd`` is "no earlier
  /// items", which a list started at the top reaches with its first page.
  public var previous: LoadState

  /// Creates load states.
  /// - Parameters:
  ///   - refresh: The state of the first page.
  ///   - next: The state of the pages after the loaded ones.
  ///   - previous: The state of the pages before them.
  public init(refresh: LoadState = .idle, next: LoadState = .idle, previous: LoadState = .idle) {
    self.refresh = refresh
    self.next = next
    self.previous = previous
  }

  /// The state of `direction`, for example that of a ``RequestCompletion``.
  public subscript(direction: PagingDirection) -> LoadState {
    switch direction {
    case .refresh: refresh
    case .nextPage: next
    case .previousPage: previous
    }
  }
}
