import ListKit

/// The demo's table manager: a plain ``TableManager`` that can stop telling its sections that
/// rows appear, so that `--dump` draws every row without the paged section loading more.
final class DemoTableManager: TableManager {
  /// Whether rows coming on screen are reported to the sections (and so load the next page).
  var reportsDisplay = true

  override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    if case .willDisplay = event, !reportsDisplay { return }
    super.listView(listView, handle: event, at: path)
  }
}
