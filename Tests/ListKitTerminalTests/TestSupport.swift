import ListKit
import ListKitTerminal
import ListKitTesting

/// The seeded generator of the property tests, so a failing seed reproduces.
typealias SeededGenerator = SplitMix64

/// A data source and delegate over plain strings that records every call the view makes.
@MainActor
class RecordingSource: ListDataSource, ListDelegate {
  enum Event: Hashable {
    case cell(ItemPath)
    case willDisplay(ItemPath)
    case didEndDisplaying(ItemPath)
    case prefetch([ItemPath])
    case cancelPrefetch([ItemPath])
    case highlight(ItemPath)
    case unhighlight(ItemPath)
    case select(ItemPath)
    case deselect(ItemPath)
  }

  var sections: [[String]]
  var headers: [Int: String] = [:]
  var footers: [Int: String] = [:]
  var heights: [ItemPath: Double] = [:]
  var notHighlightable: Set<ItemPath> = []
  var events: [Event] = []
  var cellsMade = 0

  init(sections: [[String]]) {
    self.sections = sections
  }

  static func items(_ count: Int, section: Int = 0) -> [String] {
    (0..<count).map { "item \(section).\($0)" }
  }

  func register(in view: TerminalListView) {
    view.register(
      CellRegistration(TextCell.self, reuseIdentifier: "text") { [weak self] in
        self?.cellsMade += 1
        return TextCell()
      })
    view.dataSource = self
    view.delegate = self
  }

  func numberOfSections(in listView: any ListView) -> Int { sections.count }

  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    events.append(.cell(path))
    let cell = try! listView.dequeueReusableCell(withIdentifier: "text", for: path) as! TextCell
    cell.text = sections[path.section][path.item]
    return cell
  }

  func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    headers[section]
  }
  func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    footers[section]
  }
  func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath]) {
    events.append(.prefetch(paths))
  }
  func listView(_ listView: any ListView, cancelPrefetchingForItemsAt paths: [ItemPath]) {
    events.append(.cancelPrefetch(paths))
  }
  func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? { heights[path] }
  func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    events.append(.willDisplay(path))
  }
  func listView(_ listView: any ListView, didEndDisplaying cell: AnyObject, forItemAt path: ItemPath) {
    events.append(.didEndDisplaying(path))
  }
  func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    !notHighlightable.contains(path)
  }
  func listView(_ listView: any ListView, didHighlightItemAt path: ItemPath) {
    events.append(.highlight(path))
  }
  func listView(_ listView: any ListView, didUnhighlightItemAt path: ItemPath) {
    events.append(.unhighlight(path))
  }
  func listView(_ listView: any ListView, didSelectItemAt path: ItemPath) { events.append(.select(path)) }
  func listView(_ listView: any ListView, didDeselectItemAt path: ItemPath) { events.append(.deselect(path)) }

  /// The paths asked for cells, in order.
  var cellRequests: [ItemPath] {
    events.compactMap { if case .cell(let path) = $0 { path } else { nil } }
  }

  /// The paths currently displayed according to the willDisplay / didEndDisplaying calls.
  var displayed: Set<ItemPath> {
    var result: Set<ItemPath> = []
    for event in events {
      switch event {
      case .willDisplay(let path): result.insert(path)
      case .didEndDisplaying(let path): result.remove(path)
      default: break
      }
    }
    return result
  }
}

func path(_ item: Int, _ section: Int = 0) -> ItemPath {
  ItemPath(item: item, section: section)
}
