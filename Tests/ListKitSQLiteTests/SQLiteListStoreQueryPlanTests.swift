import Foundation
import Testing

@testable import ListKitSQLite

/// Every read of rows goes by key: SQLite's plan for each statement the store prepares for them
/// searches the primary key or an index, so a page at any depth costs O(log n), never a scan.
@Suite struct SQLiteListStoreQueryPlanTests {
  @Test(arguments: SQLiteListStore.keysetReadStatements)
  func aKeysetReadSearchesAnIndexAndNeverScans(_ sql: String) async throws {
    let directory = StoreFixtures.temporaryDirectory()
    defer { StoreFixtures.remove(directory) }
    try await StoreFixtures.seed(directory, count: 200)
    let connection = try SQLiteConnection(path: SQLiteListStore(directory: directory, user: nil).fileURL.path)
    defer { connection.close() }
    #expect(!sql.uppercased().contains("OFFSET"))

    let plan = try connection.statement("EXPLAIN QUERY PLAN " + sql)
    var steps: [String] = []
    while try plan.step() { steps.append(plan.text(3) ?? "") }
    plan.reset()
    #expect(!steps.isEmpty)
    for step in steps {
      #expect(step.hasPrefix("SEARCH "), "\(step)")
      #expect(step.contains(" USING PRIMARY KEY ") || step.contains(" INDEX "), "\(step)")
      #expect(!step.contains("SCAN") && !step.contains("TEMP B-TREE"), "\(step)")
    }
  }
}
