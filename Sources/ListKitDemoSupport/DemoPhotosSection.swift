import ListKit

/// The demo's photos section: a plain ``PagedSection`` that can stop hearing that rows appear, so
/// that `--dump` draws every row without loading more pages.
final class DemoPhotosSection: PagedSection<Photo> {
  /// Whether rows coming on screen are reported to the section (and so load the next page).
  var reportsDisplay = true

  override func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    guard reportsDisplay else { return }
    super.listView(listView, willDisplay: cell, forItemAt: path)
  }
}
