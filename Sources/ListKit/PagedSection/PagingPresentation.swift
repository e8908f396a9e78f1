/// How ListKit's views split a list's ``PagingStatus`` between the load-more footer, the view shown
/// instead of an empty list, and the refresh control's spinner.
///
/// Not a second model of status: it is derived from ``PagedList/status`` (with whether items are
/// shown and a refresh is loading), so that each rendering decision lives here, tested on every
/// platform; ListKitUIKit's footers, empty-state view and refresh control only render it.
///
/// The footer and the empty state never show the same thing: an empty list, or a first page that
/// failed while nothing is shown, is the empty state's, and the footer hides for it.
package struct PagingPresentation: Hashable, Sendable {
  /// What the footer shows.
  package var footer: Footer
  /// What the empty-state view shows.
  package var emptyState: EmptyState
  /// Whether a refresh is loading: a refresh control keeps spinning while this is `true` and
  /// ends as soon as it is `false`.
  package var isRefreshing: Bool

  /// What a load-more footer shows.
  package enum Footer: Hashable, Sendable {
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
    case failed(PagingError)

    /// What the status row of a ``PagedSection`` shows as a footer inside the list: the row says
    /// the empty text itself (``PagingStatusCell/text``), so an empty list is an idle footer there.
    /// - Parameter status: The status of the row.
    package init(statusRow status: PagingStatus) {
      switch status {
      case .hidden, .empty: self = .idle
      case .loading: self = .loading
      case .reachedEnd(let totalCount): self = .reachedEnd(totalCount: totalCount)
      case .failed(let error): self = .failed(error)
      }
    }

    /// Whether the footer offers to retry: a retry button, or a status row that can be selected.
    package var isRetryable: Bool {
      if case .failed = self { return true }
      return false
    }
  }

  /// What the view shown instead of an empty list shows.
  package enum EmptyState: Hashable, Sendable {
    /// Nothing: the list shows items, or its first page is still loading.
    case hidden
    /// The first page loaded and holds no items.
    case empty
    /// The first page failed and no item is shown; retrying loads it again.
    case failed(PagingError)
  }

  /// What the views of a paged list show now; reading it inside Observation tracking (an
  /// ``ObservationRenderer``, a SwiftUI body) tracks what it read.
  /// - Parameter list: The list.
  /// - Complexity: O(1).
  @MainActor package init<Item: Identifiable & Sendable>(_ list: PagedList<Item>) where Item.ID: Sendable {
    self.init(
      status: list.status, hasItems: !list.items.isEmpty, isRefreshing: list.loadStates.refresh.isLoading)
  }

  /// The presentation of a status; `hasItems` tells a failure over shown items (the footer's)
  /// from one over an empty list (the empty state's).
  package init(status: PagingStatus, hasItems: Bool, isRefreshing: Bool) {
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
    case .failed(let error) where hasItems:
      footer = .failed(error)
      emptyState = .hidden
    case .failed(let error):
      footer = .hidden
      emptyState = .failed(error)
    case .empty:
      footer = .hidden
      emptyState = .empty
    }
  }
}
