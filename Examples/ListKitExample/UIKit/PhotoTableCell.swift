// Checked against Apple's documentation: UIListContentConfiguration (subtitleCell(), cell(), text,
// secondaryText, textProperties) and UITableViewCell.contentConfiguration (iOS 14+).
import ListKit
import UIKit

/// A photo's cell: title, author and likes, in the system's subtitle layout.
///
/// `ListCell` lets `ModelCellManager` register it by itself; UIKit creates it with
/// `init(style:reuseIdentifier:)`, inherited from `UITableViewCell`.
final class PhotoTableCell: UITableViewCell, ListCell {
  func show(_ photo: Photo) {
    var content = UIListContentConfiguration.subtitleCell()
    content.text = photo.isPinned ? "📌 \(photo.title)" : photo.title
    content.secondaryText = "\(photo.author) · \(photo.likes) likes"
    contentConfiguration = content
  }
}

/// The banner shown above the feed while the rows are the cached first page.
final class BannerTableCell: UITableViewCell, ListCell {
  func show(_ text: String) {
    var content = UIListContentConfiguration.cell()
    content.text = text
    content.textProperties.color = .secondaryLabel
    content.textProperties.font = .preferredFont(forTextStyle: .footnote)
    contentConfiguration = content
    selectionStyle = .none
  }
}
