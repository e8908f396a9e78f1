import ListKit
import ListKitTesting

/// The edit rules written a second time, as plainly as possible: the items shown are the loaded
/// items with the edits applied one after the other to an array (linear scans, no id table, no
/// anchors), and a confirmed edit moves into the loaded items once no earlier edit touches an
/// item it touches (or, for an insert, is an insert).
struct ReferenceEdits {
  /// An edit in the model: updates set a version, so that they are values the test can compare.
  enum Edit: Equatable {
    case update(id: Int, version: Int)
    case replace(TestItem)
    case remove(id: Int)
    case insert(TestItem, at: InsertionPoint<Int>)

    var id: Int {
      switch self {
      case .update(let id, _), .remove(let id): id
      case .replace(let item), .insert(let item, _): item.id
      }
    }

    /// The same edit for the list.
    var itemEdit: ItemEdit<TestItem> {
      switch self {
      case .update(let id, let version): .update(id: id) { $0.version = version }
      case .replace(let item): .replace(item)
      case .remove(let id): .remove(id: id)
      case .insert(let item, let point): .insert(item, at: point)
      }
    }
  }

  struct Entry {
    var handle: Int
    var edit: Edit
    var confirmed = false
    var temporaryID: Int?

    var touched: [Int] {
      var ids = [edit.id] + (temporaryID.map { [$0] } ?? [])
      if case .insert(_, .before(let neighbour)) = edit { ids.append(neighbour) }
      return ids
    }

    var isInsert: Bool {
      if case .insert = edit { true } else { false }
    }
  }

  /// What a confirmed edit did to the loaded items, when it inserted or removed one.
  enum Folded {
    /// `id` went in above the item `below`, or at the bottom (`nil`).
    case inserted(id: Int, below: Int?)
    case removed(id: Int)
  }

  private(set) var entries: [Entry] = []

  /// The edit of a pending entry, if it waits.
  func pendingEdit(_ handle: Int) -> Edit? {
    entries.first { $0.handle == handle && !$0.confirmed }?.edit
  }

  func isPending(_ handle: Int) -> Bool {
    entries.contains { $0.handle == handle && !$0.confirmed }
  }

  /// The loaded items with every edit applied in order.
  func shown(over loaded: [TestItem]) -> [TestItem] {
    var result = loaded
    for entry in entries { Self.apply(entry.edit, to: &result) }
    return result
  }

  /// Adds an edit; a kept one is confirmed at once.
  /// - Returns: What the edits folded into the loaded items did to them, in order.
  @discardableResult
  mutating func add(_ edit: Edit, handle: Int, kept: Bool, loaded: inout [TestItem]) -> [Folded] {
    entries.append(Entry(handle: handle, edit: edit, confirmed: kept))
    return fold(into: &loaded)
  }

  @discardableResult
  mutating func confirm(_ handle: Int, serverItem: TestItem?, loaded: inout [TestItem]) -> [Folded] {
    guard let index = entries.firstIndex(where: { $0.handle == handle && !$0.confirmed }) else { return [] }
    entries[index].confirmed = true
    if let serverItem {
      // The server's copy takes the edit's place: any copy for an insert, one of the same id for
      // an update or a replace.
      switch entries[index].edit {
      case .insert(let item, let point):
        if item.id != serverItem.id { entries[index].temporaryID = item.id }
        entries[index].edit = .insert(serverItem, at: point)
      case .update, .replace:
        guard entries[index].edit.id == serverItem.id else { break }
        entries[index].edit = .replace(serverItem)
      case .remove:
        break
      }
    }
    return fold(into: &loaded)
  }

  @discardableResult
  mutating func rollBack(_ handle: Int, loaded: inout [TestItem]) -> [Folded] {
    guard let index = entries.firstIndex(where: { $0.handle == handle && !$0.confirmed }) else { return [] }
    entries.remove(at: index)
    return fold(into: &loaded)
  }

  /// Moves every confirmed edit that nothing earlier blocks into the loaded items, in order.
  private mutating func fold(into loaded: inout [TestItem]) -> [Folded] {
    var folded: [Folded] = []
    var index = 0
    while index < entries.count {
      let entry = entries[index]
      let blocked = entries[..<index].contains { earlier in
        (entry.isInsert && earlier.isInsert) || earlier.touched.contains { entry.touched.contains($0) }
      }
      if entry.confirmed && !blocked {
        folded += Self.apply(entry.edit, to: &loaded).map { [$0] } ?? []
        entries.remove(at: index)
        index = 0
      } else {
        index += 1
      }
    }
    return folded
  }

