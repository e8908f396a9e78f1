import Foundation

/// One stored item: its place in the list, its id as the server spells it, its encoded body.
package struct StoredRow: Hashable, Sendable {
  package var position: Int
  package var id: String
  package var body: Data
}

/// Where the network continues a stored list: the key of the remote page after the stored rows.
package enum RemoteKey: Hashable, Sendable {
  case cursor(String)
  case page(Int)
  case offset(Int)

  /// The key as the store writes it.
  package var text: String {
    switch self {
    case .cursor(let cursor): "c:" + cursor
    case .page(let index): "p:\(index)"
    case .offset(let offset): "o:\(offset)"
    }
  }

  /// The key a stored text spells, or `nil` for text that is none.
  package init?(text: String) {
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
package struct StoredListState: Hashable, Sendable {
  /// The number of refreshes committed; a fill begun under another generation writes nothing.
  package var generation: Int
  /// When the last refresh was committed, or `nil` before the first.
  package var refreshedAt: Date?
  /// The id of the item the user was at when the place was last saved.
  package var anchorID: String?
  /// The remote page after the stored rows, or `nil` to start at the remote's first page.
  package var tailKey: RemoteKey?
  /// Whether the server has more after the stored rows.
  package var tailHasMore: Bool
}

/// Where a read starts.
package enum StoredSpot: Hashable, Sendable {
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
package struct StoredRead: Sendable {
  package var rows: [StoredRow]
  package var hasRowsBefore: Bool
  package var hasRowsAfter: Bool
  package var state: StoredListState
  /// Whether the spot was found (an ``StoredSpot/item(_:)`` that is not stored is not).
  package var found: Bool
  /// The file the rows were read from (``SQLiteListStore/epoch``).
  package var epoch: Int
}
