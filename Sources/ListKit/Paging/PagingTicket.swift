/// Identifies one request: the generation it belongs to and a sequence number unique in the
/// machine's life.
///
/// Not nested in `PagingStateMachine`: a type nested in a generic type is generic itself, and the
/// machine runs unspecialized in a client module, where every use of a generic nested type asks
/// the runtime for its metadata (callgrind: a few thousand instructions per page).
package struct PagingTicket: Hashable, Sendable, CustomStringConvertible {
  /// The generation (count of refreshes started) the request belongs to.
  package let generation: Int
  /// Unique among the machine's tickets.
  package let sequence: Int

  package var description: String { "#\(sequence)@g\(generation)" }
}
