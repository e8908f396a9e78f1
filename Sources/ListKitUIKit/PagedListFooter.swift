// Checked against Apple's documentation:
// https://developer.apple.com/documentation/swiftui/view (body is main-actor isolated)
// https://developer.apple.com/documentation/swiftui/progressview
// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
//   (`init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void)`)
// https://developer.apple.com/documentation/observation/observable (SwiftUI tracks properties an
//   `Observable` reports through its ObservationRegistrar while `body` runs)
#if canImport(SwiftUI) && canImport(UIKit)
  import ListKit
  import SwiftUI

  /// The last row of a SwiftUI `List` showing a ``PagedList``: a spinner while a page
  /// loads, "no more data" at the end, a retry button after a failure, as
  /// the list's `PagedList/status` says.
  ///
  /// Like ``LoadMoreFooterView``, it shows nothing for an empty list or a first page that failed
  /// with nothing shown: show those from `PagedList/status` while the list has no items (for
  /// example with `ContentUnavailableView` as an overlay).
  ///
  /// ```swift
  /// List {
  ///   ForEach(photos.items) { PhotoRow(photo: $0) }
  ///   PagedListFooter(list: photos)
  /// }
  /// ```
  ///
  /// It reads the list's observable state, so SwiftUI redraws it when the state changes; no
  /// `@State` or `@Bindable` is needed.
  public struct PagedListFooter<Item: Identifiable & Sendable>: View where Item.ID: Sendable {
    private let list: PagedList<Item>
    private let texts: PagingStatusTexts

    /// Creates a footer for a list.
    /// - Parameters:
    ///   - list: The list.
    ///   - texts: The words to show.
    public init(list: PagedList<Item>, texts: PagingStatusTexts = PagingStatusTexts()) {
      self.list = list
      self.texts = texts
    }

    /// The footer for the list's current presentation.
    public var body: some View {
      let presentation = PagingPresentation(list)
      HStack(spacing: 8) {
        switch presentation.footer {
        case .hidden, .idle:
          EmptyView()
        case .loading:
          ProgressView()
          Text(texts.loading)
        case .reachedEnd(let totalCount):
          Text(texts.text(for: .reachedEnd(totalCount: totalCount)) ?? texts.reachedEnd)
        case .failed(let error):
          Text(error.message)
          Button("Retry") { _ = list.retry() }
        }
      }
      .font(.footnote)
      .foregroundStyle(.secondary)
      .frame(maxWidth: .infinity)
    }
  }
#endif
