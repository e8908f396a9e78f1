import ListKit

/// A request a test made of a ``HeadlessTableView`` that the table cannot serve.
///
/// UIKit would abort or silently ignore these; the headless table reports them instead.
public enum HeadlessTableViewError: Error, Hashable, Sendable {
  /// The path is not in the table's current sections and rows.
  case pathOutOfRange(ItemPath, sectionCount: Int, itemCount: Int?)
  /// A scroll offset that is not a finite number.
  case invalidOffset(Double)
  /// The data source answered `false` to `canEditItemAt`.
  case notEditable(ItemPath)
  /// The delegate's editing style for the row is not the one the test committed.
  case editingStyleNotOffered(ItemPath, requested: EditingStyle, offered: EditingStyle)
  /// The data source answered `false` to `canMoveItemAt`.
  case notMovable(ItemPath)
  /// The row has no swipe action at that position on that edge.
  case noSwipeAction(ItemPath, edge: SwipeEdge, index: Int, available: Int)
  /// Selection is turned off (``HeadlessTableView/allowsSelection`` is `false`).
  case selectionNotAllowed(ItemPath)
  /// The data source answered a negative count (`section` is `nil` for the number of sections);
  /// the table used zero.
  case negativeCount(section: Int?, count: Int)
  /// The delegate answered a negative or non-finite height; the table used zero.
  case invalidHeight(Double, element: String)
}

extension HeadlessTableViewError: CustomStringConvertible {
  /// What went wrong, where, and why.
  public var description: String {
    switch self {
    case .pathOutOfRange(let path, let sectionCount, let itemCount):
      return ListViewError.pathOutOfRange(path, sectionCount: sectionCount, itemCount: itemCount).description
    case .invalidOffset(let offset):
      return "cannot scroll to offset \(offset): the offset must be a finite number"
    case .notEditable(let path):
      return "cannot commit an edit at \(path): the data source's canEditItemAt answered false"
    case .editingStyleNotOffered(let path, let requested, let offered):
      return "cannot commit \(requested) at \(path): the delegate's editing style for it is \(offered)"
    case .notMovable(let path):
      return "cannot move the row at \(path): the data source's canMoveItemAt answered false"
    case .noSwipeAction(let path, let edge, let index, let available):
      return "no \(edge) swipe action \(index) at \(path): the row offers \(available)"
    case .selectionNotAllowed(let path):
      return "cannot select \(path): the table's allowsSelection is false"
    case .negativeCount(let section?, let count):
      return "the data source reports \(count) rows in section \(section); the table uses 0"
    case .negativeCount(nil, let count):
      return "the data source reports \(count) sections; the table uses 0"
    case .invalidHeight(let height, let element):
      return "the delegate reports a height of \(height) for the \(element); heights must be finite "
        + "and not negative, the table uses 0"
    }
  }
}
