import ListKit

/// A `ListView` that draws its rows as text, for terminals and for tests.
///
/// It behaves like a `UITableView` whose unit is a line: it lays out sections (header, items,
/// footer) with heights from the delegate in lines (``rowHeight`` when the delegate has none),
/// keeps a scroll offset, asks the data source for cells only for the rows on screen, reuses
/// cells that scroll away, tells the delegate `willDisplay` / `didEndDisplaying`, and asks the
/// data source to prefetch the ``prefetchDistance`` items ahead of the viewport in the direction
/// of the last scroll. A cursor (UIKit's highlight) moves with the arrow keys; Enter selects.
///
/// ``render()`` draws into a ``ScreenBuffer``; ``Terminal`` puts a buffer on a real screen.
///
/// Work happens lazily, like UIKit's layout pass: ``reloadData()`` and scrolling mark the view,
/// and the next ``render()``, ``visibleItemPaths`` or ``layoutIfNeeded()`` asks the data source.
/// So a data source may call ``reloadData()`` from inside a callback.
@MainActor
public final class TerminalListView: ListView {
  /// The object that answers counts and cells, held weakly.
  public weak var dataSource: (any ListDataSource)? {
    didSet { reloadData() }
  }

  /// The object told about display, selection, heights and headers, held weakly.
  public weak var delegate: (any ListDelegate)? {
    didSet { reloadData() }
  }

  /// The number of columns.
  public private(set) var width: Int
  /// The number of lines.
  public private(set) var height: Int
  /// The first content line on screen.
  ///
  /// A batch update moves it with the item it keeps in place (see ``performBatchUpdates(_:)``).
  public internal(set) var contentOffset = 0
  /// The item under the cursor, if any.
  public internal(set) var highlightedPath: ItemPath?
  /// The selected item, if any.
  public internal(set) var selectedPath: ItemPath?

  /// The lines of an item when the delegate gives no height; default 1.
  public var rowHeight = 1 {
    didSet { reloadData() }
  }

  /// How many items past the viewport the data source is asked to prefetch; default 10.
  public var prefetchDistance = 10 {
    didSet { setNeedsLayout() }
  }

  var registrations: [String: CellRegistration] = [:]
  var reusePool: [String: [AnyObject]] = [:]
  var cellIdentifiers: [ObjectIdentifier: String] = [:]
  var layout = ListLayout()
  /// Whether the data source must be asked again, as after ``reloadData()``.
  var needsReload = true
  var needsLayout = true
  var isLayingOut = false
  var visibleCells: [ItemPath: AnyObject] = [:]
  var prefetchedPaths: Set<ItemPath> = []
  var scrollsForward = true

  /// Creates a view of a size.
  /// - Parameters:
  ///   - width: The number of columns (negative counts as 0).
  ///   - height: The number of lines (negative counts as 0).
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Registers a cell class for a reuse identifier, replacing an earlier registration of it.
  /// - Parameter registration: The reuse identifier, the cell type and how to make a cell.
  public func register(_ registration: CellRegistration) {
    registrations[registration.reuseIdentifier] = registration
    reusePool[registration.reuseIdentifier] = nil
  }

  /// Returns a cell from the reuse pool (after its `prepareForReuse()`), or a new one.
  /// - Parameters:
  ///   - identifier: A registered reuse identifier.
  ///   - path: The path the cell will be shown at.
  /// - Returns: The cell.
  /// - Throws: `ListViewError/unregisteredIdentifier(_:)` when nothing is registered for
  ///   `identifier`; `ListViewError/pathOutOfRange(_:sectionCount:itemCount:)` when `path` is
  ///   not an item of the current layout.
  public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
    -> AnyObject
  {
    guard let registration = registrations[identifier] else { throw .unregisteredIdentifier(identifier) }
    guard needsReload || layout.contains(path) else {
      let counts = layout.itemCounts
      throw .pathOutOfRange(
        path, sectionCount: counts.count,
        itemCount: counts.indices.contains(path.section) ? counts[path.section] : nil)
    }
    if let cell = reusePool[identifier]?.popLast() {
      (cell as? any TerminalCell)?.prepareForReuse()
      return cell
    }
    let cell = registration.make()
    cellIdentifiers[ObjectIdentifier(cell)] = identifier
    return cell
  }

  /// Discards every count and cell; the next layout pass asks the data source again.
  ///
  /// Cells on screen get `didEndDisplaying` and return to the reuse pool then.
  ///
  /// - Complexity: O(1) here; the layout pass that follows asks for every count and item
  ///   height, O(n) in the number of items, as `UITableView` does without estimated heights.
  public func reloadData() {
    needsReload = true
    needsLayout = true
  }

