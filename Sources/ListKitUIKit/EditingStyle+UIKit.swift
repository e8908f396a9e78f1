// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uitableviewcell/editingstyle-swift.enum
// (none, delete, insert) and
// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:commit:forrowat:).
#if canImport(UIKit)
  import ListKit
  import UIKit

  // NB: qualified as `ListKit.EditingStyle` because inside UITableViewCell's nested type
  // `EditingStyle` names UIKit's own.
  extension ListKit.EditingStyle {
    /// Creates a style from UIKit's; UIKit's future cases read as `none`.
    /// - Parameter style: A table view cell's editing style.
    public init(_ style: UITableViewCell.EditingStyle) {
      // The mapping is written once, below, and read backwards here.
      self = Self.allCases.first { UITableViewCell.EditingStyle($0) == style } ?? .none
    }
  }

  extension UITableViewCell.EditingStyle {
    /// Creates UIKit's editing style from ListKit's.
    /// - Parameter style: The style.
    public init(_ style: ListKit.EditingStyle) {
      switch style {
      case .none: self = .none
      case .delete: self = .delete
      case .insert: self = .insert
      }
    }
  }
#endif
