// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
//   (`func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`)
// https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:), insertSections(_:with:),
//   moveSection(_:toSection:), reloadSections(_:with:), deleteRows(at:with:), insertRows(at:with:),
//   moveRow(at:to:), reloadRows(at:with:)
// https://developer.apple.com/documentation/uikit/uitableview/indexpathsforvisiblerows (`[IndexPath]?`)
// https://developer.apple.com/documentation/uikit/uitableview/prefetchdatasource
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// Puts a ListKit data source and delegate (an `ArrayDataSource`, a
  /// `TableManager`…) on a `UITableView`.
  ///
  /// The adapter is the table's `dataSource`, `delegate` and `prefetchDataSource`, and forwards
  /// every call 1:1 to the ListKit ``dataSource`` and ``delegate``, converting `IndexPath` to
  /// `ItemPath`. It is also the core's `ListView`: registration, dequeue, reloads and
  /// batch updates go to the table.
  ///
  /// ```swift
  /// let adapter = TableViewAdapter(tableView: tableView)   // keep it in a property
  /// let table = TableManager(listView: adapter, sections: [photosSection])
  /// ```
  ///
  /// Every decision about what to show (diffing, the reload threshold, the paging status row,
  /// out-of-range paths, which row a batch keeps in place) is made by the core,
  /// which Linux tests cover through `HeadlessTableView`. What the adapter does itself is UIKit
  /// plumbing: it reloads instead of animating a batch while the table has no window, shows cells
  /// that are not `UITableViewCell`s through a stand-in cell, measures the first visible row
  /// around a batch to keep it in place, and falls back to the table's own row, header and footer
  /// heights when the delegate has none. UIKit holds its data source and delegate weakly, and so
  /// does the core: keep the adapter and the manager in properties of the view controller.
  @MainActor
  public final class TableViewAdapter: NSObject, ListView {
    /// The reuse identifier of the plain cell shown when the core answers with a cell that is not
    /// a `UITableViewCell` (a `PlaceholderCell`, a terminal cell…).
    public static let fallbackReuseIdentifier = "ListKitUIKit.FallbackCell"

    /// The table view.
    public let tableView: UITableView
    /// The object that answers counts and cells; held weakly.
    public weak var dataSource: (any ListDataSource)?
    /// The object told about display, selection, heights and editing; held weakly.
    public weak var delegate: (any ListDelegate)?
    /// The animation of inserted, deleted and reloaded rows and sections.
    ///
    /// Default: `.automatic`.
    public var rowAnimation: UITableView.RowAnimation = .automatic

    /// Which identifiers name `UITableViewCell` classes and which name cells ListKit makes (shown
    /// through a stand-in cell).
    private(set) var reuse: ReuseRegistry<TableViewCells, PagingStatusTableViewCell>

    /// Creates an adapter and makes it the table's data source, delegate and prefetch data source.
    /// - Parameter tableView: The table view; held strongly (the table holds the adapter weakly).
    public init(tableView: UITableView) {
      self.tableView = tableView
      self.reuse = ReuseRegistry(
        view: TableViewCells(tableView: tableView), fallbackReuseIdentifier: Self.fallbackReuseIdentifier)
      super.init()
      tableView.dataSource = self
      tableView.delegate = self
      tableView.prefetchDataSource = self
    }

    // MARK: ListView

    /// Registers the cell class with the table when it is a `UITableViewCell` subclass; other
    /// classes are made with the registration's `make` and shown through a stand-in cell.
    /// - Parameter registration: The reuse identifier, the cell type and how to make a cell.
    public func register(_ registration: CellRegistration) {
      reuse.register(registration)
    }

    /// Dequeues a registered cell for the path.
    /// - Parameters:
    ///   - identifier: A reuse identifier registered with ``register(_:)``.
    ///   - path: The path the cell will be shown at.
    /// - Returns: A `UITableViewCell` (also for classes registered with the table directly or
    ///   storyboard prototypes), or a new model cell for a non-UIKit registration.
    /// - Throws: `ListViewError/unregisteredIdentifier(_:)` instead of UIKit's abort.
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath)
      throws(ListViewError) -> AnyObject
    {
      try reuse.dequeueCell(withIdentifier: identifier, for: path)
    }

    /// Reloads the table.
    public func reloadData() {
      tableView.reloadData()
    }

    /// Applies the batch inside `performBatchUpdates(_:completion:)`, or reloads the table when it
    /// is not in a window (UIKit does not animate off screen, and a batch there only costs).
    ///
    /// The core has already checked the batch against UIKit's rules (and falls back to
    /// ``reloadData()`` past its reload threshold), so this never throws. As every `ListView`, it
    /// keeps the first visible row that the batch keeps (and does not move) where it was on screen:
    /// UIKit alone keeps the content offset, so rows inserted above would move it.
    /// - Parameter update: Deletes and reloads in old paths, inserts in new ones, moves old → new.
    public func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
      tableView.perform(
        update, through: TableBatchUpdateReceiver(tableView: tableView, animation: rowAnimation), for: self)
    }

    /// The paths of the visible rows, in display order.
    public var visibleItemPaths: [ItemPath] {
      (tableView.indexPathsForVisibleRows ?? []).map { ItemPath($0) }
    }

    /// Scrolls, without animating, so that a row is at the top, as far as the content allows.
    /// - Parameter path: The row; a path the table does not hold changes nothing (UIKit would
    ///   raise an exception).
    public func scroll(toItemAt path: ItemPath) {
      tableView.scroll(toItemAt: path)
    }
  }
#endif
