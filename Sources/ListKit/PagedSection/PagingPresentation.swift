/// What every view of a paged list shows for one state: the load-more footer, the view shown
/// instead of an empty list, and the refresh control's spinner.
///
/// Each decision about paging state lives here, tested on every platform; the UIKit footer, the
/// SwiftUI footer, the empty-state view, the refresh control and the terminal only render it.
///
/// ```swift
/// let presentation = PagingPresentation(list.state)
/// footer.isHidden = presentation.footer == .hidden
/// ```
///
/// The footer and the empty state never show the same thing: an empty list, or a first page that
/// failed while nothing is shown, is the empty state's, and the footer hides for it.
public struct PagingPresentation: Hashable, Sendable {
  /// What the footer shows.
  public var footer: Footer
  /// What the empty-state view shows.
  public var emptyState: EmptyState
  /// Whether a refresh is loading: a refresh control keeps spinning while this is `true` and
  /// ends as soon as it is `false`.
  public var isRefreshing: Bool

  /// What a load-more footer shows.
  public enum Footer: Hashable, Sendable {
    /// Nothing: the list is empty (the empty state shows instead), or nothing has loaded yet.
    case hidden
    /// More pages can load and none is loading.
    case idle
    /// A page is loading.
    case loading
    /// Every page has loaded: "no more data", or the text for `totalCount` when it is known and
    /// the texts have one (``PagingStatusTexts/reachedEndWithTotal``).
    case reachedEnd(totalCount: Int?)
    /// A load failed while items are shown; retrying loads it again.
    case failed(message: String)

    /// What the status row of a ``PagedSection`` shows as a footer inside the list: the row says
    /// the empty text itself (``PagingStatusCell/text``), so an empty list is an idle footer there.
    /// - Parameter status: The status of the row.
    public init(statusRow status: PagingStatus) {
      switch status {
      case .hidden, .empty: self = .idle
      case .loading: self = .loading
      case .reachedEnd(let totalCount): self = .reachedEnd(totalCount: totalCount)
      case .failed(let message): self = .failed(message: message)
      }
    }

    /// Whether the footer offers to retry: a retry button, or a status row that can be selected.
    public var isRetryable: Bool {
      if case .failed = self { return true }
      return false
    }
  }

  /// What the view shown instead of an empty list shows.
  public enum EmptyState: Hashable, Sendable {
    /// Nothing: the list shows items, or its first page is still loading.
    case hidden
    /// The first page loaded and holds no items.
    case empty
    /// The first page failed and no item is shown; retrying loads it again.
    case failed(message: String)
  }

  /// What the views of a paged list show for one of its states.
  /// - Parameter state: A state of the list, from ``PagedList/state`` or
  ///   ``PagedList/stateChanges()``.
  /// - Complexity: O(1).
  public init(_ state: PagedListState) {
    self.init(
      status: PagingStatus(state), hasItems: state.itemCount > 0, isRefreshing: state.refreshState.isLoading)
  }

  /// The presentation of a status; `hasItems` tells a failure over shown items (the footer's)
  /// from one over an empty list (the empty state's).
  init(status: PagingStatus, hasItems: Bool, isRefreshing: Bool) {
    self.isRefreshing = isRefreshing
    switch status {
    case .hidden:
      footer = hasItems ? .idle : .hidden
      emptyState = .hidden
    case .loading:
      footer = .loading
      emptyState = .hidden
    case .reachedEnd(let totalCount):
      footer = .reachedEnd(totalCount: totalCount)
      emptyState = .hidden
    case .failed(let message) where hasItems:
      footer = .failed(message: message)
      emptyState = .hidden
    case .failed(let message):
      footer = .hidden
      emptyState = .failed(message: message)
    case .empty:
      footer = .hidden
      emptyState = .empty
    }
  }
}
