// The items shown: the loaded items with the edits applied.
extension PagingEdits {
  /// An inserted item shown, with where it goes among the loaded items.
  private struct Local {
    var item: Item
    /// The loaded index it goes above; -1 for the top, the loaded count for the bottom.
    var anchor: Int
  }

  /// The loaded items with every edit applied in order.
  ///
  /// An update, replace or remove acts on the item with its id as the earlier edits left it:
  /// loaded or inserted, and does nothing when none is shown; an update that changes the id is
  /// ignored. An insert is skipped while an item with its id is shown. Its neighbour is found
  /// the same way; one not shown puts it at the top.
  /// - Parameter store: The loaded items.
  /// - Returns: The items shown.
  /// - Complexity: O(*n*) for *n* loaded items, copied in O(*e*) slices between the *e* edits,
  ///   plus O(*e*²) to place them.
  func applied(to store: PagingItemStore<Item>) -> [Item] {
    let loaded = store.items
    var hidden: Set<Int> = []
    var replaced: [Int: Item] = [:]
    var locals: [Local] = []
    func shownLoaded(_ id: Item.ID) -> Int? {
      guard let index = store.index(of: id), !hidden.contains(index) else { return nil }
      return index
    }
    for entry in entries {
      let id = entry.edit.id
      switch entry.edit {
      case .update(_, let change):
        if let local = locals.firstIndex(where: { $0.item.id == id }) {
          var item = locals[local].item
          change(&item)
          if item.id == id { locals[local].item = item }
        } else if let index = shownLoaded(id) {
          var item = replaced[index] ?? loaded[index]
          change(&item)
          if item.id == id { replaced[index] = item }
        }
      case .replace(let item):
        if let local = locals.firstIndex(where: { $0.item.id == id }) {
          locals[local].item = item
        } else if let index = shownLoaded(id) {
          replaced[index] = item
        }
      case .remove:
        if let local = locals.firstIndex(where: { $0.item.id == id }) {
          locals.remove(at: local)
        } else if let index = shownLoaded(id) {
          hidden.insert(index)
          replaced[index] = nil
        }
      case .insert(let item, let point):
        guard !locals.contains(where: { $0.item.id == id }), shownLoaded(id) == nil else { continue }
        // `locals` stays in the order shown: anchors ascending, each anchor's items in order.
        switch point {
        case .bottom:
          locals.append(Local(item: item, anchor: loaded.count))
        case .before(let neighbour):
          if let index = shownLoaded(neighbour) {
            let position = locals.firstIndex { $0.anchor > index } ?? locals.count
            locals.insert(Local(item: item, anchor: index), at: position)
          } else if let other = locals.firstIndex(where: { $0.item.id == neighbour }) {
            locals.insert(Local(item: item, anchor: locals[other].anchor), at: other)
          } else {
            locals.insert(Local(item: item, anchor: -1), at: 0)
          }
        case .top:
          locals.insert(Local(item: item, anchor: -1), at: 0)
        }
      }
    }
    return assemble(loaded, hidden: hidden, replaced: replaced, locals: locals)
  }

  /// The loaded items without `hidden`, with `replaced`, and the locals at their anchors.
  private func assemble(_ loaded: [Item], hidden: Set<Int>, replaced: [Int: Item], locals: [Local]) -> [Item]
  {
    var marks = hidden.union(replaced.keys)
    for local in locals where local.anchor >= 0 && local.anchor < loaded.count { marks.insert(local.anchor) }
    var result: [Item] = []
    result.reserveCapacity(loaded.count + locals.count)
    var nextLocal = 0
    func appendLocals(upTo anchor: Int) {
      while nextLocal < locals.count, locals[nextLocal].anchor <= anchor {
        result.append(locals[nextLocal].item)
        nextLocal += 1
      }
    }
    appendLocals(upTo: -1)
    var start = 0
    for mark in marks.sorted() {
      result.append(contentsOf: loaded[start..<mark])
      appendLocals(upTo: mark)
      if let item = replaced[mark] {
        result.append(item)
      } else if !hidden.contains(mark) {
        result.append(loaded[mark])
      }
      start = mark + 1
    }
    result.append(contentsOf: loaded[start..<loaded.count])
    appendLocals(upTo: Int.max)
    return result
  }

  /// `item` with every update and replace of its id applied in order: the item shown while the
  /// edits all change items in place.
  func applyingInPlaceEdits(to item: Item) -> Item {
    var result = item
    for entry in entries where entry.edit.id == item.id {
      switch entry.edit {
      case .update(_, let change):
        var changed = result
        change(&changed)
        if changed.id == item.id { result = changed }
      case .replace(let replacement):
        result = replacement
      case .remove, .insert:
        break
      }
    }
    return result
  }
}
