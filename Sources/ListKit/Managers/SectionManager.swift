/// The second level of the manager hierarchy: one section, its rows, its header and footer, and
/// whether it is shown at all.
///
/// By default every row call is forwarded to the ``CellManager`` of that row; subclass and
/// override a call to answer it for the whole section instead (a section subclass that
/// overrides `listView(_:cellForItemAt:)`, say). Out-of-range rows answer UIKit's
/// defaults and report a ``ListDiagnostic``, never trap.
///
/// A section with a ``condition`` is shown only while the condition holds ("coupons" only when
/// the order has coupons). Changing ``cells`` or a condition and calling
/// ``TableManager/update(animated:)`` animates the difference.
///
/// The rows a section reports are its ``cells`` as of the table's last update, so that the
/// counts a view sees always match the batch updates it was sent.
@MainActor
open class SectionManager {
  /// The table this section belongs to, once added to one.
  public internal(set) weak var table: TableManager?

  /// The rows, one cell manager each.
  ///
  /// Assigning schedules an update of the table.
  public var cells: [CellManager] {
    didSet {
      // An edit by index (see `editRows(_:)`) links its own rows.
      guard !isEditingRows else { return }
      for cell in cells { cell.sectionLink = link }
      rowKeys = nil
      // A pending edit is outdone: `cellsDidChange()` marks the structure changed, which the
      // next update diffs, and which `editRows(_:)` does not add to.
      cellsDidChange()
    }
  }

  /// The link the rows reach this section through.
  let link = SectionLink()

  /// Whether ``cells``, the titles or the condition changed since the last update, so the next
  /// update must diff this section rather than only reload rows.
  var structureChanged = true
  /// Rows whose content changed in place since the last update.
  var changedRows: [CellManager] = []
  /// Whether a row shown has content that is compared, not counted (a ``CellManager/diffContent``
  /// with no version): its changes are not announced, so updates diff the section to find them.
  var comparesRowContent = true
  /// The identities and contents of ``cells``, kept between updates while no row changes, so an
  /// update of a large table rebuilds only the keys of the sections that changed.
  var rowKeys: (scope: Int, keys: [RowKey])?
  /// The one edit by index made to ``cells`` since the last update, when nothing else changed
  /// them: the next update hands it to the view as this section's part of the batch.
  ///
  /// Once ``structureChanged`` is set too, the update diffs the section and drops it.
  var rowEdit: RowEdit?
  /// The identities of the rows shown, made when an edit first needs them and kept through
  /// edits; `nil` again at the next diffed update, which any other change of the rows shown (a
  /// user's move included) makes the next update.
  var shownRowIDs: Set<DiffID>?
  /// Whether ``cells`` is being changed by `editRows(_:)`.
  private var isEditingRows = false

  /// Shows the section only while this returns `true`; `nil` means always shown.
  public var condition: (@MainActor () -> Bool)? {
    didSet { cellsDidChange() }
  }

  /// The header title.
  ///
  /// Changing it reloads the section in the next update.
  public var headerTitle: String? {
    didSet { if headerTitle != oldValue { cellsDidChange() } }
  }

  /// The footer title.
  ///
  /// Changing it reloads the section in the next update.
  public var footerTitle: String? {
    didSet { if footerTitle != oldValue { cellsDidChange() } }
  }

  /// The rows as the view currently shows them (the cells of the table's last update).
  public internal(set) final var displayedCells: [CellManager] = []

  /// Creates a section.
  /// - Parameters:
  ///   - cells: The rows.
  ///   - headerTitle: The header title.
  ///   - footerTitle: The footer title.
  ///   - condition: Shows the section only while this returns `true`.
  public init(
    cells: [CellManager] = [],
    headerTitle: String? = nil,
    footerTitle: String? = nil,
    condition: (@MainActor () -> Bool)? = nil
  ) {
    self.cells = cells
    self.headerTitle = headerTitle
    self.footerTitle = footerTitle
    self.condition = condition
    link.section = self
    for cell in cells { cell.sectionLink = link }
  }

  /// Whether the section is shown now: its condition holds, or it has none.
  public var isShown: Bool { condition?() ?? true }

