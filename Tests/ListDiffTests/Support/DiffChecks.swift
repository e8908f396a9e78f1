import ListDiff
import ListKitTesting

/// Everything a changeset must satisfy, as a list of failures (empty when it is right):
/// the deduplicated target and its report, `apply` reproducing the target, every stage accepted by
/// ``BatchUpdateReferee`` (the strict reading) and by `HeadlessTableView` (UIKit's own checks, from
/// ListKitTesting), at most three stages, and the fewest moves.
func problems(
  diffing source: TestSnapshot, to target: TestSnapshot, options: DiffOptions = DiffOptions()
) -> [String] {
  problemsAndChangeset(diffing: source, to: target, options: options).problems
}

/// ``problems(diffing:to:options:)`` and the changeset it checked.
func problemsAndChangeset(
  diffing source: TestSnapshot, to target: TestSnapshot, options: DiffOptions = DiffOptions()
) -> (problems: [String], changeset: Changeset<TestSection, TestItem>) {
  let changeset = target.difference(from: source, options: options)
  var found: [String] = []
  // Equal snapshots are answered without looking for duplicates (documented on `diff`).
  let identical = source == target
  let (expectedSource, sourceSections, sourceItems) =
    identical ? (source, [], []) : referenceDeduplicated(source)
  let (expectedTarget, targetSections, targetItems) =
    identical ? (target, [], []) : referenceDeduplicated(target)
  if changeset.target != expectedTarget { found.append("target is not the deduplicated target") }
  let expectedReport = DuplicateReport(
    sourceSections: sourceSections, targetSections: targetSections, sourceItems: sourceItems,
    targetItems: targetItems)
  if changeset.duplicates != expectedReport {
    found.append("duplicates \(changeset.duplicates) != \(expectedReport)")
  }
  if changeset.stages.count > 3 { found.append("\(changeset.stages.count) stages") }
  do {
    let states = try changeset.snapshots(applyingTo: source)
    let applied = states.last ?? expectedSource
    if applied != expectedTarget {
      found.append("apply gives \(describe(applied)), expected \(describe(expectedTarget))")
    }
    var before = expectedSource.itemCounts
    for (index, stage) in changeset.stages.enumerated() {
      if stage.isEmpty { found.append("stage \(index) is empty") }
      let after = states[index].itemCounts
      for violation in BatchUpdateReferee.violations(of: stage, oldItemCounts: before, newItemCounts: after) {
        found.append("stage \(index) \(stage): \(violation)")
      }
      do {
        try HeadlessTableView.validate(stage, oldItemCounts: before, newItemCounts: after)
      } catch {
        found.append("stage \(index) \(stage): HeadlessTableView rejects it: \(error)")
      }
      before = after
    }
  } catch {
    found.append("apply failed: \(error)")
  }

  if identical {
    if !changeset.isEmpty { found.append("equal snapshots give \(changeset.stages)") }
    return (found, changeset)
  }
  let moves = fewestMoves(from: expectedSource, to: expectedTarget)
  let itemMoves = changeset.stages.reduce(0) { $0 + $1.itemMoves.count }
  let sectionMoves = changeset.stages.reduce(0) { $0 + $1.sectionMoves.count }
  if itemMoves != moves.items { found.append("\(itemMoves) item moves, fewest is \(moves.items)") }
  if sectionMoves != moves.sections {
    found.append("\(sectionMoves) section moves, fewest is \(moves.sections)")
  }
  let reloads = changeset.stages.reduce(0) { $0 + $1.itemReloads.count }
  if reloads > moves.updatedItems {
    found.append("\(reloads) item reloads for \(moves.updatedItems) updated items")
  }
  return (found, changeset)
}

/// A snapshot as `S1[1, 2'1] S2[]`, for failure messages.
func describe(_ snapshot: TestSnapshot) -> String {
  snapshot.sections.map { "\($0.section)\($0.items)" }.joined(separator: " ")
}

/// The fewest moves, computed the slow obvious way: per section, kept items minus a longest
/// in-order run; every item changing section (out of a section that stays) moves; likewise sections.
func fewestMoves(from source: TestSnapshot, to target: TestSnapshot) -> (
  items: Int, sections: Int, updatedItems: Int
) {
  var oldSection: [Int: Int] = [:]
  var oldIndex: [Int: Int] = [:]
  var oldValue: [Int: TestItem] = [:]
  for section in source.sections {
    for (index, item) in section.items.enumerated() {
      oldSection[item.id] = section.section.id
      oldIndex[item.id] = index
      oldValue[item.id] = item
    }
  }
  let oldSectionIndex = Dictionary(
    uniqueKeysWithValues: source.sections.enumerated().map { ($1.section.id, $0) })
  let newSectionIDs = Set(target.sections.map(\.section.id))
  var itemMoves = 0
  var updated = 0
  for section in target.sections {
    var run: [Int] = []
    for item in section.items {
      guard let from = oldSection[item.id], newSectionIDs.contains(from) else { continue }
      if oldValue[item.id] != item { updated += 1 }
      if from == section.section.id { run.append(oldIndex[item.id]!) } else { itemMoves += 1 }
    }
    itemMoves += run.count - referenceLongestIncreasingLength(run)
  }
  let keptSections = target.sections.compactMap { oldSectionIndex[$0.section.id] }
  return (itemMoves, keptSections.count - referenceLongestIncreasingLength(keptSections), updated)
}
