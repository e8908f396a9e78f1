import Foundation
import Observation

/// A paged list view model: the items of a list loaded page by page, with a load state per
/// direction, a cached first page at launch, and none of the classic races.
///
/// The view reads ``items`` and the load states; it calls ``refresh()`` for pull-to-refresh,
/// ``itemWillDisplay(at:)`` as rows appear (the next page loads when a row within the prefetch
/// distance of the end is shown, the previous page when one near the top is and there are items
/// before the first one: a chat's older messages, a list opened in the middle), and ``retry()``
/// after an error. The list computes every page index, offset or cursor itself. ``start(at:)`` asks
/// the cache and the network at once; ``switchContext(to:query:)`` changes the user or query of a
/// live list; ``totalCount`` is the server's total when it says.
///
/// Every rule lives in a pure state machine (`PagingStateMachine`); this class performs its
/// actions with tasks:
///
/// - one request per direction: a second ``loadNextPage()`` while one is in flight does nothing;
///   the next and previous directions are independent (a failure in one never blocks the other);
/// - ``refresh()`` cancels in-flight next and previous pages, and a response from before a
///   refresh or a context switch is dropped, never inserted;
/// - ``retry()`` is the one way to repeat a failed request; after a failure, neither
///   ``itemWillDisplay(at:)`` nor ``loadNextPage()`` asks that direction again until ``retry()``
///   or ``refresh()``;
/// - an empty page, `hasMore == false` or a cursor seen twice ends paging; a refresh resets it;
/// - ``items`` never holds two entries with one id (``DuplicateIDPolicy``);
/// - after ``switchContext(to:query:)`` nothing of the previous context is shown, reported or
///   saved under the new cache key.
///
/// A failure is a ``PagingError`` that keeps the loader's error and its ``PagingErrorKind``.
///
/// One model of state and one stream of events. A SwiftUI view (or any code using Observation)
/// reads the observable properties (``items``, ``status``, ``loadStates``, ``cachedPageAge``…).
/// What happens is a ``PagedListEvent``, told once, in one order: to the sections showing the
/// list, then to the callbacks (``onItemsChanged``, ``onRequestCompleted``, ``onCacheLoaded``:
/// each the events of its case, as they happen), then to each ``events()`` stream, for code that
/// awaits.
///
/// The methods that start work return the `Task` doing it (or `nil` when they started nothing),
/// so a caller or a test can `await task.value` instead of waiting for time to pass. Tasks hold
/// the list weakly: releasing the list cancels its loads in flight (as ``cancel()`` does for a
/// list that stays).
@MainActor
public final class PagedList<Item: Identifiable & Sendable> where Item.ID: Sendable {
  /// The key of the list's cached first page: list name, the context's identity (its account,
  /// or the token standing for the user), query.
  ///
  /// It follows the identity: ``switchContext(to:query:)`` to another user or query changes it,
  /// a new token for the same account does not.
  package var cacheKey: PageCacheKey { tracked(keyPaths.cacheKey) { $0.cacheKey } }
  /// The style, sizes, prefetch distance and duplicate policy.
  package var configuration: PagingConfiguration { machine.configuration }
  /// The context every request carries; ``switchContext(to:query:)`` changes it.
  public var context: RequestContext { tracked(keyPaths.context) { $0.context } }

  /// Called on the main actor when a page request ends (not for a dropped, outdated response):
  /// each ``PagedListEvent/requestCompleted(_:)`` event, as it happens.
  public var onRequestCompleted: ((RequestCompletion) -> Void)?
  /// Called on the main actor when the cache read at ``start(at:)`` ends: each
  /// ``PagedListEvent/cacheLoaded(_:)`` event, as it happens.
  public var onCacheLoaded: ((CacheLoadCompletion) -> Void)?
  /// Called on the main actor right after the items change, before any other code can read
  /// them: each ``PagedListEvent/itemsChanged(_:)`` event, the hook for a view that applies each
  /// change as a batch update.
  ///
  /// Unlike ``events()``, which delivers later, a view updated from here never sees ``items`` out
  /// of step with the rows it shows.
  public var onItemsChanged: ((ItemsChange) -> Void)?

