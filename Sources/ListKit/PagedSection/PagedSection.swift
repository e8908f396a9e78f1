/// A section that shows a ``PagedList``: one row per item, then a status row (loading, no more
/// data, an error to retry, or the empty state).
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
/// - New pages and refreshes reach the view as ListDiff batch updates: appended rows are inserted,
///   changed items reloaded, and the status row follows the load state.
/// - Selecting the status row after an error retries; ``refresh()`` is pull-to-refresh.
///
/// Rows are made once per item by `makeRow` (again only when an item changes), so a row can keep
/// state of its own.
@MainActor
open class PagedSection<Item: Identifiable & Sendable>: SectionManager where Item.ID: Sendable {
  /// The paged list this section shows.
  public let list: PagedList<Item>
  /// The words of the status row.
  public var statusTexts = PagingStatusTexts() {
    didSet { refreshStatus(forceUpdate: true) }
  }

  /// What the status row shows now.
  public var status: PagingStatus { statusRow.status }

  private let makeRow: @MainActor (Item) -> CellManager
  private var itemRows: [CellManager] = []
  private let statusRow = PagingStatusRow()

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

  /// Loads the first page again: what pull-to-refresh calls.
  /// - Returns: The task loading it, or `nil` when a refresh is already loading.
  @discardableResult
  public func refresh() -> Task<Void, Never>? {
    list.refresh()
  }

  func listDidChange(_ event: PagedListEvent) {
    switch event {
    case .itemsChanged(let change):
      apply(change)
      refreshStatus(forceUpdate: true)
      // Pages reach the view at once; status-only changes (often made while the view is laying
      // out, from willDisplay) wait for the scheduled update.
      table?.update()
    case .statusChanged:
      refreshStatus(forceUpdate: false)
    case .requestCompleted, .cacheLoaded:
      break
    }
  }

  private func apply(_ change: ItemsChange) {
    switch change {
    case .reloaded:
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
      itemRows.insert(contentsOf: inserted.compactMap { list.item(at: $0).map(makeRow) }, at: 0)
      for index in updated where itemRows.indices.contains(index) {
        if let item = list.item(at: index) { itemRows[index] = makeRow(item) }
      }
    }
  }

  private func rebuildRows() {
    itemRows = list.items.map(makeRow)
  }

  /// Recomputes the status row and the rows; updates the table when anything changed.
  private func refreshStatus(forceUpdate: Bool) {
    let status = PagingStatus(
      isBlank: list.isBlank, hasItems: !itemRows.isEmpty, refreshState: list.refreshState,
      nextPageState: list.nextPageState, totalCount: list.totalCount)
    guard forceUpdate || status != statusRow.status || statusRow.texts != statusTexts else { return }
    statusRow.status = status
    statusRow.texts = statusTexts
    cells = status == .hidden ? itemRows : itemRows + [statusRow]
  }

  // MARK: Paging from the view

  /// Asks the list for the next page when an item row near the end appears, or for the previous
  /// page when one near the top does, then forwards.
  ///
  /// "Near the end" counts from the end of the list's items: the row shown with k item rows after
  /// it stands for the item with k items after it. A row the table left out (a duplicate
  /// identity, see ``TableManager/update(animated:)``) therefore never stops paging: the last row
  /// shown always stands for the last item.
  open override func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath)
  {
    if path.item >= 0, path.item < displayedCells.count, displayedCells[path.item] !== statusRow {
      let statusRows = displayedCells.last === statusRow ? 1 : 0
      let rowsAfter = displayedCells.count - statusRows - 1 - path.item
      list.itemWillDisplay(at: list.items.count - 1 - rowsAfter)
    }
    super.listView(listView, willDisplay: cell, forItemAt: path)
  }

  /// Retries after an error when the status row is selected; otherwise forwards.
  open override func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) {
    // A negative or past-the-end path is forwarded, and reported like any other out-of-range one.
    if displayedCells[safe: path.item] === statusRow {
      if case .failed = statusRow.status { list.retry() }
      return
    }
    super.listView(listView, didSelectItemAt: path)
  }
}
