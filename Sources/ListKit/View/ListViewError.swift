/// A request a list view cannot serve, reported instead of the abort UIKit would perform.
public enum ListViewError: Error, Hashable, Sendable {
  /// No cell class is registered for the reuse identifier.
  case unregisteredIdentifier(String)
  /// A path outside the view's current sections and items.
  case pathOutOfRange(ItemPath, sectionCount: Int, itemCount: Int?)
}

extension ListViewError: CustomStringConvertible {
  /// The message, in UIKit's wording where UIKit has one.
  public var description: String {
    switch self {
    case .unregisteredIdentifier(let identifier):
      // UIKit: -[UITableView dequeueReusableCellWithIdentifier:forIndexPath:] raises
      // NSInternalInconsistencyException with this text.
      return "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class "
        + "for the identifier or connect a prototype cell in a storyboard"
    case .pathOutOfRange(let path, let sectionCount, let itemCount):
      if let itemCount {
        return "index path \(path) is out of range: section \(path.section) has \(itemCount) rows"
      }
      return "index path \(path) is out of range: the view has \(sectionCount) sections"
    }
  }
}
