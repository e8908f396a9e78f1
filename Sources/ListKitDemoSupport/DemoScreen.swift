import Foundation
import ListKit
import ListKitSQLite
import ListKitTerminal

/// The demo's screen, built the way an iOS screen is: a ``PagedList`` of photos shown through a
/// ``TableManager`` attached to a ``TerminalListView``, plus the keys.
///
/// Sections, in the table manager:
/// - a summary (items loaded, pages, load state, and "cached page, N s old" while the cached
///   first page is shown), one row whose text changes reload it through the managers;
/// - "Pinned", shown only while a loaded photo is pinned;
/// - the photos, a ``PagedSection`` whose status row reads "Loading…", "No more data", the
///   error with "press r to retry", or the empty state.
///
/// The paged section asks the list for the next page as rows near the end appear, and every
/// change reaches the view as a batch update. r refreshes (or retries after an error) through
/// ``PagedList/retry()`` and ``PagedList/refresh()``. l likes the photo under the cursor, d
/// deletes it and n posts a new photo at the top, each shown at once as a pending edit that the
/// built-in "server" confirms or refuses a little later; in a chat (`--chat`) the keys type a
/// message that Enter sends (see `DemoScreen+Editing.swift`).
@MainActor
package final class DemoScreen {
  /// What a key did.
  package enum KeyResult: Hashable, Sendable {
    /// The screen used the key.
    case handled
    /// The key means nothing here.
    case ignored
    /// The user asked to quit (q, Ctrl-C, Ctrl-D).
    case quit
  }

  /// The words of the photos section's status row.
  package static let statusTexts = PagingStatusTexts(
    loading: "Loading…", reachedEnd: "No more data", failed: { "Error: \($0) — press r to retry" },
    empty: "No photos here yet. Press r to refresh.")

  /// The view the screen draws into.
  package let listView: TerminalListView
  /// The paged list of photos.
  package let list: PagedList<Photo>
  /// Called after every change of the content, to redraw.
  package var onChange: (@MainActor () -> Void)?
  /// Whether showing rows near the end loads the next page (off for `--dump`).
  package var loadsNextPageAutomatically: Bool {
    get { table.reportsDisplay }
    set { table.reportsDisplay = newValue }
  }
  /// The number of pages shown since the last refresh (the cached first page counts as one).
  package private(set) var pagesLoaded = 0
  /// The diagnostics the table manager reported (a rejected batch update, a row out of range…),
  /// the last 20; a correct screen has none.
  package private(set) var diagnostics: [ListDiagnostic] = []

  let table = DemoTableManager()
  let summary = SummaryRow()
  let summarySection: SectionManager
  let pinnedSection: SectionManager
  let photosSection: PagedSection<Photo>
  private var pinned: [Photo] = []
  private let sourceDescription: String
  /// Where ``start()`` opens the list.
  var anchor = PagingAnchor<Photo.ID>.top
  /// Whether the list reads from the bottom, like a chat.
  var isChat = false
  private let renderer = ObservationRenderer()
  /// The "server" the edit keys talk to: the built-in loader, or `nil` for `--url`.
  package var editor: (any DemoPhotoEditing)?
  /// The network the o key takes down and up, or `nil` for a screen made without one.
  package var network: DemoNetwork?
  /// With `--store`: the loader that keeps the photos on disk, which ``start()`` opens and
  /// ``leave()`` saves the place of.
  package var storedLoader: StoredPageLoader<Photo>?
  /// With `--store`: sends the edit keys' edits, kept on disk until the server answers, so an
  /// edit made offline goes once the network is back.
  package var outbox: EditOutbox<Photo>?
  /// The message being typed in a chat.
  package internal(set) var draft = ""
  /// What the last edit did, for the status line ("like of 3 rolled back"), or "".
  package internal(set) var editNote = ""
  /// The requests of the edits still waiting for the server.
  var editTasks: [Int: Task<Void, Never>] = [:]
  /// The number of edits started, for `editTasks`' keys and temporary ids.
  var editCount = 0

  /// Creates a screen for a paged list; call ``start()`` to show the cache and load.
  /// - Parameters:
  ///   - list: The photos.
  ///   - sourceDescription: One line about the source, shown in the summary.
  ///   - size: The screen size.
  package init(list: PagedList<Photo>, sourceDescription: String, size: TerminalSize) {
    self.list = list
    self.sourceDescription = sourceDescription
    listView = TerminalListView(width: size.columns, height: max(0, size.rows - 1))
    summarySection = SectionManager(cells: [summary], headerTitle: Self.rule("ListKit demo — photos"))
    pinnedSection = SectionManager(headerTitle: Self.rule("Pinned"))
    photosSection = PagedSection(list: list, headerTitle: Self.rule("Photos")) { PhotoRow($0) }
    photosSection.statusTexts = Self.statusTexts
    pinnedSection.condition = { [weak self] in self?.pinned.isEmpty == false }
    table.sections = [summarySection, pinnedSection, photosSection]
    table.diagnosticHandler = { [weak self] diagnostic in
      guard let self else { return }
      diagnostics = Array((diagnostics + [diagnostic]).suffix(20))
    }
    list.onItemsChanged = { [weak self] _ in self?.itemsChanged() }
    list.onRequestCompleted = { [weak self] in self?.requestCompleted($0) }
    list.onCacheLoaded = { [weak self] in self?.cacheLoaded($0) }
    summary.text = summaryText
    table.attach(to: listView)
    // Load states change without the items (loading, failed): redraw for those too.
    renderer.start(self) { $0.contentChanged() }
  }

  /// Creates a screen with the paging, source and token the options ask for.
  /// - Parameters:
  ///   - options: The style, page size, token and source description.
  ///   - loader: Where pages come from.
  ///   - cache: Where the first page is kept, or `nil`.
  ///   - size: The screen size.
  ///   - now: The current time, for the age of the cached page.
  /// - Throws: ``PagingConfigurationError`` for a page size the list refuses.
  package convenience init(
    options: DemoOptions, loader: some PageLoader<Photo>, cache: (any PageCache<Photo>)?, size: TerminalSize,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(PagingConfigurationError) {
    let list = PagedList(
      listName: "photos", context: RequestContext(userToken: options.token), query: options.cacheQuery,
      configuration: try options.pagingConfiguration(), loader: loader, cache: cache, now: now)
    self.init(list: list, sourceDescription: options.sourceDescription, size: size)
    editor = loader as? any DemoPhotoEditing
    anchor = options.anchor
    isChat = options.chat
    // A chat is the messages alone (the counts stay on the status line): nothing above them
    // that older pages could be inserted under.
    if isChat { table.sections = [photosSection] }
  }

  /// Creates the screen the flags ask for: the source behind its network switch, with the
  /// first-page cache, or with `--store` the database that keeps every photo seen.
  /// - Parameters:
  ///   - options: The flags.
  ///   - size: The screen size.
  ///   - now: The current time, for the age of the cached page and of the last refresh.
  /// - Throws: ``PagingConfigurationError`` for a page size the list refuses.
  package convenience init(
    options: DemoOptions, size: TerminalSize, now: @escaping @Sendable () -> Date = { Date() }
  ) throws(PagingConfigurationError) {
    let network = options.makeNetwork()
    let stored = options.makeStoredLoader(network: network)
    let loader: any PageLoader<Photo> = stored ?? network
    try self.init(
      options: options, loader: loader, cache: stored == nil ? options.makeCache() : nil, size: size, now: now
    )
    self.network = network
    storedLoader = stored
    editor = network.takesEdits ? network : nil
    if network.takesEdits { outbox = makeOutbox(sendingTo: network) }
  }

  /// With `--store`, the outbox that sends the edit keys' edits to `network`; `nil` otherwise.
  /// - Parameters:
  ///   - network: Where the edits go.
  ///   - clock: The clock the waits before a retry run on.
  package func makeOutbox<C: Clock>(sendingTo network: DemoNetwork, clock: C = ContinuousClock())
    -> EditOutbox<Photo>? where C.Duration == Duration
  {
    guard let storedLoader else { return nil }
    let outbox = EditOutbox(list: list, loader: storedLoader, clock: clock) { pending, _ in
      try await network.send(pending)
    }
    outbox.onRefused = { [weak self] edit, refusal in
      guard let self else { return }
      editNote = "edit of \(edit.edit.id) refused (\(refusal.message)), rolled back"
      contentChanged()
    }
    return outbox
  }

  /// Shows the cached first page, if any, then refreshes: what the app does at launch.
  ///
  /// With `--store`, opens the stored list on the photo it was left at instead, with no request,
  /// and refreshes it when the last refresh is an hour old.
  /// - Returns: The task reading the cache and loading the first page, or `nil`.
  @discardableResult
  package func start() -> Task<Void, Never>? {
    if let storedLoader {
      return Task {
        let launch = await storedLoader.open(list, refreshOnLaunch: .ifOlderThan(.seconds(3_600)))
        opened(launch)
      }
    }
    return anchor == .top ? list.start() : list.start(at: anchor)
  }

  /// Puts the cursor on the first row when the stored list had no place to open on.
  private func opened(_ launch: StoreLaunch<Photo.ID>) {
    if listView.highlightedPath == nil { listView.moveCursor(.first) }
    if !launch.restoredEdits.isEmpty { outbox?.send() }
    if let problem = launch.problem { editNote = "store: \(problem)" }
    contentChanged()
  }

  /// Saves the photo under the cursor for the next launch with the same `--store` to open on,
  /// once the edits in flight have their answers; does nothing without `--store`.
  package func leave() async {
    guard let storedLoader else { return }
    await editsFinished()
    do {
      try await storedLoader.savePlace(of: list, at: highlightedPhoto?.id)
    } catch {
      editNote = "store: \(error)"
    }
    await storedLoader.waitForWrites()
  }

  /// o: takes the network down, or brings it back up and retries what failed.
  func toggleNetwork() -> KeyResult {
    guard let network else { return .ignored }
    network.isDown.toggle()
    editNote = network.isDown ? "network down" : "network up"
    if !network.isDown {
      list.retry()
      outbox?.send()
    }
    contentChanged()
    return .handled
  }

  /// Waits until no page and no cache read at launch is loading.
  package func waitUntilIdle() async {
    await list.idle()
  }

  // MARK: - Keeping the sections in step

  private func itemsChanged() {
    let pinned = list.items.filter(\.isPinned)
    if pinned != self.pinned {
      self.pinned = pinned
      pinnedSection.cells = pinned.map { PinnedPhotoRow($0) }
    }
    summary.text = summaryText
  }

  private func requestCompleted(_ completion: RequestCompletion) {
    guard completion.error == nil else { return contentChanged() }
    switch completion.direction {
    case .refresh:
      pagesLoaded = 1
      if isChat {
        // A chat reads from the bottom: the newest item.
        listView.moveCursor(.last)
      } else if storedLoader != nil {
        // A stored list opens with its saved photo first, and the cursor goes on it before an
        // earlier page lands above; later refreshes happen in place.
        if listView.highlightedPath == nil, let first = list.items.first { highlightPhoto(String(first.id)) }
      } else if anchor == .top {
        listView.moveCursor(.first)
      } else if listView.highlightedPath == nil, case .item(let id) = anchor {
        // The photos section has brought the start photo on screen: the cursor goes on it.
        highlightPhoto(String(id))
      }
    case .nextPage, .previousPage:
      pagesLoaded += 1
    }
    contentChanged()
  }

  /// Puts the cursor on the photo with `id` once the view shows it.
  private func highlightPhoto(_ id: String) {
    applyPendingChanges()
    let path = listView.visibleItemPaths.first { path in
      (listView.cellForItem(at: path) as? PhotoCell)?.photo.map { String($0.id) } == id
    }
    listView.highlightItem(at: path)
  }

  private func cacheLoaded(_ completion: CacheLoadCompletion) {
    if case .shown(_, let itemCount) = completion, itemCount > 0 { pagesLoaded = 1 }
    contentChanged()
  }

  private func contentChanged() {
    summary.text = summaryText
    onChange?()
  }

  /// Brings the summary up to date and applies every pending section change to the view.
  func applyPendingChanges() {
    summary.text = summaryText
    table.update()
  }

  // MARK: - Keys and drawing

  /// Acts on a key.
  ///
  /// q, Ctrl-C or Ctrl-D quit; r retries after an error, otherwise refreshes; l likes, d deletes,
  /// n posts a photo; the navigation keys (and Enter, which retries on the error row) go to the
  /// list view. In a chat, characters type a message and Enter sends it; Ctrl-R refreshes.
  /// - Parameter key: The key.
  /// - Returns: What the key did.
  package func handle(_ key: Key) -> KeyResult {
    if isChat, let result = handleChat(key) { return result }
    switch key {
    case .character("q"), .character("Q"), .interrupt, .endOfInput:
      return .quit
    case .character("l"), .character("L"):
      return like()
    case .character("d"), .character("D"):
      return delete()
    case .character("n"), .character("N"):
      return post()
    case .character("o"), .character("O"):
      return toggleNetwork()
    case .character("r"), .character("R"), .control("r"):
      // A refresh (or its retry) starts from the top, as pull-to-refresh does: the new first
      // page then arrives under the cursor instead of shrinking the list under a scrolled view
      // (which would show its last rows and load a second page at once).
      if list.loadStates.next.error == nil { listView.moveCursor(.first) }
      if list.retry() == nil { list.refresh() }
      return .handled
    default:
      return listView.handle(key) ? .handled : .ignored
    }
  }

  /// The whole screen: the list and, on the last line, the key help.
  /// - Parameter size: The terminal size.
  /// - Returns: `size.rows` lines.
  package func render(size: TerminalSize) -> ScreenBuffer {
    applyPendingChanges()
    listView.resize(width: size.columns, height: max(0, size.rows - 1))
    var buffer = listView.render()
    if size.rows > 0 {
      buffer.append(contentsOf: [ScreenBuffer.Line(statusText, style: .status)])
    }
    return buffer
  }

  /// Loads pages without a terminal and returns the whole list as text.
  ///
  /// No page loads on its own here: the cached page (with `cache`) and then exactly
  /// `options.pages` pages are asked for, fewer when one fails or the end comes first.
  /// - Parameters:
  ///   - options: The page size, style, token, page count and width.
  ///   - loader: Where pages come from.
  ///   - cache: Where the first page is kept, or `nil` (the default) for none.
  /// - Returns: The rendered list, every row, one line each.
  /// - Throws: ``PagingConfigurationError`` for a page size the list refuses.
  package static func dump(
    options: DemoOptions, loader: some PageLoader<Photo>, cache: (any PageCache<Photo>)? = nil
  ) async throws(PagingConfigurationError) -> String {
    // One line of list: enough for the start photo to be on screen, so that rows inserted above
    // it (pinned photos) keep it in place.
    await dump(
      try DemoScreen(
        options: options, loader: loader, cache: cache, size: TerminalSize(columns: options.width, rows: 2)),
      options: options)
  }

  /// Loads pages without a terminal from the source, cache and store the flags ask for (as
  /// `listkit-demo --dump` does), and returns the whole list as text.
  /// - Parameter options: The flags.
  /// - Returns: The rendered list, every row, one line each.
  /// - Throws: ``PagingConfigurationError`` for a page size the list refuses.
  package static func dump(options: DemoOptions) async throws(PagingConfigurationError) -> String {
    await dump(
      try DemoScreen(options: options, size: TerminalSize(columns: options.width, rows: 2)), options: options)
  }

  private static func dump(_ screen: DemoScreen, options: DemoOptions) async -> String {
    screen.loadsNextPageAutomatically = false
    if options.pages > 0 {
      await screen.start()?.value
      for _ in 1..<options.pages {
        guard screen.list.loadStates.refresh.error == nil, screen.list.loadStates.next.error == nil,
          let load = screen.list.loadNextPage()
        else { break }
        await load.value
      }
      await screen.list.waitForCacheWrites()
      await screen.storedLoader?.waitForWrites()
    }
    screen.applyPendingChanges()
    let view = screen.listView
    // Every line of the content, from its top: the title and summary lines first, then every
    // loaded row, the photos above a `--start-at` photo or a chat's newest one included.
    view.resize(width: options.width, height: view.contentHeight)
    view.scroll(toOffset: 0)
    return view.render().text
  }

  // MARK: - Texts

  /// A title drawn as a rule across the row (the view clips it to the width).
  static func rule(_ title: String) -> String {
    "── \(title) " + String(repeating: "─", count: 300)
  }

  private var pagesText: String {
    pagesLoaded == 1 ? "1 page" : "\(pagesLoaded) pages"
  }

  private var cacheText: String {
    guard let age = list.cachedPageAge else { return "" }
    return "cached page, \(age.components.seconds) s old · "
  }

  private var summaryText: String {
    "\(list.items.count) photos loaded · \(pagesText) · \(pinned.count) pinned · \(cacheText)\(stateText)"
      + "\(totalText)\n" + sourceDescription
  }

  /// "N of M" when the source says how many photos it has, otherwise nothing.
  private var totalText: String {
    guard let total = list.totalCount else { return "" }
    return " · \(list.items.count) of \(total)"
  }

  /// The last line: the counts and state, always on screen, then the keys.
  private var statusText: String {
    let offline = network?.isDown == true && !editNote.hasPrefix("network") ? " · network down" : ""
    let unsent = storedLoader.map { $0.pendingEdits().count } ?? 0
    let note =
      (editNote.isEmpty ? "" : " · \(editNote)") + offline + (unsent > 0 ? " · \(unsent) unsent" : "")
    let keys =
      !isChat
      ? "↑↓ PgUp PgDn · l like · d delete · n new · r refresh · \(networkKey)q quit"
      : draft.isEmpty ? "type a message, Enter sends · ^R refresh · ^C quit" : "› \(draft)▏"
    return " \(list.items.count) photos · \(pagesText) · \(stateText)\(note) │ \(keys)"
  }

  /// The o key in the key help, where the network matters: with `--store`, or while it is down.
  private var networkKey: String {
    storedLoader != nil || network?.isDown == true ? "o network · " : ""
  }

  private var stateText: String {
    if list.loadStates.refresh.isLoading { return list.items.isEmpty ? "loading…" : "refreshing…" }
    if list.loadStates.next.isLoading { return "loading page \(pagesLoaded + 1)…" }
    if list.loadStates.previous.isLoading { return "loading earlier photos…" }
    if list.loadStates.refresh.error != nil || list.loadStates.next.error != nil
      || list.loadStates.previous.error != nil
    {
      return "failed"
    }
    return list.loadStates.next == .reachedEnd || list.isBlank ? "all loaded" : "idle"
  }
}
