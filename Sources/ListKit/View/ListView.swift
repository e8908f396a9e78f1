import ListDiff

/// What ListKit's core needs from any list view: a table view, a collection view, the headless
/// test view or a terminal.
///
/// The shape follows `UITableView` and `UICollectionView` so that their adapters forward 1:1:
/// registration and dequeue by reuse identifier, a full reload, batch updates, and the visible
/// item paths. A list view never retains its data source or delegate, as UIKit's don't.
///
/// Conforming types live on the main actor, because views do.
@MainActor
public protocol ListView: AnyObject {
  /// The object that answers counts and cells. Held weakly.
  var dataSource: (any ListDataSource)? { get set }

  /// The object told about display, selection, heights, headers and editing. Held weakly.
  var delegate: (any ListDelegate)? { get set }

  /// Registers a cell class for a reuse identifier, replacing an earlier registration of it.
  /// - Parameter registration: The reuse identifier, the cell type and how to make a cell.
  func register(_ registration: CellRegistration)

  /// Returns a reusable cell for the identifier, positioned for the given path.
  /// - Parameters:
  ///   - identifier: A reuse identifier registered with ``register(_:)``.
  ///   - path: The path the cell will be shown at.
  /// - Returns: A cell from the reuse pool, or a new one.
  /// - Throws: ``ListViewError/unregisteredIdentifier(_:)`` when nothing is registered for
  ///   `identifier` (UIKit aborts there; ListKit reports it).
  func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
    -> AnyObject

  /// Discards every cached count and cell and asks the data source again.
  func reloadData()

  /// Applies one batch of deletes, inserts, moves and reloads, checked against UIKit's rules,
  /// keeping what the user reads in place.
  ///
  /// The data source must already answer with the new state when this is called.
  ///
  /// Rows inserted or removed above the viewport (older messages loading above a chat, a pinned
  /// section that grows) never move the rows on screen: the first visible row that the batch keeps
  /// and does not move stays where it was, to the point, and the content offset follows it. When
  /// the batch keeps no visible row, the content offset stays. Every view does this, so a
  /// screen that holds `any ListView` cannot forget it (UIKit alone keeps the content offset as a
  /// number, which lets a prepended page push the rows away and show the top again).
  /// - Parameter update: The batch, with old paths for deletes and reloads and new paths for
  ///   inserts.
  /// - Throws: ``BatchUpdateError`` when the batch breaks a rule UIKit enforces. A view that
  ///   cannot check (UIKit itself) never throws.
  func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError)

  /// The paths of the items currently on screen, in display order.
  var visibleItemPaths: [ItemPath] { get }

  /// Scrolls, without animating, so that a row is the first one on screen, as far as the content
  /// allows (the last rows of a list stay at the bottom), as `UITableView`'s
  /// `scrollToRow(at:at: .top, animated: false)` does.
  ///
  /// What a list opened at an item uses to show that item, whatever rows and sections sit above it.
  /// - Parameter path: The row; a path the view does not hold changes nothing.
  func scroll(toItemAt path: ItemPath)
}
