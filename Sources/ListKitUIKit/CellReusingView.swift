// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uicollectionview (register(_:forCellWithReuseIdentifier:), class overload)
//   (`func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)`)
// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
// https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)-3l3ct
//   (`func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String)`)
// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:)
//   (`-> UITableViewCell?`, `nil` when nothing is registered for the identifier)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The cell calls of a UIKit view, named as `UICollectionView` names them, so that both
  /// adapters register and dequeue cells the same way (see ``ReuseRegistry``).
  @MainActor
  protocol CellReusingView {
    /// The view's cell base class (`UITableViewCell` or `UICollectionViewCell`).
    associatedtype Cell: UIView

    func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)
    func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> Cell
    /// Dequeues a cell the adapter did not register (a class registered with the view directly,
    /// a storyboard prototype), or `nil` where the view cannot tell without aborting.
    func dequeueUnregisteredCell(withReuseIdentifier identifier: String) -> Cell?
  }

  extension UICollectionView: CellReusingView {
    /// A collection view has no dequeue that answers `nil`: it aborts on an identifier nothing
    /// registered, so none is tried.
    func dequeueUnregisteredCell(withReuseIdentifier identifier: String) -> UICollectionViewCell? { nil }
  }

  /// A table view's cell calls, under the names the collection view gives them.
  @MainActor
  struct TableViewCells: CellReusingView {
    let tableView: UITableView

    func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
      tableView.register(cellClass, forCellReuseIdentifier: identifier)
    }

    func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
      -> UITableViewCell
    {
      tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }

    /// The variant without an index path answers `nil` instead of aborting when nothing is
    /// registered.
    func dequeueUnregisteredCell(withReuseIdentifier identifier: String) -> UITableViewCell? {
      tableView.dequeueReusableCell(withIdentifier: identifier)
    }
  }

  /// A cell that shows a `PagedSection`'s status row.
  @MainActor
  protocol PagingStatusRowCell: AnyObject {
    /// The reuse identifier the adapter registers the cell under.
    static var reuseIdentifier: String { get }
    /// Shows the status and text the core configured the status cell with.
    func show(_ statusCell: PagingStatusCell)
  }

  extension PagingStatusTableViewCell: PagingStatusRowCell {}
  extension PagingStatusCollectionViewCell: PagingStatusRowCell {}
#endif
