/// The first level of the manager hierarchy: owns the connection to a ``ListView``, becomes its
/// data source and delegate, and forwards every call to the ``SectionManager`` of that section.
///
/// ```swift
/// let table = TableManager(listView: tableView)
/// table.sections = [header, coupons, items, footer]
/// coupons.condition = { order.coupons.isEmpty == false }
/// items.cells = order.items.map(OrderItemRow.init)
/// table.update()          // animated, through ListDiff
/// ```
///
/// The table manager does not retain its view. It shows the sections whose condition holds, with
/// the rows they had at the last ``update(animated:)``; changing sections, rows, conditions or
/// models schedules an update on the main actor, and ``update(animated:)`` performs it at once.
/// Updates reach the view as ListDiff batch updates, or as one `reloadData()` when the change is
/// larger than ``reloadThreshold`` or the view refuses the batch.
///
/// Every call for a section or row that does not exist answers UIKit's default and reports a
/// ``ListDiagnostic`` through ``diagnosticHandler``.
///
/// - Complexity: Answering a count, a cell, a height or any other row call is O(1) at any row:
///   two array lookups, then the answering manager.
@MainActor
open class TableManager {
  /// The view this manager serves; held weakly, as UIKit holds its data source.
  public private(set) weak var listView: (any ListView)?

  /// All sections, shown or not, in display order.
  ///
  /// Assigning schedules an update.
  public var sections: [SectionManager] {
    didSet {
      for section in sections { section.table = self }
      setNeedsUpdate()
    }
  }

  /// The sections the view currently shows (those shown at the last update), in display order.
  public internal(set) final var displayedSections: [SectionManager] = []

  /// Receives every ``ListDiagnostic``.
  ///
  /// Default: printed to standard error.
  public var diagnosticHandler: ListDiagnosticHandler = { DefaultDiagnostics.report($0) }

  /// Past this many changes an update reloads the whole view instead of animating.
  ///
  /// Default: 300, in the range where the libraries iOS developers know fall back to
  /// `reloadData`.
  public var reloadThreshold = 300

  /// Whether the view shows anything yet; before the first update it shows nothing.
  var hasUpdated = false
  var updateScheduled = false
  /// Identities and contents of what the view shows, to diff the next update against.
  var displayedSnapshot = TableSnapshot()
  /// Reuse identifiers already registered with the view.
  var registeredIdentifiers: Set<String> = []

  /// Creates a table manager and attaches it to a view.
  /// - Parameters:
  ///   - listView: The view to serve; the manager becomes its data source and delegate.
  ///   - sections: The sections, in display order.
  public init(listView: (any ListView)? = nil, sections: [SectionManager] = []) {
    self.sections = sections
    for section in sections { section.table = self }
    if let listView { attach(to: listView) }
  }

  /// Becomes the data source and delegate of a view and shows the sections in it.
  /// - Parameter listView: The view; held weakly.
  public func attach(to listView: any ListView) {
    self.listView = listView
    registeredIdentifiers = []
    listView.dataSource = self
    listView.delegate = self
    update(animated: false)
  }

  /// Schedules an update on the main actor, coalescing every change made before it runs.
  public func setNeedsUpdate() {
    guard !updateScheduled, listView != nil else { return }
    updateScheduled = true
    Task { @MainActor [weak self] in
      guard let self, self.updateScheduled else { return }
      self.update()
    }
  }

  /// The section displayed at an index, or `nil` with a diagnostic when out of range.
  /// - Parameters:
  ///   - index: The section index.
  ///   - operation: The call being answered, for the diagnostic.
  /// - Returns: The section manager, or `nil`.
  /// - Complexity: O(1).
  public final func sectionManager(at index: Int, for operation: StaticString = #function) -> SectionManager?
  {
    if let section = displayedSections[safe: index] { return section }
    diagnosticHandler(
      ListDiagnostic(
        .sectionOutOfRange(section: index, sectionCount: displayedSections.count), in: "\(operation)")
    )
    return nil
  }

  /// The cell manager displayed at a path, or `nil` with a diagnostic when out of range.
  /// - Parameter path: The row's path.
  /// - Returns: The cell manager, or `nil`.
  /// - Complexity: O(1).
  public final func cellManager(at path: ItemPath) -> CellManager? {
    sectionManager(at: path.section, for: "cellManager(at:)")?.cellManager(at: path, for: "cellManager(at:)")
  }

  // MARK: Data source (forwarded to sections)

  /// The number of displayed sections.
  open func numberOfSections(in listView: any ListView) -> Int { displayedSections.count }

  /// The number of rows of a displayed section; 0 with a diagnostic when out of range.
  open func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    sectionManager(at: section, for: "numberOfItemsInSection")?.listView(
      listView, numberOfItemsInSection: section)
      ?? 0
  }

