/// What a paged list holds and shows: the loaded items (``PagingItemStore``), the pages they came
/// in with the item displayed last (``HeldPages``), the edits shown on top of them
/// (``PagingEdits``), the server's total and the age of a cached page shown.
///
/// Every change to the items goes through here, so the three move together: an item a kept edit
/// inserts or removes is counted in its page, the pages dropped over the maximum leave the store,
/// and the edits are applied again after every load. Each step says what it did to the items
/// shown as one ``ItemsChange``.
///
/// Invariants (``checkInvariants()``): those of the three parts, over the same items.
struct PagingContent<Item: Identifiable> {
  /// What a next or previous page did.
  struct Added {
    /// What it did to the loaded items, before any drop.
    var loaded: ItemsChange
    /// The pages it dropped at the far end, if any.
    var drop: HeldPages<Item>.Drop?
    /// What it did to the items shown, drop included.
    var shown: ItemsChange
  }

  /// The number of items on the server, as the last page that said so said, or `nil` when unknown.
  private(set) var totalCount: Int?
  /// The age of the shown cached page, or `nil` when the items are not from the cache.
  private(set) var cachedPageAge: Duration?
  private let policy: DuplicateIDPolicy
  private var store = PagingItemStore<Item>()
  private var pages: HeldPages<Item>
  private var edits = PagingEdits<Item>()

  /// Creates empty content for lists of `configuration`.
  init(_ configuration: PagingConfiguration) {
    policy = configuration.duplicatePolicy
    pages = HeldPages(configuration)
  }

  /// The loaded items: pages, and the edits kept.
  var items: [Item] { store.items }

  /// The items shown: the loaded items with the pending edits applied.
  var shownItems: [Item] { edits.isEmpty ? store.items : edits.shownItems }

  /// Whether an edit waits for its confirmation or roll-back.
  func isPending(_ edit: PendingEdit) -> Bool {
    edits.isPending(edit)
  }

  /// What a refresh in place reloads: the item displayed last, when still held, and the position
  /// that loads its page again; `nil` when the list refreshes from its anchor.
  var lastViewedPage: (id: Item.ID, position: PageRequest.Position)? {
    pages.lastViewedPage(in: store)
  }

  /// The item the user is at (see ``HeldPages/placeItemID``).
  var placeItemID: Item.ID? { pages.placeItemID }

  /// Records that a view displayed `item`, one of the items shown.
  mutating func viewed(_ item: Item) {
    pages.viewed(item, in: store)
  }

  /// Records the first and the last item a view shows, among the items shown.
  ///
  /// The first loaded item among them stands for the screen's top, with the rows above it (items
  /// only pending edits show, which no page holds).
  /// - Parameter range: The indexes, among the items shown, of the items on screen.
  mutating func onScreen(_ range: ClosedRange<Int>) {
    let shown = shownItems
    guard let first = range.first(where: { store.index(of: shown[$0].id) != nil }),
      let last = range.reversed().first(where: { store.index(of: shown[$0].id) != nil })
    else { return }
    pages.onScreen(first: shown[first], last: shown[last], rowsAbove: first - range.lowerBound, in: store)
  }

  /// Whether the screen a view reported shows an item within `distance` rows of the end of the
  /// items shown (`before`: of their start); `false` when no view reported one.
  func screenIsNearEnd(before: Bool, within distance: Int) -> Bool {
    guard let ends = pages.screenEnds else { return false }
    let shown = shownItems
    if before {
      guard let index = shown.firstIndex(where: { $0.id == ends.first }) else { return false }
      return index <= distance
    }
    guard let index = shown.lastIndex(where: { $0.id == ends.last }) else { return false }
    return shown.count - 1 - index <= distance
  }

  /// The rows on screen above the item the user is at, when a view said.
  var rowsAbovePlace: Int { pages.rowsAbovePlace }

  /// Replaces every loaded item with those of a first or cached page, the only page held now
  /// (`record`, whose count is set to the items held); the edits stay and are applied to them.
  /// - Parameters:
  ///   - page: The page.
  ///   - record: Where the pages around it load and where it loads again.
  ///   - age: The age of a cached page, `nil` for a page from the loader.
  /// - Returns: What it did to the items shown.
  mutating func replaceAll(
    with page: Page<Item>, recording record: HeldPages<Item>.Page, age: Duration? = nil
  )
    -> ItemsChange
  {
    totalCount = Self.validTotal(page.totalCount)
    cachedPageAge = age
    store.replaceAll(with: page.items, policy: policy)
    var record = record
    record.count = store.items.count
    pages.reset(to: record)
    return edits.show(after: .reloaded(count: store.items.count), over: store)
  }

