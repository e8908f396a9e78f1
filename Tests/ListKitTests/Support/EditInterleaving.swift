import ListKit
import ListKitTesting

/// The edit steps of the interleaving tests: kept and pending edits, confirmations (with the
/// server's copy of an insert, sometimes an id a page also brings) and roll-backs, made on the
/// machine and on the reference model alike.
struct EditInterleaving {
  typealias Machine = PagingStateMachine<TestItem>

  /// The machine's handle of each model handle still worth answering (old contexts' included:
  /// answering them must do nothing).
  private(set) var handles: [(model: Int, machine: PendingEdit, context: Int)] = []
  private var nextHandle = 0

  /// One random edit step; returns its description and the machine's actions.
  mutating func step(
    _ machine: inout Machine, _ model: inout PagingReferenceModel, random: inout SplitMix64, context: Int
  ) -> (description: String, actions: [Machine.Action]) {
    if handles.isEmpty || random.chance(45) {
      let edit = random.edit(context: context, shown: model.shown)
      let kept = random.chance(30)
      nextHandle += 1
      let (handle, actions) = machine.applyEdit(edit.itemEdit, pending: !kept)
      model.applyEdit(edit, handle: nextHandle, kept: kept)
      if !kept { handles.append((nextHandle, handle, context)) }
      return ("\(kept ? "apply" : "applyPending") \(edit) as #\(nextHandle)", actions)
    }
    let (modelHandle, handle, editContext) = handles.remove(
      at: Int.random(in: 0..<handles.count, using: &random))
    let current = editContext == context
    if random.chance(60) {
      let copy = random.serverCopy(context: editContext)
      if current { model.confirmEdit(modelHandle, serverItem: copy) }
      let before = machine.shownItems
      let actions = machine.confirmEdit(handle, serverItem: copy)
      // A confirmation moves nothing: only a server's copy of an insert may change what is shown.
      let description = "confirm #\(modelHandle) with \(copy.map { "\($0)" } ?? "nothing")"
      if copy == nil && machine.shownItems != before {
        return ("\(description) CHANGED WHAT IS SHOWN", actions)
      }
      return (description, actions)
    }
    if current { model.rollBackEdit(modelHandle) }
    return ("rollBack #\(modelHandle)", machine.rollBackEdit(handle))
  }
}

/// The edit steps of the interleaving tests through `PagedList`'s public API.
@MainActor struct ListEditInterleaving {
  private var handles: [(model: Int, list: PendingEdit, context: Int)] = []
  private var nextHandle = 0

  /// One random edit step; returns its description.
  mutating func step(
    _ list: PagedList<TestItem>, _ model: inout PagingReferenceModel, random: inout SplitMix64, context: Int
  ) -> String {
    if handles.isEmpty || random.chance(45) {
      let edit = random.edit(context: context, shown: model.shown)
      let kept = random.chance(30)
      nextHandle += 1
      if kept {
        list.apply(edit.itemEdit)
      } else {
        handles.append((nextHandle, list.applyPending(edit.itemEdit), context))
      }
      model.applyEdit(edit, handle: nextHandle, kept: kept)
      return "\(kept ? "apply" : "applyPending") \(edit) as #\(nextHandle)"
    }
    let (modelHandle, handle, editContext) = handles.remove(
      at: Int.random(in: 0..<handles.count, using: &random))
    let current = editContext == context
    if random.chance(60) {
      let copy = random.serverCopy(context: editContext)
      if current { model.confirmEdit(modelHandle, serverItem: copy) }
      list.confirm(handle, serverItem: copy)
      return "confirm #\(modelHandle) with \(copy.map { "\($0)" } ?? "nothing")"
    }
    if current { model.rollBackEdit(modelHandle) }
    list.rollBack(handle)
    return "rollBack #\(modelHandle)"
  }
}

/// What a step did to the items shown, as the view sees it.
enum ShownChangeCheck {
  /// The items a view showing `old` shows after applying `change`, taking new and reloaded rows
  /// from `new`; `nil` when the change does not fit `old` and `new`.
  static func replay(_ change: ItemsChange, on old: [TestItem], new: [TestItem]) -> [TestItem]? {
    var rows = old
    func take(_ indexes: [Int]) -> Bool {
      for index in indexes {
        guard rows.indices.contains(index), new.indices.contains(index) else { return false }
        rows[index] = new[index]
      }
      return true
    }
    switch change {
    case .reloaded(let count):
      return count == new.count ? new : nil
    case .appended(let inserted, let updated):
      guard inserted.lowerBound == rows.count, inserted.upperBound <= new.count else { return nil }
      rows += new[inserted]
      return take(updated) ? rows : nil
    case .prepended(let inserted, let updated):
      guard inserted.lowerBound == 0, inserted.upperBound <= new.count else { return nil }
      rows.insert(contentsOf: new[inserted], at: 0)
      return take(updated) ? rows : nil
    case .dropped(let removed, let then):
      guard removed.upperBound <= rows.count, removed.lowerBound >= 0 else { return nil }
      rows.removeSubrange(removed)
      return replay(then, on: rows, new: new)
    case .edited(let removed, let inserted, let updated):
      for index in removed.reversed() {
        guard rows.indices.contains(index) else { return nil }
        rows.remove(at: index)
      }
      for index in inserted {
        guard index <= rows.count, new.indices.contains(index) else { return nil }
        rows.insert(new[index], at: index)
      }
      return take(updated) ? rows : nil
    }
  }

  /// Checks the change a step reported against what it did: `nil` when they agree.
  static func check(_ actions: [PagingStateMachine<TestItem>.Action], old: [TestItem], new: [TestItem])
    -> String?
  {
    var change: ItemsChange?
    for action in actions {
      switch action {
      case .changeItems(let itemsChange), .reportRequest(_, let itemsChange?),
        .reportCache(_, let itemsChange?):
        guard change == nil else { return "two item changes in one step" }
        change = itemsChange
      default: break
      }
    }
    guard let change else { return old == new ? nil : "the items shown changed without a report" }
    guard let replayed = replay(change, on: old, new: new) else {
      return "\(change) does not fit \(old) → \(new)"
    }
    return replayed == new ? nil : "\(change) turns \(old) into \(replayed), not \(new)"
  }
}
