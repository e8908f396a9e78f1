import ListKit
import ListKitTesting
import Testing

/// A manager released while its view lives on is reported, not silently blank.
@MainActor @Suite struct ManagerLifetimeTests {
  final class Diagnostics {
    var received: [ListDiagnostic] = []
  }

  static let released = ListDiagnostic(
    .managerReleased(manager: "TableManager", view: "HeadlessTableView"), in: "deinit")

  /// A view controller's `viewDidLoad` that keeps its table manager in a local variable.
  func loadScreenForgettingTheManager(into view: HeadlessTableView, diagnostics: Diagnostics) {
    let table = TableManager(
      listView: view, sections: [SectionManager(cells: [ItemRow(OrderItem(id: 1, name: "Tea", price: 4))])])
    table.diagnosticHandler = { diagnostics.received.append($0) }
    #expect(view.render() == ["Tea $4"])
  }

  @Test func aManagerKeptOnlyInALocalVariable_isReportedOnceItsViewOutlivesIt() async {
    let view = HeadlessTableView()
    let diagnostics = Diagnostics()
    loadScreenForgettingTheManager(into: view, diagnostics: diagnostics)

    await TableManager.lifetimeChecksFinished()

    #expect(diagnostics.received == [Self.released])
    #expect(view.dataSource == nil)
  }

  @Test func aManagerReleasedJustBeforeItsView_asAViewControllerGoes_isNotReported() async {
    let diagnostics = Diagnostics()
    var view: HeadlessTableView? = HeadlessTableView()
    var table: TableManager? = TableManager(listView: view)
    table?.diagnosticHandler = { diagnostics.received.append($0) }
    table = nil
    view = nil

    await TableManager.lifetimeChecksFinished()

    #expect(table == nil && view == nil)
    #expect(diagnostics.received.isEmpty)
  }

  @Test func aManagerReplacedByAnotherOnTheSameView_isNotReported() async {
    let diagnostics = Diagnostics()
    let view = HeadlessTableView()
    var first: TableManager? = TableManager(listView: view)
    first?.diagnosticHandler = { diagnostics.received.append($0) }
    let second = TableManager(
      listView: view, sections: [SectionManager(cells: [ItemRow(OrderItem(id: 2, name: "Cake", price: 6))])])
    first = nil

    await TableManager.lifetimeChecksFinished()

    #expect(first == nil)
    #expect(diagnostics.received.isEmpty)
    #expect(view.render() == ["Cake $6"])
    _ = second
  }

  @Test func aManagerNeverAttached_isNotReported() async {
    let diagnostics = Diagnostics()
    var table: TableManager? = TableManager()
    table?.diagnosticHandler = { diagnostics.received.append($0) }
    table = nil
    await TableManager.lifetimeChecksFinished()
    #expect(table == nil)
    #expect(diagnostics.received.isEmpty)
  }

  @Test func theDiagnosticSaysWhatToKeep() {
    #expect(
      Self.released.description.contains("keep the TableManager in a property of the view's owner"))
  }
}