  /// Forgets every item, page and edit, the total and the cached page's age: a new context.
  mutating func removeAll() {
    totalCount = nil
    cachedPageAge = nil
    store.replaceAll(with: [], policy: policy)
    pages.removeAll()
    edits.removeAll()
  }

  /// Adds a next page below the items, or a previous page above them (`request` says which), then
  /// drops pages at the other end while over the maximum, never within `distance` of the item
  /// displayed last.
  /// - Parameters:
  ///   - page: The page.
  ///   - request: The request that loaded it.
  ///   - edges: Where the pages just above and below it load (``PagePositions/place(_:_:)``).
  ///   - distance: The prefetch distance.
  /// - Returns: What it did.
  mutating func add(
    _ page: Page<Item>, loadedBy request: PageRequest,
    edges: (before: PagePositions.Edge, after: PagePositions.Edge),
    keepingWithin distance: Int
  ) -> Added {
    totalCount = Self.validTotal(page.totalCount) ?? totalCount
    let above = request.direction == .previousPage
    let heldBefore = store.items.count
    let change = above ? store.prepend(page.items, policy: policy) : store.append(page.items, policy: policy)
    pages.add(
      HeldPages.Page(
        count: store.items.count - heldBefore, of: page, before: edges.before, after: edges.after,
        at: request.position),
      above: above)
    guard let drop = pages.drop(fromTop: !above, of: store, keepingWithin: distance) else {
      return Added(loaded: change, drop: nil, shown: edits.show(after: change, over: store))
    }
    if above { store.removeLast(drop.removed.count) } else { store.removeFirst(drop.removed.count) }
    return Added(loaded: change, drop: drop, shown: edits.show(after: drop.applied(to: change), over: store))
  }

  /// What an edit step did: to the items shown, and to the number of the server's items among
  /// the loaded ones.
  struct Edited {
    /// What it did to the items shown, or `nil` when nothing changed.
    var change: ItemsChange?
    /// The items the edit the server now has (kept, or confirmed) added (positive) or removed
    /// among the loaded ones: its items after it moved by as many.
    var serverShift: Int
  }

  /// Shows an edit: pending, or kept at once.
  /// - Returns: Its handle, and what it did.
  mutating func apply(_ edit: ItemEdit<Item>, pending: Bool) -> (handle: PendingEdit, edited: Edited) {
    let (handle, settled) = edits.add(edit, pending: pending, to: &store)
    return (handle, follow(settled))
  }

  /// Keeps a pending edit (the server's copy of its item, when given, takes its place).
  /// - Returns: What it did.
  mutating func confirm(_ edit: PendingEdit, serverItem: Item?) -> Edited {
    follow(edits.confirm(edit, serverItem: serverItem, in: &store))
  }

  /// Undoes a pending edit.
  /// - Returns: What it did.
  mutating func rollBack(_ edit: PendingEdit) -> Edited {
    follow(edits.rollBack(edit, in: &store))
  }

  /// Checks the invariants of the three parts.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants() throws(PagingInvariantViolation) {
    try store.checkInvariants()
    try pages.checkInvariants(itemCount: store.items.count)
    try edits.checkInvariants(over: store)
  }

  /// A server's total, or `nil` for none or a negative one (a total is a count of items).
  private static func validTotal(_ total: Int?) -> Int? {
    total.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// Counts what the edits folded into the loaded items in their pages.
  /// - Returns: What the step did.
  private mutating func follow(_ settled: PagingEdits<Item>.Settled) -> Edited {
    // The shift's index is among the loaded items before the step: first, while the pages count
    // them so.
    if let shift = settled.serverShift { pages.shiftPositions(afterItemAt: shift.index, by: shift.delta) }
    for edited in settled.folded { pages.count(edited) }
    return Edited(change: settled.change, serverShift: settled.serverShift?.delta ?? 0)
  }
}
