// Checked against Apple's documentation:
// https://developer.apple.com/documentation/foundation/indexpath (init(item:section:), item, section;
// UIKit adds them to IndexPath for table and collection views).
#if canImport(UIKit)
  import Foundation
  import ListKit
  import UIKit

  extension ItemPath {
    /// Creates a path from a UIKit index path (`row` and `item` are the same index).
    /// - Parameter indexPath: A two-index path from a table or collection view.
    public init(_ indexPath: IndexPath) {
      self.init(item: indexPath.item, section: indexPath.section)
    }
  }

  extension IndexPath {
    /// Creates a UIKit index path from a ListKit path.
    /// - Parameter path: The path.
    public init(_ path: ItemPath) {
      self.init(item: path.item, section: path.section)
    }
  }
#endif
