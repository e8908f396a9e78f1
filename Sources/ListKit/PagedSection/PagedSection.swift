/// A section that shows a ``PagedList``: one row per item, a status row after them (loading, no
/// more data, an error to retry, or the empty state) and one above them for the previous pages
/// (loading older items, an error to retry, no older items).
///
/// ```swift
/// let photos = PagedList(listName: "photos", loader: loader, cache: cache)
/// let section = PagedSection(list: photos) { PhotoRow($0) }   // PhotoRow: ModelCellManager
/// table.sections = [header, section]
/// photos.start()                                               // cached page, then refresh
/// ```
///
/// - When a row within the list's prefetch distance of the end is about to be displayed, the
///   section asks the list for the next page, and near the top for the previous page (when the
///   list has items before its first one); the list decides whether to load (never twice, not
///   after an error until retry).
/// - New pages, refreshes and edits reach the view as ListDiff batch updates: appended rows are
///   inserted, changed items reloaded, and the status rows follow the load state.
/// - Selecting a status row after an error retries; ``PagedList/refresh()`` is pull-to-refresh.
/// - Each status row can be hidden (``showsStatusRow``, ``showsPreviousPageStatusRow``) or
///   re-worded (``statusTexts``, ``previousPageStatusTexts``). The row above the items shows while
///   older items remain or failed, and "no older items" only in a list that did not start at the
///   top.
/// - When the items are replaced by a list started at an anchor (``PagedList/start(at:)``) or by a
///   refresh in place (``PagingRefreshMode/aroundLastViewedItem``), the view is scrolled to bring
///   that item to the top, whatever sections sit above this one.
///
/// Rows are made once per item by `makeRow` (again only when an item changes), so a row can keep
/// state of its own.
@MainActor
open class PagedSection<Item: Identifiable & Sendable>: SectionManager where Item.ID: Sendable {
  /// The paged list this section shows.
  public let list: PagedList<Item>
  /// The words of the status row after the items.
  public var statusTexts = PagingStatusTexts() {
    didSet { refreshStatus(forceUpdate: true) }
  }
  /// Whether the status row after the items is shown (it also shows the empty state and a failed
  /// first page); default `true`.
  public var showsStatusRow = true {
    didSet { refreshStatus() }
  }
  /// The words of the status row above the items: ``PagingStatusTexts/loading`` while older items
  /// remain or load, ``PagingStatusTexts/failed`` when they failed, ``PagingStatusTexts/reachedEnd``
  /// when none remain.
  ///
  /// Default: "Loading older…", "No older items", the message then " — tap to retry".
  public var previousPageStatusTexts = PagingStatusTexts(
    loading: "Loading older…", reachedEnd: "No older items")
  {
    didSet { refreshStatus(forceUpdate: true) }
  }
  /// Whether the status row above the items is shown; default `true`.
  public var showsPreviousPageStatusRow = true {
    didSet { refreshStatus() }
  }

  /// What the status row after the items shows now (``PagingStatus/hidden`` also when it is
  /// hidden by ``showsStatusRow``).
  public var status: PagingStatus { statusRow.status }
  /// What the status row above the items shows now: ``PagingStatus/loading``,
  /// ``PagingStatus/failed(_:)``, ``PagingStatus/reachedEnd(totalCount:)`` or
  /// ``PagingStatus/hidden``.
  public var previousPageStatus: PagingStatus { previousPageStatusRow.status }

  private let makeRow: @MainActor (Item) -> CellManager
  private var itemRows: [CellManager] = []
  private let statusRow = PagingStatusRow()
  /// A new row each time a page lands above the items (see `apply(_:)`).
  private var previousPageStatusRow = PagingStatusRow()
  /// Whether the view is being scrolled to the item a new first page is about (see
  /// `listDidChange`).
  private var isBringingFocusIntoView = false
  /// Whether `requestPagesNearVisibleRows` replays display through the table.
  private var isReplayingDisplay = false
  /// The status rows and item count of ``cells``, once assigned.
  private var shownLayout: RowLayout?

