import ListKit
import ListKitTerminal

/// The demo's screen: the glue between a page loader, a ``TerminalListView`` and the keys.
///
/// Sections: a summary (items loaded, pages, load state), "Pinned" (only while a loaded photo is
/// pinned), and the paged photos with a footer row (loading… / no more data / error — press r
/// to retry) or an empty-state row.
///
/// ## The seam
///
/// This file is the only place that knows how paging and sections are done, and both parts are
/// stand-ins meant to be swapped, each behind its own `MARK`:
/// - **Paging** (stand-in for `PagedList<Photo>`): ``photos``, ``loadState``, ``refresh()``,
///   ``loadNextPage()``, ``retry()`` and `finish(_:generation:isRefresh:)`. Replace the stored
///   state with a `PagedList` built on the same `loader`, and `changed()` with its observation.
/// - **Sections** (stand-in for the table/section/cell managers): the `ListDataSource` and
///   `ListDelegate` conformances at the bottom. Replace them with a table manager made of a
///   summary section, a conditional pinned section and a paged section, set as the view's data
///   source and delegate; updates then arrive as batch updates instead of `reloadData()`.
///
/// ``handle(_:)``, ``render(size:)`` and ``dump(options:loader:)`` stay as they are.
@MainActor
public final class DemoScreen {
  /// Where loading stands.
  public enum LoadState: Hashable, Sendable {
    /// Nothing is loading; more pages may follow.
    case idle
    /// A page is loading: the first (a refresh) or the next.
    case loading(isRefresh: Bool)
    /// The last load failed; ``DemoScreen/retry()`` repeats it.
    case failed(message: String, isRefresh: Bool)
    /// Every page is loaded.
    case reachedEnd
  }

  /// What a key did.
  public enum KeyResult: Hashable, Sendable {
    /// The screen used the key.
    case handled
    /// The key means nothing here.
    case ignored
    /// The user asked to quit (q, Ctrl-C, Ctrl-D).
    case quit
  }

  /// The view the screen draws into.
  public let listView: TerminalListView
  /// Called after every change of the content, to redraw.
  public var onChange: (@MainActor () -> Void)?
  /// Whether showing the end of the list loads the next page (off for `--dump`).
  public var loadsNextPageAutomatically = true

  private let sourceDescription: String

  /// Creates a screen.
  /// - Parameters:
  ///   - loader: Where pages come from.
  ///   - pageSize: Items per page.
  ///   - style: How pages are asked for.
  ///   - context: The request context (the user token).
  ///   - sourceDescription: One line about the source, shown in the summary.
  ///   - size: The screen size.
  public init(
    loader: any PageLoader<Photo>, pageSize: Int, style: DemoOptions.PaginationStyle,
    context: RequestContext = RequestContext(), sourceDescription: String, size: TerminalSize
  ) {
    self.loader = loader
    self.pageSize = max(1, pageSize)
    self.style = style
    self.context = context
    self.sourceDescription = sourceDescription
    listView = TerminalListView(width: size.columns, height: max(0, size.rows - 1))
    listView.register(
      CellRegistration(PhotoCell.self, reuseIdentifier: PhotoCell.reuseIdentifier) { PhotoCell() })
    listView.register(
      CellRegistration(TextCell.self, reuseIdentifier: Self.textCellIdentifier) { TextCell() })
    listView.dataSource = self
    listView.delegate = self
  }

  // MARK: - Paging (stand-in for PagedList)

  /// The photos loaded so far, in order, without duplicate ids.
  public private(set) var photos: [Photo] = []
  /// Where loading stands.
  public private(set) var loadState = LoadState.idle
  /// The number of pages loaded since the last refresh.
  public private(set) var pagesLoaded = 0
  /// The total the loader reported, if any.
  public private(set) var totalCount: Int?

  private let loader: any PageLoader<Photo>
  private let pageSize: Int
  private let style: DemoOptions.PaginationStyle
  private let context: RequestContext
  private var hasMore = true
  private var nextCursor: String?
  private var loadedIDs: Set<Int> = []
  private var pinned: [Photo] = []
  /// Bumped by every refresh; a response of an older generation is dropped.
  private var generation = 0
  private var inFlight: Task<Void, Never>?

  /// The load in progress, if any, to await in scripts and tests.
  public var pendingLoad: Task<Void, Never>? { inFlight }

  /// Loads the first page again, cancelling whatever is loading; the photos stay on screen
  /// until it arrives.
  /// - Returns: The load, to await in scripts.
  @discardableResult
  public func refresh() -> Task<Void, Never> {
    generation += 1
    inFlight?.cancel()
    return start(PageRequest(position: position(next: false), context: context, isFirstPage: true))
  }

  /// Loads the next page, unless one is loading, the last load failed, or all are loaded.
  /// - Returns: The load, or `nil` when none started.
  @discardableResult
  public func loadNextPage() -> Task<Void, Never>? {
    guard loadState == .idle, hasMore else { return nil }
    return start(PageRequest(position: position(next: true), context: context, isFirstPage: pagesLoaded == 0))
  }

