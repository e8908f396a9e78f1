// Checked against Apple's documentation (UICollectionViewDataSource and
// UICollectionViewDataSourcePrefetching are `@MainActor` protocols; signatures copied from):
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:canmoveitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:moveitemat:to:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching/collectionview(_:prefetchitemsat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching/collectionview(_:cancelprefetchingforitemsat:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  extension CollectionViewAdapter: UICollectionViewDataSource {
    /// Forwards to `ListDataSource/numberOfSections(in:)`; 0 without a data source.
    /// - Parameter collectionView: The collection view.
    /// - Returns: The number of sections.
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
      dataSource?.numberOfSections(in: self) ?? 0
    }

    /// Forwards to `ListDataSource/listView(_:numberOfItemsInSection:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - section: The section.
    /// - Returns: The number of items.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    {
      dataSource?.listView(self, numberOfItemsInSection: section) ?? 0
    }

    /// Forwards to `ListDataSource/listView(_:cellForItemAt:)`; a
    /// `PagingStatusCell` is shown by a ``PagingStatusCollectionViewCell`` and any other
    /// non-UIKit cell by an empty `UICollectionViewCell`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    /// - Returns: The cell.
    public func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      reuse.viewCell(showing: dataSource?.listView(self, cellForItemAt: ItemPath(indexPath)), at: indexPath)
    }

    /// Forwards to `ListDataSource/listView(_:canMoveItemAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    /// - Returns: Whether the item can be reordered.
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    {
      dataSource?.listView(self, canMoveItemAt: ItemPath(indexPath)) ?? false
    }

    /// Forwards to `ListDataSource/listView(_:moveItemAt:to:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - sourceIndexPath: Where the item was.
    ///   - destinationIndexPath: Where the user dropped it.
    public func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      dataSource?.listView(self, moveItemAt: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }
  }

  extension CollectionViewAdapter: UICollectionViewDataSourcePrefetching {
    /// Forwards to `ListDataSource/listView(_:prefetchItemsAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPaths: The items likely to appear soon.
    public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
      dataSource?.listView(self, prefetchItemsAt: indexPaths.map { ItemPath($0) })
    }

    /// Forwards to `ListDataSource/listView(_:cancelPrefetchingForItemsAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPaths: The items no longer expected.
    public func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      dataSource?.listView(self, cancelPrefetchingForItemsAt: indexPaths.map { ItemPath($0) })
    }
  }
#endif
