import ListKit
import ListKitTesting
import Testing

/// Every void call of the view's data source and delegate reaches each level of the hierarchy as
/// one ``ItemEvent``, at the row's path: the table, then the row's section, then the row.
@MainActor @Suite struct ItemEventForwardingTests {
  final class Log {
    var entries: [String] = []
  }

  final class LoggingRow: ModelCellManager<OrderSummary, TextCell> {
    var log: Log?
    override func configure(cell: TextCell) { cell.text = model.title }
    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      log?.entries.append("row \(Self.name(of: event)) \(path)")
    }

    static func logging(to log: Log) -> LoggingRow {
      let row = LoggingRow(OrderSummary(id: "a", title: "A"))
      row.log = log
      return row
    }

    static func name(of event: ItemEvent) -> String {
      switch event {
      case .willDisplay: "willDisplay"
      case .didEndDisplaying: "didEndDisplaying"
      case .didHighlight: "didHighlight"
      case .didUnhighlight: "didUnhighlight"
      case .didSelect: "didSelect"
      case .didDeselect: "didDeselect"
      case .prefetch: "prefetch"
      case .cancelPrefetching: "cancelPrefetching"
      case .commit(let style): "commit \(style)"
      }
    }
  }

  final class LoggingSection: SectionManager {
    var log: Log?
    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      log?.entries.append("section \(LoggingRow.name(of: event))")
      super.listView(listView, handle: event, at: path)
    }
  }

  final class LoggingTable: TableManager {
    var log: Log?
    override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
      log?.entries.append("table \(LoggingRow.name(of: event))")
      super.listView(listView, handle: event, at: path)
    }
  }

  @Test func everyVoidCallReachesEachLevelAsOneEvent() {
    let log = Log()
    let view = HeadlessTableView()
    let table = LoggingTable(listView: view)
    let section = LoggingSection(cells: [LoggingRow.logging(to: log)])
    section.log = log
    table.log = log
    table.sections = [section]
    table.update()
    let path = ItemPath(item: 0, section: 0)
    let cell = PlaceholderCell()
    log.entries = []
    table.listView(view, willDisplay: cell, forItemAt: path)
    table.listView(view, didEndDisplaying: cell, forItemAt: path)
    table.listView(view, didHighlightItemAt: path)
    table.listView(view, didUnhighlightItemAt: path)
    table.listView(view, didSelectItemAt: path)
    table.listView(view, didDeselectItemAt: path)
    table.listView(view, prefetchItemsAt: [path])
    table.listView(view, cancelPrefetchingForItemsAt: [path])
    table.listView(view, commit: .delete, forItemAt: path)
    let names = [
      "willDisplay", "didEndDisplaying", "didHighlight", "didUnhighlight", "didSelect", "didDeselect",
      "prefetch", "cancelPrefetching", "commit delete",
    ]
    #expect(log.entries == names.flatMap { ["table \($0)", "section \($0)", "row \($0) \(path)"] })
  }

  @Test func aPathWithoutARowIsReportedExceptTheEndOfDisplayOfADeletedRow() {
    let log = Log()
    let view = HeadlessTableView()
    let table = TableManager(listView: view)
    var diagnostics: [ListDiagnostic] = []
    table.diagnosticHandler = { diagnostics.append($0) }
    table.sections = [SectionManager(cells: [LoggingRow.logging(to: log)])]
    table.update()
    _ = view.render()
    diagnostics = []
    log.entries = []
    let cell = PlaceholderCell()
    table.listView(view, didEndDisplaying: cell, forItemAt: ItemPath(item: 4, section: 0))
    table.listView(view, didEndDisplaying: cell, forItemAt: ItemPath(item: 0, section: 2))
    #expect(diagnostics.isEmpty)
    table.listView(view, didSelectItemAt: ItemPath(item: 4, section: 0))
    table.listView(view, prefetchItemsAt: [ItemPath(item: 0, section: 2)])
    #expect(
      diagnostics.map(\.kind) == [
        .itemOutOfRange(ItemPath(item: 4, section: 0), itemCount: 1),
        .sectionOutOfRange(section: 2, sectionCount: 1),
      ])
    #expect(log.entries.isEmpty)
  }
}
