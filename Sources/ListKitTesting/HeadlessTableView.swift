import ListKit

/// A table view without a screen: UITableView's contract, checkable in any unit test on any
/// platform.
///
/// `HeadlessTableView` keeps a viewport over rows of known heights and calls its data source
/// and delegate the way `UITableView` does: it asks for cells only for visible rows, reuses
/// cells through a pool per reuse identifier, sends `willDisplay` / `didEndDisplaying` as rows
/// enter and leave the viewport, prefetches rows ahead in the scroll direction and cancels
/// prefetches that leave the window unshown. ``performBatchUpdates(_:)`` checks every rule UIKit
/// enforces and throws a `BatchUpdateError` with UIKit's wording where UIKit would crash.
///
/// Every call it makes is appended to ``events``, so a test can assert on order; every contract
/// breach is also kept in ``violations``. ``render()`` shows the viewport as text.
///
/// ```swift
/// let table = HeadlessTableView(viewportHeight: 440, rowHeight: 44)
/// table.register(CellRegistration(LabelCell.self) { LabelCell() })
/// table.dataSource = source
/// #expect(table.render() == ["Row 0", "Row 1", ...])
/// try table.scroll(toOffset: 1_000)
/// ```
///
/// Like UIKit, the table loads lazily: the first call that needs the content (``render()``,
/// ``visibleItemPaths``, a scroll, a selection) asks the data source, unless ``reloadData()``
/// was called first. A batch update before that first load just loads, as UIKit does for a
/// table that is not in a window.
@MainActor
public final class HeadlessTableView: ListView {
  /// The object that answers counts and cells.
  ///
  /// Held weakly, as UIKit does; setting it schedules a reload.
  public weak var dataSource: (any ListDataSource)? {
    didSet { needsReload = true }
  }

  /// The object told about display, selection, heights, headers and editing.
  ///
  /// Held weakly, as UIKit does; setting it schedules a reload.
  public weak var delegate: (any ListDelegate)? {
    didSet { needsReload = true }
  }

  /// The height of the visible area, in points.
  public let viewportHeight: Double
  /// The height of a row when the delegate gives none.
  public let rowHeight: Double
  /// The height of a section header that has a title or view and no height from the delegate.
  public let sectionHeaderHeight: Double
  /// The height of a section footer that has a title or view and no height from the delegate.
  public let sectionFooterHeight: Double
  /// How far ahead of the viewport rows are prefetched.
  public let prefetchWindow: PrefetchWindow
  /// Whether counts, heights and titles are logged in ``events``.
  public let logsLayoutQueries: Bool

  /// Whether rows can be selected, as `UITableView.allowsSelection`.
  public var allowsSelection = true
  /// Whether several rows can be selected at once, as `UITableView.allowsMultipleSelection`.
  public var allowsMultipleSelection = false

  /// The offset of the top of the viewport from the top of the content.
  ///
  /// A batch update moves it with the row it keeps in place (see ``performBatchUpdates(_:)``).
  public internal(set) var contentOffset: Double = 0
  /// Every call made to the data source and delegate, and every violation, in order.
  public internal(set) var events: [Event] = []
  /// Every error the table reported: batch-update rules, unregistered identifiers, invalid
  /// answers from the data source and requests the test made that could not be served.
  public internal(set) var violations: [any Error] = []
  /// How many cells the registrations made (not counting reuses).
  public internal(set) var createdCellCount = 0
  /// How many cells were dequeued (made or reused).
  public internal(set) var dequeueCount = 0
  /// Where each row that was on screen before the last batch update went.
  public internal(set) var lastUpdateRowFates: [RowFate] = []

  var layout = HeadlessLayout()
  var viewport = ViewportStateMachine()
  var cells: [ItemPath: AnyObject] = [:]
  var headerTitles: [String?] = []
  var footerTitles: [String?] = []
  var headerViews: [AnyObject?] = []
  var footerViews: [AnyObject?] = []
  var registrations: [String: CellRegistration] = [:]
  var reusePool: [String: [AnyObject]] = [:]
  var identifierOfCell: [ObjectIdentifier: String] = [:]
  var needsReload = true
  var isScrollingDown = true
  var selected: Set<ItemPath> = []
  var highlighted: ItemPath?
  /// Counts layout passes, so a pass interrupted by a nested one (a callback that scrolls,
  /// reloads or updates the table) stops instead of acting on stale paths.
  var layoutGeneration = 0

