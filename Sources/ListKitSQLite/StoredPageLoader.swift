import Foundation
import ListKit

/// A `PageLoader` that serves a list from an ``SQLiteListStore`` and fills the store from the
/// network: the list opens where the user left it, offline, at any depth, and scrolls through
/// everything stored without a request.
///
/// The network loader (an `HTTPPageLoader`, any `PageLoader`) is unchanged: this loader asks it
/// for the pages after the stored ones, one at a time, when the list reaches the stored end, and
/// for the first page when the list refreshes. Use it with a `PagedList` in
/// `PagingStyle.cursor` style; set `PagingConfiguration.maximumItemCount` to bound memory, as
/// rows dropped from memory are read back from disk, never fetched again:
///
/// ```swift
/// let loader = StoredPageLoader(
///   listName: "photos", directory: storeFolder, remote: httpLoader,
///   remoteStyle: .pageIndex(firstIndex: 1), remotePageSize: 50)
/// let list = PagedList(
///   listName: "photos", configuration: try PagingConfiguration(style: .cursor, pageSize: 50,
///   maximumItemCount: 500), loader: loader)
/// await loader.open(list, refreshOnLaunch: .ifOlderThan(.seconds(3600)))
/// // …and when the app leaves the foreground:
/// try await loader.savePlace(of: list)
/// ```
///
/// What it promises:
/// - **Reads only from the store.** Every page the list shows comes from the database; a page
///   the network sends is written first, in one transaction, and then read back.
/// - **One request per direction.** The list asks for one next page at a time, so the network is
///   asked for at most one fill at a time, however fast the user scrolls.
/// - **No stale fills.** A fill that lands after a refresh or after the list switched accounts
///   (its task was cancelled) writes nothing: the check is inside the fill's transaction.
/// - **Refreshes keep the rows.** A refresh that fails leaves every stored and shown row (the list
///   shows the failure in its status row); one that succeeds replaces the head of the list in one
///   transaction and keeps the stored rows after the point where the new page meets them.
/// - **Per account.** Requests for each `RequestContext.identity` read and write that user's
///   own database file.
/// - **Bad files cost a refetch, not a crash.** A damaged, altered or untrusted file is replaced by
///   an empty one and the list loads from the network; a store that cannot be used at all (a
///   read-only folder, a full disk) leaves the list working from the network alone. Each problem
///   is kept in ``problems()``.
public final class StoredPageLoader<Item>: PageLoader, Sendable
where Item: Codable & Identifiable & Sendable, Item.ID: Codable & Sendable {
  let listKey: String
  let directory: URL
  let remote: any PageLoader<Item>
  let remoteStyle: PagingStyle
  let remotePageSize: Int
  let itemVersion: Int
  let now: @Sendable () -> Date
  let shared = Locked(Shared())

  struct Shared {
    var stores: [UserIdentity?: SQLiteListStore] = [:]
    /// The users whose first first-page request of this launch was already served.
    var launched: Set<UserIdentity?> = []
    var problems: [SQLiteStoreError] = []
    /// The pending edits kept on disk, oldest first.
    var pending: [PendingEntry] = []
    /// The last write of an edit: each waits for the one before, so they land in order.
    var lastWrite: Task<Void, Never>?
    /// Called after each request the network answered (an ``EditOutbox`` sends then).
    var networkAnswered: (@Sendable () -> Void)?
  }

  /// A pending edit kept on disk, and whose store holds it.
  struct PendingEntry: Sendable {
    var handle: PendingEdit
    var key: String
    var persisted: PersistedEdit<Item>
    var user: UserIdentity?
    var edit: ItemEdit<Item> { persisted.edit }
  }

  /// The most problems ``problems()`` keeps.
  static var problemLimit: Int { 32 }

  /// Creates a loader for one list.
  /// - Parameters:
  ///   - listName: The list's name in the database, for example `"photos"`.
  ///   - query: What selects the content (a search term), or `nil`; each query is stored apart.
  ///   - directory: The folder of the databases, one file per account.
  ///   - remote: The network loader.
  ///   - remoteStyle: How `remote` pages: by page index, offset or cursor.
  ///   - remotePageSize: The number of items asked of `remote` per request.
  ///   - itemVersion: The version of `Item`'s encoding: raise it when the type changes, and rows
  ///     stored by another version are dropped and loaded again rather than decoded.
  ///   - now: The current time, for the age of the last refresh.
  public init(
    listName: String, query: String? = nil, directory: URL, remote: some PageLoader<Item>,
    remoteStyle: PagingStyle, remotePageSize: Int, itemVersion: Int = 1,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.listKey = query.map { listName + "\n" + $0 } ?? listName
    self.directory = directory
    self.remote = remote
    self.remoteStyle = remoteStyle
    self.remotePageSize = max(1, remotePageSize)
    self.itemVersion = itemVersion
    self.now = now
  }

  /// The store of a user's database (one per user, made on first use).
  /// - Parameter user: The user, as `RequestContext.identity` names them.
  public func store(for user: UserIdentity?) -> SQLiteListStore {
    shared.withLock { shared in
      if let store = shared.stores[user] { return store }
      let store = SQLiteListStore(directory: directory, user: user)
      shared.stores[user] = store
      return store
    }
  }

  /// The problems met with the database files, oldest first (at most the last 32): each file
  /// that was replaced, and each store that could not be used.
  public func problems() -> [SQLiteStoreError] {
    shared.withLock { $0.problems }
  }

  /// Closes and removes a user's database with its `-wal` and `-shm` (sign-out); or, when
  /// `keepingUnsentEdits`, removes every stored row and keeps only the edits that wait for the
  /// server, which the next sign-in of that user shows and an ``EditOutbox`` sends.
  ///
  /// Ask the user first when ``unsentEditCount(for:)`` is not 0: discarding loses edits the
  /// server never got, keeping leaves them (and the items they carry) on the device until then.
  /// A fill of that user still in flight writes nothing. Call
  /// `PagedList.signOut(removingCachedEntries:)` as well.
  /// - Parameters:
  ///   - user: Whose database to remove.
  ///   - keepingUnsentEdits: Whether to keep the edits that wait for the server.
  public func removeStore(for user: UserIdentity?, keepingUnsentEdits: Bool = false) async {
    let store = store(for: user)
    shared.withLock { shared in
      shared.stores[user] = nil
      shared.launched.remove(user)
      shared.pending.removeAll { $0.user == user }
    }
    await waitForWrites()
    if keepingUnsentEdits {
      do {
        try await store.removeRowsKeepingPending()
        return
      } catch {
        // The rows could not be removed: the file goes, as a sign-out must leave no rows behind.
        record(error)
      }
    }
    await store.removeDatabase()
  }

  /// The number of edits of `user` that wait for the server (made offline, or not answered
  /// yet): ask before ``removeStore(for:keepingUnsentEdits:)`` discards them.
  /// - Parameter user: The user.
  /// - Returns: The number, in every list of that user.
  /// - Throws: ``SQLiteStoreError`` when the store cannot be read.
  public func unsentEditCount(for user: UserIdentity?) async throws(SQLiteStoreError) -> Int {
    try await store(for: user).pendingCount()
  }

  // MARK: - Launch

  /// Opens a list where the user left it: starts it at the item saved by
  /// ``savePlace(of:at:)`` (or at the top), read from the store without the network, then refreshes
  /// it when `refreshOnLaunch` says so.
  ///
  /// A list that has nothing stored loads its first page from the network instead (and needs no
  /// refresh). Returns once the stored page is shown and the refresh, if any, has ended.
  ///
  /// The edits waiting for the server that the store kept are shown again first, as pending
  /// edits (``pendingEdits()`` hands them to the app to send), and from then on every edit the
  /// app makes to `list` is written to the store (see ``pendingEdits()``).
  /// - Parameters:
  ///   - list: The list this loader serves.
  ///   - refreshOnLaunch: When to ask the network for a fresh first page.
  /// - Returns: Where it opened, a problem with the file, and whether it refreshed.
  @MainActor
  @discardableResult
  public func open(_ list: PagedList<Item>, refreshOnLaunch: StoreRefreshPolicy) async -> StoreLaunch<Item.ID>
  {
    let user = list.context.identity
    let store = store(for: user)
    var problem: SQLiteStoreError?
    var stored: StoredRead?
    do {
      problem = try await store.open()
      stored = try await store.read(listKey, from: .top, limit: 1, itemVersion: itemVersion)
    } catch {
      problem = error
    }
    if let problem { record(problem) }
    shared.withLock { _ = $0.launched.remove(user) }
    let restored = await restoreEdits(of: list, from: store)
    if problem == nil { problem = restored.problem }
    list.editRecorder = { [weak self, weak list] record in
      guard let self, let list else { return }
      self.write(record, of: list)
    }
    let anchor = await storedItemID(stored.flatMap { $0.rows.isEmpty ? nil : $0.state.anchorID }, in: store)
    await list.start(at: anchor.map { .item(id: $0) } ?? .top)?.value
    let isDue: Bool
    switch (stored, refreshOnLaunch) {
    case (nil, _): isDue = false
    case (let read?, _) where read.rows.isEmpty: isDue = false
    case (_, .always): isDue = true
    case (_, .never): isDue = false
    case (let read?, .ifOlderThan(let age)):
      isDue = read.state.refreshedAt.map { now().timeIntervalSince($0) >= Self.seconds(age) } ?? true
    }
    if isDue { await list.refresh()?.value }
    return StoreLaunch(
      openedAt: anchor, problem: problem, refreshed: isDue,
      restoredEdits: restored.handles)
  }

  /// Saves the item the user is at, for the next ``open(_:refreshOnLaunch:)`` to open on.
  ///
  /// Does nothing when there is no item to save (no row was displayed yet).
  /// - Parameters:
  ///   - list: The list this loader serves.
  ///   - item: The item to open on, for a screen that knows better (the selected message);
  ///     `nil` (the default) for the first row on screen, else the last displayed.
  /// - Throws: ``SQLiteStoreError`` when the store cannot be written.
  @MainActor
  public func savePlace(of list: PagedList<Item>, at item: Item.ID? = nil) async throws(SQLiteStoreError) {
    guard let id = item ?? list.placeItemID else { return }
    try await store(for: list.context.identity)
      .saveAnchor(listKey, id: String(describing: id), itemVersion: itemVersion)
  }

  // MARK: - Loading

  /// Answers a request of the list from the store, filling the store from the network at its end.
  /// - Parameter request: The list's request, in cursor style.
  /// - Returns: The stored page.
  /// - Throws: The network's error when a fill or a refresh fails; ``SQLiteStoreError`` when the
  ///   store fails in the middle of the list; ``StoredPageLoaderError/staleCursor(_:)`` for a
  ///   cursor into a file the store replaced since (refresh the list), and
  ///   ``StoredPageLoaderError`` for a request this loader cannot have caused; `CancellationError`
  ///   for a fill that was outdated when it landed.
  public func loadPage(_ request: PageRequest) async throws -> Page<Item> {
    let user = request.context.identity
    let store = store(for: user)
    switch request.direction {
    case .refresh:
      if case .cursor(let text?, _) = request.position, case .network? = StoreCursor(text: text) {
        return try await networkPage(request)
      }
      let isLaunch = shared.withLock { $0.launched.insert(user).inserted }
      if isLaunch {
        do {
          let read = try await readFirstPage(request, from: store)
          if !read.rows.isEmpty { return try await page(from: read, for: request, store: store) }
        } catch let error as SQLiteStoreError {
          record(error)
        }
      }
      return try await refresh(request, store: store)
    case .nextPage:
      guard case .cursor(let text?, let limit) = request.position else {
        throw StoredPageLoaderError.notCursorPaging(request.position)
      }
      switch StoreCursor(text: text) {
      case .stored(let position, let epoch)?:
        return try await next(after: position, in: epoch, limit: limit, request, store: store)
      case .network?: return try await networkPage(request)
      case nil: throw StoredPageLoaderError.unknownCursor(text)
      }
    case .previousPage:
      guard case .cursorBefore(let text, let limit) = request.position else {
        throw StoredPageLoaderError.notCursorPaging(request.position)
      }
      guard case .stored(let position, let epoch)? = StoreCursor(text: text) else {
        throw StoredPageLoaderError.unknownCursor(text)
      }
      let read = try await store.read(
        listKey, from: .before(position), limit: limit, itemVersion: itemVersion)
      try Self.expect(read, from: epoch, cursor: text)
      return try await page(from: read, for: request, store: store)
    }
  }

  /// The stored rows a first page starts at: the top, an item (the top when it is not stored),
  /// or after a stored position.
  private func readFirstPage(_ request: PageRequest, from store: SQLiteListStore) async throws -> StoredRead {
    let limit = request.limit
    switch request.position {
    case .item(let id, _):
      let read = try await store.read(listKey, from: .item(id), limit: limit, itemVersion: itemVersion)
      if read.found { return read }
    case .cursor(let text?, _):
      guard case .stored(let position, let epoch)? = StoreCursor(text: text) else {
        throw StoredPageLoaderError.unknownCursor(text)
      }
      // A cursor into a file replaced since starts the list over at the top.
      let read = try await store.read(listKey, from: .after(position), limit: limit, itemVersion: itemVersion)
      if !read.rows.isEmpty, read.epoch == epoch { return read }
    case .cursor(nil, _): break
    case .page, .offset, .cursorBefore: throw StoredPageLoaderError.notCursorPaging(request.position)
    }
    return try await store.read(listKey, from: .top, limit: limit, itemVersion: itemVersion)
  }

  /// Loads the network's first page, writes it as the list's new head, and reads the requested
  /// page back; when the store cannot be written, serves the network's page as it is.
  private func refresh(_ request: PageRequest, store: SQLiteListStore) async throws -> Page<Item> {
    let firstKey = firstRemoteKey
    let fresh = try await remotePage(
      PageRequest(position: remotePosition(firstKey), context: request.context, direction: .refresh))
    let next = nextKey(after: fresh, at: firstKey)
    do {
      _ = try await store.replaceHead(
        listKey, rows: encode(fresh.items), continuing: next.key, hasMore: next.hasMore, refreshedAt: now())
      let read = try await readFirstPage(request, from: store)
      return try await page(from: read, for: request, store: store)
    } catch let error as SQLiteStoreError {
      record(error)
      return networkOnly(fresh, next)
    }
  }

  /// The stored rows after `position` in the file of `epoch`; at the stored end, the network's
  /// next page, written and read back.
  /// - Throws: ``StoredPageLoaderError/staleCursor(_:)`` when the store replaced that file.
  private func next(
    after position: Int, in epoch: Int, limit: Int, _ request: PageRequest, store: SQLiteListStore
  ) async throws -> Page<Item> {
    let cursor = StoreCursor.stored(position: position, epoch: epoch).text
    var read = try await store.read(listKey, from: .after(position), limit: limit, itemVersion: itemVersion)
    // Checked before a fill too: the end of a new, empty file is not where the list is.
    try Self.expect(read, from: epoch, cursor: cursor)
    // A page the server sends whose items are all stored already (it shifted) writes no row: ask
    // for the one after it, a few times at most.
    var fills = 0
    while read.rows.isEmpty, read.state.tailHasMore, fills < 4 {
      fills += 1
      let key = read.state.tailKey ?? firstRemoteKey
      let page = try await remotePage(
        PageRequest(
          position: remotePosition(key), context: request.context,
          direction: read.state.tailKey == nil ? .refresh : .nextPage))
      let next = nextKey(after: page, at: key)
      let written: [StoredRow]?
      do {
        written = try await store.append(
          listKey, rows: encode(page.items), continuing: next.key, hasMore: next.hasMore,
          generation: read.state.generation)
      } catch let error as SQLiteStoreError {
        // The disk is full or went away: the list goes on from the network alone.
        record(error)
        return networkOnly(page, next)
      }
      guard written != nil else { throw CancellationError() }
      read = try await store.read(listKey, from: .after(position), limit: limit, itemVersion: itemVersion)
      try Self.expect(read, from: epoch, cursor: cursor)
    }
    return try await page(from: read, for: request, store: store)
  }

  /// The id of the stored item whose key is `key`, read from its stored row; `nil` when there is
  /// none or its row does not decode (the list then opens at the top, and reading the rows
  /// reports the bad row).
  private func storedItemID(_ key: String?, in store: SQLiteListStore) async -> Item.ID? {
    guard let key, let body = try? await store.body(of: key, in: listKey) else { return nil }
    return try? JSONDecoder().decode(Item.self, from: body).id
  }

  /// A page from the network alone, for a list whose store could not be used.
  private func networkPage(_ request: PageRequest) async throws -> Page<Item> {
    let key: RemoteKey?
    if case .cursor(let text?, _) = request.position, case .network(let carried)? = StoreCursor(text: text) {
      key = carried
    } else {
      key = firstRemoteKey
    }
    let page = try await remotePage(
      PageRequest(
        position: remotePosition(key), context: request.context,
        direction: request.direction == .refresh ? .refresh : .nextPage))
    return networkOnly(page, nextKey(after: page, at: key))
  }

  /// A page from the network as the list gets it when it is not stored: its next cursor carries
  /// the network's key.
  private func networkOnly(_ page: Page<Item>, _ next: (key: RemoteKey?, hasMore: Bool)) -> Page<Item> {
    Page(
      items: page.items, hasMore: next.hasMore,
      nextCursor: next.hasMore ? next.key.map { StoreCursor.network($0).text } : nil)
  }

  /// The page a read amounts to, its cursors the positions of its first and last rows.
  private func page(from read: StoredRead, for request: PageRequest, store: SQLiteListStore) async throws
    -> Page<Item>
  {
    let items: [Item]
    do {
      let decoder = JSONDecoder()
      items = try read.rows.map { try decoder.decode(Item.self, from: $0.body) }
    } catch {
      let problem = SQLiteStoreError.undecodable("list \(listKey): \(error)")
      record(problem)
      await store.startOver(listKey)
      throw problem
    }
    let hasAfter = read.hasRowsAfter || read.state.tailHasMore
    return Page(
      items: items,
      hasMore: request.direction == .previousPage ? read.hasRowsBefore : hasAfter,
      nextCursor: hasAfter
        ? read.rows.last.map { StoreCursor.stored(position: $0.position, epoch: read.epoch).text } : nil,
      previousCursor: read.hasRowsBefore
        ? read.rows.first.map { StoreCursor.stored(position: $0.position, epoch: read.epoch).text } : nil)
  }

  /// Throws unless `read` came from the file a cursor was made in: a position of a file that was
  /// replaced since names other rows, or none, in the new one.
  private static func expect(_ read: StoredRead, from epoch: Int, cursor: String)
    throws(StoredPageLoaderError)
  {
    guard read.epoch == epoch else { throw .staleCursor(cursor) }
  }

  // MARK: - The network's keys

  private var firstRemoteKey: RemoteKey? {
    switch remoteStyle {
    case .pageIndex(let firstIndex): .page(firstIndex)
    case .offset: .offset(0)
    case .cursor: nil
    }
  }

  private func remotePosition(_ key: RemoteKey?) -> PageRequest.Position {
    switch key {
    case .cursor(let cursor)?: .cursor(cursor, limit: remotePageSize)
    case .page(let index)?: .page(index: index, size: remotePageSize)
    case .offset(let offset)?: .offset(offset, limit: remotePageSize)
    case nil: .cursor(nil, limit: remotePageSize)
    }
  }

  /// Where the network continues after `page`, loaded at `key`, and whether it has more.
  private func nextKey(after page: Page<Item>, at key: RemoteKey?) -> (key: RemoteKey?, hasMore: Bool) {
    let next: RemoteKey?
    switch key {
    case .page(let index)?: next = .page(index + 1)
    case .offset(let offset)?: next = .offset(offset + page.items.count)
    case .cursor?, nil: next = page.nextCursor.map(RemoteKey.cursor)
    }
    return (next, page.hasMore && !page.items.isEmpty && next != nil)
  }

  func encode(_ items: [Item]) throws -> [(id: String, body: Data)] {
    let encoder = JSONEncoder()
    return try items.map { (String(describing: $0.id), try encoder.encode($0)) }
  }

  func record(_ problem: SQLiteStoreError) {
    shared.withLock { shared in
      shared.problems.append(problem)
      if shared.problems.count > Self.problemLimit { shared.problems.removeFirst() }
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

extension StoredPageLoader {
  /// A page from the network; an answer tells the one waiting for the network to be back.
  func remotePage(_ request: PageRequest) async throws -> Page<Item> {
    let page = try await remote.loadPage(request)
    shared.withLock { $0.networkAnswered }?()
    return page
  }

  /// Sets what runs after each request the network answered.
  func onNetworkAnswered(_ action: (@Sendable () -> Void)?) {
    shared.withLock { $0.networkAnswered = action }
  }
}
