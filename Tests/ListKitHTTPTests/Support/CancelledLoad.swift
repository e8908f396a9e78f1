import ListKitFixtures
import ListKitHTTP
import Testing

/// Starts loading a first page of 5 with `loader`, cancels the task once the server holds the
/// request at `gate`, and checks that the load ends in `CancellationError` and that the server
/// sees the client hang up.
func expectCancellingEndsTheLoad(
  _ loader: HTTPPageLoader<TestItem>, heldAt gate: String, on server: FixturePageServer,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let load = Task {
    try await loader.loadPage(PageRequest(position: .page(index: 1, size: 5), direction: .refresh))
  }
  try await server.waitForArrivals(at: gate)
  load.cancel()
  await #expect(throws: CancellationError.self, sourceLocation: sourceLocation) { try await load.value }
  try await server.waitForHangups(at: gate)
}
