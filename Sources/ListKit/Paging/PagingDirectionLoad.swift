/// The state of one direction of a `PagingStateMachine`.
///
/// Not nested in `PagingStateMachine`: a type nested in a generic type is generic itself, and the
/// machine runs unspecialized in a client module, where every use of a generic nested type asks
/// the runtime for its metadata (callgrind: a few thousand instructions per page).
package enum PagingDirectionLoad {
  /// Nothing in flight, nothing failed.
  case idle
  /// `request` is in flight under `ticket`.
  case loading(PagingTicket, PageRequest)
  /// `request` failed; a retry repeats it.
  case failed(PagingError, PageRequest)
}