  private(set) var machine: PagingStateMachine<Item>
  let registrar = ObservationRegistrar()
  /// The key paths the registrar is told about, made once (see ``ObservedKeyPaths``).
  let keyPaths = ObservedKeyPaths()
  private let loader: any PageLoader<Item>
  private let cache: (any PageCache<Item>)?
  private let now: @Sendable () -> Date
  private var loads: [PagingStateMachine<Item>.Ticket: Task<Void, Never>] = [:]
  private var lastCacheWrite: Task<Void, Never>?
  /// The read of the cached first page that ``start(at:)`` began, for tests to wait on.
  package private(set) var cacheReadTask: Task<Void, Never>?
  private var cacheReadTicket: PagingStateMachine<Item>.Ticket?
  private var lastCacheSaveError: PageCacheError?
  /// The one pipeline of the list's events: its sections, then its callbacks and streams.
  var receivers = EventReceivers()
  /// The callers of ``idle()`` waiting for the loads to end.
  let idleWaiters = IdleWaiters()
  /// Whether the change being reported is an insert the app made (``apply(_:)`` or
  /// ``applyPending(_:)``): a view brings it into view, where an insert that came with a page or
  /// a roll-back keeps the user's place.
  package internal(set) var isReportingAppInsert = false
  /// Told of every edit the app makes, after the list took it: a store that keeps the list on
  /// disk writes them with its rows.
  package var editRecorder: (@MainActor (EditRecord<Item>) -> Void)?

  /// Creates a list with nothing loaded; call ``start(at:)`` to show the cache and load.
  ///
  /// - Parameters:
  ///   - listName: The list's name in the cache key, for example `"photos"`.
  ///   - context: The app's context every request carries (who the user is, and the token);
  ///     its identity is part of the cache key, so two users never see each other's cached page.
  ///   - query: What selects the content (a search term), for the cache key; pass the same
  ///     value your loader reads from `context`.
  ///   - configuration: Style, sizes, prefetch distance, duplicate policy.
  ///   - loader: Loads pages, off the main actor.
  ///   - cache: Keeps the first page for the next launch, or `nil` for none.
  ///   - now: The current time, for the age of the cached page.
  public init(
    listName: String,
    context: RequestContext = RequestContext(),
    query: String? = nil,
    configuration: PagingConfiguration = .standard,
    loader: some PageLoader<Item>,
    cache: (any PageCache<Item>)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.machine = PagingStateMachine(
      configuration: configuration, context: context, listName: listName, query: query)
    self.loader = loader
    self.cache = cache
    self.now = now
    // The callbacks are one receiver of the events, the first of the app's.
    receivers.add(.app, owner: self) { [weak self] in self?.callBack(with: $0) }
  }

  /// Cancels the loads and the cache read still in flight: a released list leaves nothing
  /// running (saves of the first page still finish, so the cache is never left half-written).
  isolated deinit {
    for task in loads.values { task.cancel() }
    cacheReadTask?.cancel()
  }
}

// MARK: - Reading

extension PagedList {
  /// The items shown, in display order, no two with one id: the loaded pages with the edits
  /// applied (``apply(_:)``, ``applyPending(_:)``).
  ///
  /// Read single items (`items[i]`, O(1)) rather than keeping a copy of the array across a load:
  /// a kept copy shares storage, so the next append has to copy every item.
  public var items: [Item] { tracked(keyPaths.items) { $0.shownItems } }

  /// The id of the item the user is at, for a store to reopen the list there: the first item a
  /// view reported on screen, else the one displayed last; `nil` before any was displayed since
  /// the items were replaced.
  package var placeItemID: Item.ID? { machine.placeItemID }

  /// The item at `index`, or `nil` when `index` is out of range.
  ///
  /// - Parameter index: A position in ``items``.
  /// - Returns: The item, or `nil`.
  /// - Complexity: O(1).
  package func item(at index: Int) -> Item? {
    registrar.access(self, keyPath: keyPaths.items)
    return machine.shownItem(at: index)
  }

  /// The load state of each direction: the first page (``PagingLoadStates/refresh``), the pages
  /// after the loaded ones (``PagingLoadStates/next``) and before them
  /// (``PagingLoadStates/previous``).
  public var loadStates: PagingLoadStates { tracked(keyPaths.loadStates) { $0.loadStates } }

  /// Whether a previous page can be loaded now; it changes only with ``items`` or
  /// ``loadStates``, which it tracks.
  package var hasPrevious: Bool { derived { $0.hasPrevious } }

