// Checked against Apple's documentation (UITableViewDataSource and UITableViewDataSourcePrefetching
// are `@MainActor` protocols; every signature below is copied from its page):
// https://developer.apple.com/documentation/uikit/uitableviewdatasource
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:titleforheaderinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:titleforfooterinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:caneditrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:commit:forrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:canmoverowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:moverowat:to:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching/tableview(_:prefetchrowsat:)
// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching/tableview(_:cancelprefetchingforrowsat:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  extension TableViewAdapter: UITableViewDataSource {
    /// Forwards to `ListDataSource/numberOfSections(in:)`; 0 without a data source.
    /// - Parameter tableView: The table.
    /// - Returns: The number of sections.
    public func numberOfSections(in tableView: UITableView) -> Int {
      dataSource?.numberOfSections(in: self) ?? 0
    }

    /// Forwards to `ListDataSource/listView(_:numberOfItemsInSection:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The number of rows.
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      dataSource?.listView(self, numberOfItemsInSection: section) ?? 0
    }

    /// Forwards to `ListDataSource/listView(_:cellForItemAt:)`.
    ///
    /// A `PagingStatusCell` is shown by a ``PagingStatusTableViewCell``; any other cell
    /// that is not a `UITableViewCell` (a `PlaceholderCell` after a reported error) by a
    /// plain `UITableViewCell`, because UIKit needs a cell for every row.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: The cell.
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      reuse.viewCell(showing: dataSource?.listView(self, cellForItemAt: ItemPath(indexPath)), at: indexPath)
    }

    /// Forwards to `ListDataSource/listView(_:titleForHeaderInSection:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The title, or `nil`.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      dataSource?.listView(self, titleForHeaderInSection: section)
    }

    /// Forwards to `ListDataSource/listView(_:titleForFooterInSection:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The title, or `nil`.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      dataSource?.listView(self, titleForFooterInSection: section)
    }

    /// Forwards to `ListDataSource/listView(_:canEditItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: Whether the row can be edited.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      dataSource?.listView(self, canEditItemAt: ItemPath(indexPath)) ?? false
    }

    /// Forwards to `ListDataSource/listView(_:commit:forItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - editingStyle: The committed edit.
    ///   - indexPath: The row.
    public func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      dataSource?.listView(self, commit: ListKit.EditingStyle(editingStyle), forItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDataSource/listView(_:canMoveItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: Whether the row can be reordered.
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      dataSource?.listView(self, canMoveItemAt: ItemPath(indexPath)) ?? false
    }

    /// Forwards to `ListDataSource/listView(_:moveItemAt:to:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - sourceIndexPath: Where the row was.
    ///   - destinationIndexPath: Where the user dropped it.
    public func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      dataSource?.listView(self, moveItemAt: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }
  }

  extension TableViewAdapter: UITableViewDataSourcePrefetching {
    /// Forwards to `ListDataSource/listView(_:prefetchItemsAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPaths: The rows likely to appear soon.
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      dataSource?.listView(self, prefetchItemsAt: indexPaths.map { ItemPath($0) })
    }

    /// Forwards to `ListDataSource/listView(_:cancelPrefetchingForItemsAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPaths: The rows no longer expected.
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      dataSource?.listView(self, cancelPrefetchingForItemsAt: indexPaths.map { ItemPath($0) })
    }
  }
#endif