  /// Creates a section for a paged list.
  /// - Parameters:
  ///   - list: The list to show.
  ///   - headerTitle: The section's header title.
  ///   - makeRow: Makes the row of an item.
  public init(
    list: PagedList<Item>, headerTitle: String? = nil, makeRow: @escaping @MainActor (Item) -> CellManager
  ) {
    self.list = list
    self.makeRow = makeRow
    super.init(headerTitle: headerTitle)
    rebuildRows()
    refreshStatus(forceUpdate: true)
    // The section's link, not a weak reference to it (see CellManager.sectionLink); the list
    // drops the observer once the section is gone.
    let link = self.link
    list.addViewReceiver(
      owner: self, reportScreen: { (link.section as? PagedSection<Item>)?.reportScreen() }
    ) { event in
      (link.section as? PagedSection<Item>)?.listDidChange(event)
    }
  }

  func listDidChange(_ event: PagedListEvent) {
    switch event {
    case .itemsChanged(let change):
      let edit = apply(change)
      refreshStatus(forceUpdate: true, itemEdit: edit, rebuilt: edit == nil)
      // The app's own insert (a post, a sent message) is brought into view; one that came with
      // a page keeps the user's place.
      if list.isReportingAppInsert, let table, let inserted = edit?.inserted.first?.row {
        table.update()
        table.scrollToRow(inserted)
        return
      }
      // Pages reach the view at once; status-only changes (often made while the view is laying
      // out, from willDisplay) wait for the scheduled update.
      guard case .reloaded = change, let table, let index = list.focusIndexAfterReload,
        itemRows.indices.contains(index)
      else {
        table?.update()
        if case .edited(let removed, let inserted, _) = change, !removed.isEmpty || !inserted.isEmpty {
          // Rows came or went among those on screen, with no row displayed anew (a remove, a
          // roll-back): the list hears which rows the view shows now, for the pages near them
          // (none left, say) and the place it keeps.
          requestPagesNearVisibleRows()
        }
        return
      }
      // The rows a view shows before it scrolls to the item (at the top of the content) are not
      // where the user is: they must not ask for pages.
      isBringingFocusIntoView = true
      table.update()
      table.scrollToRow(itemRows[max(0, index - list.focusRowsAboveAfterReload)])
      isBringingFocusIntoView = false
      requestPagesNearVisibleRows()
    case .statusChanged:
      refreshStatus()
    // A previous page that brought no row above the items, with the top still on screen, loads
    // the one before it at once (the list's rule): the row above them keeps saying so.
    case .requestCompleted, .cacheLoaded:
      break
    }
  }

  /// Tells the list about the first and the last row on screen, as their `willDisplay` did while
  /// paging was held back: through the table, which may not report display (a subclass).
  private func requestPagesNearVisibleRows() {
    guard let table, let listView = table.listView,
      let section = table.displayedSections.firstIndex(where: { $0 === self })
    else { return }
    let visible = listView.visibleItemPaths.filter { $0.section == section }
    isReplayingDisplay = true
    defer { isReplayingDisplay = false }
    for path in [visible.first, visible.last].compactMap(\.self) {
      table.listView(listView, willDisplay: self, forItemAt: path)
    }
  }

  /// Asks the list for the page a displayed row is close to, if any.
  ///
  /// "Near the end" counts from the end of the list's items: the row shown with k item rows after
  /// it stands for the item with k items after it. A row the table left out (a duplicate
  /// identity, see ``TableManager/update(animated:)``) therefore never stops paging: the last row
  /// shown always stands for the last item.
  private func requestPages(near path: ItemPath) {
    guard !isBringingFocusIntoView, let row = displayedCells[safe: path.item] else { return }
    if let row = row as? PagingStatusRow {
      // The row above the items stands for the first item: older items load when it shows.
      if row !== statusRow { list.itemWillDisplay(at: 0) }
      return
    }
    // The rows the view shows now, with this one, as items: a page that lands keeps them all,
    // however many the screen holds, a refresh in place brings back the first at the top, and a
    // store reopens the list there.
    list.itemWillDisplay(at: itemIndex(ofRow: path.item), onScreen: itemsOnScreen(with: path.item))
  }