  /// The identity of this section across updates.
  ///
  /// Default: the manager object itself.
  open var diffIdentifier: any Hashable & Sendable { ObjectIdentifier(self) }

  /// The content of the section itself (not its rows); a change reloads the whole section.
  ///
  /// Default: the header and footer titles.
  open var diffContent: (any Equatable & Sendable)? {
    SectionTitles(header: headerTitle, footer: footerTitle)
  }

  func cellsDidChange() {
    structureChanged = true
    table?.setNeedsUpdate()
  }

  /// Changes ``cells`` by index, telling the next update exactly what changed.
  ///
  /// A second change before the update (an edit, or re-assigned cells) makes the update compare
  /// the section's rows instead.
  /// - Parameter edit: The change; its indexes are those of ``cells`` before and after it.
  /// - Returns: `false`, changing nothing, when an index of `edit` is out of range.
  /// - Complexity: O(*e*) for *e* rows in the edit, plus the shift of the rows after a row
  ///   removed or inserted away from the end.
  func editRows(_ edit: RowEdit) -> Bool {
    guard edit.isValid(forCount: cells.count) else { return false }
    guard !edit.isEmpty else { return true }
    for (_, row) in edit.inserted { row.sectionLink = link }
    for (_, row) in edit.replaced { row.sectionLink = link }
    isEditingRows = true
    edit.apply(to: &cells) { $0 }
    isEditingRows = false
    rowKeys = nil
    if structureChanged || rowEdit != nil || !changedRows.isEmpty {
      // One edit alone is what the known batch takes: the next update diffs the section.
      structureChanged = true
    } else {
      rowEdit = edit
    }
    table?.setNeedsUpdate()
    return true
  }

  func rowContentDidChange(_ row: CellManager) {
    changedRows.append(row)
    rowKeys = nil
    table?.setNeedsUpdate()
  }

  /// The cell manager displayed at an index, or `nil` with a diagnostic when out of range.
  /// - Parameter path: The row's path (its section index is not checked).
  /// - Returns: The cell manager, or `nil`.
  /// - Complexity: O(1).
  public final func cellManager(at path: ItemPath) -> CellManager? {
    cellManager(at: path, for: "cellManager(at:)")
  }

  /// The cell manager displayed at an index, or `nil` with a diagnostic naming `operation`.
  final func cellManager(at path: ItemPath, for operation: StaticString) -> CellManager? {
    forwardToRow(path, operation) { $0 }
  }

  /// Calls `body` with the cell manager displayed at `path`, or reports the path and returns `nil`.
  ///
  /// Every forwarded row call goes through here. The row is held for the call, so a call that
  /// updates the table and removes its own row still runs on a live object.
  /// - Parameters:
  ///   - path: The row's path.
  ///   - operation: The call being answered, for the diagnostic; `nil` answers `nil` silently.
  ///   - body: The forwarded call.
  /// - Returns: What `body` returned, or `nil` when there is no such row.
  @inline(__always) @discardableResult
  final func forwardToRow<Result>(
    _ path: ItemPath, _ operation: StaticString?, _ body: (CellManager) -> Result
  ) -> Result? {
    guard path.item >= 0, path.item < displayedCells.count else {
      if let operation { reportMissingRow(path, in: operation) }
      return nil
    }
    let row = displayedCells[path.item]
    return body(row)
  }

  @inline(never)
  private func reportMissingRow(_ path: ItemPath, in operation: StaticString) {
    report(.itemOutOfRange(path, itemCount: displayedCells.count), in: "\(operation)")
  }

  /// Reports a diagnostic through the table manager.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - operation: The call it happened in.
  public func report(_ kind: ListDiagnostic.Kind, in operation: String) {
    let diagnostic = ListDiagnostic(kind, in: operation)
    if let table { table.diagnosticHandler(diagnostic) } else { DefaultDiagnostics.report(diagnostic) }
  }

  // MARK: Data source

