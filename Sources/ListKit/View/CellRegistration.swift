/// How a list view makes cells for one reuse identifier.
///
/// UIKit adapters register ``cellType`` with the table or collection view; views that make
/// their own cells (the headless test view, the terminal) call ``make``.
public struct CellRegistration: Sendable {
  /// The reuse identifier cells of this kind are dequeued with.
  public let reuseIdentifier: String
  /// The class of the cells (a `UITableViewCell` subclass on Apple platforms).
  public let cellType: AnyObject.Type
  /// Makes a new cell of ``cellType``.
  public let make: @MainActor @Sendable () -> AnyObject

  /// Creates a registration.
  /// - Parameters:
  ///   - cellType: The class of the cells.
  ///   - reuseIdentifier: The identifier; defaults to the name of `cellType`.
  ///   - make: Makes a new cell.
  public init<Cell: AnyObject>(
    _ cellType: Cell.Type,
    reuseIdentifier: String? = nil,
    make: @escaping @MainActor @Sendable () -> Cell
  ) {
    self.cellType = cellType
    self.reuseIdentifier = reuseIdentifier ?? String(describing: cellType)
    self.make = make
  }
}
