import Foundation
import Testing

@testable import ListKit

@Suite struct RequestContextTests {
  @Test func descriptionsNeverShowTheTokenOrTheAccount() {
    let secret = "s3cr3t-token-value"
    let account = "account-4711"
    let context = RequestContext(accountID: account, userToken: secret, values: ["q": "cats"])
    let key = PageCacheKey(listName: "photos", context: context, query: "cats")
    let tokenKey = PageCacheKey(listName: "photos", context: RequestContext(userToken: secret), query: "cats")
    for text in [
      "\(context)", String(reflecting: context), "\(key)", String(reflecting: key), "\(tokenKey)",
      String(reflecting: tokenKey), "\(context.identity!)", String(reflecting: context.identity!),
    ] {
      #expect(!text.contains(secret), "token leaked in \(text)")
      #expect(!text.contains(account), "account leaked in \(text)")
    }
    #expect("\(context)".contains("q: cats"))
  }

  @Test func theIdentityIsTheAccountElseTheTokenElseNobody() {
    #expect(RequestContext(accountID: "42", userToken: "t").identity == .account("42"))
    #expect(RequestContext(accountID: "42").identity == .account("42"))
    #expect(RequestContext(userToken: "t").identity == .token("t"))
    #expect(RequestContext().identity == nil)
  }

  @Test func onlyANewTokenForTheSameAccountIsARotation() {
    let alice = RequestContext(accountID: "alice", userToken: "t1", values: ["q": "cats"])
    #expect(alice.isRotation(to: RequestContext(accountID: "alice", userToken: "t2", values: ["q": "cats"])))
    #expect(alice.isRotation(to: RequestContext(accountID: "alice", values: ["q": "cats"])))
    #expect(!alice.isRotation(to: RequestContext(accountID: "bob", userToken: "t2", values: ["q": "cats"])))
    #expect(!alice.isRotation(to: RequestContext(accountID: "alice", userToken: "t2", values: ["q": "dogs"])))
    #expect(!alice.isRotation(to: RequestContext()))
    // A token that stands for the user: a new token is a new user.
    #expect(!RequestContext(userToken: "t1").isRotation(to: RequestContext(userToken: "t2")))
  }

  @Test func theCacheKeyFollowsTheAccountNotTheToken() {
    let before = PageCacheKey(listName: "photos", context: RequestContext(accountID: "42", userToken: "old"))
    let after = PageCacheKey(listName: "photos", context: RequestContext(accountID: "42", userToken: "new"))
    #expect(before == after)
    // An account id and a token of the same text are different users (the disk cache's file
    // names follow: CacheFileNameTests in ListKitCacheTests).
    let token = PageCacheKey(listName: "photos", context: RequestContext(userToken: "42"))
    #expect(token != before)
    #expect(token.user == .token("42") && before.user == .account("42"))
  }

  /// A request is an anchor's page only when it says so, and only as a first page.
  @Test func onlyAFirstPageAskedAsOneIsAnAnchorsPage() {
    #expect(!PageRequest(position: .item("7", limit: 20), direction: .refresh).isAnchored)
    #expect(PageRequest(position: .item("7", limit: 20), direction: .refresh, isAnchored: true).isAnchored)
    for direction in [PagingDirection.nextPage, .previousPage] {
      let request = PageRequest(position: .cursor("abc", limit: 10), direction: direction, isAnchored: true)
      #expect(!request.isAnchored)
    }
  }

  @Test func requestLimitIsTheSizeInEveryStyle() {
    #expect(PageRequest(position: .page(index: 2, size: 20), direction: .nextPage).limit == 20)
    #expect(PageRequest(position: .offset(40, limit: 25), direction: .nextPage).limit == 25)
    #expect(PageRequest(position: .cursor("abc", limit: 10), direction: .nextPage).limit == 10)
  }
}
