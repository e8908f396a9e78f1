import Foundation
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session the transport makes: it calls the transport's delegate on a serial queue of the
/// transport's own, keeps no URL cache, and waits as long as the transport.
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

  /// Pages are cached by a `PageCache`, keyed without the token: responses, which carry the
  /// user's data, are never kept in a URL cache, whatever the configuration says.
  @Test func theSessionHasNoURLCacheWhateverTheConfigurationHas() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
    let transport = URLSessionTransport(configuration: configuration)
    #expect(transport.session.configuration.urlCache == nil)
    #expect(configuration.urlCache != nil)  // the app's configuration is left as it was
  }

  /// The session's own timeout is the transport's, so a transport that waits longer than the
  /// session's default (60 s) is not cut short by it; under a second, it is one second.
  @Test func theSessionWaitsAsLongAsTheTransport() {
    for (timeout, seconds) in [(Duration.seconds(90), 90.0), (.milliseconds(200), 1)] {
      let transport = HTTPTransport(timeout: timeout)
      #expect(transport.transport.session.configuration.timeoutIntervalForRequest == seconds, "\(timeout)")
    }
  }
}
