import ListKit
import ListKitTesting

/// A paged list shown as the one ``PagedSection`` of a table attached to a headless view, of 440
/// points (ten 44-point rows) unless a test needs another: the screen most paged-section tests
/// scroll.
@MainActor struct PagedScreen<Item: Identifiable & Sendable> where Item.ID: Sendable {
  let list: PagedList<Item>
  let section: PagedSection<Item>
  let table: TableManager
  let view: HeadlessTableView

  /// Shows `list` with `makeRow`'s rows; `statusTexts`, when given, word the section's status row
  /// from the start.
  init(
    list: PagedList<Item>, statusTexts: PagingStatusTexts? = nil, viewportHeight: Double = 440,
    makeRow: @escaping @MainActor (Item) -> CellManager
  ) {
    self.list = list
    section = PagedSection(list: list, makeRow: makeRow)
    if let statusTexts { section.statusTexts = statusTexts }
    table = TableManager(sections: [section])
    view = HeadlessTableView(viewportHeight: viewportHeight)
    table.attach(to: view)
  }
}
