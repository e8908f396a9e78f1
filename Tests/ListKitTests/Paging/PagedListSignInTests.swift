import ListKit
import Testing

/// Identity apart from the credential on a live list: a new token for the same account changes
/// nothing shown and sends nothing; sign-out is one call after which nothing is sent until a new
/// identity is set.
@MainActor @Suite struct PagedListSignInTests {
  static let alice = RequestContext(accountID: "alice", userToken: "t1")

  func harness(honorsCancellation: Bool = false) -> PagedListTests.Harness {
    PagedListTests.Harness(context: Self.alice, withCache: true, honorsCancellation: honorsCancellation)
  }

  @Test func aNewTokenForTheSameAccountKeepsTheItemsThePositionAndTheCacheKey() async {
    var harness = harness()
    await harness.loadFirstPage(page(0..<3))
    await harness.loadNext(page(3..<6))
    let key = harness.list.cacheKey
    var changes: [ItemsChange] = []
    harness.list.onItemsChanged = { changes.append($0) }

    let started = harness.list.switchContext(to: RequestContext(accountID: "alice", userToken: "t2"))
    #expect(started == nil, "a rotation starts no load")
    #expect(harness.list.items == testItems(0..<6))
    #expect(changes.isEmpty)
    #expect(harness.list.cacheKey == key)
    #expect(harness.list.context.userToken == "t2")
    // No refresh was sent: the next request is the page after the last one, with the new token.
    let next = harness.list.loadNextPage()
    await harness.answerNextRequest(at: .page(index: 2, size: 3), token: "t2", with: page(6..<9))
    await next?.value
    #expect(harness.list.items == testItems(0..<9))
  }

  @Test func aRetryAfterARotationCarriesTheNewToken() async {
    var harness = harness()
    await harness.loadFirstPage(page(0..<3))
    let next = harness.list.loadNextPage()
    await harness.nextRequest().fail(FriendlyLoaderError(text: "expired"))
    await next?.value
    harness.list.switchContext(to: RequestContext(accountID: "alice", userToken: "t2"))
    #expect(harness.list.loadStates.next.error != nil, "the failure stays until retried")
    let retry = harness.list.retry()
    await harness.answerNextRequest(at: .page(index: 1, size: 3), token: "t2", with: page(3..<6))
    await retry?.value
    #expect(harness.list.items == testItems(0..<6))
  }

  @Test func aNewTokenStandingForTheUserIsAnotherUser() async {
    var harness = PagedListTests.Harness(token: "t1")
    await harness.loadFirstPage(page(0..<3))
    let key = harness.list.cacheKey
    let switched = harness.list.switchContext(to: RequestContext(userToken: "t2"))
    #expect(harness.list.items.isEmpty)
    #expect(harness.list.cacheKey != key)
    #expect(await (harness.nextRequest().request.direction == .refresh))
    switched?.cancel()
  }

  @Test func signOutCancelsEmptiesAndSendsNothingUntilANewIdentity() async {
    var harness = harness(honorsCancellation: true)
    await harness.loadFirstPage(page(0..<3))
    let next = harness.list.loadNextPage()
    let pending = await harness.nextRequest()
    var completions: [RequestCompletion] = []
    harness.list.onRequestCompleted = { completions.append($0) }
    var changes: [ItemsChange] = []
    harness.list.onItemsChanged = { changes.append($0) }

    harness.list.signOut()
    #expect(pending.sawCancellation)
    await next?.value
    #expect(completions.isEmpty, "a cancelled load is not reported")
    #expect(harness.list.items.isEmpty)
    #expect(changes == [.reloaded(count: 0)], "a screen showing the old user's rows is told they are gone")
    #expect(harness.list.isSignedOut)
    #expect(!harness.list.isBlank)
    #expect(harness.list.context == RequestContext())
    #expect(harness.list.loadStates.next == .idle && harness.list.loadStates.refresh == .idle)
    #expect(harness.list.refresh() == nil)
    #expect(harness.list.start() == nil)
    #expect(harness.list.loadNextPage() == nil)
    #expect(harness.list.loadPreviousPage() == nil)
    #expect(harness.list.retry() == nil)
    #expect(harness.list.itemWillDisplay(at: 0) == nil)

    let signedIn = harness.list.switchContext(to: RequestContext(accountID: "bob", userToken: "b1"))
    #expect(!harness.list.isSignedOut)
    let request = await harness.nextRequest()
    #expect(request.request.direction == .refresh && request.request.context.accountID == "bob")
    request.succeed(page(10..<13))
    await signedIn?.value
    #expect(harness.list.items == testItems(10..<13))
  }

  @Test func signOutRemovesTheEntryOnlyWhenAskedAndAfterTheSavesBeforeIt() async {
    for removing in [false, true] {
      var harness = harness()
      harness.cache.holdSaves()
      await harness.loadFirstPage(page(0..<3))
      let key = harness.list.cacheKey
      harness.list.signOut(removingCachedEntries: removing)
      // The save started before the sign-out ends after it; the removal still comes last.
      harness.cache.releaseSaves()
      await harness.list.waitForCacheWrites()
      #expect((harness.cache.entries[key] == nil) == removing, "removing: \(removing)")
    }
  }

  @Test func pagesThatAddNothingNewEndPagingWithATypedErrorAfterTheBound() async {
    var harness = PagedListTests.Harness()
    await harness.loadFirstPage(page(0..<3))
    // Two repeats, then a page with one new item: the count starts again.
    await harness.loadNext(page(0..<3))
    await harness.loadNext(page(0..<3))
    await harness.loadNext(page(1..<4))
    #expect(harness.list.loadStates.next == .idle)
    for repeatCount in 1...PagingNoProgressError.pageBound {
      #expect(harness.list.loadStates.next == .idle, "ended after \(repeatCount - 1) repeats")
      await harness.loadNext(page(0..<3))
    }
    let error = harness.list.loadStates.next.error
    #expect(error?.kind == .badResponse)
    #expect(
      error?.underlying as? PagingNoProgressError
        == PagingNoProgressError(direction: .nextPage, pages: PagingNoProgressError.pageBound))
    #expect(harness.list.items == testItems(0..<4))
    #expect(harness.list.itemWillDisplay(at: 3) == nil, "a prefetch does not ask again")
  }
}

extension PagedListTests.Harness {
  /// A harness whose list starts in `context`.
  init(context: RequestContext, withCache: Bool = false, honorsCancellation: Bool = false) {
    let (loader, stream) = ScriptedLoader.make(honorsCancellation: honorsCancellation)
    cache = InMemoryPageCache(savedAt: testNow)
    list = PagedList(
      listName: "photos", context: context, configuration: .test(), loader: loader,
      cache: withCache ? cache : nil, now: { testNow })
    requests = stream.makeAsyncIterator()
  }
}
