// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uitableview/rectforrow(at:)
// https://developer.apple.com/documentation/uikit/uitableview/scrolltorow(at:at:animated:)
// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
// https://developer.apple.com/documentation/uikit/uicollectionview/layoutattributesforitem(at:)
// https://developer.apple.com/documentation/uikit/uicollectionview/scrolltoitem(at:at:animated:)
// https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
//   (`func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`, both)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The layout calls of a UIKit view, named as `UICollectionView` names them, so that both
  /// adapters apply a batch and scroll to an item the same way.
  @MainActor
  protocol ItemLayoutView: UIScrollView {
    var numberOfSections: Int { get }
    func numberOfItems(inSection section: Int) -> Int
    /// Where an item is in the view's content, or `nil` where the view has no layout for it.
    func frameOfItem(at indexPath: IndexPath) -> CGRect?
    /// Scrolls, without animating, so that an item the view holds is at the top.
    func scrollItemToTop(at indexPath: IndexPath)
    func reloadData()
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
  }

  extension UICollectionView: ItemLayoutView {
    func frameOfItem(at indexPath: IndexPath) -> CGRect? {
      layoutAttributesForItem(at: indexPath)?.frame
    }

    func scrollItemToTop(at indexPath: IndexPath) {
      scrollToItem(at: indexPath, at: .top, animated: false)
    }
  }

  extension UITableView: ItemLayoutView {
    func numberOfItems(inSection section: Int) -> Int { numberOfRows(inSection: section) }

    func frameOfItem(at indexPath: IndexPath) -> CGRect? { rectForRow(at: indexPath) }

    func scrollItemToTop(at indexPath: IndexPath) {
      scrollToRow(at: indexPath, at: .top, animated: false)
    }
  }

  extension ItemLayoutView {
    /// Applies a batch inside `performBatchUpdates(_:completion:)`, or reloads when the view is
    /// not in a window (UIKit does not animate off screen, and a batch there only costs).
    ///
    /// Keeps the first visible item that the batch keeps (and does not move) where it was on
    /// screen: UIKit alone keeps the content offset, so items inserted above would move it.
    /// - Parameters:
    ///   - update: Deletes and reloads in old paths, inserts in new ones, moves old → new.
    ///   - receiver: The view's batch calls.
    ///   - adapter: The adapter this view shows; its data source gives the new counts.
    func perform(_ update: BatchUpdate, through receiver: some BatchUpdateReceiver, for adapter: any ListView)
    {
      guard window != nil else {
        reloadData()
        return
      }
      // The view still counts the old items; the data source answers with the new ones.
      let oldCounts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
      let newCounts = adapter.dataSource?.itemCounts(in: adapter)
      let anchor = update.anchorRow(
        oldItemCounts: oldCounts, newItemCounts: newCounts ?? [], amongVisible: adapter.visibleItemPaths
      ).flatMap { row in
        frameOfItem(at: IndexPath(row.old)).map { (path: row.new, offsetIntoItem: contentOffset.y - $0.minY) }
      }
      defer {
        if let anchor {
          layoutIfNeeded()
          if let frame = frameOfItem(at: IndexPath(anchor.path)) {
            contentOffset = CGPoint(x: contentOffset.x, y: frame.minY + anchor.offsetIntoItem)
          }
        }
      }
      performBatchUpdates({ update.send(to: receiver) }, completion: nil)
    }

    /// Scrolls, without animating, so that an item is at the top, as far as the content allows.
    /// - Parameter path: The item; a path the view does not hold changes nothing (UIKit would
    ///   raise an exception).
    func scroll(toItemAt path: ItemPath) {
      guard path.section >= 0, path.section < numberOfSections, path.item >= 0,
        path.item < numberOfItems(inSection: path.section)
      else { return }
      scrollItemToTop(at: IndexPath(path))
    }
  }
#endif