  /// Creates a headless table.
  /// - Parameters:
  ///   - viewportHeight: The height of the visible area, in points.
  ///   - rowHeight: The height of a row the delegate gives no height for.
  ///   - sectionHeaderHeight: The height of a header with a title or view and no delegate height.
  ///   - sectionFooterHeight: The height of a footer with a title or view and no delegate height.
  ///   - prefetchWindow: How far ahead of the viewport to prefetch, in rows or points.
  ///   - logsLayoutQueries: Whether counts, heights and titles are logged in ``events``.
  public init(
    viewportHeight: Double = 440,
    rowHeight: Double = 44,
    sectionHeaderHeight: Double = 28,
    sectionFooterHeight: Double = 28,
    prefetchWindow: PrefetchWindow = .rows(10),
    logsLayoutQueries: Bool = false
  ) {
    self.viewportHeight = max(0, viewportHeight.isFinite ? viewportHeight : 0)
    self.rowHeight = max(0, rowHeight.isFinite ? rowHeight : 0)
    self.sectionHeaderHeight = max(0, sectionHeaderHeight.isFinite ? sectionHeaderHeight : 0)
    self.sectionFooterHeight = max(0, sectionFooterHeight.isFinite ? sectionFooterHeight : 0)
    self.prefetchWindow = prefetchWindow
    self.logsLayoutQueries = logsLayoutQueries
  }

  // MARK: ListView

  /// Registers how to make cells for a reuse identifier, replacing an earlier registration and
  /// emptying that identifier's reuse pool.
  /// - Parameter registration: The reuse identifier and how to make a cell.
  public func register(_ registration: CellRegistration) {
    registrations[registration.reuseIdentifier] = registration
    for cell in reusePool.removeValue(forKey: registration.reuseIdentifier) ?? [] {
      identifierOfCell[ObjectIdentifier(cell)] = nil
    }
  }

  /// Returns a cell from the identifier's reuse pool, or a new one from its registration.
  /// - Parameters:
  ///   - identifier: A reuse identifier registered with ``register(_:)``.
  ///   - path: The path the cell will be shown at.
  /// - Returns: A reused or new cell.
  /// - Throws: `ListViewError/unregisteredIdentifier(_:)` (with UIKit's message) when nothing
  ///   is registered for `identifier`; the error is also recorded in ``violations``.
  public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
    -> AnyObject
  {
    guard let registration = registrations[identifier] else {
      throw record(ListViewError.unregisteredIdentifier(identifier))
    }
    dequeueCount += 1
    if var pool = reusePool[identifier], let cell = pool.popLast() {
      reusePool[identifier] = pool
      log(.dequeue(identifier: identifier, path, reused: true))
      return cell
    }
    let cell = registration.make()
    createdCellCount += 1
    identifierOfCell[ObjectIdentifier(cell)] = identifier
    log(.dequeue(identifier: identifier, path, reused: false))
    return cell
  }

  /// Ends displaying every cell, asks for everything again and shows the rows at the offset.
  ///
  /// The offset is clamped to the new content. Clears the selection and forgets outstanding
  /// prefetches, as UIKit does.
  public func reloadData() {
    needsReload = false
    log(.reloadData)
    for path in viewport.displayed { endDisplaying(at: path) }
    viewport.reset()
    selected.removeAll()
    highlighted = nil
    lastUpdateRowFates = []
    rebuildLayout(itemCounts: fetchItemCounts(clampingNegatives: true))
    clampOffset()
    updateVisibleRows()
  }

