import Testing

@testable import ListDiff

/// A changeset whose stages do not fit its own source (a fault of the differ, never of the
/// caller) is refused with the stage and the rule of UIKit's it breaks.
@Suite struct ChangesetReplayTests {
  @Test func aStageThatBreaksARuleIsNamedWithTheRule() {
    var changes = snapshot([(1, [2])]).difference(from: snapshot([(1, [1])]))
    changes.stages = [BatchUpdate(itemDeletes: [ItemPath(item: 1, section: 0)])]
    do {
      _ = try changes.snapshots(applyingTo: snapshot([(1, [1])]))
      Issue.record("a delete past the only row was replayed")
    } catch {
      #expect(error.stage == 0)
      #expect(error.rejection == .itemOutOfRange(.delete, ItemPath(item: 1, section: 0), itemCount: 1))
      #expect(error.description.hasPrefix("stage 0: attempt to delete row 1"))
    }
  }
}