  /// Whether the list was signed out (``signOut(removingCachedEntries:)``) and no context was set
  /// since: it requests nothing.
  public var isSignedOut: Bool { tracked(keyPaths.isSignedOut) { $0.isSignedOut } }

  /// Whether a first page has loaded and the list holds no items: show the empty state.
  ///
  /// It changes only with ``items``, ``loadStates`` or ``cachedPageAge``, which it tracks.
  package var isBlank: Bool {
    registrar.access(self, keyPath: keyPaths.cachedPageAge)
    return derived { $0.isBlank }
  }

  /// Whether a next page can be loaded now; it changes only with ``items`` or ``loadStates``,
  /// which it tracks.
  package var hasMore: Bool { derived { $0.hasMore } }

  /// What the list's status row, footer or empty state shows: loading, no more data, an error
  /// to retry, the empty state, or nothing.
  ///
  /// A ``PagingStatus/failed(_:)`` while ``items`` is empty is the empty state's (the first
  /// page failed with nothing shown); while items are shown it is the footer's.
  public var status: PagingStatus { tracked(keyPaths.status) { $0.status } }

  /// What the row above the items shows for the previous-page direction, which ``status``
  /// leaves out: older items loading or failed, or the top of a list that did not start there.
  package var previousPageStatus: PagingStatus { derived { $0.previousPageStatus } }

  /// How old the shown cached first page was when it was shown, or `nil` when the items did not
  /// come from the cache.
  public var cachedPageAge: Duration? { tracked(keyPaths.cachedPageAge) { $0.cachedPageAge } }

  /// The number of items on the server, when the loader's pages say (``Page/totalCount``:
  /// Django REST framework's `count`, an `X-Total-Count` header), or `nil` when unknown.
  ///
  /// Every page that carries a total updates it (a refresh's first page sets it, `nil` included);
  /// a cached page shows the total it was saved with; ``switchContext(to:query:)`` resets it.
  /// Show "40 of 1,000" with ``items`` `.count`.
  public var totalCount: Int? { tracked(keyPaths.totalCount) { $0.totalCount } }

}

// MARK: - Loading

extension PagedList {
  /// Starts the list at the top, or at an anchor and pages both ways from there.
  ///
  /// At the top (the default), it asks the cache (when there is one) and the network for the
  /// first page at once. No disk holds back the first screen: a cached page that answers first is
  /// shown (with ``cachedPageAge``) until the network's page replaces it; one that answers after
  /// the network is dropped; a cache read that never returns delays nothing.
  /// ``PagedListEvent/cacheLoaded(_:)`` reports the read, and the cache is read at most once per
  /// context.
  ///
  /// An anchor is the first unread message, a notification's target, a page or offset the app
  /// kept. The list loads the page there, then the pages before and after it as rows near either
  /// end are shown.
  ///
  /// ```swift
  /// // Open a conversation at its first unread message; older ones load when scrolled to.
  /// messages.start(at: .item(id: conversation.firstUnreadID))
  /// ```
  ///
  /// The newest jump wins: a start while another first page loads (an earlier jump, the top, a
  /// refresh) replaces it, and the older answer is neither shown nor saved. A ``PagedSection``
  /// brings the anchor's item into view when its page lands, whatever sections sit above it.
  ///
  /// Refreshes load the anchor's page again (`start()` goes back to the top), or, with
  /// ``PagingRefreshMode/aroundLastViewedItem``, the page of the item last displayed. The cached
  /// first page holds the top of the list, so it is read only for ``PagingAnchor/top`` and saved
  /// only from a first page that was the top.
  /// - Parameter anchor: Where to start; the top by default.
  /// - Returns: The task loading the anchor's page from the network (it does not wait for the
  ///   cache), or `nil` when it loads nothing (the same top page was already loading; a cache
  ///   read started again after ``cancel()`` is not returned either).
  @discardableResult
  public func start(at anchor: PagingAnchor<Item.ID> = .top) -> Task<Void, Never>? {
    transition { $0.start(hasCache: cache != nil, at: anchor) }
  }

  /// Loads the first page again, replacing the items when it arrives: the top or the anchor's
  /// page for a list started at one, or, with ``PagingRefreshMode/aroundLastViewedItem``, the
  /// page of the item last displayed (which a ``PagedSection`` then keeps on screen).
  ///
  /// Cancels in-flight next and previous pages (their responses are dropped if they still
  /// arrive) and resets "reached end". A refresh while the same top page loads does nothing; one
  /// while a jump (or another first page) loads replaces it. On failure the items stay, and so
  /// does paging from them: the next and previous pages load from where they were.
  /// - Returns: The task loading the first page, or `nil` when the same top page was already
  ///   loading.
  @discardableResult
  public func refresh() -> Task<Void, Never>? {
    transition { $0.refresh() }
  }

