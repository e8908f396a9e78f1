import Foundation

/// An edit the server already has, as the store writes it into a list's rows.
package enum StoredEdit: Hashable, Sendable {
  /// The row of this id gets this body.
  case replace(id: String, body: Data)
  /// The row of this id goes.
  case remove(id: String)
  /// A row with this id and body goes just after the row of `previousID`, or first when
  /// `previousID` is `nil`.
  case insert(id: String, body: Data, previousID: String?)
}

/// An edit waiting for the server, as the store keeps it: apart from the rows, so no refresh or
/// fill overwrites it, in the order the user made them.
package struct StoredPendingRecord: Hashable, Sendable {
  /// Names the edit across launches (and, sent as `Idempotency-Key`, at the server).
  package var key: String
  /// The id of the item it changes, as the rows spell it.
  package var id: String
  /// The edit, encoded by the loader.
  package var body: Data

  package init(key: String, id: String, body: Data) {
    self.key = key
    self.id = id
    self.body = body
  }
}
