/// The data source an ``ArrayDataSource`` installs in its view: it hands every call to the array
/// data source.
///
/// The array data source keeps it, and the view holds it weakly as UIKit holds its data source, so
/// it goes when the array data source goes. The other calls get ``ListDataSource``'s defaults, as
/// from UIKit.
@MainActor
final class ArrayDataSourceConnection<Item, Cell: AnyObject>: ListDataSource {
  /// The data source that answers, set by it as it is made; `nil` only once it is gone.
  weak var source: ArrayDataSource<Item, Cell>?

  func numberOfSections(in listView: any ListView) -> Int {
    source?.sections.count ?? 0
  }

  func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    source?.listView(listView, numberOfItemsInSection: section) ?? 0
  }

  func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    source?.listView(listView, cellForItemAt: path) ?? PlaceholderCell(reason: "the data source is gone")
  }
}
