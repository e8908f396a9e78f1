/// Is told about, and tunes, a list view's layout and interaction: heights, headers and footers,
/// display, highlight, selection, editing and swipe actions.
///
/// Mirrors `UITableViewDelegate` (and `UICollectionViewDelegate`) so adapters forward each
/// call 1:1. Heights are in points; `nil` means "the view's default". Every requirement has a
/// default that matches UIKit's behaviour when the method is not implemented.
@MainActor
public protocol ListDelegate: AnyObject {
  /// The height of an item, or `nil` for the view's default. Default: `nil`.
  func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double?
  /// A cheap estimate of an item's height, or `nil` for none. Default: `nil`.
  func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double?
  /// The height of a section's header, or `nil` for the view's default. Default: `nil`.
  func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double?
  /// The height of a section's footer, or `nil` for the view's default. Default: `nil`.
  func listView(_ listView: any ListView, heightForFooterInSection section: Int) -> Double?
  /// A custom view for a section's header. Default: `nil`.
  func listView(_ listView: any ListView, viewForHeaderInSection section: Int) -> AnyObject?
  /// A custom view for a section's footer. Default: `nil`.
  func listView(_ listView: any ListView, viewForFooterInSection section: Int) -> AnyObject?
  /// A cell is about to appear. Default: nothing.
  func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath)
  /// A cell left the screen. Default: nothing.
  func listView(_ listView: any ListView, didEndDisplaying cell: AnyObject, forItemAt path: ItemPath)
  /// Whether touching the item highlights it. Default: `true` (a ``TableManager`` answers `false`
  /// for a path it has no row at).
  func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool
  /// The item was highlighted. Default: nothing.
  func listView(_ listView: any ListView, didHighlightItemAt path: ItemPath)
  /// The item's highlight was removed. Default: nothing.
  func listView(_ listView: any ListView, didUnhighlightItemAt path: ItemPath)
  /// The path to select instead of `path`, or `nil` to refuse. Default: `path`.
  func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath?
  /// The item was selected. Default: nothing.
  func listView(_ listView: any ListView, didSelectItemAt path: ItemPath)
  /// The item was deselected. Default: nothing.
  func listView(_ listView: any ListView, didDeselectItemAt path: ItemPath)
  /// The editing control of the item. Default: ``EditingStyle/delete``, as UIKit (a
  /// ``TableManager`` answers ``EditingStyle/none`` for a path it has no row at).
  func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle
  /// The buttons a swipe from the leading edge reveals. Default: `nil`.
  func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  /// The buttons a swipe from the trailing edge reveals. Default: `nil` (UIKit then offers
  /// Delete when the item is editable).
  func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
}

extension ListDelegate {
  /// The view's default height.
  public func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { nil }
  /// No estimate.
  public func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? { nil }
  /// The view's default header height.
  public func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? { nil }
  /// The view's default footer height.
  public func listView(_ listView: any ListView, heightForFooterInSection section: Int) -> Double? { nil }
  /// No header view.
  public func listView(_ listView: any ListView, viewForHeaderInSection section: Int) -> AnyObject? { nil }
  /// No footer view.
  public func listView(_ listView: any ListView, viewForFooterInSection section: Int) -> AnyObject? { nil }
  /// Does nothing.
  public func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {}
  /// Does nothing.
  public func listView(_ listView: any ListView, didEndDisplaying cell: AnyObject, forItemAt path: ItemPath) {
  }
  /// Highlights.
  public func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool { true }
  /// Does nothing.
  public func listView(_ listView: any ListView, didHighlightItemAt path: ItemPath) {}
  /// Does nothing.
  public func listView(_ listView: any ListView, didUnhighlightItemAt path: ItemPath) {}
  /// Selects `path`.
  public func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? { path }
  /// Does nothing.
  public func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {}
  /// Does nothing.
  public func listView(_ listView: any ListView, didDeselectItemAt path: ItemPath) {}
  /// Delete, as UIKit.
  public func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle {
    .delete
  }
  /// No leading actions.
  public func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  { nil }
  /// No trailing actions.
  public func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  { nil }
}
