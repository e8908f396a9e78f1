import ListKit
import UIKit

/// One photo row: the manager-hierarchy pattern's cell manager.
final class PhotoRow: ModelCellManager<Photo, PhotoTableCell> {
  override func configure(cell: PhotoTableCell) {
    cell.show(model)
  }

  override func listView(_ listView: any ListView, handle event: ItemEvent, at path: ItemPath) {
    if case .didSelect = event { print("selected photo \(model.id)") }
  }

  override func listView(_ listView: any ListView, leadingSwipeActionsForItemAt path: ItemPath)
    -> SwipeActionsConfiguration?
  {
    let id = model.id
    return SwipeActionsConfiguration(actions: [
      SwipeAction(style: .normal, title: "Like") { completion in
        print("liked photo \(id)")
        completion(true)
      }
    ])
  }
}

/// The text of the cached-page banner.
struct Banner: Identifiable, Equatable, Sendable {
  var id: String { "banner" }
  var text: String
}

/// The banner row.
final class BannerRow: ModelCellManager<Banner, BannerTableCell> {
  override func configure(cell: BannerTableCell) {
    cell.show(model.text)
  }

  override func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool { false }
}
