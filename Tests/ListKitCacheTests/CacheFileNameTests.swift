import ListKit
import Testing

@testable import ListKitCache

@Suite struct CacheFileNameTests {
  @Test func theFileNameFollowsTheAccountNotTheToken() {
    let before = PageCacheKey(listName: "photos", context: RequestContext(accountID: "42", userToken: "old"))
    let after = PageCacheKey(listName: "photos", context: RequestContext(accountID: "42", userToken: "new"))
    #expect(CacheFileName(key: before) == CacheFileName(key: after))
    // An account id and a token of the same text are different users.
    let token = PageCacheKey(listName: "photos", context: RequestContext(userToken: "42"))
    #expect(CacheFileName(key: token) != CacheFileName(key: before))
  }

  @Test func aKeyOfATokenAloneKeepsTheFileNameOfEarlierVersions() {
    // Computed independently (Python's hashlib) from the format of the versions that knew only
    // tokens: an app that passes only a token finds its cached page after the update.
    let key = PageCacheKey(listName: "photos", context: RequestContext(userToken: "alice-token"))
    #expect(
      CacheFileName(key: key).value
        == "00c26e22f9605913~a2c61611d719fa598d61b07a39fe4e19bc15407cb25e929fb72ad2812941ff35.json")
  }
}