  /// One edit on an array with unique ids: an insert of an id present, or an edit of an absent
  /// one, does nothing; an insert before an absent item goes first.
  /// - Returns: The item it inserted or removed, if any.
  @discardableResult
  private static func apply(_ edit: Edit, to items: inout [TestItem]) -> Folded? {
    let index = items.firstIndex { $0.id == edit.id }
    switch edit {
    case .update(_, let version):
      if let index { items[index].version = version }
    case .replace(let item):
      if let index { items[index] = item }
    case .remove(let id):
      guard let index else { return nil }
      items.remove(at: index)
      return .removed(id: id)
    case .insert(let item, let point):
      guard index == nil else { return nil }
      let at: Int =
        switch point {
        case .top: 0
        case .bottom: items.count
        case .before(let neighbour): items.firstIndex { $0.id == neighbour } ?? 0
        }
      let below = at < items.count ? items[at].id : nil
      items.insert(item, at: at)
      return .inserted(id: item.id, below: below)
    }
    return nil
  }
}

extension PagingReferenceModel {
  /// The items shown: the loaded ones with the pending edits applied.
  var shown: [TestItem] { edits.shown(over: items) }

  /// Makes an edit step on the edits and the loaded items, and follows what it folded into them
  /// and what the server's items did: an edit the server now has (kept, or confirmed) that
  /// removes a loaded item or adds one moves the offsets after it.
  /// - Parameter handle: The handle of a next page asked again where the edit moved it.
  /// - Returns: That next page, when one was loading.
  mutating func apply(_ step: EditSteps.Step, handle: Int) -> [Started] {
    let given: ReferenceEdits.Edit? =
      switch step {
      case .apply(let edit, true, _): edit
      case .confirm(_, let number, let copy, true):
        edits.pendingEdit(number).map { edit in
          guard let copy, case .insert(_, let point) = edit else { return edit }
          return .insert(copy, at: point)
        }
      default: nil
      }
    let shift = given.flatMap { Self.serverShift(of: $0, in: items) }
    if let shift { shiftPages(at: shift.index, by: shift.delta) }
    follow(EditSteps.apply(step, to: &edits, loaded: &items))
    guard let shift else { return [] }
    return serverMoved(at: shift.index, by: shift.delta, handle: handle)
  }

  /// Where the server's items move once it has `edit`, as ``PagingEdits`` says.
  private static func serverShift(of edit: ReferenceEdits.Edit, in loaded: [TestItem]) -> (
    index: Int, delta: Int
  )? {
    switch edit {
    case .remove(let id):
      return loaded.firstIndex { $0.id == id }.map { ($0, -1) }
    case .insert(let item, let point):
      guard !loaded.contains(where: { $0.id == item.id }) else { return nil }
      switch point {
      case .top: return (0, 1)
      case .bottom: return (loaded.count, 1)
      case .before(let neighbour): return (loaded.firstIndex { $0.id == neighbour } ?? 0, 1)
      }
    case .update, .replace:
      return nil
    }
  }
}

/// Random edits of the interleaving tests.
extension SplitMix64 {
  /// An edit of one of the items shown, or of an id of the context that may not be; inserted
  /// items have ids the context's pages never use (`context * 100 + 50 …`), so that a stray one
  /// is recognised.
  mutating func edit(context: Int, shown: [TestItem]) -> ReferenceEdits.Edit {
    func someID() -> Int {
      if !shown.isEmpty, chance(70) { return shown[Int.random(in: 0..<shown.count, using: &self)].id }
      return context * 100 + Int.random(in: 0..<60, using: &self)
    }
    let version = Int.random(in: 10...99, using: &self)
    switch Int.random(in: 0..<10, using: &self) {
    case 0..<4: return .update(id: someID(), version: version)
    case 4: return .replace(TestItem(id: someID(), version: version))
    case 5..<7: return .remove(id: someID())
    default:
      let point: InsertionPoint<Int> =
        switch Int.random(in: 0..<3, using: &self) {
        case 0: .top
        case 1: .bottom
        default: .before(someID())
        }
      return .insert(
        TestItem(id: context * 100 + Int.random(in: 50..<60, using: &self), version: version), at: point)
    }
  }

  /// The server's copy of an edited item: of the item itself, or an item of another id (for an
  /// insert, the server's id, sometimes one a page may bring too).
  mutating func serverCopy(context: Int, of id: Int) -> TestItem? {
    guard chance(60) else { return nil }
    // Half the time the server's copy of the edited item itself, in a version of the server's.
    if chance(50) { return TestItem(id: id, version: 7) }
    return TestItem(id: context * 100 + Int.random(in: 30..<70, using: &self), version: 1)
  }
}
