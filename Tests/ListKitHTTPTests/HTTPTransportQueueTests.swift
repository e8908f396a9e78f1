import Foundation
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session calls the transport's delegate on a serial queue of the transport's own.
///
/// The delegate waits on the session's work queue to cancel a task; run on the threads Dispatch
/// shares with the app, that wait could take the thread the session's own work needs.
@Suite struct HTTPTransportQueueTests {
  @Test func theDelegateIsCalledOnASerialQueueOfTheTransportsOwn() {
    let transport = URLSessionTransport(configuration: .ephemeral)
    let queue = transport.session.delegateQueue
    #expect(queue.maxConcurrentOperationCount == 1)
    #expect(queue.underlyingQueue?.label == "ListKitHTTP.URLSessionTransport.delegate-calls")
  }
}
