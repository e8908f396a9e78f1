import Foundation
import ListKitFixtures
import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How many requests the fixture server's counted routes (anyapi_routes.py) saw with `key`.
func requestCount(on server: FixturePageServer, key: String) async throws -> Int {
  struct Count: Decodable { var count: Int }
  let (body, _) = try await server.get("/anyapi/requests?key=\(key)")
  return try JSONDecoder().decode(Count.self, from: body).count
}

/// Refreshes a list, then loads next pages until the end, at most `maxPages` times.
@MainActor func loadToTheEnd<Item>(_ list: PagedList<Item>, maxPages: Int = 60) async {
  await list.refresh()?.value
  for _ in 0..<maxPages {
    guard let task = list.loadNextPage() else { return }
    await task.value
  }
}
