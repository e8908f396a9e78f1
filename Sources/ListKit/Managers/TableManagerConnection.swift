/// The data source and delegate a ``TableManager`` installs in its view: it hands every call to the
/// manager, which answers it through its sections.
///
/// The manager keeps it, and the view holds it weakly as UIKit holds its data source, so it goes
/// when the manager goes. Apart from it, the manager's public face is what an app calls (sections,
/// updates, lookups), not the view's questions.
@MainActor
package final class TableManagerConnection: ListDataSource, ListDelegate {
  /// The manager that answers, set by it as it is made; `nil` only once it is gone.
  package weak var table: TableManager?

  package func numberOfSections(in listView: any ListView) -> Int {
    table?.numberOfSections(in: listView) ?? 0
  }

  package func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    table?.listView(listView, numberOfItemsInSection: section) ?? 0
  }

  package func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    table?.listView(listView, cellForItemAt: path) ?? PlaceholderCell(reason: "the table manager is gone")
  }

  package func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    table?.listView(listView, titleForHeaderInSection: section)
  }

  package func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    table?.listView(listView, titleForFooterInSection: section)
  }

  package func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool {
    table?.listView(listView, canEditItemAt: path) ?? false
  }

  package func listView(_ listView: any ListView, commit editingStyle: EditingStyle, forItemAt path: ItemPath)
  {
    table?.listView(listView, commit: editingStyle, forItemAt: path)
  }

  package func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool {
    table?.listView(listView, canMoveItemAt: path) ?? false
  }

  package func listView(_ listView: any ListView, moveItemAt source: ItemPath, to destination: ItemPath) {
    table?.listView(listView, moveItemAt: source, to: destination)
  }

  package func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath]) {
    table?.listView(listView, prefetchItemsAt: paths)
  }

  package func listView(_ listView: any ListView, cancelPrefetchingForItemsAt paths: [ItemPath]) {
    table?.listView(listView, cancelPrefetchingForItemsAt: paths)
  }

  package func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    table?.listView(listView, heightForItemAt: path)
  }

  package func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? {
    table?.listView(listView, estimatedHeightForItemAt: path)
  }

  package func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? {
    table?.listView(listView, heightForHeaderInSection: section)
  }

  package func listView(_ listView: any ListView, heightForFooterInSection section: Int) -> Double? {
    table?.listView(listView, heightForFooterInSection: section)
  }

  package func listView(_ listView: any ListView, viewForHeaderInSection section: Int) -> AnyObject? {
    table?.listView(listView, viewForHeaderInSection: section)
  }

  package func listView(_ listView: any ListView, viewForFooterInSection section: Int) -> AnyObject? {
    table?.listView(listView, viewForFooterInSection: section)
  }

  package func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    table?.listView(listView, willDisplay: cell, forItemAt: path)
  }

  package func listView(_ listView: any ListView, didEndDisplaying cell: AnyObject, forItemAt path: ItemPath)
  {
    table?.listView(listView, didEndDisplaying: cell, forItemAt: path)
  }

  package func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    table?.listView(listView, shouldHighlightItemAt: path) ?? false
  }

  package func listView(_ listView: any ListView, didHighlightItemAt path: ItemPath) {
    table?.listView(listView, didHighlightItemAt: path)
  }

  package func listView(_ listView: any ListView, didUnhighlightItemAt path: ItemPath) {
    table?.listView(listView, didUnhighlightItemAt: path)
  }

  package func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? {
    table?.listView(listView, willSelectItemAt: path)
  }

  package func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {
    table?.listView(listView, didSelectItemAt: path)
  }

  package func listView(_ listView: any ListView, didDeselectItemAt path: ItemPath) {
    table?.listView(listView, didDeselectItemAt: path)
  }

  package func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle {
    table?.listView(listView, editingStyleForItemAt: path) ?? .none
  }

  package func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    table?.listView(listView, leadingSwipeActionsForItemAt: path)
  }

  package func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    table?.listView(listView, trailingSwipeActionsForItemAt: path)
  }
}
