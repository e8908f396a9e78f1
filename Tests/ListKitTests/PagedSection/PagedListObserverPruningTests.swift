import ListKit
import ListKitTesting
import Testing

/// Sections built over one long-lived list and released again leave no observers on it.
@MainActor @Suite struct PagedListObserverPruningTests {

  func makeList() throws -> PagedList<Photo> {
    PagedList(
      listName: "photos", configuration: try PagingConfiguration(pageSize: 10),
      loader: PagedSectionTests.PhotoServer(count: 30).loader)
  }

  @Test func buildingAThousandSectionsOneAfterTheOther_leavesTheObserverCountBounded() throws {
    let list = try makeList()
    for index in 0..<1_000 {
      if index.isMultiple(of: 2) {
        _ = PagedSection(list: list) { PhotoRow($0) }
      } else {
        _ = DerivedSection(list: list) {
          $0
        } makeRow: {
          PhotoRow($0)
        }
      }
      #expect(list.viewReceiverCount <= 1, "after section \(index)")
    }
  }

  @Test func aThousandReleasedSections_areDroppedAtTheNextChange_andALiveOneStillFollows() async throws {
    let list = try makeList()
    var sections: [SectionManager] = []
    for _ in 0..<1_000 { sections.append(PagedSection(list: list) { PhotoRow($0) }) }
    #expect(list.viewReceiverCount == 1_000)
    sections.removeAll()
    let kept = PagedSection(list: list) { PhotoRow($0) }
    #expect(list.viewReceiverCount == 1, "adding an observer drops the released ones")

    var more: [SectionManager] = []
    for _ in 0..<100 {
      more.append(
        DerivedSection(list: list) {
          $0
        } makeRow: {
          PhotoRow($0)
        })
    }
    more.removeAll()
    await list.refresh()?.value
    #expect(list.viewReceiverCount == 1, "a change drops the released ones")
    #expect(kept.cells.count == 10, "the live section follows the list: a row per loaded item")
  }
}
