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

  /// Forgets the scopes of sections neither shown nor about to be, once they outnumber those
  /// several times over: screens that make new sections on every rebuild would otherwise grow
  /// the table forever.
  /// - Parameter candidates: The sections the next update shows.
  func pruneRowScopes(keeping candidates: [SectionManager]) {
    guard rowScopes.count > 2 * (displayedSnapshot.sections.count + candidates.count) + 32 else { return }
    var kept: [DiffID: Int] = [:]
    for section in displayedSnapshot.sections { kept[section.section.id] = rowScopes[section.section.id] }
    for section in candidates {
      let id = DiffID(section.diffIdentifier)
      kept[id] = rowScopes[id]
    }
    rowScopes = kept
  }
}
