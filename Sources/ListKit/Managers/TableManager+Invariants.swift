extension TableManager {
  /// In a debug build, stops at the first broken invariant of what the table tells the view.
  ///
  /// An update that breaks one then fails where it happens, not rows later in UIKit:
  ///
  /// - the recorded snapshot has one section per section shown, with that section's identity;
  /// - each section's keys are its displayed rows, in order: the same managers, with their
  ///   identities in one row scope;
  /// - no two rows of a section share an identity.
  ///
  /// Called after every update is recorded. A release build checks nothing.
  /// - Complexity: O(r) for the r rows shown, in a debug build.
  func checkInvariants() {
    #if DEBUG
      if let violation = invariantViolation() { assertionFailure("TableManager: \(violation)") }
    #endif
  }

  /// The first broken invariant of ``checkInvariants()``, described, or `nil`.
  func invariantViolation() -> String? {
    guard displayedSnapshot.sections.count == displayedSections.count else {
      return "\(displayedSnapshot.sections.count) sections recorded, \(displayedSections.count) shown"
    }
    for (index, (recorded, section)) in zip(displayedSnapshot.sections, displayedSections).enumerated() {
      guard recorded.section.id == DiffID(section.diffIdentifier) else {
        return "section \(index) recorded as \(recorded.section.id), shown as \(section.diffIdentifier)"
      }
      let rows = section.displayedCells
      guard recorded.items.count == rows.count else {
        return "section \(index): \(recorded.items.count) rows recorded, \(rows.count) shown"
      }
      var ids = Set<DiffID>(minimumCapacity: rows.count)
      let scope = recorded.items.first?.id.scope ?? 0
      for (item, (key, row)) in zip(recorded.items, rows).enumerated() {
        guard key.manager === row, key.id == row.diffID.scoped(to: scope) else {
          return "section \(index), row \(item): recorded \(key.id), shown \(row.diffID)"
        }
        guard ids.insert(key.id).inserted else { return "section \(index): row id \(key.id) twice" }
      }
    }
    return nil
  }
}
