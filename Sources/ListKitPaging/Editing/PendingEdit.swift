/// An edit shown before the server answered: pass it to ``PagedList/confirm(_:serverItem:)`` or
/// ``PagedList/rollBack(_:)`` when the answer comes.
///
/// A pending edit belongs to the context it was made in: after
/// ``PagedList/switchContext(to:query:)`` it is gone, and confirming or rolling it back does
/// nothing.
public struct PendingEdit: Hashable, Sendable, CustomStringConvertible {
  /// Unique among the edits of one list.
  package let number: Int

  /// "edit #n".
  public var description: String { "edit #\(number)" }
}
