// Checked against Apple's documentation:
// https://developer.apple.com/documentation/uikit/uicontextualaction/init(style:title:handler:)
// https://developer.apple.com/documentation/uikit/uicontextualaction/handler-swift.typealias
//   (`@MainActor typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void`)
// https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration
//   (init(actions:), performsFirstActionWithFullSwipe)
#if canImport(UIKit)
  import ListKit
  import UIKit

  extension SwipeActionsConfiguration {
    /// Makes the UIKit configuration that shows these actions.
    ///
    /// Table views get it from ``TableViewAdapter``; for a collection view list layout, return it
    /// from `UICollectionLayoutListConfiguration`'s swipe-actions providers (see
    /// ``CollectionViewAdapter/leadingSwipeActionsConfiguration(at:)``).
    /// - Returns: A configuration with one `UIContextualAction` per action, in order.
    @MainActor
    public func makeUISwipeActionsConfiguration() -> UISwipeActionsConfiguration {
      let contextualActions = actions.map { action in
        let handler = action.handler
        let style: UIContextualAction.Style = action.style == .destructive ? .destructive : .normal
        return UIContextualAction(style: style, title: action.title) { _, _, completion in
          // UIKit's completion is not Sendable, while ListKit's handler takes a `@MainActor
          // @Sendable` one. UIKit calls this handler on the main thread and the completion
          // passed on is main-actor isolated, so UIKit's completion only ever runs there.
          nonisolated(unsafe) let complete = completion
          handler { performed in complete(performed) }
        }
      }
      let configuration = UISwipeActionsConfiguration(actions: contextualActions)
      configuration.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
      return configuration
    }
  }
#endif
