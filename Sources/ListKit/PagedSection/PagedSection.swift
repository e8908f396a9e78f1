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
    didSet { refreshStatus(forceUpdate: true) }
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
    didSet { refreshStatus(forceUpdate: true) }
  }

  /// What the status row after the items shows now (``PagingStatus/hidden`` also when it is
  /// hidden by ``showsStatusRow``).
  public var status: PagingStatus { statusRow.status }
  /// What the status row above the items shows now: ``PagingStatus/loading``,
  /// ``PagingStatus/failed(message:)``, ``PagingStatus/reachedEnd(totalCount:)`` or
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
    list.addChangeObserver(owner: self) { event in
      (link.section as? PagedSection<Item>)?.listDidChange(event)
    }
  }

  func listDidChange(_ event: PagedListEvent) {
    switch event {
    case .itemsChanged(let change):
      apply(change)
      refreshStatus(forceUpdate: true)
      // Pages reach the view at once; status-only changes (often made while the view is laying
      // out, from willDisplay) wait for the scheduled update.
      guard case .reloaded = change, let table, let index = list.focusIndexAfterReload,
        itemRows.indices.contains(index)
      else {
        table?.update()
        return
      }
      // The rows a view shows before it scrolls to the item (at the top of the content) are not
      // where the user is: they must not ask for pages.
      isBringingFocusIntoView = true
      table.update()
      table.scrollToRow(itemRows[index])
      isBringingFocusIntoView = false
      requestPagesNearVisibleRows()
    case .statusChanged:
      refreshStatus(forceUpdate: false)
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
    let statusRows = displayedCells.last === statusRow ? 1 : 0
    let rowsAfter = displayedCells.count - statusRows - 1 - path.item
    list.itemWillDisplay(at: list.items.count - 1 - rowsAfter)
  }

  private func apply(_ change: ItemsChange) {
    switch change {
    case .reloaded:
      previousPageStatusRow = PagingStatusRow()
      rebuildRows()
    case .dropped(let removed, let then):
      itemRows.removeSubrange(removed.clamped(to: itemRows.indices))
      apply(then)
    case .appended(let inserted, let updated):
      for index in updated where itemRows.indices.contains(index) {
        if let item = list.item(at: index) { itemRows[index] = makeRow(item) }
      }
      for index in inserted {
        if let item = list.item(at: index) { itemRows.append(makeRow(item)) }
      }
    case .prepended(let inserted, let updated):
      // The row leaves with the page it announced and a new one comes above the new page, so the
      // view keeps the item under the old row in place, not the row.
      previousPageStatusRow = PagingStatusRow()
      itemRows.insert(contentsOf: inserted.compactMap { list.item(at: $0).map(makeRow) }, at: 0)
      for index in updated where itemRows.indices.contains(index) {
        if let item = list.item(at: index) { itemRows[index] = makeRow(item) }
      }
    case .edited(let removed, let inserted, let updated):
      for index in removed.reversed() where itemRows.indices.contains(index) { itemRows.remove(at: index) }
      for index in inserted where index <= itemRows.count {
        if let item = list.item(at: index) { itemRows.insert(makeRow(item), at: index) }
      }
      for index in updated where itemRows.indices.contains(index) {
        if let item = list.item(at: index) { itemRows[index] = makeRow(item) }
      }
    }
  }

  private func rebuildRows() {
    itemRows = list.items.map(makeRow)
  }

  /// Recomputes the status rows and the rows; updates the table when anything changed.
  private func refreshStatus(forceUpdate: Bool) {
    let status =
      showsStatusRow
      ? PagingStatus(
        isBlank: list.isBlank, hasItems: !itemRows.isEmpty, refreshState: list.refreshState,
        nextPageState: list.nextPageState, totalCount: list.totalCount) : .hidden
    let previousStatus =
      showsPreviousPageStatusRow && !itemRows.isEmpty
      ? PagingStatus(
        previousPageState: list.previousPageState, hasPrevious: list.hasPrevious,
        startsAtTop: list.startsAtTop)
      : .hidden
    guard
      forceUpdate || status != statusRow.status || statusRow.texts != statusTexts
        || previousStatus != previousPageStatusRow.status
        || previousPageStatusRow.texts != previousPageStatusTexts
    else { return }
    statusRow.status = status
    statusRow.texts = statusTexts
    previousPageStatusRow.status = previousStatus
    previousPageStatusRow.texts = previousPageStatusTexts
    cells =
      (previousStatus == .hidden ? [] : [previousPageStatusRow]) + itemRows
      + (status == .hidden ? [] : [statusRow])
  }

  // MARK: Paging from the view

  /// Asks the list for the next page when an item row near the end appears, or for the previous
  /// page when one near the top (or the status row above the items) does, then forwards.
  open override func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath)
  {
    requestPages(near: path)
    // A replay for paging only: the row saw its cell displayed already.
    guard !isReplayingDisplay else { return }
    super.listView(listView, willDisplay: cell, forItemAt: path)
  }

  /// Retries after an error when a status row is selected; otherwise forwards.
  open override func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {
    // A negative or past-the-end path is forwarded, and reported like any other out-of-range one.
    if let row = displayedCells[safe: path.item] as? PagingStatusRow {
      if case .failed = row.status { list.retry() }
      return
    }
    super.listView(listView, didSelectItemAt: path)
  }
}
