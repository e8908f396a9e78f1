import Foundation
import ListKitFixtures

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Runs `body` with a fresh server and the session the test's loaders use: `nil` (each loader's
/// own) or, when `appSession`, an app's ephemeral session, invalidated afterwards.
func withServer<T>(
  appSession: Bool, isolation: isolated (any Actor)? = #isolation,
  _ body: (FixturePageServer, URLSession?) async throws -> T
) async throws -> T {
  try await withServer { server in
    let session = appSession ? URLSession(configuration: .ephemeral) : nil
    defer { session?.finishTasksAndInvalidate() }
    return try await body(server, session)
  }
}
