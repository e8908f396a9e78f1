// Checked against Apple's documentation: UIViewControllerRepresentable
// makeUIViewController(context:) and updateUIViewController(_:context:) (both @MainActor),
// TabView, tabItem(_:), Label(_:systemImage:).
import ListKit
import SwiftUI
import UIKit

/// Three screens over the same photo data set: the manager hierarchy with a paged section
/// (UIKit), an array data source with a load-more footer (UIKit), and a SwiftUI `List`.
@main
struct ListKitExampleApp: App {
  @State private var model = ExampleModel()

  var body: some Scene {
    WindowGroup {
      TabView {
        ViewControllerScreen { FeedViewController(photos: model.feed) }
          .tabItem { Label("Feed", systemImage: "list.bullet") }
        ViewControllerScreen { SimplePhotosViewController(photos: model.simple) }
          .tabItem { Label("Simple", systemImage: "list.dash") }
        PhotosListView(photos: model.swiftUI)
          .tabItem { Label("SwiftUI", systemImage: "swift") }
      }
    }
  }
}

/// A UIKit screen in a navigation controller, inside SwiftUI.
struct ViewControllerScreen: UIViewControllerRepresentable {
  let make: @MainActor () -> UIViewController

  func makeUIViewController(context: Context) -> UINavigationController {
    UINavigationController(rootViewController: make())
  }

  func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
