extension PagedList {
  /// The key paths of the observable properties, made once per list.
  ///
  /// NB: a key path literal in a generic type is built at run time every time it is evaluated
  /// (the runtime demangles its types and instantiates a new object; `perf` showed it as most of
  /// `PagedList`'s own time per page). The registrar matches key paths by value, so one made here
  /// is the same key to an observer as a literal.
  @MainActor struct ObservedKeyPaths {
    let items: KeyPath<PagedList, [Item]> = \.items
    let loadStates: KeyPath<PagedList, PagingLoadStates> = \.loadStates
    let hasPrevious: KeyPath<PagedList, Bool> = \.hasPrevious
    let isSignedOut: KeyPath<PagedList, Bool> = \.isSignedOut
    let isBlank: KeyPath<PagedList, Bool> = \.isBlank
    let hasMore: KeyPath<PagedList, Bool> = \.hasMore
    let status: KeyPath<PagedList, PagingStatus> = \.status
    let cachedPageAge: KeyPath<PagedList, Duration?> = \.cachedPageAge
    let totalCount: KeyPath<PagedList, Int?> = \.totalCount
    let context: KeyPath<PagedList, RequestContext> = \.context
    let cacheKey: KeyPath<PagedList, PageCacheKey> = \.cacheKey
    let lastCacheSaveError: KeyPath<PagedList, PageCacheError?> = \.lastCacheSaveError
  }

  /// Tells the registrar that `keyPath` was read, then reads it from the machine: what every
  /// observable property of the list does (the items live once, in the machine, so this class
  /// tracks its computed properties itself).
  func tracked<Value>(
    _ keyPath: KeyPath<PagedList, Value>, _ read: (PagingStateMachine<Item>) -> Value
  ) -> Value {
    registrar.access(self, keyPath: keyPath)
    return read(machine)
  }
}
