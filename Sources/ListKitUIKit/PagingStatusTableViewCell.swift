// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
// https://developer.apple.com/documentation/uikit/uitableviewcell/init(coder:)
// https://developer.apple.com/documentation/uikit/uitableviewcell/contentview
#if canImport(UIKit)
  import ListKit
  import UIKit

  /// The table cell that shows a `PagedSection`'s status row (loading, no more data,
  /// an error to retry by selecting the row, the empty text).
  ///
  /// ``TableViewAdapter`` registers it and uses it whenever the core answers a row with a
  /// `PagingStatusCell`; you do not create it yourself.
  @MainActor
  public final class PagingStatusTableViewCell: UITableViewCell {
    /// The reuse identifier the adapter registers this cell under.
    public static let reuseIdentifier = "ListKitUIKit.PagingStatusTableViewCell"

    /// The footer view that draws the status.
    public let footer = LoadMoreFooterView(frame: .zero)

    /// Creates a status cell.
    /// - Parameters:
    ///   - style: The cell style (ignored: the footer draws everything).
    ///   - reuseIdentifier: The reuse identifier.
    public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
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
      selectionStyle = footer.state.isRetryable ? .default : .none
    }
  }
#endif