  /// Loads the page after the loaded ones.
  ///
  /// Does nothing while a next page or a refresh is in flight, before a first page has loaded, or
  /// at the end. After a refresh failed, the items it kept page on from where they were (the
  /// refresh stays failed until ``retry()`` or ``refresh()``, which cancel such a page). After a
  /// next-page failure it does nothing: ``retry()`` repeats the failed request.
  /// - Returns: The task loading the page, or `nil` when it started nothing.
  @discardableResult
  public func loadNextPage() -> Task<Void, Never>? {
    transition { $0.loadNextPage() }
  }

  /// Loads the page before the first item: older messages above a chat, the items before the
  /// one a list opened at.
  ///
  /// The rules of ``loadNextPage()`` in the other direction, independent of it: does nothing
  /// while a previous page or a refresh is in flight, before a first
  /// page has loaded, or at the top (the previous direction of ``loadStates`` is ``LoadState/reachedEnd``). After a
  /// previous-page failure it does nothing: ``retry()`` repeats the failed request.
  /// - Returns: The task loading the page, or `nil` when it started nothing.
  @discardableResult
  public func loadPreviousPage() -> Task<Void, Never>? {
    transition { $0.loadPreviousPage() }
  }

  /// Tells the list a row is about to be displayed; loads the next page when at most
  /// ``PagingConfiguration/prefetchDistance`` rows follow it, and the previous page when at most
  /// that many rows precede it.
  ///
  /// After a failure this does nothing in that direction until ``retry()`` or ``refresh()``, so a
  /// failing server is not asked again for every row that scrolls by. Out-of-range indexes do
  /// nothing.
  /// - Parameter index: The index in ``items`` of the row.
  /// - Returns: The task loading the page (both pages, in a small list near both ends), or `nil`
  ///   when it started nothing.
  /// - Complexity: O(1).
  @discardableResult
  public func itemWillDisplay(at index: Int) -> Task<Void, Never>? {
    transition { $0.itemWillDisplay(at: index) }
  }

  /// ``itemWillDisplay(at:)`` from a view that also says which items it shows (`onScreen`,
  /// indexes into ``items``): a page dropped to stay within
  /// ``PagingConfiguration/maximumItemCount`` never holds one of them, however tall the screen.
  @discardableResult
  package func itemWillDisplay(at index: Int, onScreen: ClosedRange<Int>?) -> Task<Void, Never>? {
    transition { $0.itemWillDisplay(at: index, onScreen: onScreen) }
  }

  /// Repeats the failed request: the refresh if it failed, otherwise the failed next and previous
  /// pages.
  ///
  /// - Returns: The task repeating them, or `nil` when nothing had failed.
  @discardableResult
  public func retry() -> Task<Void, Never>? {
    transition { $0.retry() }
  }

  /// Cancels the loads and the cache read in flight; the loader sees its task cancelled.
  ///
  /// What they still answer is dropped and not reported. The items stay and the list stays
  /// usable: ``refresh()``, ``loadNextPage()`` or ``start(at:)`` ask again. Releasing the list does
  /// the same.
  public func cancel() {
    _ = transition { $0.cancel() }
  }