  /// Repeats the load that failed.
  /// - Returns: The load, or `nil` when the last load did not fail.
  @discardableResult
  public func retry() -> Task<Void, Never>? {
    guard case .failed(_, let isRefresh) = loadState else { return nil }
    if isRefresh { return refresh() }
    loadState = .idle
    return loadNextPage()
  }

  private func position(next: Bool) -> PageRequest.Position {
    switch style {
    case .page: .page(index: next ? pagesLoaded : 0, size: pageSize)
    case .offset: .offset(next ? photos.count : 0, limit: pageSize)
    case .cursor: .cursor(next ? nextCursor : nil, limit: pageSize)
    }
  }

  private func start(_ request: PageRequest) -> Task<Void, Never> {
    let generation = generation
    loadState = .loading(isRefresh: request.isFirstPage)
    changed()
    let loader = loader
    let task = Task {
      do {
        let page = try await loader.loadPage(request)
        self.finish(.success(page), generation: generation, isRefresh: request.isFirstPage)
      } catch {
        self.finish(.failure(error), generation: generation, isRefresh: request.isFirstPage)
      }
    }
    inFlight = task
    return task
  }

  private func finish(_ result: Result<Page<Photo>, any Error>, generation: Int, isRefresh: Bool) {
    guard generation == self.generation else { return }
    inFlight = nil
    switch result {
    case .success(let page):
      if isRefresh {
        photos = []
        loadedIDs = []
        pagesLoaded = 0
      }
      for photo in page.items where loadedIDs.insert(photo.id).inserted { photos.append(photo) }
      pagesLoaded += 1
      totalCount = page.totalCount ?? totalCount
      nextCursor = page.nextCursor
      hasMore = page.hasMore && !page.items.isEmpty
      loadState = hasMore ? .idle : .reachedEnd
      pinned = photos.filter(\.isPinned)
    case .failure(let error):
      loadState = .failed(message: "\(error)", isRefresh: isRefresh)
    }
    changed()
    // New content from the top: show it from the top, as a pull-to-refresh does.
    if isRefresh, case .success = result {
      listView.scroll(toOffset: 0)
      listView.moveCursor(.first)
    }
  }

  private func changed() {
    listView.reloadData()
    onChange?()
  }

  // MARK: - Keys and drawing

  /// Acts on a key: q, Ctrl-C or Ctrl-D quit; r refreshes (or retries after an error); the
  /// navigation keys go to the list view.
  /// - Parameter key: The key.
  /// - Returns: What the key did.
  public func handle(_ key: Key) -> KeyResult {
    switch key {
    case .character("q"), .character("Q"), .interrupt, .endOfInput:
      return .quit
    case .character("r"), .character("R"):
      if retry() == nil { refresh() }
      return .handled
    default:
      return listView.handle(key) ? .handled : .ignored
    }
  }

  /// The whole screen: the list and, on the last line, the key help.
  /// - Parameter size: The terminal size.
  /// - Returns: `size.rows` lines.
  public func render(size: TerminalSize) -> ScreenBuffer {
    listView.resize(width: size.columns, height: max(0, size.rows - 1))
    var buffer = listView.render()
    if size.rows > 0 {
      buffer.append(contentsOf: [ScreenBuffer.Line(statusText, style: .status)])
    }
    return buffer
  }

  /// Loads pages through a loader without a terminal and returns the whole list as text.
  ///
  /// No page loads on its own here: exactly `options.pages` are asked for, fewer when one fails
  /// or the end comes first.
  /// - Parameters:
  ///   - options: The page size, style, token, page count and width.
  ///   - loader: Where pages come from.
  /// - Returns: The rendered list, every row, one line each.
  public static func dump(options: DemoOptions, loader: any PageLoader<Photo>) async -> String {
    let screen = DemoScreen(
      loader: loader, pageSize: options.pageSize, style: options.style,
      context: RequestContext(userToken: options.token), sourceDescription: options.sourceDescription,
      size: TerminalSize(columns: options.width, rows: 1))
    screen.loadsNextPageAutomatically = false
    for page in 0..<options.pages {
      let load = page == 0 ? screen.refresh() : screen.loadNextPage()
      guard let load else { break }
      await load.value
      if case .failed = screen.loadState { break }
    }
    let view = screen.listView
    view.resize(width: options.width, height: view.contentHeight)
    return view.render().text
  }

  // MARK: - Sections (stand-in for the table/section/cell managers)

  static let textCellIdentifier = "TextCell"

  enum Section: Hashable {
    case summary
    case pinned
    case photos
  }

  var sections: [Section] {
    pinned.isEmpty ? [.summary, .photos] : [.summary, .pinned, .photos]
  }

