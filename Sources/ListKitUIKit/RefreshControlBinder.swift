// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uirefreshcontrol (fires `.valueChanged` on a pull;
//   `isRefreshing`, `beginRefreshing()`, `endRefreshing()`)
// https://developer.apple.com/documentation/uikit/uirefreshcontrol/endrefreshing()
// https://developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol (`var refreshControl: UIRefreshControl?`)
// https://developer.apple.com/documentation/uikit/uicontrol/addtarget(_:action:for:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Binds pull-to-refresh on a scroll view to a ``ListKit/PagedList`` or a
  /// ``ListKit/PagedSection``: a pull calls `refresh()`, and the spinner ends when the list's
  /// refresh state stops loading (success or failure).
  ///
  /// ```swift
  /// refreshBinder = RefreshControlBinder(scrollView: tableView, section: photosSection)
  /// ```
  ///
  /// A pull while a refresh is already loading (the one `start()` began, say) starts nothing and
  /// keeps the spinner until that refresh ends. Keep the binder in a property; it holds the list
  /// weakly.
  @MainActor
  public final class RefreshControlBinder: NSObject {
    /// The refresh control, installed as the scroll view's `refreshControl`.
    public let refreshControl: UIRefreshControl

    private let refresh: @MainActor () -> Void
    private let isRefreshLoading: @MainActor () -> Bool
    private var observation: Task<Void, Never>?

    /// Binds pull-to-refresh to a paged list.
    /// - Parameters:
    ///   - scrollView: The table, collection or scroll view to pull.
    ///   - list: The list to refresh.
    public convenience init<Item: Identifiable & Sendable>(scrollView: UIScrollView, list: PagedList<Item>)
    where Item.ID: Sendable {
      self.init(
        scrollView: scrollView,
        refresh: { [weak list] in _ = list?.refresh() },
        isRefreshLoading: { [weak list] in list?.refreshState.isLoading ?? false },
        states: list.stateChanges())
    }

    /// Binds pull-to-refresh to a paged section (refreshing its list).
    /// - Parameters:
    ///   - scrollView: The table, collection or scroll view to pull.
    ///   - section: The section to refresh.
    public convenience init<Item: Identifiable & Sendable>(
      scrollView: UIScrollView, section: PagedSection<Item>
    )
    where Item.ID: Sendable {
      let list = section.list
      self.init(
        scrollView: scrollView,
        refresh: { [weak section] in _ = section?.refresh() },
        isRefreshLoading: { [weak list] in list?.refreshState.isLoading ?? false },
        states: list.stateChanges())
    }

    private init(
      scrollView: UIScrollView, refresh: @escaping @MainActor () -> Void,
      isRefreshLoading: @escaping @MainActor () -> Bool, states: AsyncStream<PagedListState>
    ) {
      self.refreshControl = UIRefreshControl()
      self.refresh = refresh
      self.isRefreshLoading = isRefreshLoading
      super.init()
      refreshControl.addTarget(self, action: #selector(refreshControlValueChanged), for: .valueChanged)
      scrollView.refreshControl = refreshControl
      observation = Task { [weak self] in
        for await _ in states {
          guard let self else { return }
          self.endRefreshingIfIdle()
        }
      }
    }

    /// Stops following the list and removes the control's action; the control stays installed.
    public func invalidate() {
      observation?.cancel()
      observation = nil
      refreshControl.removeTarget(self, action: #selector(refreshControlValueChanged), for: .valueChanged)
    }

    @objc private func refreshControlValueChanged() {
      refresh()
      // A refresh that started nothing and finds nothing loading ends the spinner at once.
      endRefreshingIfIdle()
    }

    /// Reads the list's live state rather than the streamed one, so a state buffered from before
    /// the pull cannot end the spinner of the refresh the pull started.
    private func endRefreshingIfIdle() {
      if refreshControl.isRefreshing, !isRefreshLoading() {
        refreshControl.endRefreshing()
      }
    }
  }
#endif
