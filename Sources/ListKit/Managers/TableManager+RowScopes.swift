extension TableManager {
  /// The number that scopes the row ids of the section with identity `section`.
  ///
  /// Rows are matched within their section only, so one model may be shown in two sections (a
  /// pinned photo and the same photo in the paged list) without either being dropped as a
  /// duplicate. The number follows the section's identity, not its position, so a section that
  /// moves or a conditional section that appears keeps the identities of the rows of the others.
  /// - Parameter section: The section's identity.
  /// - Returns: A number above 0, the same for the same identity while the table shows it.
  /// - Complexity: O(1) expected.
  func rowScope(for section: DiffID) -> Int {
    if let scope = rowScopes[section] { return scope }
    let scope = nextRowScope
    nextRowScope &+= 1
    rowScopes[section] = scope
    return scope
  }

  /// Forgets the scopes of the sections not shown, once they outnumber those shown.
  ///
  /// Screens that make new sections on every rebuild would otherwise grow the table forever. A
  /// section shown again gets a new scope, as a new section does.
  func pruneRowScopes() {
    guard rowScopes.count > 2 * displayedSnapshot.sections.count + 32 else { return }
    var kept: [DiffID: Int] = [:]
    for section in displayedSnapshot.sections { kept[section.section.id] = rowScopes[section.section.id] }
    rowScopes = kept
  }
}