  /// Changes the context on a live list: sign-in as another user, another account or query, a
  /// rotated token.
  ///
  /// A new token for the same account (``RequestContext/accountID``), with the same values and
  /// query, is a rotation: the items, the position, the total and the cache entry stay, nothing
  /// is cancelled or requested, and the next request carries the new token (so does a
  /// ``retry()`` of a request that failed with the old one). A context whose token stands for the
  /// user (no account id) is a new user with every new token.
  ///
  /// Any other context is a new one.
  /// In one step it cancels the loads and the cache read in flight (whatever they still answer
  /// is dropped), empties ``items``, forgets the total, the cached-page age and "reached end",
  /// switches the cache key to the new context, then does what ``start(at:)`` does under the new key:
  /// shows that user's own cached first page when the cache has one (the list is blank until
  /// then) and refreshes. No item, total or cached page of the previous context is shown,
  /// reported or saved under the new key afterwards. Views bound to the list follow it; nothing
  /// needs rebinding.
  ///
  /// ```swift
  /// func signedIn(as user: User) {
  ///   photos.switchContext(to: RequestContext(accountID: user.id, userToken: user.token))
  /// }
  /// func tokenRenewed(_ token: String, for user: User) {   // keeps the list as it is
  ///   photos.switchContext(to: RequestContext(accountID: user.id, userToken: token))
  /// }
  /// ```
  /// - Parameters:
  ///   - context: The new context (identity, token and values) every request carries from now on.
  ///   - query: The query of the new cache key; pass the value your loader reads from `context`,
  ///     or `nil`. It replaces the previous one.
  /// - Returns: The task loading the new context's first page from the network, or `nil` for a
  ///   rotation.
  @discardableResult
  public func switchContext(to context: RequestContext, query: String? = nil) -> Task<Void, Never>? {
    transition { $0.switchContext(to: context, query: query, hasCache: cache != nil) }
  }

  /// Signs out in one call: cancels the loads and the cache read in flight, empties the list,
  /// forgets the context, and requests nothing until ``switchContext(to:query:)`` sets a new one.
  ///
  /// Whatever the cancelled loads still answer is dropped and not reported. From then on
  /// ``start(at:)``, ``refresh()``, ``loadNextPage()``, ``loadPreviousPage()``, ``retry()`` and
  /// ``itemWillDisplay(at:)`` do nothing and ``isSignedOut`` is `true`, so a 401 handled by
  /// signing out cannot loop (no signed-out request earns another 401).
  ///
  /// ```swift
  /// photos.onRequestCompleted = { completion in
  ///   if completion.error?.kind == .unauthorized { photos.signOut(removingCachedEntries: true) }
  /// }
  /// ```
  /// - Parameter removingCachedEntries: Whether to remove the signed-out user's cached entries:
  ///   this list's own entry and, through ``PageCache/removeEntries(forUser:)``, every other of
  ///   that user. The removal runs after the saves already started, so none of them brings an
  ///   entry back; ``waitForCacheWrites()`` waits for it.
  public func signOut(removingCachedEntries: Bool = false) {
    _ = transition { $0.signOut(removingCachedEntries: removingCachedEntries) }
  }

  /// The task loading the page of `direction` now in flight, for tests to wait on one direction
  /// when a step started two.
  package func loadTask(of direction: PagingDirection) -> Task<Void, Never>? {
    machine.ticket(of: direction).flatMap { loads[$0] }
  }

  /// The number of load tasks held: those still in flight (a finished load lets go of its task).
  package var heldLoadCount: Int { loads.count }

  /// Waits until every save of the first page to the cache started so far has ended (and the
  /// removal of a signed-out user's entries, ``signOut(removingCachedEntries:)``).
  ///
  /// A save that fails keeps the entry saved before it, if any; the list goes on without it.
  /// - Returns: Why the last save failed, or `nil` when it succeeded (or nothing was saved yet).
  @discardableResult
  public func waitForCacheWrites() async -> PageCacheError? {
    await lastCacheWrite?.value
    return lastCacheSaveError
  }
}

// MARK: - Receivers of the events

extension PagedList {
  /// Tells `receive` of every event, synchronously, before the callbacks and the streams, for as
  /// long as `owner` lives: how a view showing the list (a section) follows it.
  ///
  /// Besides the events the app hears, a view hears ``PagedListEvent/statusChanged(_:)`` when
  /// only the row above the items changed (``previousPageStatus``). Many sections built over one
  /// long-lived list and released again leave no receivers behind: each call, and each event,
  /// drops those whose owner is gone.
  /// - Parameters:
  ///   - owner: The object the receiver belongs to; it is held weakly.
  ///   - reportScreen: Called just before a refresh in place lands, to report the rows a view
  ///     shows now through ``screenShows(_:)``.
  ///   - receive: Called with each event while `owner` lives.
  /// - Complexity: O(n) per call for the n receivers held.
  package func addViewReceiver(
    owner: AnyObject, reportScreen: (@MainActor () -> Void)? = nil,
    _ receive: @escaping @MainActor (PagedListEvent) -> Void
  ) {
    receivers.add(.view, owner: owner, reportScreen: reportScreen, receive: receive)
  }

