import Foundation
import ListKitDemoSupport
import Testing

@Suite struct DemoOptionsTests {
  typealias Change = @Sendable (inout DemoOptions) -> Void

  static let accepted: [([String], Change)] = [
    ([], { _ in }),
    (["--latency", "0"], { $0.latency = .zero }),
    (["--latency=1.5s"], { $0.latency = .milliseconds(1500) }),
    (["--latency", "250ms"], { $0.latency = .milliseconds(250) }),
    (["--latency", "40"], { $0.latency = .milliseconds(40) }),
    (["--fail-rate", "0.25"], { $0.failRate = 0.25 }),
    (["--fail-rate=20%"], { $0.failRate = 0.2 }),
    (["--page-size", "7"], { $0.pageSize = 7 }),
    (["--count", "0"], { $0.count = 0 }),
    (["--count=1000000"], { $0.count = 1_000_000 }),
    (["--empty"], { $0.count = 0 }),
    (
      ["--url", "https://api.example.com/photos?per=10"],
      {
        $0.url = URL(string: "https://api.example.com/photos?per=10")
      }
    ),
    (["--style", "cursor"], { $0.style = .cursor }),
    (["--style=offset"], { $0.style = .offset }),
    (["--token", "s3cret"], { $0.token = "s3cret" }),
    (["--cache-dir", "/tmp/listkit cache"], { $0.cacheDirectory = "/tmp/listkit cache" }),
    (["--no-cache"], { $0.usesCache = false }),
    (["--seed", "42"], { $0.seed = 42 }),
    (["--seed", "0xFF"], { $0.seed = 255 }),
    (["--dump"], { $0.dump = true }),
    (
      ["--dump", "--pages", "3", "--width=120"],
      {
        $0.dump = true
        $0.pages = 3
        $0.width = 120
      }
    ),
    (
      ["--pages", "0", "--dump"],
      {
        $0.dump = true
        $0.pages = 0
      }
    ),
  ]

  @Test(arguments: DemoOptionsTests.accepted.indices)
  func everyFlagSetsItsOption(index: Int) throws {
    let (arguments, change) = Self.accepted[index]
    var expected = DemoOptions()
    change(&expected)
    #expect(try DemoOptions.parse(arguments) == .run(expected), "\(arguments)")
  }

  @Test func theDefaultsEndOnAPartialPage() {
    let options = DemoOptions()
    #expect(options.count % options.pageSize != 0)
    #expect(options.latency > .zero)
    #expect(options.failRate == 0)
  }

  @Test func helpWinsWhereverItStands() throws {
    #expect(try DemoOptions.parse(["--help"]) == .help)
    #expect(try DemoOptions.parse(["--count", "3", "--help", "--bogus"]) == .help)
    #expect(DemoOptions.usage.contains("--fail-rate"))
  }

  static let rejected: [([String], String)] = [
    (["--bogus"], "unknown option '--bogus'"),
    (["--count=5", "--Count", "5"], "unknown option '--Count'"),
    (["photos"], "unexpected argument 'photos' (options start with --)"),
    (["--"], "unexpected argument '--' (options start with --)"),
    (["--count"], "--count needs a value"),
    (["--count", "--dump"], "--count needs a value"),
    (["--count", "abc"], "--count: 'abc' is not a whole number from 0 to 1000000"),
    (["--count", "-1"], "--count: '-1' is not a whole number from 0 to 1000000"),
    (["--count", "1000001"], "--count: '1000001' is not a whole number from 0 to 1000000"),
    (["--page-size", "0"], "--page-size: '0' is not a whole number from 1 to 1000"),
    (["--latency", "fast"], "--latency: 'fast' is not a time like 300ms or 1.5s, at most 60s"),
    (["--latency", "61s"], "--latency: '61s' is not a time like 300ms or 1.5s, at most 60s"),
    (["--latency", "-5"], "--latency: '-5' is not a time like 300ms or 1.5s, at most 60s"),
    (["--fail-rate", "1.5"], "--fail-rate: '1.5' is not a number from 0 to 1, or a percentage like 20%"),
    (["--fail-rate", "nan"], "--fail-rate: 'nan' is not a number from 0 to 1, or a percentage like 20%"),
    (["--url", "ftp://example.com"], "--url: 'ftp://example.com' is not an http or https URL with a host"),
    (["--url", "not a url"], "--url: 'not a url' is not an http or https URL with a host"),
    (["--style", "pages"], "--style: 'pages' is not page, offset or cursor"),
    (["--token="], "--token: '' is not a non-empty token on one line"),
    (["--cache-dir="], "--cache-dir: '' is not a directory path"),
    (["--seed", "-3"], "--seed: '-3' is not a whole number from 0 to 2^64-1 (or 0x…)"),
    (["--pages", "2"], "--pages needs --dump"),
    (["--width", "100"], "--width needs --dump"),
    (["--dump", "--width", "5"], "--width: '5' is not a whole number from 20 to 1000"),
    (["--dump=yes"], "--dump takes no value"),
    (["--no-cache", "--cache-dir", "/tmp"], "--no-cache and --cache-dir cannot be used together"),
    (["--count", "3", "--empty"], "--empty and --count cannot be used together"),
    (["--count", "1", "--count", "2"], "--count given more than once"),
  ]

  @Test(arguments: DemoOptionsTests.rejected.indices)
  func aBadFlagOrValueIsOneLineNamingIt(index: Int) {
    let (arguments, message) = Self.rejected[index]
    do {
      let command = try DemoOptions.parse(arguments)
      Issue.record("\(arguments) parsed as \(command)")
    } catch {
      #expect(error.description == message, "\(arguments)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func theTokenNeverAppearsInAnError() {
    do {
      _ = try DemoOptions.parse(["--token", "line\nbreak-secret"])
      Issue.record("a token with a newline was accepted")
    } catch {
      #expect(!error.description.contains("secret"))
    }
  }
}
