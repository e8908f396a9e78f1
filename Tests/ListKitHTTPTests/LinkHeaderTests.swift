import Foundation
import ListKitTesting
import Testing

@testable import ListKitHTTP

@Suite struct LinkHeaderTests {
  @Test func githubStyleHeaderGivesNextAndLast() {
    let header = LinkHeader(
      parsing: #"<https://api.github.com/repos/x/y/issues?page=2>; rel="next", "#
        + #"<https://api.github.com/repos/x/y/issues?page=5>; rel="last""#)
    #expect(header.target(forRelation: "next") == "https://api.github.com/repos/x/y/issues?page=2")
    #expect(header.target(forRelation: "last") == "https://api.github.com/repos/x/y/issues?page=5")
    #expect(header.target(forRelation: "prev") == nil)
  }

  @Test func spacingCaseQuotingAndSeveralRelationsAreTolerated() {
    let header = LinkHeader(
      parsing: "  <a> ;rel=first,<b>;\ttype=\"application/json\" ;  REL = \"prefetch  NEXT\" ,<c>;rel=last")
    #expect(header.target(forRelation: "next") == "b")
    #expect(header.target(forRelation: "first") == "a")
    #expect(header.target(forRelation: "last") == "c")
    #expect(header.links.map(\.target) == ["a", "b", "c"])
  }

  @Test func commasAndSemicolonsInsideQuotesOrTargetsDoNotSplit() {
    let header = LinkHeader(
      parsing: #"<https://x/?a=1,2;b>; title="one, two; three"; rel="next", <https://x/?p=9>; rel="last""#)
    #expect(header.target(forRelation: "next") == "https://x/?a=1,2;b")
    #expect(header.links.first?.parameters["title"] == "one, two; three")
    #expect(header.target(forRelation: "last") == "https://x/?p=9")
  }

  @Test func escapedQuotesAndTheFirstRelWin() {
    let header = LinkHeader(parsing: #"<u>; title="say \"hi\""; rel="next"; rel="prev""#)
    #expect(header.links.first?.parameters["title"] == #"say "hi""#)
    #expect(header.target(forRelation: "next") == "u")
    #expect(header.target(forRelation: "prev") == nil)
  }

  @Test func malformedLinksAreSkippedAndTheRestRead() {
    let header = LinkHeader(
      parsing: #"garbage; rel="next", <unterminated; rel="next""#)
    #expect(header.links.isEmpty)
    let mixed = LinkHeader(parsing: #"oops, <b> junk, <c>; rel="next", "#)
    #expect(mixed.target(forRelation: "next") == "c")
    // A malformed entry is skipped to its comma, not past the link after it.
    #expect(LinkHeader(parsing: #"oops, <c>; rel="next""#).target(forRelation: "next") == "c")
    #expect(LinkHeader(parsing: "").links.isEmpty)
    #expect(LinkHeader(parsing: " , ,").links.isEmpty)
  }

  @Test func arbitraryInputNeverCrashes() {
    var generator = SplitMix64(seed: 0x11E7_C0DE)
    let alphabet = Array(#"<>;,="\ relnxt"#)
    for _ in 0..<2000 {
      let length = Int(generator.next() % 40)
      let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let header = LinkHeader(parsing: text)
      #expect(header.links.count <= text.count, "seed 0x11E7C0DE, input \(text)")
    }
  }
}

@Suite struct RedactorTests {
  @Test func credentialQueryValuesAndTheTokenAreHidden() {
    let redactor = Redactor(token: "abc123", extraParameterName: "Sig_V")
    let url = URL(string: "https://u:pw@x.test/p?access_token=zzz&page=2&sig_v=yyy&q=abc123")!
    let text = redactor.redact(url)
    #expect(
      !text.contains("zzz") && !text.contains("yyy") && !text.contains("abc123") && !text.contains("pw"))
    #expect(text.contains("page=2"))
    #expect(redactor.redact("echo abc123 and abc123") == "echo <redacted> and <redacted>")
  }

  @Test func noTokenRedactsOnlyCredentialParameters() {
    let redactor = Redactor(token: nil, extraParameterName: nil)
    #expect(redactor.redact("plain text") == "plain text")
    #expect(!redactor.redact(URL(string: "http://x/?api_key=k1")!).contains("k1"))
  }
}
