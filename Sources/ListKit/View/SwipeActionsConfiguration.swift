/// One button revealed by swiping a row, as `UIContextualAction`.
public struct SwipeAction: Sendable {
  /// How the button looks.
  public enum Style: Hashable, Sendable {
    /// A neutral action.
    case normal
    /// A destructive action, drawn in red, that removes the row.
    case destructive
  }

  /// The button's title.
  public var title: String
  /// The button's style.
  public var style: Style
  /// Runs the action; call the completion with `true` when it was performed.
  public var handler:
    @MainActor @Sendable (_ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> Void

  /// Creates a swipe action.
  /// - Parameters:
  ///   - style: How the button looks.
  ///   - title: The button's title.
  ///   - handler: Runs the action and reports whether it was performed.
  public init(
    style: Style,
    title: String,
    handler:
      @escaping @MainActor @Sendable (_ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> Void
  ) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}

/// The swipe buttons of one edge of a row, as `UISwipeActionsConfiguration`.
public struct SwipeActionsConfiguration: Sendable {
  /// The buttons, from the edge inwards.
  public var actions: [SwipeAction]
  /// Whether a full swipe performs the first action.
  public var performsFirstActionWithFullSwipe: Bool

  /// Creates a configuration.
  /// - Parameters:
  ///   - actions: The buttons, from the edge inwards.
  ///   - performsFirstActionWithFullSwipe: Whether a full swipe performs the first action.
  public init(actions: [SwipeAction], performsFirstActionWithFullSwipe: Bool = true) {
    self.actions = actions
    self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
  }
}

/// The edge of a row a swipe reveals.
public enum SwipeEdge: Hashable, Sendable {
  /// The leading edge (left in left-to-right layouts).
  case leading
  /// The trailing edge.
  case trailing
}
