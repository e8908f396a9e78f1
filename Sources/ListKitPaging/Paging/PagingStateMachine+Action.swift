// What a `PagingStateMachine`'s owner is asked to do.
extension PagingStateMachine {
  /// Identifies one request.
  package typealias Ticket = PagingRequests.Ticket

  /// What the owner must do after a transition, in order.
  package enum Action {
    /// Read the cached first page under this key and pass the answer, with the ticket, to
    /// ``cacheLoaded(_:_:now:)``.
    case readCache(Ticket, PageCacheKey)
    /// Start loading `request`; pass the result to ``succeeded(_:with:)`` or ``failed(_:with:)``.
    case load(Ticket, PageRequest)
    /// Cancel the load or cache read started under this ticket (its answer will be dropped
    /// anyway).
    case cancel(Ticket)
    /// Save this first page to the cache under this key, off the main actor.
    case saveFirstPage(Page<Item>, PageCacheKey)
    /// The items changed outside a load or cache report (a context switch emptied them, an edit).
    case changeItems(ItemsChange)
    /// Remove the cached entries of the user of this key (sign-out), after every save before.
    case removeCachedEntries(PageCacheKey)
    /// A request ended: report it, and what it did to the items.
    case reportRequest(RequestCompletion, ItemsChange?)
    /// The cache read ended: report it, and what it did to the items.
    case reportCache(CacheLoadCompletion, ItemsChange?)
  }
}
