#if canImport(UIKit)
  import ListKit

  extension ObservationRenderer {
    /// Calls `render` with `owner` and a paged list's presentation now, and again after every
    /// change of what it read, while both live: how the empty-state view and the load-more footer
    /// follow their list.
    /// - Parameters:
    ///   - owner: The object rendered; held weakly.
    ///   - list: The list; held weakly.
    ///   - render: Shows the part of the presentation `owner` renders.
    func start<Owner: AnyObject, Item: Identifiable & Sendable>(
      _ owner: Owner, following list: PagedList<Item>,
      render: @escaping @MainActor (Owner, PagingPresentation) -> Void
    ) where Item.ID: Sendable {
      start(owner) { [weak list] owner in
        guard let list else { return }
        render(owner, PagingPresentation(list))
      }
    }
  }
#endif
