/// Something that happened to a row and needs no answer: one of the void calls of a list view's
/// data source and delegate (display, highlight, selection, prefetching, a committed edit).
///
/// Each level of the manager hierarchy receives it through one method,
/// `listView(_:handle:at:)`: a ``TableManager`` hands it to the row's ``SectionManager``, which
/// hands it to the row's ``CellManager``. Override that method at the level that should act, and
/// call `super` to keep forwarding:
///
/// ```swift
/// final class PhotoRow: ModelCellManager<Photo, PhotoCell> {
///   override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
///     if case .didSelect = event { router.show(model) }
///   }
/// }
/// ```
///
/// The calls that answer something (a height, whether a row highlights, the path to select
/// instead, swipe actions) keep a method of their own at every level.
public enum ItemEvent {
  /// The row's cell is about to appear.
  case willDisplay(cell: AnyObject)
  /// The row's cell left the screen; after a delete it comes at the row's old path, which is not
  /// reported when no row is there any more.
  case didEndDisplaying(cell: AnyObject)
  /// The row was highlighted.
  case didHighlight
  /// The row's highlight was removed.
  case didUnhighlight
  /// The row was selected.
  case didSelect
  /// The row was deselected.
  case didDeselect
  /// The view will soon show the row: start loading what it needs.
  case prefetch
  /// The view no longer expects to show the row soon.
  case cancelPrefetching
  /// The user committed an edit of the row (a swipe to delete, an insert control).
  case commit(EditingStyle)

  /// The name of the call, for the diagnostic of a path with no row; `nil` for an end of display,
  /// whose stale path is expected.
  var operation: StaticString? {
    switch self {
    case .willDisplay: "willDisplay"
    case .didEndDisplaying: nil
    case .didHighlight: "didHighlightItemAt"
    case .didUnhighlight: "didUnhighlightItemAt"
    case .didSelect: "didSelectItemAt"
    case .didDeselect: "didDeselectItemAt"
    case .prefetch: "prefetchItemsAt"
    case .cancelPrefetching: "cancelPrefetchingForItemsAt"
    case .commit: "commitEditingStyle"
    }
  }
}
