import Foundation
import Testing

@testable import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The cap on a response's body holds at its exact size: a body of the cap, announced or
/// received, is read; one byte more is too large.
@Suite struct ExchangeCapTests {
  static let cap = 100

  static func response(announcing length: Int?) -> HTTPURLResponse {
    HTTPURLResponse(
      url: URL(string: "http://127.0.0.1/items")!, statusCode: 200, httpVersion: "HTTP/1.1",
      headerFields: length.map { ["Content-Length": String($0)] } ?? [:])!
  }

  /// The outcome of an exchange given `chunks` of a body and then the task's completion.
  static func outcome(announcing length: Int?, chunks: [Int]) async -> TransportOutcome {
    let exchange = Exchange(limit: cap, cancelTask: { _ in })
    let response = response(announcing: length)
    if exchange.receive(response) {
      for chunk in chunks { exchange.receive(Data(repeating: 0x20, count: chunk)) }
      exchange.complete(response: response, error: nil)
    }
    return await withCheckedContinuation { exchange.setContinuation($0) }
  }

  @Test func aBodyOfExactlyTheCapIsRead() async {
    for length in [nil, Self.cap] {
      guard case .completed(let body, _) = await Self.outcome(announcing: length, chunks: [60, 40]) else {
        Issue.record("announcing \(String(describing: length)): not completed")
        continue
      }
      #expect(body.count == Self.cap)
    }
  }

  @Test func oneByteOverTheCapIsTooLarge_announcedOrReceived() async {
    guard case .tooLarge(let announced) = await Self.outcome(announcing: Self.cap + 1, chunks: []) else {
      Issue.record("an announced length over the cap was not refused")
      return
    }
    #expect(announced == Self.cap + 1)
    guard case .tooLarge(let received) = await Self.outcome(announcing: nil, chunks: [60, 41]) else {
      Issue.record("a received body over the cap was not refused")
      return
    }
    #expect(received == Self.cap + 1)
  }

  /// The task's response at completion is the one the outcome carries, failed or not.
  @Test func theOutcomeCarriesTheTasksResponse() async {
    let exchange = Exchange(limit: Self.cap, cancelTask: { _ in })
    let response = Self.response(announcing: nil)
    exchange.complete(response: response, error: URLError(.networkConnectionLost))
    guard
      case .failed(let error, let failedResponse, 0) = await withCheckedContinuation({
        exchange.setContinuation($0)
      })
    else {
      Issue.record("not a failure")
      return
    }
    #expect(error.code == .networkConnectionLost)
    #expect(failedResponse === response)
  }
}
