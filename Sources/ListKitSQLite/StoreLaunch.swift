import ListKit

/// What ``StoredPageLoader/open(_:refreshOnLaunch:)`` did.
///
/// `ID` is the type of the list's item ids (`Item.ID`).
public struct StoreLaunch<ID: Hashable & Sendable>: Hashable, Sendable {
  /// The id of the stored item the list opened on, or `nil` when it opened at the top.
  public var openedAt: ID?
  /// The problem with the database file found at launch, when the store removed it and started
  /// an empty one (the list then loaded from the network), or could not use one at all.
  public var problem: SQLiteStoreError?
  /// Whether a refresh was started after the stored rows were shown.
  public var refreshed: Bool
  /// The edits that waited for the server when the app last ran, shown again as pending, oldest
  /// first; ``StoredPageLoader/pendingEdits()`` tells what each one is.
  public var restoredEdits: [PendingEdit]
}
