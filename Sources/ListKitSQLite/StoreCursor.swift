/// The cursors a ``StoredPageLoader`` hands its list: a stored row's position, or, while no
/// database can be used, where the network continues.
enum StoreCursor: Hashable, Sendable {
  /// After (or, for a previous page, before) the stored row at this position.
  case stored(Int)
  /// The remote page at this key, for a list served from the network alone.
  case network(RemoteKey)

  /// The cursor as the list carries it.
  var text: String {
    switch self {
    case .stored(let position): "s:\(position)"
    case .network(let key): "n:" + key.text
    }
  }

  /// The cursor a text spells, or `nil` for one this loader never made.
  init?(text: String) {
    let body = String(text.dropFirst(2))
    switch text.prefix(2) {
    case "s:": guard let position = Int(body) else { return nil }; self = .stored(position)
    case "n:": guard let key = RemoteKey(text: body) else { return nil }; self = .network(key)
    default: return nil
    }
  }
}
