/// One move inside a batch update: the position before the update and the position after it.
///
/// `Position` is `Int` for section moves and ``ItemPath`` for item moves.
public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
  /// The position in the state before the update.
  public var from: Position
  /// The position in the state after the update.
  public var to: Position

  /// Creates a move.
  /// - Parameters:
  ///   - from: The position before the update.
  ///   - to: The position after the update.
  public init(from: Position, to: Position) {
    self.from = from
    self.to = to
  }
}

extension Move: CustomStringConvertible {
  /// The move as `from -> to`.
  public var description: String { "\(from) -> \(to)" }
}
