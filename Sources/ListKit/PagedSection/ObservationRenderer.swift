import Observation

/// Keeps one object in step with observable state: calls `render` now, then again after every
/// change of what the last call read, while the object lives.
///
/// The one bind-and-observe loop of the views that render a ``PagedList`` outside SwiftUI
/// (ListKitUIKit's empty-state view, load-more footer and refresh control; the terminal demo). It
/// is Observation's `withObservationTracking`, armed again after each change: the render runs in
/// a main-actor task after the change, and changes made before it runs coalesce into one render.
/// It holds the object weakly; starting again replaces the earlier loop.
@MainActor
package final class ObservationRenderer {
  /// Renders the owner while it lives.
  ///
  /// Once the owner is gone the render reads no state, so no change calls it again.
  private var render: (@MainActor () -> Void)?
  /// Names the loop started last, so that a change seen by a replaced loop renders nothing.
  private var generation = 0

  /// Creates a renderer that follows nothing yet.
  package init() {}

  /// Calls `render` with `owner` now, and again after every change of the observable state it
  /// read, until `owner` is gone or ``cancel()``.
  /// - Parameters:
  ///   - owner: The object rendered; held weakly.
  ///   - render: Reads observable state (a list's ``PagedList/status``…) and shows it on `owner`.
  package func start<Owner: AnyObject>(_ owner: Owner, render: @escaping @MainActor (Owner) -> Void) {
    generation &+= 1
    self.render = { [weak owner] in
      if let owner { render(owner) }
    }
    renderAndTrack(generation)
  }

  /// Stops following the state: the loop finds no render to call.
  package func cancel() {
    render = nil
  }

  private func renderAndTrack(_ loop: Int) {
    guard loop == generation, let render else { return }
    withObservationTracking {
      render()
    } onChange: { [weak self] in
      // Called before the change is made (on the changing thread, the main actor for a list):
      // render once it is done.
      Task { @MainActor in self?.renderAndTrack(loop) }
    }
  }
}
