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
/// The table manager does not retain its view, and the view does not retain it (as UIKit holds
/// its data source weakly): keep the manager in a property of the view's owner. A manager
/// released while its view lives on reports ``ListDiagnostic/Kind/managerReleased(manager:view:)``.
///
/// The table manager shows the sections whose condition holds, with the rows they had at the
/// last ``update(animated:)``; changing sections, rows, conditions or models schedules an update
/// on the main actor, and ``update(animated:)`` performs it at once.
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

  /// The update ``setNeedsUpdate()`` scheduled, until an update runs (which shows the changes
  /// it was scheduled for, and cancels it); `nil` when none is pending.
  ///
  /// Our tests read it to check that the update waits for the main actor's next turn; callers
  /// await ``updatesApplied()``.
  package internal(set) var scheduledUpdate: Task<Void, Never>?
  /// Identities and contents of what the view shows, to diff the next update against.
  var displayedSnapshot = TableSnapshot()
  /// How many animated updates diffed the whole table rather than sending the batch of known
  /// row changes (`updateKnownRows(in:)`); for our tests of that shortcut's reach.
  package internal(set) var diffedUpdateCount = 0
  /// Reuse identifiers already registered with the view.
  var registeredIdentifiers: Set<String> = []
  /// The number that scopes the row ids of each section identity (see `rowScope(for:)`).
  var rowScopes: [DiffID: Int] = [:]
  var nextRowScope = 1

  /// Orders the updates and diffs the large ones off the main actor.
  let updates = UpdateQueue()
  /// The row ``scrollToRow(_:)`` brings into view once the view shows it.
  weak var pendingScrollTarget: CellManager?

  /// Past this many rows (before plus after) an update is diffed off the main actor; for the
  /// benchmark, which compares it with the synchronous path.
  package var offMainThreshold: Int {
    get { updates.offMainThreshold }
    set { updates.offMainThreshold = newValue }
  }

  /// Creates a table manager and attaches it to a view.
  /// - Parameters:
  ///   - listView: The view to serve; the manager becomes its data source and delegate.
  ///   - sections: The sections, in display order.
  public init(listView: (any ListView)? = nil, sections: [SectionManager] = []) {
    self.sections = sections
    for section in sections { section.table = self }
    if let listView { attach(to: listView) }
  }

  isolated deinit {
    checkViewOutlivesManager()
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
    guard scheduledUpdate == nil, listView != nil else { return }
    scheduledUpdate = Task { @MainActor [weak self] in
      guard !Task.isCancelled else { return }
      self?.update()
    }
  }

  /// Cancels the update ``setNeedsUpdate()`` scheduled: the update starting now shows what it
  /// was scheduled for.
  func unscheduleUpdate() {
    scheduledUpdate?.cancel()
    scheduledUpdate = nil
  }

  /// The section displayed at an index, or `nil` with a diagnostic when out of range.
  /// - Parameter index: The section index.
  /// - Returns: The section manager, or `nil`.
  /// - Complexity: O(1).
  public final func sectionManager(at index: Int) -> SectionManager? {
    sectionManager(at: index, for: "sectionManager(at:)")
  }

  /// The section displayed at an index, or `nil` with a diagnostic naming `operation`.
  final func sectionManager(at index: Int, for operation: StaticString) -> SectionManager? {
    forwardToSection(index, operation) { $0 }
  }

  /// Calls `body` with the section displayed at `index`, or reports the index and returns `nil`.
  ///
  /// Every forwarded call goes through here. The section is held for the call, so a call that
  /// updates the table and removes its own section still runs on a live object.
  /// - Parameters:
  ///   - index: The section index.
  ///   - operation: The call being answered, for the diagnostic; `nil` answers `nil` silently.
  ///   - body: The forwarded call.
  /// - Returns: What `body` returned, or `nil` when there is no such section.
  @inline(__always) @discardableResult
  final func forwardToSection<Result>(
    _ index: Int, _ operation: StaticString?, _ body: (SectionManager) -> Result
  ) -> Result? {
    guard index >= 0, index < displayedSections.count else {
      if let operation { reportMissingSection(index, in: operation) }
      return nil
    }
    let section = displayedSections[index]
    return body(section)
  }

  @inline(never)
  private func reportMissingSection(_ index: Int, in operation: StaticString) {
    diagnosticHandler(
      ListDiagnostic(
        .sectionOutOfRange(section: index, sectionCount: displayedSections.count), in: "\(operation)"))
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
    forwardToSection(section, "numberOfItemsInSection") {
      $0.listView(listView, numberOfItemsInSection: section)
    } ?? 0
  }

  /// The cell for a row, from its section; a ``PlaceholderCell`` when out of range.
  open func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    forwardToSection(path.section, "cellForItemAt") { $0.listView(listView, cellForItemAt: path) }
      ?? PlaceholderCell(reason: "no section \(path.section)")
  }

  /// The header title, from the section.
  open func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    forwardToSection(section, "titleForHeaderInSection") {
      $0.listView(listView, titleForHeaderInSection: section)
    } ?? nil
  }

  /// The footer title, from the section.
  open func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    forwardToSection(section, "titleForFooterInSection") {
      $0.listView(listView, titleForFooterInSection: section)
    } ?? nil
  }

  /// Whether a row can be edited, from its section.
  open func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool {
    forwardToSection(path.section, "canEditItemAt") { $0.listView(listView, canEditItemAt: path) } ?? false
  }

  /// Hands a committed edit to ``listView(_:handle:at:)`` as ``ItemEvent/commit(_:)``.
  public final func listView(
    _ listView: any ListView, commit editingStyle: EditingStyle, forItemAt path: ItemPath
  ) {
    self.listView(listView, handle: .commit(editingStyle), at: path)
  }

  /// Whether a row can be reordered, from its section.
  open func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool {
    forwardToSection(path.section, "canMoveItemAt") { $0.listView(listView, canMoveItemAt: path) } ?? false
  }

  /// Moves the row's cell manager to where the user dropped it.
  ///
  /// The view has already moved the row, so the displayed state follows it at once; the update
  /// that the change of the sections' cells schedules finds the move shown, and shows whatever
  /// else changed before it.
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
    // Keep the models the app edits in step with what the user sees (assigning `cells` links
    // the row to its new section).
    if let index = from.cells.firstIndex(where: { $0 === cell }) { from.cells.remove(at: index) }
    to.cells.insert(cell, at: min(destination.item, to.cells.count))
    // The row's key moves with it: the keys say what the view shows, and a content change not
    // shown yet (or being diffed) must still reach the view in the next update.
    let key = displayedSnapshot.sections[source.section].items.remove(at: source.item)
    displayedSnapshot.sections[destination.section].items.insert(key, at: destination.item)
    // A diff still running started from the state before the move: it is dropped. The change of
    // `cells` above marked the sections changed and scheduled an update, which diffs from here.
    updates.cancelAll()
  }

  /// Hands each path to ``listView(_:handle:at:)`` as ``ItemEvent/prefetch``.
  public final func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath]) {
    for path in paths { self.listView(listView, handle: .prefetch, at: path) }
  }

  /// Hands each path to ``listView(_:handle:at:)`` as ``ItemEvent/cancelPrefetching``.
  public final func listView(_ listView: any ListView, cancelPrefetchingForItemsAt paths: [ItemPath]) {
    for path in paths { self.listView(listView, handle: .cancelPrefetching, at: path) }
  }

  // MARK: Delegate (forwarded to sections)

  /// A row's height, from its section.
  open func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    forwardToSection(path.section, "heightForItemAt") { $0.listView(listView, heightForItemAt: path) } ?? nil
  }

  /// A row's estimated height, from its section.
  open func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? {
    forwardToSection(path.section, "estimatedHeightForItemAt") {
      $0.listView(listView, estimatedHeightForItemAt: path)
    } ?? nil
  }

  /// A header's height, from its section.
  open func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? {
    forwardToSection(section, "heightForHeaderInSection") {
      $0.listView(listView, heightForHeaderInSection: section)
    } ?? nil
  }

  /// A footer's height, from its section.
  open func listView(_ listView: any ListView, heightForFooterInSection section: Int) -> Double? {
    forwardToSection(section, "heightForFooterInSection") {
      $0.listView(listView, heightForFooterInSection: section)
    } ?? nil
  }

  /// A header view, from its section.
  open func listView(_ listView: any ListView, viewForHeaderInSection section: Int) -> AnyObject? {
    forwardToSection(section, "viewForHeaderInSection") {
      $0.listView(listView, viewForHeaderInSection: section)
    } ?? nil
  }

  /// A footer view, from its section.
  open func listView(_ listView: any ListView, viewForFooterInSection section: Int) -> AnyObject? {
    forwardToSection(section, "viewForFooterInSection") {
      $0.listView(listView, viewForFooterInSection: section)
    } ?? nil
  }

  /// Something happened to a row that needs no answer (see ``ItemEvent``): every void call of
  /// the view's data source and delegate comes here.
  ///
  /// Default: forwarded to the row's section; a path with no section is reported, except for the
  /// end of display that a row deleted by an update sends at its old path, possibly in a section
  /// that is gone.
  /// - Parameters:
  ///   - listView: The view.
  ///   - event: What happened.
  ///   - path: The row's path.
  open func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    forwardToSection(path.section, event.operation) { $0.listView(listView, handle: event, at: path) }
  }

  /// Hands the call to ``listView(_:handle:at:)`` as ``ItemEvent/willDisplay(cell:)``.
  public final func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath)
  {
    self.listView(listView, handle: .willDisplay(cell: cell), at: path)
  }

  /// Hands the call to ``listView(_:handle:at:)`` as ``ItemEvent/didEndDisplaying(cell:)``.
  public final func listView(
    _ listView: any ListView, didEndDisplaying cell: AnyObject, forItemAt path: ItemPath
  ) {
    self.listView(listView, handle: .didEndDisplaying(cell: cell), at: path)
  }

  /// Whether a row highlights, from its section: `true` unless the row says otherwise (UIKit's
  /// default); `false`, with a diagnostic, for a path the table has no row at, which is never
  /// highlighted.
  open func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    forwardToSection(path.section, "shouldHighlightItemAt") {
      $0.listView(listView, shouldHighlightItemAt: path)
    } ?? false
  }

  /// Hands the call to ``listView(_:handle:at:)`` as ``ItemEvent/didHighlight``.
  public final func listView(_ listView: any ListView, didHighlightItemAt path: ItemPath) {
    self.listView(listView, handle: .didHighlight, at: path)
  }

  /// Hands the call to ``listView(_:handle:at:)`` as ``ItemEvent/didUnhighlight``.
  public final func listView(_ listView: any ListView, didUnhighlightItemAt path: ItemPath) {
    self.listView(listView, handle: .didUnhighlight, at: path)
  }

  /// The path to select instead, from the row's section.
  open func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? {
    forwardToSection(path.section, "willSelectItemAt") { $0.listView(listView, willSelectItemAt: path) }
      ?? nil
  }

  /// Hands the call to ``listView(_:handle:at:)`` as ``ItemEvent/didSelect``.
  public final func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {
    self.listView(listView, handle: .didSelect, at: path)
  }

  /// Hands the call to ``listView(_:handle:at:)`` as ``ItemEvent/didDeselect``.
  public final func listView(_ listView: any ListView, didDeselectItemAt path: ItemPath) {
    self.listView(listView, handle: .didDeselect, at: path)
  }

  /// A row's editing control, from its section: ``EditingStyle/delete`` unless the row says
  /// otherwise (UIKit's default); ``EditingStyle/none``, with a diagnostic, for a path the table
  /// has no row at, which is never deleted.
  open func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle {
    forwardToSection(path.section, "editingStyleForItemAt") {
      $0.listView(listView, editingStyleForItemAt: path)
    } ?? .none
  }

  /// A row's leading swipe buttons, from its section.
  open func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    forwardToSection(path.section, "leadingSwipeActionsForItemAt") {
      $0.listView(listView, leadingSwipeActionsForItemAt: path)
    } ?? nil
  }

  /// A row's trailing swipe buttons, from its section.
  open func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    forwardToSection(path.section, "trailingSwipeActionsForItemAt") {
      $0.listView(listView, trailingSwipeActionsForItemAt: path)
    } ?? nil
  }
}

// The requirements are implemented in the class body, so that subclasses can override them.
extension TableManager: ListDataSource, ListDelegate {}
