// Checked against Apple's documentation: View.refreshable(action:) (`@Sendable () async -> Void`),
// View.task(priority:_:) (cancelled when the view disappears), ContentUnavailableView (iOS 17).
import ListKit
import ListKitUIKit
import SwiftUI

/// The paged list in a SwiftUI `List`: observation redraws it, `.refreshable` refreshes it, rows
/// appearing near the end load the next page, `PagedListFooter` shows the paging status and the
/// overlay the empty state, both from the list's one `status`.
// snippet: swiftui-photos-list
struct PhotosListView: View {
  let photos: PagedList<Photo>  // a plain reference: SwiftUI tracks what `body` reads
  @State private var started = false

  var body: some View {
    NavigationStack {
      List {
        ForEach(Array(photos.items.enumerated()), id: \.element.id) { index, photo in
          VStack(alignment: .leading) {
            Text(photo.title)
            Text("\(photo.author) · \(photo.likes) likes").font(.caption).foregroundStyle(.secondary)
          }
          .onAppear { photos.itemWillDisplay(at: index) }
        }
        PagedListFooter(list: photos)
      }
      .overlay {
        // With no items, an empty first page or a failure is the empty state's (the footer's
        // otherwise).
        switch photos.items.isEmpty ? photos.status : .hidden {
        case .empty:
          ContentUnavailableView("No photos yet", systemImage: "photo")
        case .failed(let error):
          ContentUnavailableView {
            Label("Couldn't load", systemImage: "wifi.exclamationmark")
          } description: {
            Text(error.message)
          } actions: {
            Button("Retry") { _ = photos.retry() }
          }
        case .hidden, .loading, .reachedEnd:
          EmptyView()
        }
      }
      // The list owns the refresh task: SwiftUI cancelling this closure does not stop a
      // refresh that is already applying (see the "Paged lists in SwiftUI" article).
      .refreshable { await photos.refresh()?.value }
      .task {
        // Once: start() shows the cached first page again, which a tab switch should not do.
        guard !started else { return }
        started = true
        await photos.start()?.value
      }
      .navigationTitle("SwiftUI")
    }
  }
}
// snippet-end
