extension PagedList {
  /// The key paths of the observable properties, made once per list.
  ///
  /// A key path literal in a generic type is built at run time each time it is evaluated, so the
  /// list makes them once (see Guides/Performance.md). The registrar matches key paths by value,
  /// so one made here is the same key to an observer as a literal.
  @MainActor struct ObservedKeyPaths {
    let items: KeyPath<PagedList, [Item]> = \.items
    let loadStates: KeyPath<PagedList, PagingLoadStates> = \.loadStates
    let isSignedOut: KeyPath<PagedList, Bool> = \.isSignedOut
    let status: KeyPath<PagedList, PagingStatus> = \.status
    let cachedPageAge: KeyPath<PagedList, Duration?> = \.cachedPageAge
    let totalCount: KeyPath<PagedList, Int?> = \.totalCount
    let context: KeyPath<PagedList, RequestContext> = \.context
    let cacheKey: KeyPath<PagedList, PageCacheKey> = \.cacheKey
  }

  /// Reads a value derived from the items and the load states, telling the registrar that both
  /// were read: it changes only when one of them does.
  func derived<Value>(_ read: (PagingStateMachine<Item>) -> Value) -> Value {
    registrar.access(self, keyPath: keyPaths.items)
    registrar.access(self, keyPath: keyPaths.loadStates)
    return read(machine)
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