  /// Records the items a view shows now, by their indexes among ``items``, without displaying a
  /// row: where a refresh in place brings the user back to.
  package func screenShows(_ range: ClosedRange<Int>) {
    _ = transition { $0.screenShows(range) }
  }

  /// The number of views' receivers held, released owners included until the next prune.
  package var viewReceiverCount: Int { receivers.all.filter { $0.audience == .view }.count }

  /// Tells the receivers of one event, in order; only the views' when `viewsOnly`.
  private func send(_ event: PagedListEvent, viewsOnly: Bool = false) {
    var released = false
    // A copy: a receiver may add another (a section built while the list changes).
    for receiver in receivers.all where !viewsOnly || receiver.audience == .view {
      if receiver.owner == nil {
        released = true
      } else {
        receiver.receive(event)
      }
    }
    if released { receivers.prune() }
  }

  /// The callbacks' receiver: each callback hears the events of its case.
  private func callBack(with event: PagedListEvent) {
    switch event {
    case .itemsChanged(let change): onItemsChanged?(change)
    case .requestCompleted(let completion): onRequestCompleted?(completion)
    case .cacheLoaded(let completion): onCacheLoaded?(completion)
    case .statusChanged: break
    }
  }
}

// MARK: - Performing the machine's actions

extension PagedList {
  private struct Observed: Equatable {
    var loadStates: PagingLoadStates
    var cachedPageAge: Duration?
    var totalCount: Int?
    var context: RequestContext
    var cacheKey: PageCacheKey
    var status: PagingStatus
    /// Not observable: the sections' row above the items follows it.
    var previousPageStatus: PagingStatus
    var isSignedOut: Bool
  }

  private var observed: Observed {
    Observed(
      loadStates: machine.loadStates, cachedPageAge: machine.cachedPageAge, totalCount: machine.totalCount,
      context: machine.context, cacheKey: machine.cacheKey, status: machine.status,
      previousPageStatus: machine.previousPageStatus, isSignedOut: machine.isSignedOut)
  }

  /// Runs one machine transition, tells Observation and the event's receivers what changed, then
  /// performs the actions; returns the load (or cache read) task it started, if any.
  func transition(
    _ body: (inout PagingStateMachine<Item>) -> [PagingStateMachine<Item>.Action]
  ) -> Task<Void, Never>? {
    let before = observed
    let actions = body(&machine)
    #if DEBUG
      // A transition that breaks the machine's own rules stops here in a debug build, not pages
      // later where the broken state shows.
      do { try machine.checkInvariants() } catch { assertionFailure("PagedList: \(error)") }
    #endif
    let after = observed
    var itemsChange: ItemsChange?
    for action in actions {
      switch action {
      case .reportRequest(_, let change?), .reportCache(_, let change?), .changeItems(let change):
        itemsChange = change
      default: break
      }
    }
    // The items live once, in the machine (a second copy would make every append copy them
    // all), so this class tracks its computed properties with its own registrar.
    func notify<Value>(_ keyPath: KeyPath<PagedList, Value>, if condition: Bool) {
      guard condition else { return }
      registrar.willSet(self, keyPath: keyPath)
      registrar.didSet(self, keyPath: keyPath)
    }
    notify(keyPaths.items, if: itemsChange != nil)
    notify(keyPaths.loadStates, if: before.loadStates != after.loadStates)
    notify(keyPaths.cachedPageAge, if: before.cachedPageAge != after.cachedPageAge)
    notify(keyPaths.totalCount, if: before.totalCount != after.totalCount)
    notify(keyPaths.context, if: before.context != after.context)
    notify(keyPaths.cacheKey, if: before.cacheKey != after.cacheKey)
    notify(keyPaths.isSignedOut, if: before.isSignedOut != after.isSignedOut)
    notify(keyPaths.status, if: before.status != after.status)
    if let itemsChange { send(.itemsChanged(itemsChange)) }
    if before.status != after.status {
      send(.statusChanged(after.status))
    } else if before.previousPageStatus != after.previousPageStatus {
      // The row above the items follows the previous pages, which the list's status leaves out:
      // only the views hear of it.
      send(.statusChanged(after.status), viewsOnly: true)
    }
    let started = perform(actions)
    if !machine.hasLoadInFlight { idleWaiters.resumeAll() }
    return started
  }