  /// A title drawn as a rule across the row (the view clips it to the width).
  static func rule(_ title: String) -> String {
    "── \(title) " + String(repeating: "─", count: 300)
  }

  private var showsEmptyState: Bool {
    photos.isEmpty && loadState == .reachedEnd
  }

  private func section(_ index: Int) -> Section? {
    let sections = sections
    return sections.indices.contains(index) ? sections[index] : nil
  }

  private var summaryText: String {
    let total = totalCount.map { " of \($0)" } ?? ""
    let pages = pagesLoaded == 1 ? "1 page" : "\(pagesLoaded) pages"
    return "\(photos.count)\(total) photos loaded · \(pages) · \(pinned.count) pinned · \(stateText)\n"
      + sourceDescription
  }

  /// The last line: the counts and state, always on screen, then the keys.
  private var statusText: String {
    let total = totalCount.map { "/\($0)" } ?? ""
    let pages = pagesLoaded == 1 ? "1 page" : "\(pagesLoaded) pages"
    return
      " \(photos.count)\(total) photos · \(pages) · \(stateText) │ ↑↓ PgUp PgDn Home End · r refresh · q quit"
  }

  private var stateText: String {
    switch loadState {
    case .idle: "idle"
    case .loading(let isRefresh): isRefresh ? "refreshing…" : "loading page \(pagesLoaded + 1)…"
    case .failed: "failed"
    case .reachedEnd: "all loaded"
    }
  }

  private var footerText: String? {
    if showsEmptyState { return nil }
    switch loadState {
    case .loading(let isRefresh): return isRefresh && !photos.isEmpty ? "refreshing…" : "loading…"
    case .failed(let message, _): return "error: \(message) — press r to retry"
    case .reachedEnd: return "no more data"
    case .idle: return "more below — scroll down to load"
    }
  }

  private func photo(at path: ItemPath) -> Photo? {
    switch section(path.section) {
    case .pinned: pinned.indices.contains(path.item) ? pinned[path.item] : nil
    case .photos: photos.indices.contains(path.item) ? photos[path.item] : nil
    default: nil
    }
  }

  private func loadNextPageIfNeeded(for paths: [ItemPath]) {
    guard loadsNextPageAutomatically, !photos.isEmpty,
      paths.contains(where: { section($0.section) == .photos && $0.item >= photos.count - 1 })
    else { return }
    loadNextPage()
  }
}

extension DemoScreen: ListDataSource {
  /// The summary, the pinned section when there are pinned photos, and the photos.
  public func numberOfSections(in listView: any ListView) -> Int {
    sections.count
  }

  /// The rows of a section.
  public func listView(_ listView: any ListView, numberOfItemsInSection section: Int) -> Int {
    switch self.section(section) {
    case .summary: 1
    case .pinned: pinned.count
    case .photos: showsEmptyState ? 1 : photos.count
    case nil: 0
    }
  }

  /// A photo cell, or a text cell for the summary and the empty state.
  public func listView(_ listView: any ListView, cellForItemAt path: ItemPath) -> AnyObject {
    if let photo = photo(at: path),
      let cell = try? listView.dequeueReusableCell(withIdentifier: PhotoCell.reuseIdentifier, for: path)
        as? PhotoCell
    {
      cell.photo = photo
      return cell
    }
    let text =
      section(path.section) == .summary ? summaryText : "No photos here yet. Press r to refresh."
    let cell =
      (try? listView.dequeueReusableCell(withIdentifier: Self.textCellIdentifier, for: path) as? TextCell)
      ?? TextCell()
    cell.text = text
    return cell
  }

  /// The section titles.
  public func listView(_ listView: any ListView, titleForHeaderInSection section: Int) -> String? {
    switch self.section(section) {
    case .summary: Self.rule("ListKit demo — photos")
    case .pinned: Self.rule("Pinned")
    case .photos: Self.rule("Photos")
    case nil: nil
    }
  }

  /// The load-state row under the photos.
  public func listView(_ listView: any ListView, titleForFooterInSection section: Int) -> String? {
    self.section(section) == .photos ? footerText : nil
  }

  /// Loads the next page when the last photo is about to come on screen.
  public func listView(_ listView: any ListView, prefetchItemsAt paths: [ItemPath]) {
    loadNextPageIfNeeded(for: paths)
  }
}

extension DemoScreen: ListDelegate {
  /// Two lines for the summary, one for every other row.
  public func listView(_ listView: any ListView, heightForItemAt path: ItemPath) -> Double? {
    section(path.section) == .summary ? 2 : nil
  }

  /// Loads the next page when the last photo shows.
  public func listView(_ listView: any ListView, willDisplay cell: AnyObject, forItemAt path: ItemPath) {
    loadNextPageIfNeeded(for: [path])
  }

  /// Only photos take the cursor.
  public func listView(_ listView: any ListView, shouldHighlightItemAt path: ItemPath) -> Bool {
    photo(at: path) != nil
  }
}
