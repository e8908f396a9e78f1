// Checked against Apple's documentation: UITableViewController init(style:), init?(coder:),
// viewDidLoad(), tableView.
import ListKit
import ListKitUIKit
import UIKit

/// The manager-hierarchy and paged-list patterns in UIKit: a conditional banner section and a
/// `PagedSection`, on a `UITableView` through `TableViewAdapter`, with pull-to-refresh.
///
/// The paged section's status row is the load-more footer here: "Loading…", "No more data",
/// the error (select the row to retry) and the empty text, all inside the table.
// snippet: uikit-feed-view-controller
final class FeedViewController: PhotosTableViewController {
  // UIKit and ListKit hold their data sources weakly: the controller keeps them.
  private var adapter: TableViewAdapter?
  private var table: TableManager?
  private var refreshBinder: RefreshControlBinder?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Feed"
    let adapter = TableViewAdapter(tableView: tableView)

    let photos = photos
    // Shown only while the rows are the cached first page, before the network answered.
    let banner = SectionManager(
      cells: [BannerRow(Banner(text: "Showing saved photos — refreshing…"))],
      condition: { photos.cachedPageAge != nil })
    let feed = PagedSection(list: photos, headerTitle: "Photos") { PhotoRow($0) }
    feed.statusTexts = PagingStatusTexts(reachedEnd: "That's every photo", empty: "No photos yet")

    table = TableManager(listView: adapter, sections: [banner, feed])
    refreshBinder = RefreshControlBinder(scrollView: tableView, list: feed.list)
    self.adapter = adapter
    photos.start()  // the cached first page at once, then a refresh
  }
}
// snippet-end
