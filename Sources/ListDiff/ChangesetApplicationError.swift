/// Why a ``Changeset`` could not be applied to a snapshot.
public struct ChangesetApplicationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The index of the stage that failed, or `nil` when the snapshot as a whole does not fit.
  public var stage: Int?
  /// What does not fit, and where.
  public var reason: String

  /// Creates an error.
  /// - Parameters:
  ///   - stage: The index of the failing stage, or `nil`.
  ///   - reason: What does not fit, and where.
  public init(stage: Int?, reason: String) {
    self.stage = stage
    self.reason = reason
  }

  /// The reason, prefixed with the stage when there is one.
  public var description: String {
    stage.map { "stage \($0): \(reason)" } ?? reason
  }
}