  /// The cell for a row, from its section; a ``PlaceholderCell`` when out of range.
  open func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    guard let section = sectionManager(at: path.section, for: "cellForItemAt") else {
      return PlaceholderCell(reason: "no section \(path.section)")
    }
    return section.listView(listView, cellForItemAt: path)
  }

  /// The header title, from the section.
  open func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    sectionManager(at: section, for: "titleForHeaderInSection")?.listView(
      listView, titleForHeaderInSection: section)
  }

  /// The footer title, from the section.
  open func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    sectionManager(at: section, for: "titleForFooterInSection")?.listView(
      listView, titleForFooterInSection: section)
  }

  /// Whether a row can be edited, from its section.
  open func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool {
    sectionManager(at: path.section, for: "canEditItemAt")?.listView(listView, canEditItemAt: path) ?? false
  }

  /// Performs a committed edit through the row's section.
  open func listView(_ listView: any ListView, commit editingStyle: EditingStyle, forItemAt path: ItemPath) {
    sectionManager(at: path.section, for: "commitEditingStyle")?.listView(
      listView, commit: editingStyle, forItemAt: path)
  }

  /// Whether a row can be reordered, from its section.
  open func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool {
    sectionManager(at: path.section, for: "canMoveItemAt")?.listView(listView, canMoveItemAt: path) ?? false
  }

  /// Moves the row's cell manager to where the user dropped it; the view has already moved the
  /// row, so the displayed state follows without another update.
  open func listView(_ listView: any ListView, moveItemAt source: ItemPath, to destination: ItemPath) {
    guard let from = sectionManager(at: source.section, for: "moveItemAt"),
      let to = sectionManager(at: destination.section, for: "moveItemAt"),
      let cell = from.cellManager(at: source, for: "moveItemAt")
    else { return }
    let limit = from === to ? to.displayedCells.count - 1 : to.displayedCells.count
    guard destination.item >= 0, destination.item <= limit else {
      to.report(.itemOutOfRange(destination, itemCount: to.displayedCells.count), in: "moveItemAt")
      return
    }
    from.displayedCells.remove(at: source.item)
    to.displayedCells.insert(cell, at: destination.item)
    cell.sectionLink = to.link
    // Keep the models the app edits in step with what the user sees.
    if let index = from.cells.firstIndex(where: { $0 === cell }) { from.cells.remove(at: index) }
    to.cells.insert(cell, at: min(destination.item, to.cells.count))
    displayedSnapshot = snapshot(of: displayedSections, rowsOf: \.displayedCells)
    updateScheduled = false
  }

  /// Forwards prefetching, grouped by section.
  open func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath]) {
    for (section, group) in groupedBySection(paths) {
      sectionManager(at: section, for: "prefetchItemsAt")?.listView(listView, prefetchItemsAt: group)
    }
  }

  /// Forwards cancelled prefetching, grouped by section.
  open func listView(_ listView: any ListView, cancelPrefetchingForItemsAt paths: [ItemPath]) {
    for (section, group) in groupedBySection(paths) {
      sectionManager(at: section, for: "cancelPrefetchingForItemsAt")?.listView(
        listView, cancelPrefetchingForItemsAt: group)
    }
  }

  private func groupedBySection(_ paths: [ItemPath]) -> [(Int, [ItemPath])] {
    var groups: [(Int, [ItemPath])] = []
    for path in paths {
      if let last = groups.indices.last, groups[last].0 == path.section {
        groups[last].1.append(path)
      } else {
        groups.append((path.section, [path]))
      }
    }
    return groups
  }

  // MARK: Delegate (forwarded to sections)

  /// A row's height, from its section.
  open func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    sectionManager(at: path.section, for: "heightForItemAt")?.listView(listView, heightForItemAt: path)
  }

  /// A row's estimated height, from its section.
  open func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? {
    sectionManager(at: path.section, for: "estimatedHeightForItemAt")?.listView(
      listView, estimatedHeightForItemAt: path)
  }

  /// A header's height, from its section.
  open func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? {
    sectionManager(at: section, for: "heightForHeaderInSection")?.listView(
      listView, heightForHeaderInSection: section)
  }

  /// A footer's height, from its section.
  open func listView(_ listView: any ListView, heightForFooterInSection section: Int) -> Double? {
    sectionManager(at: section, for: "heightForFooterInSection")?.listView(
      listView, heightForFooterInSection: section)
  }

  /// A header view, from its section.
  open func listView(_ listView: any ListView, viewForHeaderInSection section: Int) -> AnyObject? {
    sectionManager(at: section, for: "viewForHeaderInSection")?.listView(
      listView, viewForHeaderInSection: section)
  }

  /// A footer view, from its section.
  open func listView(_ listView: any ListView, viewForFooterInSection section: Int) -> AnyObject? {
    sectionManager(at: section, for: "viewForFooterInSection")?.listView(
      listView, viewForFooterInSection: section)
  }

  /// Forwards to the row's section.
  open func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    sectionManager(at: path.section, for: "willDisplay")?.listView(
      listView, willDisplay: cell, forItemAt: path)
  }

  /// Forwards to the row's section.
  ///
  /// A row deleted by an update ends display at its old path,
  /// possibly in a section that is gone; that is not reported.
  open func listView(_ listView: any ListView, didEndDisplaying cell: AnyObject, forItemAt path: ItemPath) {
    displayedSections[safe: path.section]?.listView(listView, didEndDisplaying: cell, forItemAt: path)
  }

  /// Whether a row highlights, from its section.
  open func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    sectionManager(at: path.section, for: "shouldHighlightItemAt")?.listView(
      listView, shouldHighlightItemAt: path) ?? false
  }

  /// Forwards to the row's section.
  open func listView(_ listView: any ListView, didHighlightItemAt path: ItemPath) {
    sectionManager(at: path.section, for: "didHighlightItemAt")?.listView(listView, didHighlightItemAt: path)
  }

  /// Forwards to the row's section.
  open func listView(_ listView: any ListView, didUnhighlightItemAt path: ItemPath) {
    sectionManager(at: path.section, for: "didUnhighlightItemAt")?.listView(
      listView, didUnhighlightItemAt: path)
  }

  /// The path to select instead, from the row's section.
  open func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? {
    sectionManager(at: path.section, for: "willSelectItemAt")?.listView(listView, willSelectItemAt: path)
  }

  /// Forwards to the row's section.
  open func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {
    sectionManager(at: path.section, for: "didSelectItemAt")?.listView(listView, didSelectItemAt: path)
  }

  /// Forwards to the row's section.
  open func listView(_ listView: any ListView, didDeselectItemAt path: ItemPath) {
    sectionManager(at: path.section, for: "didDeselectItemAt")?.listView(listView, didDeselectItemAt: path)
  }

  /// A row's editing control, from its section.
  open func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle {
    sectionManager(at: path.section, for: "editingStyleForItemAt")?.listView(
      listView, editingStyleForItemAt: path) ?? .none
  }

  /// A row's leading swipe buttons, from its section.
  open func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    sectionManager(at: path.section, for: "leadingSwipeActionsForItemAt")?.listView(
      listView, leadingSwipeActionsForItemAt: path)
  }

  /// A row's trailing swipe buttons, from its section.
  open func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    sectionManager(at: path.section, for: "trailingSwipeActionsForItemAt")?.listView(
      listView, trailingSwipeActionsForItemAt: path)
  }
}

// The requirements are implemented in the class body, so that subclasses can override them.
extension TableManager: ListDataSource, ListDelegate {}
