/// Keeps one view in step with a paged list: renders the list's ``PagingPresentation`` at once,
/// then after every change, while the view lives.
///
/// The one bind-and-observe loop of the views that render a paged list (ListKitUIKit's
/// empty-state view, load-more footer and refresh control use it; so can an app's own view). It
/// holds the view weakly; binding again replaces the earlier binding.
///
/// ```swift
/// let binding = PagingPresentationBinding()   // keep it in a property of the view
/// binding.bind(self, to: photos) { view, presentation in
///   view.spinner.isHidden = presentation.footer != .loading
/// }
/// ```
@MainActor
public final class PagingPresentationBinding {
  private var observation: Task<Void, Never>?

  /// Creates a binding that follows nothing yet.
  public init() {}

  /// Follows `list` for `view`: calls `render` now and after every change of the list's state.
  /// - Parameters:
  ///   - view: The view; the binding ends when it is gone.
  ///   - list: The list to follow.
  ///   - render: Renders a presentation on the view.
  public func bind<View: AnyObject, Item: Identifiable & Sendable>(
    _ view: View, to list: PagedList<Item>,
    render: @escaping @MainActor (View, PagingPresentation) -> Void
  ) where Item.ID: Sendable {
    observation?.cancel()
    render(view, PagingPresentation(list.state))
    let states = list.stateChanges()
    observation = Task { [weak view] in
      for await state in states {
        guard let view, !Task.isCancelled else { return }
        render(view, PagingPresentation(state))
      }
    }
  }

  /// Stops following the list.
  public func cancel() {
    observation?.cancel()
    observation = nil
  }
}
