import Testing

@testable import ListKit

/// A section's edit by index is applied only when every index is in range, ascending and
/// distinct; anything else takes the table's full diff instead.
@MainActor @Suite struct RowEditTests {
  @Test func anEditIsValidOnlyWithEveryIndexInRangeAscendingAndDistinct() {
    let row = CellManager()
    #expect(RowEdit(removed: [0, 2]).isValid(forCount: 3))
    #expect(!RowEdit(removed: [3]).isValid(forCount: 3), "an index past the end")
    #expect(!RowEdit(removed: [-1]).isValid(forCount: 3), "a negative index")
    #expect(!RowEdit(removed: [1, 1]).isValid(forCount: 3), "an index twice")
    #expect(!RowEdit(removed: [2, 1]).isValid(forCount: 3), "descending")
    // Inserted and replaced indexes count the rows after the edit: 3 + 1.
    #expect(RowEdit(inserted: [(3, row)]).isValid(forCount: 3))
    #expect(!RowEdit(inserted: [(4, row)]).isValid(forCount: 3), "past the end after the edit")
    #expect(!RowEdit(inserted: [(1, row), (1, row)]).isValid(forCount: 3), "an index twice")
    #expect(RowEdit(replaced: [(2, row)]).isValid(forCount: 3))
    #expect(!RowEdit(replaced: [(3, row)]).isValid(forCount: 3), "past the end")
    #expect(
      !RowEdit(inserted: [(1, row)], replaced: [(1, row)]).isValid(forCount: 3), "inserted and replaced")
  }
}
