import Dispatch
import Foundation
import ListKitFixtures
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A cancel that reaches the delegate after its task was made but before the session has it is
/// kept, and carried out once the task starts.
@Suite struct StreamingDelegateCancelTests {
  @Test func aCancelBeforeTheTaskStartsStopsItOnceItDoes() async throws {
    try await withServer { server in
      let (ended, end) = AsyncStream.makeStream(of: Void.self)
      let sessionCalls = DispatchQueue(label: "StreamingDelegateCancelTests.session-calls")
      let delegate = StreamingDelegate(
        challengeDelegate: nil, sessionCalls: sessionCalls, invalidated: { end.finish() })
      // An operation queue does not keep its underlying queue: this one lives as long as the test.
      let delegateQueue = DispatchQueue(label: "StreamingDelegateCancelTests.delegate-calls")
      let delegateCalls = OperationQueue()
      delegateCalls.maxConcurrentOperationCount = 1
      delegateCalls.underlyingQueue = delegateQueue
      // As the transport's sessions: no URL cache (see URLSessionTransport).
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateCalls)
      // The server holds the request at a gate until the cancel has run; then it answers, so a
      // task that was not cancelled completes with the page.
      let url = server.url("/array?page=1&page_size=3&gate=held")
      let exchange = Exchange(limit: 1 << 20) { delegate.cancel($0) }
      // Making and starting a task wait on the session's work queue: off the cooperative pool.
      let task = await offPool {
        let task = session.dataTask(with: url)
        delegate.register(exchange, for: task)
        #expect(exchange.attach(task))
        exchange.cancel()  // reaches the delegate before the session has the task
        delegate.start(task, cancelled: false)
        sessionCalls.sync {}  // the cancel the start queued, if any, has run
        return task
      }
      session.finishTasksAndInvalidate()
      try await server.openGate("held")
      for await _ in ended {}
      // Cancelled before the server answered: the task never had a response.
      #expect(task.response == nil, "\(String(describing: task.response))")
      #expect((task.error as? URLError)?.code == .cancelled, "\(String(describing: task.error))")
      withExtendedLifetime(delegateQueue) {}
    }
  }
}
