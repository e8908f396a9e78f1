// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uirefreshcontrol (fires `.valueChanged` on a pull;
//   `isRefreshing`, `beginRefreshing()`, `endRefreshing()`)
// https://developer.apple.com/documentation/uikit/uirefreshcontrol/endrefreshing()
// https://developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol (`var refreshControl: UIRefreshControl?`)
// https://developer.apple.com/documentation/uikit/uicontrol/addtarget(_:action:for:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Binds pull-to-refresh on a scroll view to a `PagedList`: a pull calls `refresh()`, and
  /// the spinner ends when the list's refresh state stops loading (success or failure).
  ///
  /// ```swift
  /// refreshBinder = RefreshControlBinder(scrollView: tableView, list: photosSection.list)
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
    private let renderer = ObservationRenderer()

    /// Binds pull-to-refresh to a paged list (a `PagedSection`'s is its `list`).
    /// - Parameters:
    ///   - scrollView: The table, collection or scroll view to pull.
    ///   - list: The list to refresh.
    public init<Item: Identifiable & Sendable>(scrollView: UIScrollView, list: PagedList<Item>)
    where Item.ID: Sendable {
      self.refreshControl = UIRefreshControl()
      self.refresh = { [weak list] in _ = list?.refresh() }
      self.isRefreshing = { [weak list] in list.map { PagingPresentation($0).isRefreshing } ?? false }
      super.init()
      refreshControl.addTarget(self, action: #selector(refreshControlValueChanged), for: .valueChanged)
      scrollView.refreshControl = refreshControl
      renderer.start(self) { binder in binder.endRefreshingIfIdle() }
    }

    /// Stops following the list and removes the control's action; the control stays installed.
    public func invalidate() {
      renderer.cancel()
      refreshControl.removeTarget(self, action: #selector(refreshControlValueChanged), for: .valueChanged)
    }

    @objc private func refreshControlValueChanged() {
      refresh()
      // A refresh that started nothing and finds nothing loading ends the spinner at once.
      endRefreshingIfIdle()
    }

    /// Reads the list's live refresh state (tracked by the renderer), so the spinner of the
    /// refresh a pull started ends only when that refresh does.
    private func endRefreshingIfIdle() {
      if refreshControl.isRefreshing, !isRefreshing() {
        refreshControl.endRefreshing()
      }
    }
  }
#endif