  /// Applies a batch update: cells of items that stay keep showing (at their new paths), deleted
  /// and reloaded ones end displaying, and new rows are asked for at the next layout pass.
  ///
  /// The batch is checked as UIKit checks it (ranges, conflicts, counts), by the same model
  /// `HeadlessTableView` referees with. The data source must already answer with the new state.
  ///
  /// As every `ListView`, it keeps the first item on screen that the batch keeps (and does not
  /// move) on the same line, so items inserted above the screen never move what is shown; the
  /// highlighted item, when it is on screen and kept, goes before the first (rows inserted
  /// between a title and the cursor push the title up, not the cursor down).
  /// - Parameter update: The batch, with old paths for deletes and reloads and new paths for
  ///   inserts.
  /// - Throws: `BatchUpdateError` when the batch breaks a rule; the view then reloads.
  public func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
    // Inside a layout pass, or with a reload pending, there is no trustworthy old state: reload.
    guard !isLayingOut, !needsReload, let dataSource else {
      reloadData()
      return
    }
    let reportedCounts = dataSource.itemCounts(in: self)
    let validated: ValidatedBatchUpdate
    do {
      validated = try ValidatedBatchUpdate(
        update, oldItemCounts: layout.itemCounts, newItemCounts: reportedCounts)
    } catch {
      reloadData()
      throw error
    }
    // The row under the cursor is the one the user looks at: it stays on its line when it can.
    let visible = visibleItemPathsInLayout()
    let highlighted = highlightedPath.flatMap {
      visible.contains($0) ? validated.anchorRow(amongVisible: [$0]) : nil
    }
    let anchor = (highlighted ?? validated.anchorRow(amongVisible: visible)).flatMap { row in
      layout.entry(for: row.old).map { (path: row.new, offsetIntoRow: contentOffset - $0.top) }
    }
    var kept: [ItemPath: AnyObject] = [:]
    for (path, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
      if case .kept(let newPath, reloaded: false) = validated.fate(of: path) {
        kept[newPath] = cell
      } else {
        delegate?.listView(self, didEndDisplaying: cell, forItemAt: path)
        enqueue(cell)
      }
    }
    visibleCells = kept
    prefetchedPaths = Set(prefetchedPaths.compactMap { validated.newPath(for: $0) })
    highlightedPath = highlightedPath.flatMap { validated.newPath(for: $0) }
    selectedPath = selectedPath.flatMap { validated.newPath(for: $0) }
    layout = makeLayout(itemCounts: reportedCounts)
    if let anchor, let entry = layout.entry(for: anchor.path) {
      contentOffset = entry.top + anchor.offsetIntoRow
    }
    clampContentOffset()
    needsLayout = true
  }

  /// The items of the current layout on screen at the current offset, in display order.
  func visibleItemPathsInLayout() -> [ItemPath] {
    layout.visibleEntryIndexes(top: contentOffset, height: height).compactMap { index in
      if case .item(let path) = layout.entries[index].kind, layout.entries[index].height > 0 { return path }
      return nil
    }
  }

  /// The paths of the items on screen, in display order.
  public var visibleItemPaths: [ItemPath] {
    layoutIfNeeded()
    return visibleCells.keys.sorted()
  }

  /// The cell shown for an item, or `nil` when the item is not on screen.
  /// - Parameter path: The item.
  /// - Returns: The cell the data source gave for it.
  public func cellForItem(at path: ItemPath) -> AnyObject? {
    layoutIfNeeded()
    return visibleCells[path]
  }

  /// The number of lines of all sections together.
  public var contentHeight: Int {
    layoutIfNeeded()
    return layout.contentHeight
  }

  /// The number of items in each section, as the data source last answered.
  public var itemCounts: [Int] {
    layoutIfNeeded()
    return layout.itemCounts
  }

  /// Changes the size, keeping the offset where it can (a resize of the terminal).
  /// - Parameters:
  ///   - width: The number of columns (negative counts as 0).
  ///   - height: The number of lines (negative counts as 0).
  public func resize(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    setNeedsLayout()
  }

  func setNeedsLayout() {
    needsLayout = true
  }

  func enqueue(_ cell: AnyObject) {
    guard let identifier = cellIdentifiers[ObjectIdentifier(cell)] else { return }
    reusePool[identifier, default: []].append(cell)
  }
}
