import ListKit

/// An edit waiting for the server that a ``StoredPageLoader`` keeps on disk, so it is shown and
/// can be sent again after the app was quit or killed.
public struct StoredPendingEdit<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The handle to pass to `PagedList.confirm(_:serverItem:)` or `PagedList.rollBack(_:)` when
  /// the server answers.
  public var handle: PendingEdit
  /// The edit.
  ///
  /// A pending `ItemEdit.update(id:change:)` is kept as the `ItemEdit.replace(_:)` of
  /// the item it made (a closure cannot be written to disk).
  public var edit: ItemEdit<Item>
  /// Names the edit across retries and launches: send it as the request's `Idempotency-Key`,
  /// so a server that got it before applies it once.
  public var idempotencyKey: String
}