  /// The index among the list's items that the displayed row `row` stands for.
  ///
  /// Counted from the end of the items: the row shown with k item rows after it stands for the
  /// item with k items after it.
  private func itemIndex(ofRow row: Int) -> Int {
    let statusRows = displayedCells.last === statusRow ? 1 : 0
    return list.items.count - 1 - (displayedCells.count - statusRows - 1 - row)
  }

  /// The indexes of the items on screen, as the displayed rows the view shows stand for them
  /// (with `row`, when given: a row being displayed may not count as visible yet); `nil` when no
  /// item is.
  private func itemsOnScreen(with row: Int? = nil) -> ClosedRange<Int>? {
    var rows = row.map { $0...$0 }
    if let table, let listView = table.listView,
      let section = table.displayedSections.firstIndex(where: { $0 === self })
    {
      for visible in listView.visibleItemPaths where visible.section == section {
        rows =
          rows.map { min($0.lowerBound, visible.item)...max($0.upperBound, visible.item) }
          ?? visible.item...visible.item
      }
    }
    guard let rows else { return nil }
    let first = max(0, itemIndex(ofRow: rows.lowerBound))
    let last = min(list.items.count - 1, itemIndex(ofRow: rows.upperBound))
    return first <= last ? first...last : nil
  }

  /// Tells the list which items the view shows now, displayed already: the user may have
  /// scrolled since a row was last displayed, and a refresh in place about to land brings back
  /// the item at the top of the screen.
  private func reportScreen() {
    if let onScreen = itemsOnScreen() { list.screenShows(onScreen) }
  }

  /// Applies a change of the list's items to the item rows; returns it as an edit of those rows,
  /// or `nil` when the rows were made again from the list's items.
  private func apply(_ change: ItemsChange) -> RowEdit? {
    guard let edit = itemEdit(for: change), edit.isValid(forCount: itemRows.count) else {
      if case .reloaded = change { previousPageStatusRow = PagingStatusRow() }
      rebuildRows()
      return nil
    }
    if edit.inserted.contains(where: { $0.index == 0 }) {
      // Rows come above the first item (a previous page, with or without edits shown on top of
      // it): the row above the items leaves and a new one comes above them, so the view keeps
      // the first item on screen in place, not the row.
      previousPageStatusRow = PagingStatusRow()
    }
    edit.apply(to: &itemRows) { $0 }
    return edit
  }

  /// The edit of the item rows that `change` makes, with a new row for each inserted or updated
  /// item; `nil` when every row is made again (a reload, or an index the list does not hold).
  private func itemEdit(for change: ItemsChange) -> RowEdit? {
    var removed: [Int] = []
    var (inserted, updated): ([Int], [Int])
    switch change {
    case .reloaded:
      return nil
    case .appended(let range, let changed), .prepended(let range, let changed):
      (inserted, updated) = (Array(range), changed)
    case .edited(let gone, let added, let changed):
      (removed, inserted, updated) = (gone, added, changed)
    case .dropped(let range, let then):
      // The paging core drops pages only for a load at the other end; any other drop is shown
      // by rebuilding the rows.
      switch then {
      case .appended(let added, let changed), .prepended(let added, let changed):
        (removed, inserted, updated) = (Array(range), Array(added), changed)
      case .reloaded, .dropped, .edited:
        return nil
      }
    }
    // One read of the items, not one per row: each read of the list copies its state. The copy
    // shares the items' storage, so it ends before the list changes them again.
    let items = list.items
    guard (inserted + updated).allSatisfy(items.indices.contains) else { return nil }
    var edit = RowEdit(removed: removed)
    edit.inserted = inserted.map { ($0, makeRow(items[$0])) }
    let insertedSet = Set(inserted)
    edit.replaced = updated.filter { !insertedSet.contains($0) }.map { ($0, makeRow(items[$0])) }
    return edit
  }

  private func rebuildRows() {
    itemRows = list.items.map(makeRow)
  }

