// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uirefreshcontrol (fires `.valueChanged` on a pull;
//   `isRefreshing`, `beginRefreshing()`, `endRefreshing()`)
// https://developer.apple.com/documentation/uikit/uirefreshcontrol/endrefreshing()
// https://developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol (`var refreshControl: UIRefreshControl?`)
// https://developer.apple.com/documentation/uikit/uicontrol/addtarget(_:action:for:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Binds pull-to-refresh on a scroll view to a `PagedList` or a
  /// `PagedSection`: a pull calls `refresh()`, and the spinner ends when the list's
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
    private let isRefreshing: @MainActor () -> Bool
    private let binding = PagingPresentationBinding()

    /// Binds pull-to-refresh to a paged list.
    /// - Parameters:
    ///   - scrollView: The table, collection or scroll view to pull.
    ///   - list: The list to refresh.
    public convenience init<Item: Identifiable & Sendable>(scrollView: UIScrollView, list: PagedList<Item>)
    where Item.ID: Sendable {
      self.init(
        scrollView: scrollView,
        refresh: { [weak list] in _ = list?.refresh() }, list: list)
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
        refresh: { [weak section] in _ = section?.refresh() }, list: list)
    }

    private init<Item: Identifiable & Sendable>(
      scrollView: UIScrollView, refresh: @escaping @MainActor () -> Void, list: PagedList<Item>
    ) where Item.ID: Sendable {
      self.refreshControl = UIRefreshControl()
      self.refresh = refresh
      self.isRefreshing = { [weak list] in list.map { PagingPresentation($0.state).isRefreshing } ?? false }
      super.init()
      refreshControl.addTarget(self, action: #selector(refreshControlValueChanged), for: .valueChanged)
      scrollView.refreshControl = refreshControl
      binding.bind(self, to: list) { binder, _ in binder.endRefreshingIfIdle() }
    }

    /// Stops following the list and removes the control's action; the control stays installed.
    public func invalidate() {
      binding.cancel()
      refreshControl.removeTarget(self, action: #selector(refreshControlValueChanged), for: .valueChanged)
    }

    @objc private func refreshControlValueChanged() {
      refresh()
      // A refresh that started nothing and finds nothing loading ends the spinner at once.
      endRefreshingIfIdle()
    }

    /// Reads the list's live presentation rather than the streamed one, so a state buffered from
    /// before the pull cannot end the spinner of the refresh the pull started.
    private func endRefreshingIfIdle() {
      if refreshControl.isRefreshing, !isRefreshing() {
        refreshControl.endRefreshing()
      }
    }
  }
#endif
