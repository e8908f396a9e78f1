import Foundation
import ListKit
import Testing

/// A loader error of an app's own that says what kind of failure it is.
private enum AppLoaderError: Error, PagingErrorClassifying {
  case sessionExpired
  case maintenance

  var pagingErrorKind: PagingErrorKind {
    switch self {
    case .sessionExpired: .unauthorized
    case .maintenance: .server
    }
  }
}

private struct PlainError: Error {}

@MainActor @Suite struct PagingErrorTests {
  @Test func theLoadersErrorReachesTheListTypedBesideItsText() async {
    var harness = PagedListTests.Harness()
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    let task = harness.list.refresh()
    await harness.nextRequest().fail(AppLoaderError.sessionExpired)
    await task?.value
    let error = harness.list.loadStates.refresh.error
    #expect(error?.kind == .unauthorized)
    #expect(error?.message == "Please sign in again.", "the kind's default text, no text of its own")
    #expect((error?.underlying as? AppLoaderError) == .sessionExpired)
    #expect(completions.first?.error?.kind == .unauthorized)
    #expect(completions.first?.error != nil)
  }

  @Test(arguments: [
    (URLError(.notConnectedToInternet) as any Error, PagingErrorKind.offline),
    (URLError(.cannotConnectToHost), .cannotConnect),
    (URLError(.timedOut), .timedOut),
    (URLError(.badServerResponse), .badResponse),
    (URLError(.unknown), .other),
    (CancellationError(), .cancelled),
    (DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x")), .badResponse),
    (AppLoaderError.maintenance, .server),
    (PlainError(), .other),
  ])
  func everyErrorIsClassified(error: any Error, kind: PagingErrorKind) {
    let paging = PagingError(loaderError: error, direction: .nextPage, redacting: nil)
    #expect(paging.kind == kind)
  }

  @Test func theDefaultMessageFollowsTheKindAndAnErrorsOwnTextWins() {
    let plain = PagingError(loaderError: PlainError(), direction: .refresh, redacting: nil)
    #expect(plain.message == "The list could not be loaded.")
    let offline = PagingError(
      loaderError: URLError(.notConnectedToInternet), direction: .nextPage, redacting: nil)
    #expect(offline.message == PagingErrorKind.offline.defaultMessage(for: .nextPage))
    let friendly = PagingError(
      loaderError: FriendlyLoaderError(text: "Try later."), direction: .nextPage, redacting: nil)
    #expect(friendly.message == "Try later.")
    #expect(friendly.kind == .other)
    for kind in PagingErrorKind.allCases {
      #expect(PagingError(direction: .refresh, kind: kind).message == kind.defaultMessage(for: .refresh))
    }
  }

  @Test func equalityComparesKindsAndTextsNotTheUnderlyingError() {
    let first = PagingError(direction: .refresh, kind: .offline, message: "Offline", underlying: PlainError())
    let second = PagingError(
      direction: .refresh, kind: .offline, message: "Offline", underlying: URLError(.notConnectedToInternet))
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != PagingError(direction: .refresh, kind: .server, message: "Offline"))
    #expect(first != PagingError(direction: .nextPage, kind: .offline, message: "Offline"))
  }
}
