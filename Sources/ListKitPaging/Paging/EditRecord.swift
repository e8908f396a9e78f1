/// An edit a ``PagedList`` took, as told to a store that keeps the list on disk: applied (kept or
/// pending), confirmed, or rolled back.
package enum EditRecord<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// ``PagedList/apply(_:)`` (`pending` is `nil`) or ``PagedList/applyPending(_:)`` took `edit`.
  case applied(ItemEdit<Item>, pending: PendingEdit?)
  /// ``PagedList/confirm(_:serverItem:)`` kept a pending edit.
  case confirmed(PendingEdit, serverItem: Item?)
  /// ``PagedList/rollBack(_:)`` undid a pending edit.
  case rolledBack(PendingEdit)
}
