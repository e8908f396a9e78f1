/// Answers a list view's questions about its content: counts, cells, titles, editing, moving
/// and prefetching.
///
/// Mirrors `UITableViewDataSource` plus `UITableViewDataSourcePrefetching` (and their
/// collection-view counterparts) so adapters forward each call 1:1. Every requirement but the
/// item count and the cell has a default that matches UIKit's behaviour when the method is not
/// implemented.
@MainActor
public protocol ListDataSource: AnyObject {
  /// The number of sections. Default: 1.
  func numberOfSections(in listView: any ListView) -> Int
  /// The number of items in a section.
  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int
  /// The configured cell for a path, usually dequeued from `listView`.
  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject
  /// The header title of a section. Default: `nil`.
  func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String?
  /// The footer title of a section. Default: `nil`.
  func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String?
  /// Whether the item can be edited (deleted or inserted). Default: `false`.
  func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool
  /// Performs an edit the user committed (a swipe-to-delete, say). Default: nothing.
  func listView(_ listView: any ListView, commit editingStyle: EditingStyle, forItemAt path: ItemPath)
  /// Whether the item can be reordered. Default: `false`.
  func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool
  /// Moves the model of an item the user dragged to a new place. Default: nothing.
  func listView(_ listView: any ListView, moveItemAt source: ItemPath, to destination: ItemPath)
  /// Starts loading what the items at these paths will need before they appear. Default: nothing.
  func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath])
  /// Cancels prefetching started for these paths. Default: nothing.
  func listView(_ listView: any ListView, cancelPrefetchingForItemsAt paths: [ItemPath])
}

extension ListDataSource {
  /// One section.
  public func numberOfSections(in listView: any ListView) -> Int { 1 }
  /// No header title.
  public func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? { nil }
  /// No footer title.
  public func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? { nil }
  /// Not editable.
  public func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool { false }
  /// Ignores the edit.
  public func listView(_ listView: any ListView, commit editingStyle: EditingStyle, forItemAt path: ItemPath)
  {}
  /// Not movable.
  public func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool { false }
  /// Ignores the move.
  public func listView(_ listView: any ListView, moveItemAt source: ItemPath, to destination: ItemPath) {}
  /// Prefetches nothing.
  public func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath]) {}
  /// Cancels nothing.
  public func listView(_ listView: any ListView, cancelPrefetchingForItemsAt paths: [ItemPath]) {}
}