  private func perform(_ actions: [PagingStateMachine<Item>.Action]) -> Task<Void, Never>? {
    var loadTasks: [Task<Void, Never>] = []
    for action in actions {
      switch action {
      case .readCache(let ticket, let key):
        // Not returned: the caller's task is the network's, which never waits for the disk (a
        // start beside the same top page loading reads the cache and loads nothing: `nil`).
        readCache(ticket, key: key)
      case .load(let ticket, let request):
        loadTasks.append(load(request, ticket: ticket))
      case .cancel(let ticket):
        loads[ticket]?.cancel()
        if cacheReadTicket == ticket { cacheReadTask?.cancel() }
      case .saveFirstPage(let page, let key):
        save(page, key: key)
      case .removeCachedEntries(let key):
        removeEntries(of: key)
      case .changeItems:
        break
      case .reportRequest(let completion, _):
        send(.requestCompleted(completion))
      case .reportCache(let completion, _):
        send(.cacheLoaded(completion))
      }
    }
    switch loadTasks.count {
    case 0: return nil
    case 1: return loadTasks[0]
    default:
      // Both directions at once (a short list, a retry of both): one task that ends with both.
      return Task { for task in loadTasks { await task.value } }
    }
  }

  private func load(_ request: PageRequest, ticket: PagingStateMachine<Item>.Ticket) -> Task<Void, Never> {
    let loader = self.loader
    let token = request.context.userToken
    let direction = request.direction
    let task = Task { [weak self] in
      let result = await Self.fetch(request, from: loader, direction: direction, redacting: token)
      self?.finish(ticket, result)
    }
    loads[ticket] = task
    return task
  }

  /// Calls the loader off the main actor (`@concurrent`, whatever the caller's isolation), as
  /// ``PageLoader`` promises; the load's task, on the main actor, awaits it.
  @concurrent
  private nonisolated static func fetch(
    _ request: PageRequest, from loader: any PageLoader<Item>, direction: PagingDirection,
    redacting token: String?
  ) async -> Result<Page<Item>, PagingError> {
    do {
      return .success(try await loader.loadPage(request))
    } catch {
      return .failure(PagingError(loaderError: error, direction: direction, redacting: token))
    }
  }

  private func finish(_ ticket: PagingStateMachine<Item>.Ticket, _ result: Result<Page<Item>, PagingError>) {
    loads[ticket] = nil
    if case .success = result, machine.focusItemID != nil, machine.ticket(of: .refresh) == ticket {
      for receiver in receivers.all where receiver.owner != nil { receiver.reportScreen?() }
    }
    switch result {
    case .success(let page): _ = transition { $0.succeeded(ticket, with: page) }
    case .failure(let error): _ = transition { $0.failed(ticket, with: error) }
    }
  }

  /// Reads the cache beside the first page's load; nothing waits for it.
  private func readCache(_ ticket: PagingStateMachine<Item>.Ticket, key: PageCacheKey) {
    guard let cache else { return }
    let now = self.now
    let task = Task { [weak self] in
      let lookup = await cache.loadFirstPage(for: key)
      _ = self?.transition { $0.cacheLoaded(ticket, lookup, now: now()) }
    }
    cacheReadTask = task
    cacheReadTicket = ticket
  }

  /// Saves off the main actor, one save after the other, so an older first page never
  /// overwrites a newer one.
  ///
  /// Detached on purpose: `PageCache`'s requirement is nonisolated async, which under
  /// `NonisolatedNonsendingByDefault` runs on the caller's actor (the main actor here).
  private func save(_ page: Page<Item>, key: PageCacheKey) {
    guard let cache else { return }
    let previous = lastCacheWrite
    lastCacheWrite = Task.detached { [weak self] in
      await previous?.value
      var failure: PageCacheError?
      do throws(PageCacheError) {
        try await cache.saveFirstPage(page, for: key)
      } catch {
        failure = error
      }
      await self?.cacheSaveEnded(failure)
    }
  }

  /// Removes a signed-out user's entries after the saves before, so none of them brings one back.
  private func removeEntries(of key: PageCacheKey) {
    guard let cache else { return }
    let previous = lastCacheWrite
    lastCacheWrite = Task.detached {
      await previous?.value
      await cache.removeFirstPage(for: key)
      // Without a user, the list's own entry is all that is the signed-out context's.
      if let user = key.user { await cache.removeEntries(forUser: user) }
    }
  }

  private func cacheSaveEnded(_ failure: PageCacheError?) {
    lastCacheSaveError = failure
  }
}

extension PagedList: Observable {}
