extension ListDataSource {
  /// The number of items of every section, as this data source answers for `listView` now (a
  /// negative section count is none).
  /// - Parameter listView: The view asking.
  /// - Returns: One count per section.
  /// - Complexity: O(s) calls for s sections.
  package func itemCounts(in listView: any ListView) -> [Int] {
    (0..<max(0, numberOfSections(in: listView))).map { self.listView(listView, numberOfItemsInSection: $0) }
  }
}
