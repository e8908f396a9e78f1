/// A cell class ListKit can make by itself, with `init()`.
///
/// Conform your cell classes (final `UITableViewCell` subclasses on Apple platforms, any class
/// in tests and in the terminal) so that ``CellRegistration/init(_:reuseIdentifier:)`` and
/// ``ModelCellManager`` can register and create them without a factory closure.
@MainActor
public protocol ListCell: AnyObject {
  /// Creates an empty cell, ready to be configured.
  init()
}

extension CellRegistration {
  /// Creates a registration for a cell class that ListKit can make with `init()`.
  /// - Parameters:
  ///   - cellType: The class of the cells.
  ///   - reuseIdentifier: The identifier; defaults to the name of `cellType`.
  public init<Cell: ListCell>(_ cellType: Cell.Type, reuseIdentifier: String? = nil) {
    self.init(cellType, reuseIdentifier: reuseIdentifier) { Cell() }
  }
}

/// The cell ListKit answers with when the real one cannot be made: an unregistered identifier,
/// an out-of-range path, or a section that produced no cell.
///
/// UIKit requires a cell for every row, so ListKit never answers with nothing and never traps;
/// it shows this cell and reports a ``ListDiagnostic`` that says what went wrong.
public final class PlaceholderCell: ListCell {
  /// Why this cell stands in for the real one.
  public let reason: String

  /// Creates a placeholder with an empty reason.
  public init() { reason = "" }

  init(reason: String) { self.reason = reason }
}

extension PlaceholderCell: CustomStringConvertible {
  /// The reason, marked as a placeholder.
  nonisolated public var description: String { "<placeholder: \(reason)>" }
}
