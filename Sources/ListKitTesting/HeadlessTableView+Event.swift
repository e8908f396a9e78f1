import ListKit

extension HeadlessTableView {
  /// One call the table made to its data source or delegate, or one problem it found, in order.
  ///
  /// Layout queries (counts, heights, titles) are logged only when the table was created with
  /// `logsLayoutQueries: true`, because a reload asks them for every row.
  public enum Event: Hashable, Sendable {
    /// `reloadData()` started.
    case reloadData
    /// A batch update passed the rules and is being applied.
    case batchUpdate(BatchUpdate)
    /// The data source was asked for the number of sections.
    case numberOfSections(Int)
    /// The data source was asked for the number of rows of a section.
    case numberOfItems(section: Int, count: Int)
    /// The delegate was asked for a row's height (`nil`: the default).
    case heightForItem(ItemPath, Double?)
    /// The delegate was asked for a row's estimated height.
    case estimatedHeightForItem(ItemPath, Double?)
    /// The data source and delegate were asked for a section's header (title and height).
    case header(section: Int, title: String?)
    /// The data source and delegate were asked for a section's footer (title and height).
    case footer(section: Int, title: String?)
    /// The data source was asked for a cell.
    case cellForItem(ItemPath)
    /// A cell was dequeued; `reused` when it came from the reuse pool.
    case dequeue(identifier: String, ItemPath, reused: Bool)
    /// The delegate was told a cell will appear.
    case willDisplay(ItemPath)
    /// The delegate was told a cell left the screen.
    case didEndDisplaying(ItemPath)
    /// The data source was asked to prefetch.
    case prefetch([ItemPath])
    /// The data source was told to cancel prefetching.
    case cancelPrefetching([ItemPath])
    /// The delegate was asked whether the row highlights, and answered.
    case shouldHighlight(ItemPath, Bool)
    /// The delegate was told the row was highlighted.
    case didHighlight(ItemPath)
    /// The delegate was told the row's highlight was removed.
    case didUnhighlight(ItemPath)
    /// The delegate was asked which row to select instead, and answered.
    case willSelect(ItemPath, ItemPath?)
    /// The delegate was told the row was selected.
    case didSelect(ItemPath)
    /// The delegate was told the row was deselected.
    case didDeselect(ItemPath)
    /// The data source was asked whether the row can be edited, and answered.
    case canEdit(ItemPath, Bool)
    /// The delegate was asked for the row's editing style, and answered.
    case editingStyle(ItemPath, EditingStyle)
    /// The data source was told to commit an edit.
    case commitEditing(EditingStyle, ItemPath)
    /// The data source was asked whether the row can be moved, and answered.
    case canMove(ItemPath, Bool)
    /// The data source was told the user moved a row.
    case moveItem(from: ItemPath, to: ItemPath)
    /// The delegate was asked for a row's swipe actions; the titles, or `nil` for none.
    case swipeActions(SwipeEdge, ItemPath, titles: [String]?)
    /// A swipe action's handler was called.
    case performSwipeAction(title: String, ItemPath)
    /// A swipe action's handler reported whether it performed the action.
    case swipeActionCompleted(title: String, ItemPath, performed: Bool)
    /// Something broke UIKit's contract; the text is the error's description.
    case violation(String)
  }
}
