// Checked against Apple's documentation (UICollectionViewDelegate is a `@MainActor` protocol;
// signatures copied from):
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:willdisplay:foritemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didenddisplaying:foritemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldhighlightitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didhighlightitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didunhighlightitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldselectitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didselectitemat:)
// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:diddeselectitemat:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  extension CollectionViewAdapter: UICollectionViewDelegate {
    /// Forwards to `ListDelegate/listView(_:willDisplay:forItemAt:)` (a paged section
    /// loads its next page from here).
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - cell: The cell about to appear.
    ///   - indexPath: The item.
    public func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      delegate?.listView(self, willDisplay: cell, forItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:didEndDisplaying:forItemAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - cell: The cell that left the screen.
    ///   - indexPath: The item.
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      delegate?.listView(self, didEndDisplaying: cell, forItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:shouldHighlightItemAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    /// - Returns: Whether the item highlights.
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath)
      -> Bool
    {
      delegate?.listView(self, shouldHighlightItemAt: ItemPath(indexPath)) ?? true
    }

    /// Forwards to `ListDelegate/listView(_:didHighlightItemAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
      delegate?.listView(self, didHighlightItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:didUnhighlightItemAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    {
      delegate?.listView(self, didUnhighlightItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:willSelectItemAt:)`.
    ///
    /// A collection view cannot redirect a selection, so the item is selected only when the
    /// delegate answers with the same path.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item the user touched.
    /// - Returns: Whether to select it.
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath)
      -> Bool
    {
      guard let delegate else { return true }
      let path = ItemPath(indexPath)
      return delegate.listView(self, willSelectItemAt: path) == path
    }

    /// Forwards to `ListDelegate/listView(_:didSelectItemAt:)` (a paged section's
    /// status item retries from here).
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      delegate?.listView(self, didSelectItemAt: ItemPath(indexPath))
    }

    /// Forwards to `ListDelegate/listView(_:didDeselectItemAt:)`.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
      delegate?.listView(self, didDeselectItemAt: ItemPath(indexPath))
    }
  }
#endif
