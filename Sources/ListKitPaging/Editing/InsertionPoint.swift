/// Where an ``ItemEdit/insert(_:at:)`` puts its item.
public enum InsertionPoint<ID: Hashable>: Hashable {
  /// Above every item: a new post in a feed. Of several inserted at the top, the latest is first.
  case top
  /// Below every item loaded so far: a sent message in a chat. Of several inserted at the
  /// bottom, the latest is last.
  case bottom
  /// Just above the loaded item with this id; at the top while that item is not shown.
  case before(ID)
}

extension InsertionPoint: Sendable where ID: Sendable {}