  /// Checks a batch against UIKit's rules and, when it passes, moves the table to the data
  /// source's new state.
  ///
  /// The data source must already answer with the new state. After a valid update, displayed
  /// cells of deleted rows end displaying (at their old paths), reloaded visible rows get new
  /// cells, inserted visible rows are asked for, and every other displayed cell follows its row
  /// (see ``lastUpdateRowFates``). Selection follows moved rows and drops deleted and reloaded
  /// ones. Heights are asked again for every row, as UIKit does.
  ///
  /// As every `ListView`, it keeps the first visible row that the batch keeps (and does not
  /// move) where it was on screen, so rows inserted above the viewport never move the rows the
  /// user reads; the offset moves with it before any row is displayed.
  /// - Parameter update: Deletes and reloads at old paths, inserts at new paths, moves old → new.
  /// - Throws: `BatchUpdateError` (UIKit's wording) when the batch breaks a rule; the table
  ///   then keeps its previous state (call ``reloadData()`` to resynchronise) and records the
  ///   error in ``violations``.
  public func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
    guard !needsReload else {
      reloadData()
      return
    }
    let newCounts = fetchItemCounts(clampingNegatives: false)
    let validated: ValidatedBatchUpdate
    do {
      validated = try ValidatedBatchUpdate(update, oldItemCounts: layout.itemCounts, newItemCounts: newCounts)
    } catch {
      throw record(error)
    }
    log(.batchUpdate(update))
    apply(validated)
  }

  /// The paths of the rows on screen, in display order.
  public var visibleItemPaths: [ItemPath] {
    layoutIfNeeded()
    return viewport.displayed
  }

  // MARK: State

  /// Loads from the data source if it changed or was never asked; does nothing otherwise.
  public func layoutIfNeeded() {
    if needsReload { reloadData() }
  }

  /// The number of sections the table currently shows.
  public var numberOfSections: Int {
    layoutIfNeeded()
    return layout.sectionCount
  }

  /// The number of rows the table currently shows in a section, or `nil` for no such section.
  /// - Parameter section: A section index.
  /// - Returns: The cached row count.
  public func numberOfItems(inSection section: Int) -> Int? {
    layoutIfNeeded()
    return section >= 0 && section < layout.sectionCount ? layout.itemCounts[section] : nil
  }

  /// The height of all sections, headers, rows and footers.
  public var contentHeight: Double {
    layoutIfNeeded()
    return layout.contentHeight
  }

  /// The largest offset a scroll can reach: the content height minus the viewport, or zero.
  public var maximumContentOffset: Double {
    max(0, contentHeight - viewportHeight)
  }

  /// The cell displayed for a row, or `nil` when the row is not on screen.
  /// - Parameter path: A row's path.
  /// - Returns: The displayed cell.
  public func cellForItem(at path: ItemPath) -> AnyObject? {
    layoutIfNeeded()
    return cells[path]
  }

  /// The selected rows, in display order.
  public var selectedItemPaths: [ItemPath] { selected.sorted() }

  /// The row that is highlighted, if any.
  public var highlightedItemPath: ItemPath? { highlighted }

  /// The last error in ``violations``.
  public var lastError: (any Error)? { violations.last }

  /// Empties ``events`` (``violations`` are kept).
  public func clearEvents() {
    events.removeAll()
  }

  // MARK: Internals shared by the extensions

  func log(_ event: Event) {
    events.append(event)
  }

  func logQuery(_ event: @autoclosure () -> Event) {
    if logsLayoutQueries { events.append(event()) }
  }

  /// Keeps an error in ``violations`` and the log, and returns it for `throw`.
  @discardableResult
  func record<Failure: Error>(_ error: Failure) -> Failure {
    violations.append(error)
    events.append(.violation(String(describing: error)))
    return error
  }

  func fetchItemCounts(clampingNegatives: Bool) -> [Int] {
    guard let dataSource else { return [] }
    var sectionCount = dataSource.numberOfSections(in: self)
    logQuery(.numberOfSections(sectionCount))
    if sectionCount < 0 {
      record(HeadlessTableViewError.negativeCount(section: nil, count: sectionCount))
      sectionCount = 0
    }
    var counts: [Int] = []
    counts.reserveCapacity(sectionCount)
    for section in 0..<sectionCount {
      var count = dataSource.listView(self, numberOfItemsInSection: section)
      logQuery(.numberOfItems(section: section, count: count))
      if count < 0 && clampingNegatives {
        record(HeadlessTableViewError.negativeCount(section: section, count: count))
        count = 0
      }
      counts.append(count)
    }
    return counts
  }

  func sanitized(_ height: Double, for what: @autoclosure () -> String) -> Double {
    if height.isFinite && height >= 0 { return height }
    record(HeadlessTableViewError.invalidHeight(height, element: what()))
    return 0
  }

  /// A section's header or footer: its title, its view, and its height (the delegate's, or the
  /// table's default when there is a title or a view, as UIKit).
  func sectionEnd(_ section: Int, isHeader: Bool) -> (title: String?, view: AnyObject?, height: Double) {
    let title =
      isHeader
      ? dataSource?.listView(self, titleForHeaderInSection: section)
      : dataSource?.listView(self, titleForFooterInSection: section)
    let view =
      isHeader
      ? delegate?.listView(self, viewForHeaderInSection: section)
      : delegate?.listView(self, viewForFooterInSection: section)
    let height =
      isHeader
      ? delegate?.listView(self, heightForHeaderInSection: section)
      : delegate?.listView(self, heightForFooterInSection: section)
    let standard = isHeader ? sectionHeaderHeight : sectionFooterHeight
    return (title, view, height ?? (title != nil || view != nil ? standard : 0))
  }

  /// Asks for every title and height and rebuilds the geometry.
  func rebuildLayout(itemCounts: [Int]) {
    let total = itemCounts.reduce(0, +)
    var heights: [Double] = []
    heights.reserveCapacity(total + 2 * itemCounts.count)
    var estimated: Set<Int> = []
    headerTitles = []
    footerTitles = []
    headerViews = []
    footerViews = []
    var global = 0
    for (section, count) in itemCounts.enumerated() {
      let header = sectionEnd(section, isHeader: true)
      logQuery(.header(section: section, title: header.title))
      headerTitles.append(header.title)
      headerViews.append(header.view)
      heights.append(sanitized(header.height, for: "header of section \(section)"))
      for item in 0..<count {
        let path = ItemPath(item: item, section: section)
        if let delegate, let estimate = delegate.listView(self, estimatedHeightForItemAt: path) {
          logQuery(.estimatedHeightForItem(path, estimate))
          heights.append(sanitized(estimate, for: "estimated row \(path)"))
          estimated.insert(global)
        } else {
          let height = delegate?.listView(self, heightForItemAt: path)
          logQuery(.heightForItem(path, height))
          heights.append(sanitized(height ?? rowHeight, for: "row \(path)"))
        }
        global += 1
      }
      let footer = sectionEnd(section, isHeader: false)
      logQuery(.footer(section: section, title: footer.title))
      footerTitles.append(footer.title)
      footerViews.append(footer.view)
      heights.append(sanitized(footer.height, for: "footer of section \(section)"))
    }
    layout = HeadlessLayout(itemCounts: itemCounts, heights: heights, estimatedRows: estimated)
  }

  func clampOffset() {
    contentOffset = min(max(0, contentOffset), max(0, layout.contentHeight - viewportHeight))
  }

  /// The rows with a positive height inside `lower..<upper`, with their global indexes.
  func rows(from lower: Double, to upper: Double) -> [(path: ItemPath, global: Int)] {
    layout.elements(from: lower, to: upper).compactMap { element in
      if case .row(let path, let global) = element { return (path, global) }
      return nil
    }
  }

  /// Brings the displayed cells and prefetches in line with the current offset.
  func updateVisibleRows() {
    // When this pass runs from a callback of an outer one, the viewport may count rows whose
    // cells the outer pass had not asked for yet: forget them so they are asked for now.
    if viewport.displayed.contains(where: { cells[$0] == nil }) {
      viewport.remap(displayed: viewport.displayed.filter { cells[$0] != nil }) { $0 }
    }
    // Estimated heights are replaced by real ones as rows come into view (UIKit asks
    // heightForRowAt just before showing a row whose height was estimated). Each pass resolves
    // at least one row, so this ends.
    while true {
      let pending = rows(from: contentOffset, to: contentOffset + viewportHeight)
        .filter { layout.estimatedRows.contains($0.global) }
      if pending.isEmpty { break }
      for row in pending {
        let height = delegate?.listView(self, heightForItemAt: row.path)
        logQuery(.heightForItem(row.path, height))
        layout.resolveEstimate(
          ofGlobalRow: row.global, height: sanitized(height ?? rowHeight, for: "row \(row.path)"))
      }
      clampOffset()
    }
    let visible = rows(from: contentOffset, to: contentOffset + viewportHeight)
    let window = prefetchRows(visible: visible)
    layoutGeneration += 1
    let generation = layoutGeneration
    for action in viewport.layout(visible: visible.map(\.path), window: window) {
      // A callback of this pass ran a nested pass, which already brought everything in line.
      guard generation == layoutGeneration else { return }
      switch action {
      case .endDisplaying(let path):
        endDisplaying(at: path)
      case .display(let path):
        display(at: path)
      case .cancelPrefetching(let paths):
        log(.cancelPrefetching(paths))
        dataSource?.listView(self, cancelPrefetchingForItemsAt: paths)
      case .prefetch(let paths):
        log(.prefetch(paths))
        dataSource?.listView(self, prefetchItemsAt: paths)
      }
    }
  }

  /// The rows of the prefetch window, nearest to the viewport first.
  func prefetchRows(visible: [(path: ItemPath, global: Int)]) -> [ItemPath] {
    guard dataSource != nil, let first = visible.first, let last = visible.last else { return [] }
    switch prefetchWindow {
    case .rows(let count):
      guard count > 0 else { return [] }
      if isScrollingDown {
        let end = min(layout.rowCount, last.global + 1 + count)
        return (last.global + 1..<max(end, last.global + 1)).map { layout.path(ofGlobalRow: $0) }
      }
      let start = max(0, first.global - count)
      return (start..<first.global).reversed().map { layout.path(ofGlobalRow: $0) }
    case .points(let distance):
      guard distance > 0, distance.isFinite else { return [] }
      let bottom = contentOffset + viewportHeight
      if isScrollingDown {
        return rows(from: bottom, to: bottom + distance).map(\.path).filter { $0 != last.path }
      }
      return rows(from: contentOffset - distance, to: contentOffset).map(\.path).filter { $0 != first.path }
        .reversed()
    }
  }

  func display(at path: ItemPath) {
    guard let dataSource else { return }
    log(.cellForItem(path))
    let cell = dataSource.listView(self, cellForItemAt: path)
    // The viewport already counts this row as displayed; a nested pass that runs from the
    // callbacks below finds the cell here and treats it like any other displayed one.
    cells[path] = cell
    log(.willDisplay(path))
    delegate?.listView(self, willDisplay: cell, forItemAt: path)
  }

  func endDisplaying(at path: ItemPath) {
    guard let cell = cells.removeValue(forKey: path) else { return }
    endDisplaying(cell, at: path)
  }

  func endDisplaying(_ cell: AnyObject, at path: ItemPath) {
    log(.didEndDisplaying(path))
    delegate?.listView(self, didEndDisplaying: cell, forItemAt: path)
    if let identifier = identifierOfCell[ObjectIdentifier(cell)] {
      reusePool[identifier, default: []].append(cell)
    }
  }

  /// Moves the table to the new state of a batch that passed the rules.
  func apply(_ resolver: ValidatedBatchUpdate) {
    let anchor = resolver.anchorRow(
      amongVisible: rows(from: contentOffset, to: contentOffset + viewportHeight).map(\.path)
    )
    .map { (path: $0.new, offsetIntoRow: contentOffset - top(ofRow: $0.old)) }
    var fates: [RowFate] = []
    var kept: [ItemPath: AnyObject] = [:]
    var removed: [(ItemPath, AnyObject)] = []
    for path in viewport.displayed {
      guard let cell = cells[path] else { continue }
      switch resolver.fate(of: path) {
      case .deleted:
        fates.append(RowFate(from: path, to: nil, isReloaded: false))
        removed.append((path, cell))
      case .kept(let newPath, let reloaded):
        fates.append(RowFate(from: path, to: newPath, isReloaded: reloaded))
        if reloaded { removed.append((path, cell)) } else { kept[newPath] = cell }
      }
    }
    lastUpdateRowFates = fates
    // UIKit ends these after its animation; without one, they end first, so they can be reused.
    for (path, cell) in removed { endDisplaying(cell, at: path) }
    cells = kept
    viewport.remap(displayed: Array(kept.keys)) { path in
      if case .kept(let newPath, _) = resolver.fate(of: path) { return newPath }
      return nil
    }
    selected = Set(
      selected.compactMap { path in
        if case .kept(let newPath, false) = resolver.fate(of: path) { return newPath }
        return nil
      })
    highlighted = nil
    rebuildLayout(itemCounts: resolver.newItemCounts)
    if let anchor { contentOffset = top(ofRow: anchor.path) + anchor.offsetIntoRow }
    clampOffset()
    updateVisibleRows()
  }

  /// Where a row starts in the content.
  func top(ofRow path: ItemPath) -> Double {
    layout.top(ofElement: layout.elementIndex(ofRow: layout.globalRow(of: path), section: path.section))
  }
}
