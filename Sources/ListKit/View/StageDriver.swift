/// Performs the stages of an update on a view, each with the data-source state that matches it,
/// and falls back to one reload when animating is not possible or the view rejects a stage.
///
/// The one loop ``ArrayDataSource`` and ``TableManager`` share. UIKit asks the data source for
/// the state after a batch while it performs that batch, so the owner switches to a stage's state
/// right before the stage is sent.
@MainActor
enum StageDriver {
  /// How an update reached the view.
  enum Outcome: Equatable {
    /// Every stage was performed.
    case animated
    /// The view was reloaded: no view, not animated, past the threshold, or no stage states.
    case reloaded
    /// The view rejected a stage and was reloaded.
    case rejected(BatchUpdateError)
  }

  /// Performs `stages` on `listView`, or reloads it.
  /// - Parameters:
  ///   - stages: The batches, in order.
  ///   - listView: The view; `nil` only switches the owner to the target state.
  ///   - animated: Whether to animate at all.
  ///   - reloadRecommended: Whether the change is past the owner's reload threshold.
  ///   - states: The data-source state after each stage; `nil` when it cannot be derived. Asked
  ///     only when the stages are performed.
  ///   - show: Makes the data source answer with a stage's state.
  ///   - finish: Runs after the last stage was accepted (the last state is the target).
  ///   - showTarget: Makes the data source answer with the target, before a reload.
  ///   - reportRejection: Receives the error of a rejected stage, before the reload.
  /// - Returns: How the update reached the view.
  @discardableResult
  static func perform<State>(
    _ stages: [BatchUpdate], on listView: (any ListView)?, animated: Bool, reloadRecommended: Bool,
    states: () -> [State]?, show: (State) -> Void, finish: () -> Void, showTarget: () -> Void,
    reportRejection: (BatchUpdateError) -> Void
  ) -> Outcome {
    guard let listView, animated, !reloadRecommended, let states = states(), states.count == stages.count
    else {
      showTarget()
      listView?.reloadData()
      return .reloaded
    }
    for (stage, state) in zip(stages, states) {
      show(state)
      do {
        try listView.performBatchUpdates(stage)
      } catch {
        reportRejection(error)
        showTarget()
        listView.reloadData()
        return .rejected(error)
      }
    }
    finish()
    return .animated
  }
}
