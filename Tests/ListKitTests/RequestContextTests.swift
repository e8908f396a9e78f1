import ListKit
import Testing

@Suite struct RequestContextTests {
  @Test func descriptionsNeverShowTheToken() {
    let secret = "s3cr3t-token-value"
    let context = RequestContext(userToken: secret, values: ["q": "cats"])
    let key = PageCacheKey(listName: "photos", userToken: secret, query: "cats")
    for text in ["\(context)", String(reflecting: context), "\(key)", String(reflecting: key)] {
      #expect(!text.contains(secret), "token leaked in \(text)")
    }
    #expect("\(context)".contains("q: cats"))
  }

  @Test func requestLimitIsTheSizeInEveryStyle() {
    #expect(PageRequest(position: .page(index: 2, size: 20), isFirstPage: false).limit == 20)
    #expect(PageRequest(position: .offset(40, limit: 25), isFirstPage: false).limit == 25)
    #expect(PageRequest(position: .cursor("abc", limit: 10), isFirstPage: false).limit == 10)
  }
}
