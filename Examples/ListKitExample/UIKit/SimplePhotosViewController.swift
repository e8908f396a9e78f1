// Checked against Apple's documentation: UITableView register(_:forCellReuseIdentifier:),
// tableFooterView, backgroundView; UITableViewController init(style:).
import ListKit
import ListKitUIKit
import UIKit

/// The array-data-source pattern fed by a paged list: `ArrayDataSource` for the rows,
/// `LoadMoreFooterView` as the table footer, `EmptyStateView` as the background, and
/// pull-to-refresh.
final class SimplePhotosViewController: PhotosTableViewController {
  private var adapter: TableViewAdapter?
  private var dataSource: ArrayDataSource<Photo, PhotoTableCell>?
  private var refreshBinder: RefreshControlBinder?
  private let footer = LoadMoreFooterView(
    frame: CGRect(x: 0, y: 0, width: 0, height: LoadMoreFooterView.preferredHeight))
  private let emptyView = EmptyStateView()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Simple"
    // snippet: uikit-array-data-source
    tableView.register(PhotoTableCell.self, forCellReuseIdentifier: "PhotoTableCell")
    let adapter = TableViewAdapter(tableView: tableView)
    let dataSource = ArrayDataSource(items: photos.items, cellIdentifier: "PhotoTableCell") {
      (cell: PhotoTableCell, photo: Photo) in cell.show(photo)
    }
    dataSource.attach(to: adapter)
    // snippet-end
    adapter.delegate = self  // for willDisplay: the next page loads as the last rows appear

    // Every page reaches the rows as an animated ListDiff update, synchronously.
    photos.onItemsChanged = { [weak self] _ in
      guard let self else { return }
      self.dataSource?.setItems(self.photos.items)
    }

    // snippet: uikit-footer-empty-refresh
    footer.bind(to: photos)
    tableView.tableFooterView = footer
    emptyView.title = "No photos yet"
    emptyView.bind(to: photos)
    tableView.backgroundView = emptyView
    refreshBinder = RefreshControlBinder(scrollView: tableView, list: photos)
    // snippet-end

    self.adapter = adapter
    self.dataSource = dataSource
    photos.start()
  }
}

extension SimplePhotosViewController: ListDelegate {
  func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    photos.itemWillDisplay(at: path.item)
  }
}
