/// A change the app makes to a ``PagedList``'s items itself: a like, a delete, a new post, a sent
/// message.
///
/// ``PagedList/apply(_:)`` keeps an edit at once (the server already has it);
/// ``PagedList/applyPending(_:)`` shows it at once and keeps or undoes it when the app reports the
/// server's answer (``PagedList/confirm(_:serverItem:)``, ``PagedList/rollBack(_:)``).
///
/// An edit names items by id, never by index, so it still means the same item after pages load
/// above or below it.
public enum ItemEdit<Item: Identifiable> {
  /// Changes the item with this id in place; does nothing while no such item is shown.
  ///
  /// A pending update is applied again to each fresh copy of the item a load brings, so write it
  /// as "set the new state" (`$0.isLiked = true`) rather than as a step that must happen once.
  /// The closure must keep the item's id; an update that changes it is ignored.
  case update(id: Item.ID, change: @Sendable (inout Item) -> Void)
  /// Replaces the item that has this item's id; does nothing while no such item is shown.
  case replace(Item)
  /// Removes the item with this id; does nothing while no such item is shown.
  case remove(id: Item.ID)
  /// Inserts an item that the loaded pages do not hold (a new post, a sent message).
  ///
  /// The item is not shown while an item with its id is: a page that brings the server's copy
  /// of a message whose id the client made (and the server echoes) replaces it, with no
  /// duplicate. For a temporary id, pass the server's copy to ``PagedList/confirm(_:serverItem:)``.
  case insert(Item, at: InsertionPoint<Item.ID>)

  /// The id of the item the edit changes, removes or inserts.
  public var id: Item.ID {
    switch self {
    case .update(let id, _), .remove(let id): id
    case .replace(let item), .insert(let item, _): item.id
    }
  }
}

extension ItemEdit: Sendable where Item: Sendable, Item.ID: Sendable {}
