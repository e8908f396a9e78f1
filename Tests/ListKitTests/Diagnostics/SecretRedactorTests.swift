import Foundation
import Testing

@testable import ListKit

/// `SecretRedactor` removes every piece of a secret, whatever encoding carries it.
@Suite struct SecretRedactorTests {
  static let token = "s3cr3t-T0ken/plus+eq=tail"
  let redactor = SecretRedactor(secrets: [Self.token])

  /// Whether any 6-byte run of the token is in the text, compared without case.
  func leaks(_ text: String) -> Bool {
    let bytes = Array(Self.token.lowercased().utf8)
    let lowered = text.lowercased()
    return (0...(bytes.count - 6)).contains { start in
      lowered.range(of: String(decoding: bytes[start..<(start + 6)], as: UTF8.self), options: .literal) != nil
    }
  }

  static let spellings: [String] = {
    let token = SecretRedactorTests.token
    let escaped: String = token.unicodeScalars.map { String(format: "\\u%04x", Int($0.value)) }.joined()
    let html: String = token.unicodeScalars.map { "&#\(Int($0.value));" }.joined()
    var spellings: [String] = [token, "{\"t\": \"s3cr3t-T0ken\\/plus+eq=tail\"}"]
    spellings += ["s3cr3t-T0ken%2fplus%2beq%3dtail", "s3cr3t-T0ken%252Fplus%252Beq%253Dtail"]
    spellings += [token.uppercased(), token + "\u{301}", "tok: " + escaped, html]
    spellings += ["…" + String(token.dropFirst(5)), String(token.prefix(9)) + "…"]
    return spellings
  }()

  @Test(arguments: spellings)
  func everyEncodingOfTheTokenIsRemoved(text: String) {
    let redacted = redactor.redact(text)
    // `.literal`: a combining mark after the placeholder joins its last `Character`.
    #expect(redacted.range(of: SecretRedactor.placeholder, options: .literal) != nil, "\(redacted)")
    let decoded = redacted.removingPercentEncoding ?? redacted
    #expect(!leaks(decoded), "\(redacted)")
  }

  @Test func base64AndHexOfTheTokenAreRemovedAtAnyAlignment() {
    for prefix in ["", "u", "us", "user:"] {
      let encoded = Data((prefix + Self.token).utf8).base64EncodedString()
      let redacted = redactor.redact("Basic \(encoded)")
      let window = Data(Self.token.utf8).base64EncodedString().dropFirst(4).prefix(8)
      #expect(!redacted.contains(window) && redacted.contains(SecretRedactor.placeholder), "\(redacted)")
    }
    let hex = Self.token.utf8.map { String(format: "%02X", $0) }.joined()
    #expect(redactor.redact(hex) == SecretRedactor.placeholder)
  }

  @Test func anExcerptIsRedactedBeforeItIsCut() {
    let text = String(repeating: "x", count: 195) + Self.token
    let excerpt = redactor.excerpt(text, limit: 200)
    #expect(!excerpt.contains("s3cr3t"))
    #expect(excerpt.hasSuffix("…"))
    #expect(excerpt.unicodeScalars.count <= 201)
  }

  @Test func otherTextIsKeptAndScalarsAreNotSplit() {
    #expect(redactor.redact("page 2 of 10, nothing secret") == "page 2 of 10, nothing secret")
    #expect(SecretRedactor(secrets: []).redact("s3cr3t") == "s3cr3t")
    let unicode = SecretRedactor(secrets: ["géheimnis-ü-wört"])
    let redacted = unicode.redact("a géheimnis-ü-wört b")
    #expect(redacted == "a <redacted> b")
  }
}
