// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uicollectionviewcell (init(frame:), init(coder:))
// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The collection view cell that shows a ``ListKit/PagedSection``'s status row.
  ///
  /// ``CollectionViewAdapter`` registers it and uses it whenever the core answers an item with a
  /// ``ListKit/PagingStatusCell``; you do not create it yourself.
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
      setUp()
    }

    /// Creates a status cell from a storyboard or nib.
    /// - Parameter coder: The decoder.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    /// Shows the status and text the core configured the status cell with.
    /// - Parameter statusCell: The core's status cell.
    public func show(_ statusCell: PagingStatusCell) {
      footer.show(statusCell)
    }

    private func setUp() {
      footer.showsRetryButton = false
      footer.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(footer)
      NSLayoutConstraint.activate([
        footer.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
        footer.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
        footer.topAnchor.constraint(equalTo: contentView.topAnchor),
        footer.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        footer.heightAnchor.constraint(greaterThanOrEqualToConstant: LoadMoreFooterView.preferredHeight),
      ])
    }
  }
#endif
