import ListKit
import ListKitTesting

/// The edit steps of the interleaving tests, drawn once and made on the machine or the list and
/// on the reference model alike.
///
/// Kept and pending edits, confirmations (with the server's copy: of an insert, sometimes an id a
/// page also brings; of an update or a replace, sometimes the edited item's own id) and roll-backs. Answers to edits of an old context stay possible: they must
/// do nothing.
struct EditSteps {
  typealias Machine = PagingStateMachine<TestItem>

  /// One step.
  enum Step: CustomStringConvertible {
    case apply(ReferenceEdits.Edit, kept: Bool, number: Int)
    case confirm(PendingEdit, number: Int, copy: TestItem?, current: Bool)
    case rollBack(PendingEdit, number: Int, current: Bool)

    var description: String {
      switch self {
      case .apply(let edit, let kept, let number): "\(kept ? "apply" : "applyPending") \(edit) as #\(number)"
      case .confirm(_, let number, let copy, _):
        "confirm #\(number) with \(copy.map { "\($0)" } ?? "nothing")"
      case .rollBack(_, let number, _): "rollBack #\(number)"
      }
    }
  }

  private var pending: [(number: Int, edit: PendingEdit, context: Int, id: Int)] = []
  private var lastNumber = 0

  /// Draws the next step; a pending edit's handle is recorded by ``made(_:_:context:)``.
  mutating func next(random: inout SplitMix64, context: Int, shown: [TestItem]) -> Step {
    if pending.isEmpty || random.chance(45) {
      lastNumber += 1
      return .apply(random.edit(context: context, shown: shown), kept: random.chance(30), number: lastNumber)
    }
    let entry = pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
    let current = entry.context == context
    if random.chance(60) {
      return .confirm(
        entry.edit, number: entry.number, copy: random.serverCopy(context: entry.context, of: entry.id),
        current: current)
    }
    return .rollBack(entry.edit, number: entry.number, current: current)
  }

  /// Records the handle a pending edit of `step` got.
  mutating func made(_ step: Step, _ handle: PendingEdit?, context: Int) {
    guard case .apply(let edit, false, let number) = step, let handle else { return }
    pending.append((number, handle, context, edit.id))
  }

  /// Makes `step` on the reference model's edits and loaded items.
  /// - Returns: What the edits folded into the loaded items did to them, in order.
  @discardableResult
  static func apply(_ step: Step, to edits: inout ReferenceEdits, loaded: inout [TestItem])
    -> [ReferenceEdits.Folded]
  {
    switch step {
    case .apply(let edit, let kept, let number): edits.add(edit, handle: number, kept: kept, loaded: &loaded)
    case .confirm(_, let number, let copy, true): edits.confirm(number, serverItem: copy, loaded: &loaded)
    case .rollBack(_, let number, true): edits.rollBack(number, loaded: &loaded)
    case .confirm, .rollBack: []
    }
  }

  /// Makes `step` on the machine.
  /// - Returns: The pending edit's handle, and the actions; a failure when a confirmation without
  ///   a server's copy changed what is shown (a confirmation moves nothing).
  static func make(_ step: Step, on machine: inout Machine) -> (
    handle: PendingEdit?, actions: [Machine.Action], failure: String?
  ) {
    switch step {
    case .apply(let edit, let kept, _):
      let (handle, actions) = machine.applyEdit(edit.itemEdit, pending: !kept)
      return (handle, actions, nil)
    case .confirm(let handle, _, let copy, _):
      let before = machine.shownItems
      let actions = machine.confirmEdit(handle, serverItem: copy)
      let moved = copy == nil && machine.shownItems != before
      return (nil, actions, moved ? "\(step) changed what is shown" : nil)
    case .rollBack(let handle, _, _):
      return (nil, machine.rollBackEdit(handle), nil)
    }
  }

  /// Makes `step` through the list's public API.
  /// - Returns: The pending edit's handle.
  @MainActor static func make(_ step: Step, on list: PagedList<TestItem>) -> PendingEdit? {
    switch step {
    case .apply(let edit, true, _):
      list.apply(edit.itemEdit)
      return nil
    case .apply(let edit, false, _):
      return list.applyPending(edit.itemEdit)
    case .confirm(let handle, _, let copy, _):
      list.confirm(handle, serverItem: copy)
    case .rollBack(let handle, _, _):
      list.rollBack(handle)
    }
    return nil
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
