import Foundation

/// What the status row of a ``PagedSection`` shows: the familiar footer states (MJRefresh's
/// idle / refreshing / no more data), an error with retry, and the empty state.
public enum PagingStatus: Hashable, Sendable {
  /// Nothing to show: more pages can load and none is loading.
  case hidden
  /// A page is loading.
  case loading
  /// Every page has loaded: "no more data", or "all 237 photos" when the texts say so
  /// (``PagingStatusTexts/reachedEndWithTotal``).
  ///
  /// `totalCount` is the list's ``PagedList/totalCount``: the number of items on the server, or
  /// `nil` when unknown.
  case reachedEnd(totalCount: Int?)
  /// A load failed: the error says what kind of failure it was (``PagingError/kind``) and what
  /// to show (``PagingError/message``); selecting the row retries it.
  case failed(PagingError)
  /// The first page loaded and holds no items.
  case empty

  /// The status a paged list is in.
  /// - Parameters:
  ///   - isBlank: Whether the first page loaded empty.
  ///   - hasItems: Whether any items are shown.
  ///   - refreshState: The state of the first-page direction.
  ///   - nextPageState: The state of the next-page direction.
  ///   - totalCount: The number of items on the server, or `nil` when unknown.
  init(isBlank: Bool, hasItems: Bool, refreshState: LoadState, nextPageState: LoadState, totalCount: Int?) {
    if isBlank, !refreshState.isLoading, !nextPageState.isLoading {
      self = (refreshState.error ?? nextPageState.error).map { .failed($0) } ?? .empty
    } else if !hasItems {
      switch (refreshState, nextPageState) {
      case (.loading, _), (_, .loading): self = .loading
      case (.failed(let error), _), (_, .failed(let error)): self = .failed(error)
      default: self = .hidden
      }
    } else {
      switch nextPageState {
      case .loading: self = .loading
      case .failed(let error): self = .failed(error)
      case .reachedEnd: self = .reachedEnd(totalCount: totalCount)
      case .idle: self = refreshState.error.map { .failed($0) } ?? .hidden
      }
    }
  }
}

/// The words a ``PagedSection``'s status row uses; replace them to localise.
public struct PagingStatusTexts: Hashable, Sendable {
  /// While a page loads.
  ///
  /// Default: "Loading…".
  public var loading: String
  /// When every page has loaded.
  ///
  /// Default: "No more data".
  public var reachedEnd: String
  /// When every page has loaded and the total is known: the text for that total, for example
  /// `{ "All \($0) photos" }`, used instead of ``reachedEnd``.
  ///
  /// Default: `nil`, ``reachedEnd`` whatever the total.
  public var reachedEndWithTotal: (@Sendable (Int) -> String)? {
    get { reachedEndWithTotalText?.text }
    set { reachedEndWithTotalText = newValue.map(TextFunction.init) }
  }
  /// Texts compare equal when they hold the same closure (the one set, not an equal one), so a
  /// status row shows a newly set closure's text.
  private var reachedEndWithTotalText: TextFunction<Int>?
  /// After a failure: the text for the error's message.
  ///
  /// Default: the message, then " — tap to retry".
  public var failed: @Sendable (String) -> String {
    get { failedText.text }
    set { failedText = TextFunction(newValue) }
  }
  private var failedText: TextFunction<String>
  /// When the list is empty.
  ///
  /// Default: "Nothing here yet".
  public var empty: String

  /// Creates texts; every argument has an English default.
  /// - Parameters:
  ///   - loading: While a page loads.
  ///   - reachedEnd: When every page has loaded.
  ///   - reachedEndWithTotal: When every page has loaded and the total is known: the text for the
  ///     total, or `nil` to show `reachedEnd` whatever the total.
  ///   - failed: After a failure: the text for the error's message, or `nil` for the message
  ///     then " — tap to retry".
  ///   - empty: When the list is empty.
  public init(
    loading: String = "Loading…", reachedEnd: String = "No more data",
    reachedEndWithTotal: (@Sendable (Int) -> String)? = nil, failed: (@Sendable (String) -> String)? = nil,
    empty: String = "Nothing here yet"
  ) {
    self.loading = loading
    self.reachedEnd = reachedEnd
    self.reachedEndWithTotalText = reachedEndWithTotal.map(TextFunction.init)
    self.failedText = failed.map(TextFunction.init) ?? Self.defaultFailed
    self.empty = empty
  }

  /// One object for the default, so that default texts compare equal.
  private static let defaultFailed = TextFunction<String> { "\($0) — tap to retry" }

  /// The text for a status, or `nil` for ``PagingStatus/hidden``.
  /// - Parameter status: The status.
  /// - Returns: The text to show.
  public func text(for status: PagingStatus) -> String? {
    switch status {
    case .hidden: nil
    case .loading: loading
    case .reachedEnd(let totalCount):
      if let totalCount, let reachedEndWithTotal { reachedEndWithTotal(totalCount) } else { reachedEnd }
    case .failed(let error): failed(error.message)
    case .empty: empty
    }
  }
}

extension PagingStatusTexts {
  /// A text made from a value (``failed``, ``reachedEndWithTotal``), equal only to itself.
  private final class TextFunction<Input>: Hashable, Sendable {
    let text: @Sendable (Input) -> String

    init(_ text: @escaping @Sendable (Input) -> String) { self.text = text }

    static func == (lhs: TextFunction, rhs: TextFunction) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
}
