/// The request protocol of a paged list: one request per direction, tickets, generations, and the
/// race between the cached first page and the loader's.
///
/// Invariants (``checkInvariants()``):
/// - every ticket in flight is unique and was made by ``makeTicket()``;
/// - while a refresh is loading, the next and previous directions are idle (after it failed,
///   they page on from the items kept);
/// - a next-page request is never a previous-page one, and the other way round;
/// - a cache read is in flight only before a first page came from the loader or was cancelled.
package struct PagingRequests {
  /// Identifies one request: the generation it belongs to and a sequence number unique in the
  /// requests' life.
  package struct Ticket: Hashable, Sendable, CustomStringConvertible {
    /// The generation (count of refreshes started) the request belongs to.
    package let generation: Int
    /// Unique among the tickets.
    package let sequence: Int

    package var description: String { "#\(sequence)@g\(generation)" }
  }

  /// The state of one direction.
  package enum Load {
    /// Nothing in flight, nothing failed.
    case idle
    /// `request` is in flight under `ticket`.
    case loading(Ticket, PageRequest)
    /// `request` failed; a retry repeats it.
    case failed(PagingError, PageRequest)
  }

  private enum CacheRead {
    case notStarted
    case reading(Ticket)
    case done
  }

  /// The refresh direction.
  package private(set) var refresh: Load = .idle
  /// The next-page direction.
  package private(set) var nextPage: Load = .idle
  /// The previous-page direction.
  package private(set) var previousPage: Load = .idle
  /// The number of refreshes started.
  package private(set) var generation = 0
  /// Whether a first page from the loader has arrived (since the last context switch).
  package private(set) var hasLoadedFirstPage = false
  private var sequence = 0
  private var cacheRead = CacheRead.notStarted
  private static let directions: [PagingDirection] = [.refresh, .nextPage, .previousPage]

  /// The state of `direction`.
  package func load(of direction: PagingDirection) -> Load {
    switch direction {
    case .refresh: refresh
    case .nextPage: nextPage
    case .previousPage: previousPage
    }
  }

  /// Whether a request, or a cache read whose answer can still be shown, is in flight.
  ///
  /// A cache read stops counting once a first page has come from the loader: its answer would be
  /// dropped then, so nobody needs to wait for it (a stuck disk holds back nothing).
  package var hasLoadInFlight: Bool {
    for direction in Self.directions {
      if case .loading = load(of: direction) { return true }
    }
    if case .reading = cacheRead { return !hasLoadedFirstPage }
    return false
  }

  /// The ticket in flight for `direction`, if any.
  package func ticket(of direction: PagingDirection) -> Ticket? {
    if case .loading(let ticket, _) = load(of: direction) { return ticket }
    return nil
  }

  /// Starts the cache read, once, and only before a first page came from the loader.
  /// - Returns: The read's ticket, or `nil` when no read starts.
  mutating func startCacheRead() -> Ticket? {
    guard case .notStarted = cacheRead, !hasLoadedFirstPage else { return nil }
    let ticket = makeTicket()
    cacheRead = .reading(ticket)
    return ticket
  }

  /// Ends the cache read started under `ticket`.
  /// - Returns: Whether `ticket` is the read in flight; `false` means its answer is dropped.
  mutating func finishCacheRead(_ ticket: Ticket) -> Bool {
    guard case .reading(let current) = cacheRead, current == ticket else { return false }
    cacheRead = .done
    return true
  }

  /// The first page in flight, if any.
  package var refreshRequest: PageRequest? {
    if case .loading(_, let request) = refresh { return request }
    return nil
  }

  /// Starts a refresh of `request` in a new generation.
  ///
  /// The newest first page wins: one in flight is replaced (cancelled, its answer dropped), unless
  /// it is the very same top page.
  /// - Returns: The tickets of the refresh, next and previous pages it cancels, and its own; `nil`
  ///   when the same top page is in flight already and is kept.
  mutating func startRefresh(_ request: PageRequest) -> (cancelled: [Ticket], ticket: Ticket)? {
    if let current = refreshRequest, !current.isAnchored, current.position == request.position { return nil }
    let cancelled = [ticket(of: .refresh), ticket(of: .nextPage), ticket(of: .previousPage)].compactMap { $0 }
    nextPage = .idle
    previousPage = .idle
    generation += 1
    let ticket = makeTicket()
    refresh = .loading(ticket, request)
    return (cancelled, ticket)
  }

  /// Starts `request`, a next or previous page, unless a refresh is loading or that direction is
  /// loading or failed (``retry()`` repeats a failure).
  /// - Returns: The ticket and the request started, or `nil`.
  mutating func startPage(_ request: PageRequest) -> (Ticket, PageRequest)? {
    if case .loading = refresh { return nil }
    switch request.direction == .previousPage ? previousPage : nextPage {
    case .loading, .failed: return nil
    case .idle: return (begin(request), request)
    }
  }

  /// The failed request of the next (`before == false`) or previous direction, if it failed.
  private func failedPage(before: Bool) -> PageRequest? {
    if case .failed(_, let request) = before ? previousPage : nextPage { return request }
    return nil
  }

  /// Starts a next or previous page (the request says which).
  private mutating func begin(_ request: PageRequest) -> Ticket {
    let ticket = makeTicket()
    if request.direction == .previousPage {
      previousPage = .loading(ticket, request)
    } else {
      nextPage = .loading(ticket, request)
    }
    return ticket
  }

  /// Ends the next or previous direction (the request says which), idle after its answer, with
  /// a failure: its request is what a retry sends.
  mutating func failPage(_ request: PageRequest, with error: PagingError) {
    set((request.direction == .previousPage) ? .previousPage : .nextPage, .failed(error, request))
  }

  /// Gives the failed requests a new context (a rotated token), so that a retry sends it.
  mutating func replaceContextOfFailedRequests(with context: RequestContext) {
    for direction in Self.directions {
      guard case .failed(let error, var request) = load(of: direction) else { continue }
      request.context = context
      set(direction, .failed(error, request))
    }
  }

  /// Starts again the failed requests: the refresh if it failed (cancelling the pages loading
  /// since), else the failed next and previous pages, in the same generation.
  /// - Returns: The tickets cancelled, and those started with their requests.
  mutating func retry() -> (cancelled: [Ticket], started: [(Ticket, PageRequest)]) {
    if case .failed(_, let request) = refresh {
      let cancelled = [ticket(of: .nextPage), ticket(of: .previousPage)].compactMap { $0 }
      nextPage = .idle
      previousPage = .idle
      let ticket = makeTicket()
      refresh = .loading(ticket, request)
      return (cancelled, [(ticket, request)])
    }
    let started = [failedPage(before: false), failedPage(before: true)].compactMap { request in
      request.map { (begin($0), $0) }
    }
    return ([], started)
  }

  /// Moves the next page's request to `position`: a failed one is retried there, and one loading
  /// is cancelled and started again there.
  /// - Returns: The ticket cancelled and the request started in its place, or `nil` when the next
  ///   page was not loading.
  mutating func moveNextPage(to position: PageRequest.Position) -> (
    cancelled: Ticket, started: (Ticket, PageRequest)
  )? {
    switch nextPage {
    case .idle:
      return nil
    case .failed(let error, var request):
      request.position = position
      nextPage = .failed(error, request)
      return nil
    case .loading(let ticket, var request):
      request.position = position
      return (ticket, (begin(request), request))
    }
  }

  /// Ends the request in flight under `ticket` as answered.
  /// - Returns: Its direction and request, or `nil` when `ticket` is not in flight (the answer is
  ///   dropped).
  mutating func succeed(_ ticket: Ticket) -> (PagingDirection, PageRequest)? {
    guard let (direction, request) = inFlight(ticket) else { return nil }
    set(direction, .idle)
    if direction == .refresh { hasLoadedFirstPage = true }
    return (direction, request)
  }

  /// Ends the request in flight under `ticket` as failed.
  /// - Returns: Its direction, or `nil` when `ticket` is not in flight (the failure is dropped).
  mutating func fail(_ ticket: Ticket, with error: PagingError) -> PagingDirection? {
    guard let (direction, request) = inFlight(ticket) else { return nil }
    set(direction, .failed(error, request))
    return direction
  }

  /// Stops `direction`, whose position moved: cancels its load and forgets its failure (the failed
  /// request asked for a position no longer next to the items).
  /// - Returns: The ticket of the load it stopped, or `nil`.
  mutating func reopen(_ direction: PagingDirection) -> Ticket? {
    defer { set(direction, .idle) }
    return ticket(of: direction)
  }

  /// Cancels every load and the cache read in flight.
  /// - Returns: Their tickets, the cache read's last.
  mutating func cancelAll() -> [Ticket] {
    var cancelled = Self.directions.compactMap { ticket(of: $0) }
    for direction in Self.directions {
      if case .loading = load(of: direction) { set(direction, .idle) }
    }
    if case .reading(let ticket) = cacheRead {
      cancelled.append(ticket)
      cacheRead = .notStarted
    }
    return cancelled
  }

  /// Cancels everything and forgets failures, the cache read and the first page: what a new
  /// context starts from.
  /// - Returns: The tickets cancelled.
  mutating func reset() -> [Ticket] {
    let cancelled = cancelAll()
    for direction in Self.directions { set(direction, .idle) }
    cacheRead = .notStarted
    hasLoadedFirstPage = false
    return cancelled
  }

  /// Checks the invariants listed on the type.
  /// - Throws: ``PagingInvariantViolation`` naming the first one broken.
  func checkInvariants() throws(PagingInvariantViolation) {
    var tickets: [Ticket] = Self.directions.compactMap { ticket(of: $0) }
    if case .reading(let ticket) = cacheRead { tickets.append(ticket) }
    try PagingInvariantViolation.check(Set(tickets).count == tickets.count, "a ticket is in flight twice")
    try PagingInvariantViolation.check(
      tickets.allSatisfy { $0.sequence <= sequence }, "a ticket in flight was not made here")
    if case .loading = refresh {
      try PagingInvariantViolation.check(
        ticket(of: .nextPage) == nil && ticket(of: .previousPage) == nil
          && failedPage(before: false) == nil && failedPage(before: true) == nil,
        "a page direction is busy while a refresh is loading")
    }
    for (load, before) in [(nextPage, false), (previousPage, true)] {
      if case .loading(_, let request) = load {
        try PagingInvariantViolation.check(
          (request.direction == .previousPage) == before, "a request in the wrong direction")
      }
      if case .failed(_, let request) = load {
        try PagingInvariantViolation.check(
          (request.direction == .previousPage) == before, "a failure in the wrong direction")
      }
    }
  }

  private mutating func makeTicket() -> Ticket {
    sequence += 1
    return Ticket(generation: generation, sequence: sequence)
  }

  private func inFlight(_ ticket: Ticket) -> (PagingDirection, PageRequest)? {
    for direction in Self.directions {
      if case .loading(let current, let request) = load(of: direction), current == ticket {
        return (direction, request)
      }
    }
    return nil
  }

  private mutating func set(_ direction: PagingDirection, _ load: Load) {
    switch direction {
    case .refresh: refresh = load
    case .nextPage: nextPage = load
    case .previousPage: previousPage = load
    }
  }
}
