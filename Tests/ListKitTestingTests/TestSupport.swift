import ListKit
import ListKitTesting

/// A cell that shows one line of text.
@MainActor
final class TextCell: HeadlessRenderable {
  var renderedText = ""
}

/// A data source and delegate over an array of sections of strings, with knobs for every
/// delegate answer the tests vary.
@MainActor
final class ModelSource: ListDataSource, ListDelegate {
  var sections: [[String]]
  var identifier = "text"
  var headerTitles: [Int: String] = [:]
  var footerTitles: [Int: String] = [:]
  var rowHeights: [ItemPath: Double] = [:]
  var estimatedRowHeight: Double?
  var editable = false
  var movable = false
  var style: EditingStyle = .delete
  var highlights = true
  var redirectSelection: ((ItemPath) -> ItemPath?)?
  var leadingActions: SwipeActionsConfiguration?
  var trailingActions: SwipeActionsConfiguration?
  var dequeueErrors: [ListViewError] = []

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  /// A single section of `count` rows named "Row 0", "Row 1" and so on.
  convenience init(rows count: Int) {
    self.init([(0..<count).map { "Row \($0)" }])
  }

  func numberOfSections(in listView: any ListView) -> Int { sections.count }

  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    do {
      let cell = try listView.dequeueReusableCell(withIdentifier: identifier, for: path)
      (cell as? TextCell)?.renderedText = sections[path.section][path.item]
      return cell
    } catch {
      dequeueErrors.append(error)
      let cell = TextCell()
      cell.renderedText = "unregistered"
      return cell
    }
  }

  func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    headerTitles[section]
  }

  func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    footerTitles[section]
  }

  func listView(_ listView: any ListView, canEditItemAt path: ItemPath) -> Bool { editable }

  func listView(_ listView: any ListView, commit editingStyle: EditingStyle, forItemAt path: ItemPath) {
    guard editingStyle == .delete else { return }
    sections[path.section].remove(at: path.item)
    try? listView.performBatchUpdates(BatchUpdate(itemDeletes: [path]))
  }

  func listView(_ listView: any ListView, canMoveItemAt path: ItemPath) -> Bool { movable }

  func listView(_ listView: any ListView, moveItemAt source: ItemPath, to destination: ItemPath) {
    let item = sections[source.section].remove(at: source.item)
    sections[destination.section].insert(item, at: destination.item)
  }

  func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { rowHeights[path] }

  func listView(_ listView: any ListView, estimatedHeightForItemAt path: ItemPath) -> Double? {
    estimatedRowHeight
  }

  func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool { highlights }

  func listView(_ listView: any ListView, willSelectItemAt path: ItemPath) -> ItemPath? {
    redirectSelection.map { $0(path) } ?? path
  }

  func listView(_ listView: any ListView, editingStyleForItemAt path: ItemPath) -> EditingStyle { style }

  func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  { leadingActions }

  func listView(_ listView: any ListView, trailingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  { trailingActions }
}

/// A table showing `source`, with a registration for `TextCell`, already loaded.
///
/// The table holds its data source weakly, as UIKit does; the registration's closure keeps
/// `source` alive as long as the table, so tests need not.
@MainActor
func makeTable(
  _ source: ModelSource,
  viewportHeight: Double = 440,
  rowHeight: Double = 44,
  prefetchWindow: HeadlessTableView.PrefetchWindow = .rows(0)
) -> HeadlessTableView {
  let table = HeadlessTableView(
    viewportHeight: viewportHeight, rowHeight: rowHeight, prefetchWindow: prefetchWindow)
  table.register(
    CellRegistration(TextCell.self, reuseIdentifier: "text") { [source] in
      withExtendedLifetime(source) { TextCell() }
    })
  table.dataSource = source
  table.delegate = source
  table.reloadData()
  return table
}

func path(_ section: Int, _ item: Int) -> ItemPath {
  ItemPath(item: item, section: section)
}
