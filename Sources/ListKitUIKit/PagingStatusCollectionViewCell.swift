// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uicollectionviewcell (init(frame:), init(coder:))
// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The collection view cell that shows a `PagedSection`'s status row.
  ///
  /// ``CollectionViewAdapter`` registers it and uses it whenever the core answers an item with a
  /// `PagingStatusCell`; you do not create it yourself.
  @MainActor
  public final class PagingStatusCollectionViewCell: UICollectionViewCell {
    /// The reuse identifier the adapter registers this cell under.
    public static let reuseIdentifier = "ListKitUIKit.PagingStatusCollectionViewCell"

    /// The footer view that draws the status.
    public let footer = LoadMoreFooterView(frame: .zero)

    /// Creates a status cell.
    /// - Parameter frame: The frame.
    public override init(frame: CGRect) {
      super.init(frame: frame)
      footer.embedAsStatusRow(in: contentView)
    }

    /// Not supported: the adapter makes status cells in code.
    /// - Parameter coder: The decoder.
    /// - Returns: `nil`.
    public required init?(coder: NSCoder) {
      return nil
    }

    /// Shows the status and text the core configured the status cell with.
    /// - Parameter statusCell: The core's status cell.
    public func show(_ statusCell: PagingStatusCell) {
      footer.show(statusCell)
    }
  }
#endif
