/// Where the next (or previous) page of a `PagingStateMachine` starts.
///
/// Not nested in `PagingStateMachine`: a type nested in a generic type is generic itself, and the
/// machine runs unspecialized in a client module, where every use of a generic nested type asks
/// the runtime for its metadata (callgrind: a few thousand instructions per page).
package enum PagingNextPage: Equatable {
  /// No first page of this generation has loaded: there is no page to ask for.
  case unknown
  /// The page starts here.
  case at(PageRequest.Position)
  /// Paging ended.
  case end
}