  /// Recomputes the status rows; updates the rows when anything changed, by index when
  /// `itemEdit` says how the item rows changed (`nil`: they did not, or were made again).
  private func refreshStatus(forceUpdate: Bool = false, itemEdit: RowEdit? = nil, rebuilt: Bool = false) {
    let status = showsStatusRow ? list.status : .hidden
    let previousStatus = showsPreviousPageStatusRow && !itemRows.isEmpty ? list.previousPageStatus : .hidden
    // New texts come with `forceUpdate` (their properties' observers); a row the app shows or
    // hides changes its status here.
    guard forceUpdate || status != statusRow.status || previousStatus != previousPageStatusRow.status
    else { return }
    statusRow.status = status
    statusRow.texts = statusTexts
    previousPageStatusRow.status = previousStatus
    previousPageStatusRow.texts = previousPageStatusTexts
    let layout = RowLayout(
      previous: previousStatus == .hidden ? nil : previousPageStatusRow, items: itemRows.count,
      showsStatus: status != .hidden)
    defer { shownLayout = layout }
    if !rebuilt, let shown = shownLayout, holds(shown),
      editRows(edit(from: shown, to: layout, items: itemEdit ?? RowEdit()))
    {
      return
    }
    cells = (layout.previous.map { [$0] } ?? []) + itemRows + (layout.showsStatus ? [statusRow] : [])
  }

  /// The status rows and the number of item rows in ``cells``.
  private struct RowLayout {
    var previous: PagingStatusRow?
    var items: Int
    var showsStatus: Bool
  }

  /// Whether ``cells`` still hold `layout`'s status rows around its items (a subclass may have
  /// assigned others).
  private func holds(_ layout: RowLayout) -> Bool {
    let count = (layout.previous == nil ? 0 : 1) + layout.items + (layout.showsStatus ? 1 : 0)
    return cells.count == count && (layout.previous.map { cells.first === $0 } ?? true)
      && (!layout.showsStatus || cells.last === statusRow)
  }

  /// The edit of ``cells`` from `old` to `new`, given the edit of the item rows between them.
  private func edit(from old: RowLayout, to new: RowLayout, items: RowEdit) -> RowEdit {
    let (oldOffset, newOffset) = (old.previous == nil ? 0 : 1, new.previous == nil ? 0 : 1)
    var edit = RowEdit()
    let previousKept = old.previous != nil && old.previous === new.previous
    if old.previous != nil, !previousKept { edit.removed.append(0) }
    edit.removed += items.removed.map { $0 + oldOffset }
    if old.showsStatus, !new.showsStatus { edit.removed.append(oldOffset + old.items) }
    if let previous = new.previous, !previousKept { edit.inserted.append((0, previous)) }
    edit.inserted += items.inserted.map { ($0.index + newOffset, $0.row) }
    if new.showsStatus, !old.showsStatus { edit.inserted.append((newOffset + new.items, statusRow)) }
    // Status rows kept are compared by the table: reloaded when their content changed.
    if let previous = new.previous, previousKept { edit.replaced.append((0, previous)) }
    edit.replaced += items.replaced.map { ($0.index + newOffset, $0.row) }
    if new.showsStatus, old.showsStatus { edit.replaced.append((newOffset + new.items, statusRow)) }
    return edit
  }

  // MARK: Paging from the view

  /// Asks the list for the next page when an item row near the end appears, or for the previous
  /// page when one near the top (or the status row above the items) does; retries after an error
  /// when a status row is selected; forwards the rest.
  open override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    switch event {
    case .willDisplay:
      requestPages(near: path)
      // A replay for paging only: the row saw its cell displayed already.
      guard !isReplayingDisplay else { return }
    case .didSelect:
      // A negative or past-the-end path is forwarded, and reported like any other out-of-range one.
      if let row = displayedCells[safe: path.item] as? PagingStatusRow {
        if case .failed = row.status { list.retry() }
        return
      }
    default:
      break
    }
    super.listView(listView, handle: event, at: path)
  }
}