  /// The number of rows: the displayed cells.
  ///
  /// Not overridable, so counts always match updates.
  /// - Complexity: O(1).
  public final func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    displayedCells.count
  }

  /// The cell for a row.
  ///
  /// Default: forwarded to the row's cell manager.
  open func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    forwardToRow(path, "cellForItemAt") { $0.listView(listView, cellForItemAt: path) }
      ?? PlaceholderCell(reason: "no row \(path)")
  }

  /// The header title.
  ///
  /// Default: ``headerTitle``.
  open func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    headerTitle
  }

  /// The footer title.
  ///
  /// Default: ``footerTitle``.
  open func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    footerTitle
  }

  /// Whether a row can be edited.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool {
    forwardToRow(path, "canEditItemAt") { $0.listView(listView, canEditItemAt: path) } ?? false
  }

  /// Whether a row can be reordered.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool {
    forwardToRow(path, "canMoveItemAt") { $0.listView(listView, canMoveItemAt: path) } ?? false
  }

  /// Something happened to a row of this section that needs no answer (see ``ItemEvent``).
  ///
  /// Default: forwarded to the row; a path with no row is reported, except for the end of
  /// display that UIKit sends at a deleted row's old path.
  /// - Parameters:
  ///   - listView: The view.
  ///   - event: What happened.
  ///   - path: The row's path.
  open func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    forwardToRow(path, event.operation) { $0.listView(listView, handle: event, at: path) }
  }

  // MARK: Delegate

  /// A row's height.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    forwardToRow(path, "heightForItemAt") { $0.listView(listView, heightForItemAt: path) } ?? nil
  }

  /// A row's estimated height.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? {
    forwardToRow(path, "estimatedHeightForItemAt") { $0.listView(listView, estimatedHeightForItemAt: path) }
      ?? nil
  }

  /// The header height.
  ///
  /// Default: `nil` (the view's default).
  open func listView(_ listView: any ListView, heightForHeaderInSection section: Int) -> Double? { nil }

  /// The footer height.
  ///
  /// Default: `nil` (the view's default).
  open func listView(_ listView: any ListView, heightForFooterInSection section: Int) -> Double? { nil }

  /// A custom header view.
  ///
  /// Default: `nil`.
  open func listView(_ listView: any ListView, viewForHeaderInSection section: Int) -> AnyObject? { nil }

  /// A custom footer view.
  ///
  /// Default: `nil`.
  open func listView(_ listView: any ListView, viewForFooterInSection section: Int) -> AnyObject? { nil }

  /// Whether a row highlights.
  ///
  /// Default: forwarded to the row (whose own default is `true`, as UIKit's); `false`, with a
  /// diagnostic, for a path the section has no row at.
  open func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    forwardToRow(path, "shouldHighlightItemAt") { $0.listView(listView, shouldHighlightItemAt: path) }
      ?? false
  }

  /// The path to select instead.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? {
    forwardToRow(path, "willSelectItemAt") { $0.listView(listView, willSelectItemAt: path) } ?? nil
  }

  /// A row's editing control.
  ///
  /// Default: forwarded to the row (whose own default is ``EditingStyle/delete``, as UIKit's);
  /// ``EditingStyle/none``, with a diagnostic, for a path the section has no row at.
  open func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle {
    forwardToRow(path, "editingStyleForItemAt") { $0.listView(listView, editingStyleForItemAt: path) }
      ?? .none
  }

  /// A row's leading swipe buttons.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    forwardToRow(path, "leadingSwipeActionsForItemAt") {
      $0.listView(listView, leadingSwipeActionsForItemAt: path)
    } ?? nil
  }

  /// A row's trailing swipe buttons.
  ///
  /// Default: forwarded to the row.
  open func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    forwardToRow(path, "trailingSwipeActionsForItemAt") {
      $0.listView(listView, trailingSwipeActionsForItemAt: path)
    } ?? nil
  }
}

/// The default content of a section: its titles.
struct SectionTitles: Equatable, Sendable {
  var header: String?
  var footer: String?
}

/// How rows reach their section: one weak reference per section, shared by all its rows (see
/// ``CellManager/sectionLink``).
@MainActor
final class SectionLink {
  /// The section; `nil` once it is gone.
  weak var section: SectionManager?
}
