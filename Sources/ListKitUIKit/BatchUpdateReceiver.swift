// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:), insertSections(_:),
//   moveSection(_:toSection:), reloadSections(_:), deleteItems(at:), insertItems(at:), moveItem(at:to:),
//   reloadItems(at:)
// https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:), insertSections(_:with:),
//   moveSection(_:toSection:), reloadSections(_:with:), deleteRows(at:with:), insertRows(at:with:),
//   moveRow(at:to:), reloadRows(at:with:)
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The calls a UIKit view performs a batch's changes with, named as `UICollectionView` names
  /// them, so that both adapters send a ``BatchUpdate`` the same way.
  @MainActor
  protocol BatchUpdateReceiver {
    func deleteSections(_ sections: IndexSet)
    func insertSections(_ sections: IndexSet)
    func moveSection(_ section: Int, toSection newSection: Int)
    func reloadSections(_ sections: IndexSet)
    func deleteItems(at indexPaths: [IndexPath])
    func insertItems(at indexPaths: [IndexPath])
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
    func reloadItems(at indexPaths: [IndexPath])
  }

  extension UICollectionView: BatchUpdateReceiver {}

  /// A table view's batch calls, with the row animation the adapter uses.
  @MainActor
  struct TableBatchUpdateReceiver: BatchUpdateReceiver {
    let tableView: UITableView
    let animation: UITableView.RowAnimation

    func deleteSections(_ sections: IndexSet) { tableView.deleteSections(sections, with: animation) }
    func insertSections(_ sections: IndexSet) { tableView.insertSections(sections, with: animation) }
    func moveSection(_ section: Int, toSection newSection: Int) {
      tableView.moveSection(section, toSection: newSection)
    }
    func reloadSections(_ sections: IndexSet) { tableView.reloadSections(sections, with: animation) }
    func deleteItems(at indexPaths: [IndexPath]) { tableView.deleteRows(at: indexPaths, with: animation) }
    func insertItems(at indexPaths: [IndexPath]) { tableView.insertRows(at: indexPaths, with: animation) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      tableView.moveRow(at: indexPath, to: newIndexPath)
    }
    func reloadItems(at indexPaths: [IndexPath]) { tableView.reloadRows(at: indexPaths, with: animation) }
  }

  extension BatchUpdate {
    /// Sends the changes to a view, inside its `performBatchUpdates(_:completion:)`.
    /// - Parameter receiver: The view's batch calls.
    @MainActor
    func send(to receiver: some BatchUpdateReceiver) {
      if !sectionDeletes.isEmpty { receiver.deleteSections(IndexSet(sectionDeletes)) }
      if !sectionInserts.isEmpty { receiver.insertSections(IndexSet(sectionInserts)) }
      for move in sectionMoves { receiver.moveSection(move.from, toSection: move.to) }
      if !sectionReloads.isEmpty { receiver.reloadSections(IndexSet(sectionReloads)) }
      if !itemDeletes.isEmpty { receiver.deleteItems(at: itemDeletes.map { IndexPath($0) }) }
      if !itemInserts.isEmpty { receiver.insertItems(at: itemInserts.map { IndexPath($0) }) }
      for move in itemMoves { receiver.moveItem(at: IndexPath(move.from), to: IndexPath(move.to)) }
      if !itemReloads.isEmpty { receiver.reloadItems(at: itemReloads.map { IndexPath($0) }) }
    }
  }
#endif
