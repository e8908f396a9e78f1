// What a `PagingStateMachine`'s owner reads: derived from its parts, never stored twice.
extension PagingStateMachine {
  /// The items, without two entries of one id.
  package var items: [Item] { store.items }

  /// The number of refreshes started.
  package var generation: Int { requests.generation }

  /// Whether a refresh, a next or previous page, or a cache read that can still be shown is under
  /// way.
  package var hasLoadInFlight: Bool { requests.hasLoadInFlight }

  /// The in-flight ticket of a direction, if any.
  package func ticket(of direction: PagingDirection) -> Ticket? {
    requests.ticket(of: direction)
  }

  /// The public state of the refresh direction.
  package var refreshState: LoadState { Self.state(requests.refresh, edge: .unknown) }

  /// The public state of the next-page direction.
  package var nextPageState: LoadState { Self.state(requests.nextPage, edge: positions.next) }

  /// The public state of the previous-page direction; ``LoadState/reachedEnd`` is "no earlier
  /// items".
  package var previousPageState: LoadState { Self.state(requests.previousPage, edge: positions.previous) }

  /// Whether a first page has loaded and no item is held.
  package var isBlank: Bool { requests.hasLoadedFirstPage && cachedPageAge == nil && shownCount == 0 }

  /// Whether a next page can be asked for now (or is being loaded).
  package var hasMore: Bool {
    if case .at = positions.next { true } else { false }
  }

  /// Whether a previous page can be asked for now (or is being loaded).
  package var hasPrevious: Bool {
    if case .at = positions.previous { true } else { false }
  }

  /// Whether refreshes load the top page: the one page the cache holds.
  package var startsAtTop: Bool { positions.first(at: anchor) == positions.top }

  private static func state(_ load: PagingRequests.Load, edge: PagePositions.Edge) -> LoadState {
    switch load {
    case .loading: .loading
    case .failed(let error, _): .failed(error)
    case .idle: edge == .end ? .reachedEnd : .idle
    }
  }
}
