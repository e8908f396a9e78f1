// Checked against Apple's documentation (UITableViewDelegate is a `@MainActor` protocol; every
// signature below is copied from its page):
// https://developer.apple.com/documentation/uikit/uitableviewdelegate
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:estimatedheightforrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforheaderinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforfooterinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:viewforheaderinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:viewforfooterinsection:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willdisplay:forrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didenddisplaying:forrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldhighlightrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didhighlightrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didunhighlightrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willselectrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didselectrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:diddeselectrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:editingstyleforrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:leadingswipeactionsconfigurationforrowat:)
// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:trailingswipeactionsconfigurationforrowat:)
// https://developer.apple.com/documentation/uikit/uitableview/automaticdimension
#if canImport(UIKit)
  import ListKit
  import UIKit

  extension TableViewAdapter: UITableViewDelegate {
    // MARK: Heights, headers and footers

    /// Forwards to `ListDelegate/listView(_:heightForItemAt:)`; `nil` answers the
    /// table's `rowHeight` (by default `UITableView.automaticDimension`, a self-sizing row).
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: The height in points.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      delegate?.listView(self, heightForItemAt: ItemPath(indexPath)).map { CGFloat($0) }
        ?? tableView.rowHeight
    }

    /// Forwards to `ListDelegate/listView(_:estimatedHeightForItemAt:)`; `nil` answers
    /// the table's `estimatedRowHeight` (by default `UITableView.automaticDimension`: no estimate).
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: The estimated height in points.
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
      delegate?.listView(self, estimatedHeightForItemAt: ItemPath(indexPath)).map { CGFloat($0) }
        ?? tableView.estimatedRowHeight
    }

    /// Forwards to `ListDelegate/listView(_:heightForHeaderInSection:)`; `nil` answers
    /// the table's `sectionHeaderHeight` (by default `UITableView.automaticDimension`).
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The height in points.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
      delegate?.listView(self, heightForHeaderInSection: section).map { CGFloat($0) }
        ?? tableView.sectionHeaderHeight
    }

    /// Forwards to `ListDelegate/listView(_:heightForFooterInSection:)`; `nil` answers
    /// the table's `sectionFooterHeight` (by default `UITableView.automaticDimension`).
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The height in points.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
      delegate?.listView(self, heightForFooterInSection: section).map { CGFloat($0) }
        ?? tableView.sectionFooterHeight
    }

    /// Forwards to `ListDelegate/listView(_:viewForHeaderInSection:)`; an answer that is
    /// not a `UIView` reads as no view.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The header view, or `nil`.
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
      delegate?.listView(self, viewForHeaderInSection: section) as? UIView
    }

    /// Forwards to `ListDelegate/listView(_:viewForFooterInSection:)`; an answer that is
    /// not a `UIView` reads as no view.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - section: The section.
    /// - Returns: The footer view, or `nil`.
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
      delegate?.listView(self, viewForFooterInSection: section) as? UIView
    }

    // MARK: Display

    /// Forwards to `ListDelegate/listView(_:willDisplay:forItemAt:)` (a paged section
    /// loads its next page from here).
    /// - Parameters:
    ///   - tableView: The table.
    ///   - cell: The cell about to appear.
    ///   - indexPath: The row.
    public func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      delegate?.listView(self, willDisplay: cell, forItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:didEndDisplaying:forItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - cell: The cell that left the screen.
    ///   - indexPath: The row.
    public func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      delegate?.listView(self, didEndDisplaying: cell, forItemAt: ItemPath(indexPath))
    }

    // MARK: Highlight and selection

    /// Forwards to `ListDelegate/listView(_:shouldHighlightItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: Whether the row highlights.
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
      delegate?.listView(self, shouldHighlightItemAt: ItemPath(indexPath)) ?? true
    }

    /// Forwards to `ListDelegate/listView(_:didHighlightItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
      delegate?.listView(self, didHighlightItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:didUnhighlightItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
      delegate?.listView(self, didUnhighlightItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:willSelectItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row the user touched.
    /// - Returns: The row to select instead, or `nil` to refuse.
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
      guard let delegate else { return indexPath }
      return delegate.listView(self, willSelectItemAt: ItemPath(indexPath)).map { IndexPath($0) }
    }

    /// Forwards to `ListDelegate/listView(_:didSelectItemAt:)` (a paged section's
    /// status row retries from here).
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      delegate?.listView(self, didSelectItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:didDeselectItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      delegate?.listView(self, didDeselectItemAt: ItemPath(indexPath))
    }

    // MARK: Editing and swipe actions

    /// Forwards to `ListDelegate/listView(_:editingStyleForItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: The row's editing control.
    public func tableView(
      _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
    ) -> UITableViewCell.EditingStyle {
      UITableViewCell.EditingStyle(
        delegate?.listView(self, editingStyleForItemAt: ItemPath(indexPath)) ?? .delete)
    }

    /// Forwards to `ListDelegate/listView(_:leadingSwipeActionsForItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: The actions, or `nil` for UIKit's default.
    public func tableView(
      _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      delegate?.listView(self, leadingSwipeActionsForItemAt: ItemPath(indexPath))?
        .makeUISwipeActionsConfiguration()
    }

    /// Forwards to `ListDelegate/listView(_:trailingSwipeActionsForItemAt:)`.
    /// - Parameters:
    ///   - tableView: The table.
    ///   - indexPath: The row.
    /// - Returns: The actions, or `nil` for UIKit's default (Delete when the row is editable).
    public func tableView(
      _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      delegate?.listView(self, trailingSwipeActionsForItemAt: ItemPath(indexPath))?
        .makeUISwipeActionsConfiguration()
    }
  }
#endif
