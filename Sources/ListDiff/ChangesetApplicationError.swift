/// Why a ``Changeset`` could not be applied to a snapshot.
public struct ChangesetApplicationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The index of the stage that failed, or `nil` when the snapshot as a whole does not fit.
  public var stage: Int?
  /// What does not fit, and where.
  public var reason: String
  /// The rule of UIKit's that the stage breaks, when that is what does not fit.
  public var rejection: BatchUpdateError?

  /// Creates an error.
  /// - Parameters:
  ///   - stage: The index of the failing stage, or `nil`.
  ///   - reason: What does not fit, and where.
  package init(stage: Int?, reason: String) {
    self.stage = stage
    self.reason = reason
    rejection = nil
  }

  /// Creates the error of a stage that breaks one of UIKit's batch-update rules.
  init(stage: Int, rejection: BatchUpdateError) {
    self.stage = stage
    reason = rejection.description
    self.rejection = rejection
  }

  /// The reason, prefixed with the stage when there is one.
  public var description: String {
    stage.map { "stage \($0): \(reason)" } ?? reason
  }
}
