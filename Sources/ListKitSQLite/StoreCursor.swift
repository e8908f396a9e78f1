/// The cursors a ``StoredPageLoader`` hands its list: a stored row's position in one database
/// file, or, while no database can be used, where the network continues.
enum StoreCursor: Hashable, Sendable {
  /// After (or, for a previous page, before) the stored row at `position` in the file the store
  /// had open at `epoch` (``SQLiteListStore/epoch``): a position means nothing in another file.
  case stored(position: Int, epoch: Int)
  /// The remote page at this key, for a list served from the network alone.
  case network(RemoteKey)

  /// The cursor as the list carries it.
  var text: String {
    switch self {
    case .stored(let position, let epoch): "s:\(epoch):\(position)"
    case .network(let key): "n:" + key.text
    }
  }

  /// The cursor a text spells, or `nil` for one this loader never made.
  init?(text: String) {
    let body = text.dropFirst(2)
    switch text.prefix(2) {
    case "s:":
      let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let epoch = Int(parts[0]), let position = Int(parts[1]) else { return nil }
      self = .stored(position: position, epoch: epoch)
    case "n:": guard let key = RemoteKey(text: String(body)) else { return nil }; self = .network(key)
    default: return nil
    }
  }
}
