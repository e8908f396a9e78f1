import Foundation

/// Every way a piece of a token could appear in text: each run of 8 of its characters, raw,
/// percent-encoded (every byte, either case, or only the reserved ones), JSON- and HTML-escaped,
/// hex, and every 8-character run of its base64 (both alphabets, all three alignments).
///
/// This is the test's referee, written apart from the library's redactor.
struct TokenLeaks {
  let token: String
  /// The lower-cased forms searched for.
  let forms: Set<String>

  init(token: String) {
    self.token = token
    let scalars = Array(token.unicodeScalars)
    var forms: Set<String> = []
    let length = min(8, scalars.count)
    for start in 0...(scalars.count - length) {
      var piece = String.UnicodeScalarView()
      piece.append(contentsOf: scalars[start..<(start + length)])
      let text = String(piece)
      let bytes = Array(text.utf8)
      forms.insert(text)
      forms.insert(bytes.map { String(format: "%%%02x", $0) }.joined())
      forms.insert(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
      forms.insert(text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? text)
      forms.insert(text.replacingOccurrences(of: "/", with: "\\/"))
      forms.insert(text.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined())
      forms.insert(text.unicodeScalars.map { String(format: "&#x%x;", $0.value) }.joined())
      forms.insert(bytes.map { String(format: "%02x", $0) }.joined())
    }
    let bytes = Array(token.utf8)
    for dropped in 0..<3 where bytes.count - dropped >= 6 {
      let aligned = Array(bytes.dropFirst(dropped))
      let whole = Data(aligned.prefix(aligned.count / 3 * 3)).base64EncodedString()
      let url = whole.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      for encoded in [Array(whole), Array(url)] where encoded.count >= 8 {
        for start in 0...(encoded.count - 8) { forms.insert(String(encoded[start..<(start + 8)])) }
      }
    }
    self.forms = Set(forms.map { $0.lowercased() })
  }

  /// The forms of the token that `text` contains, compared without case, code unit by code unit
  /// (`.literal`: a `Character` comparison would miss a form followed by a combining mark).
  func found(in text: String) -> [String] {
    let lowered = text.lowercased()
    return forms.filter { lowered.range(of: $0, options: .literal) != nil }.sorted()
  }
}
