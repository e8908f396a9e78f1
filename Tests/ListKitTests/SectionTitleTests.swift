import ListKit
import ListKitTesting
import Testing

/// A section's new header or footer title reaches the view as a reload of that section; setting
/// the title it already has changes nothing.
@MainActor @Suite struct SectionTitleTests {
  @Test(arguments: [false, true])
  func aNewTitleReloadsItsSection_andTheSameTitleNothing(footer: Bool) {
    let section = SectionManager(
      cells: [HeaderRow(OrderSummary(id: "a", title: "A"))], headerTitle: "Top", footerTitle: "End")
    let table = TableManager(sections: [section])
    let view = HeadlessTableView()
    table.attach(to: view)
    func setTitle(_ title: String) {
      if footer { section.footerTitle = title } else { section.headerTitle = title }
    }
    func reloads() -> [[Int]] {
      view.events.compactMap { event in
        if case .batchUpdate(let update) = event { update.sectionReloads } else { nil }
      }
    }
    view.clearEvents()
    setTitle(footer ? "End" : "Top")
    table.update()
    #expect(reloads().isEmpty, "\(view.events)")
    setTitle("New")
    table.update()
    #expect(reloads() == [[0]], "\(view.events)")
    #expect(view.violations.isEmpty)
  }
}
