extension TableManager {
  /// The checks scheduled by released managers that have not run yet, by number.
  static var pendingLifetimeChecks: [Int: Task<Void, Never>] = [:]
  static var nextLifetimeCheck = 0

  /// Called as the manager is released: schedules a check, on the main actor's next turn, of
  /// whether the view it served lives on without a data source, and reports it if so.
  ///
  /// Not reported at once: a released view controller drops its properties one by one, so the
  /// manager may go a moment before its view. A view still alive without a data source once the
  /// releasing code has finished is one the app keeps showing, its manager kept only in a local.
  func checkViewOutlivesManager() {
    guard let listView else { return }
    let handler = diagnosticHandler
    let manager = String(describing: type(of: self))
    let view = String(describing: type(of: listView))
    let number = Self.nextLifetimeCheck
    Self.nextLifetimeCheck &+= 1
    Self.pendingLifetimeChecks[number] = Task { @MainActor [weak listView] in
      defer { TableManager.pendingLifetimeChecks[number] = nil }
      guard let listView, listView.dataSource == nil else { return }
      handler(ListDiagnostic(.managerReleased(manager: manager, view: view), in: "deinit"))
    }
  }

  /// Waits until the lifetime checks of the managers released so far have run; for tests.
  package static func lifetimeChecksFinished() async {
    while let check = pendingLifetimeChecks.values.first {
      await check.value
    }
  }
}
