import Foundation

/// One stored item: its place in the list, its id as the server spells it, its encoded body.
struct StoredRow: Hashable, Sendable {
  var position: Int
  var id: String
  var body: Data
}

/// Where the network continues a stored list: the key of the remote page after the stored rows.
enum RemoteKey: Hashable, Sendable {
  case cursor(String)
  case page(Int)
  case offset(Int)

  /// The key as the store writes it.
  var text: String {
    switch self {
    case .cursor(let cursor): "c:" + cursor
    case .page(let index): "p:\(index)"
    case .offset(let offset): "o:\(offset)"
    }
  }

  /// The key a stored text spells, or `nil` for text that is none.
  init?(text: String) {
    let body = String(text.dropFirst(2))
    switch text.prefix(2) {
    case "c:": self = .cursor(body)
    case "p:": guard let index = Int(body) else { return nil }; self = .page(index)
    case "o:": guard let offset = Int(body) else { return nil }; self = .offset(offset)
    default: return nil
    }
  }
}

/// What the store knows of one list besides its rows.
struct StoredListState: Hashable, Sendable {
  /// The number of refreshes committed; a fill begun under another generation writes nothing.
  var generation: Int
  /// When the last refresh was committed, or `nil` before the first.
  var refreshedAt: Date?
  /// The id of the item the user was at when the place was last saved.
  var anchorID: String?
  /// The remote page after the stored rows, or `nil` to start at the remote's first page.
  var tailKey: RemoteKey?
  /// Whether the server has more after the stored rows.
  var tailHasMore: Bool
}

/// Where a read starts.
enum StoredSpot: Hashable, Sendable {
  /// The first rows.
  case top
  /// The rows after the one at this position.
  case after(Int)
  /// The rows before the one at this position.
  case before(Int)
  /// The rows from the item with this id on, or `nil` rows when it is not stored.
  case item(String)
}

/// The answer of one read: the rows, whether more are stored on each side, and the list's state.
struct StoredRead: Sendable {
  var rows: [StoredRow]
  var hasRowsBefore: Bool
  var hasRowsAfter: Bool
  var state: StoredListState
  /// Whether the spot was found (an ``StoredSpot/item(_:)`` that is not stored is not).
  var found: Bool
}
