/// A section whose rows derive from a ``PagedList``'s items — the pinned photos above the list,
/// a summary, a group — kept in step with the list without hand-written rebuilds.
///
/// ```swift
/// let pinned = DerivedSection(list: photos, headerTitle: "Pinned") { items in
///   items.filter(\.isPinned)
/// } makeRow: { PhotoRow($0) }
/// table.sections = [pinned, PagedSection(list: photos) { PhotoRow($0) }]
/// ```
///
/// Whenever the list's items change (a cached page, a refresh, a next page), the section calls
/// `derive` with all the items and shows one row per model it returns; the table animates the
/// difference as batch updates, like any change of ``SectionManager/cells``. A model equal to
/// the one shown before under the same id keeps its row object (and any state the row holds); a
/// changed model gets a new row with the same identity, which the table reloads in place. When
/// `derive` also reads something besides the items (the set of pinned ids), call
/// ``rederive()`` after changing it.
///
/// Row identity is scoped to the section (see ``TableManager/update(animated:)``), so the same
/// model may be shown here and in the ``PagedSection`` of the same list.
///
/// - Complexity: Each change of the items costs `derive` plus O(m) expected for m models.
@MainActor
open class DerivedSection<Item: Identifiable & Sendable, Model: Identifiable & Equatable & Sendable>:
  SectionManager
where Item.ID: Sendable, Model.ID: Sendable {
  /// The paged list the rows derive from.
  public let list: PagedList<Item>
  /// The models shown, as `derive` last returned them.
  public private(set) var models: [Model] = []

  private let derive: @MainActor ([Item]) -> [Model]
  private let makeRow: @MainActor (Model) -> CellManager
  private var rows: [Model.ID: (model: Model, row: CellManager)] = [:]

  /// Creates a section that derives its rows from a paged list.
  /// - Parameters:
  ///   - list: The list whose items the rows derive from.
  ///   - headerTitle: The section's header title.
  ///   - footerTitle: The section's footer title.
  ///   - hidesWhenEmpty: Whether the section (and its header) is hidden while `derive` returns no
  ///     models. Default: `true`.
  ///   - derive: Makes the models to show from all the list's items, in display order.
  ///   - makeRow: Makes the row of a model.
  public init(
    list: PagedList<Item>,
    headerTitle: String? = nil,
    footerTitle: String? = nil,
    hidesWhenEmpty: Bool = true,
    derive: @escaping @MainActor ([Item]) -> [Model],
    makeRow: @escaping @MainActor (Model) -> CellManager
  ) {
    self.list = list
    self.derive = derive
    self.makeRow = makeRow
    super.init(headerTitle: headerTitle, footerTitle: footerTitle)
    // The section's link, not a reference to it (see CellManager.sectionLink).
    let link = self.link
    // Shown while it has rows (never once the section is gone).
    if hidesWhenEmpty { condition = { link.section?.cells.isEmpty == false } }
    rederive()
    list.addViewReceiver(owner: self) { event in
      guard case .itemsChanged = event else { return }
      (link.section as? DerivedSection<Item, Model>)?.rederive()
    }
  }

  /// Derives the models from the list's items again and updates the rows.
  ///
  /// The section does this by itself whenever the items change; call it after changing
  /// something else `derive` reads.
  /// - Complexity: `derive` plus O(m) expected for m models.
  public func rederive() {
    let models = derive(list.items)
    var rows: [Model.ID: (model: Model, row: CellManager)] = [:]
    rows.reserveCapacity(models.count)
    var cells: [CellManager] = []
    cells.reserveCapacity(models.count)
    for model in models {
      let row: CellManager
      // A second model with an id already seen gets a row of its own; the table leaves it out
      // and reports the duplicate.
      if rows[model.id] == nil, let kept = self.rows[model.id], kept.model == model {
        row = kept.row
      } else {
        row = makeRow(model)
      }
      if rows[model.id] == nil { rows[model.id] = (model, row) }
      cells.append(row)
    }
    self.models = models
    self.rows = rows
    self.cells = cells
  }
}
