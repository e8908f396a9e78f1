import Foundation
import ListKitFixtures
import ListKitHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Pages of 100 items from the loopback fixture server, read by `HTTPPageLoader` (alone, and
/// merged through `PagedList`), against a plain `URLSession` + `JSONDecoder` loop over the same
/// pages in the same run.
///
/// Both sides pay the same server and loopback costs, so the ratio shows the loader's own cost
/// per item (request building, checks, redaction, the style's decoding) and the list's (state
/// machine, duplicate-id check, append). Target: at most 1.2×.
///
/// The three are interleaved page by page, in rotating order, and compared by their median page
/// time: on a shared machine a burst of other work then hits single pages of every side alike
/// instead of whole runs of one.
@MainActor func runHTTPBenchmark() async {
  let server: FixturePageServer
  do {
    server = try FixturePageServer()
  } catch {
    print("http: \(error)")
    return
  }
  defer { server.stop() }
  await runHTTPBenchmark(server: server)
}

private let pageSize = 100
private let pageCount = 50
private let rounds = 20

@MainActor private func runHTTPBenchmark(server: FixturePageServer) async {
  print(
    "http: \(pageCount) pages × \(pageSize) items ({\"id\": Int, \"name\": String}) from the loopback "
      + "Python fixture server, \(buildConfiguration) build")
  print("  \(rounds) rounds after a warm-up, interleaved page by page; median page time per item")
  print("  style      plain URLSession+JSONDecoder   HTTPPageLoader        + PagedList")
  var worst = 0.0
  for style in BenchmarkStyle.allCases {
    let url = server.url("\(style.path)?total=\(pageSize * pageCount)")
    let plain = PlainLoop(baseURL: url, style: style)
    let loader = HTTPPageLoader<BenchmarkItem>(baseURL: url, style: style.responseStyle)
    let configuration: PagingConfiguration
    do {
      // The fixture server numbers its pages from 1, as Django REST framework does.
      configuration = try PagingConfiguration(style: .pageIndex(firstIndex: 1), pageSize: pageSize)
    } catch {
      print("  bad configuration: \(error)")
      return
    }
    var times: [[Double]] = [[], [], []]
    for round in 0...rounds {
      let list = PagedList(listName: "bench", configuration: configuration, loader: loader)
      for index in 0..<pageCount {
        var sample = [0.0, 0.0, 0.0]
        for step in 0..<3 {
          let side = (step + index + round) % 3
          sample[side] = await time {
            switch side {
            case 0: return try await plain.load(index, pageSize)
            case 1:
              return try await loader.loadPage(
                // The loader sends the index as is; the server's pages start at 1.
                PageRequest(
                  position: .page(index: index + 1, size: pageSize),
                  direction: index == 0 ? .refresh : .nextPage)
              ).items.count
            default:
              let before = list.items.count
              await (index == 0 ? list.refresh() : list.loadNextPage())?.value
              if let error = list.loadStates.refresh.error ?? list.loadStates.next.error { throw error }
              return list.items.count - before
            }
          }
        }
        if round > 0 {
          for side in 0..<3 { times[side].append(sample[side]) }
        }
      }
      guard list.items.count == pageSize * pageCount else {
        print("  PagedList holds \(list.items.count) items, expected \(pageSize * pageCount)")
        exit(1)
      }
    }
    let perItem = times.map { median($0) / Double(pageSize) * 1e6 }
    let loaderRatio = perItem[1] / perItem[0]
    let listRatio = perItem[2] / perItem[0]
    worst = max(worst, loaderRatio, listRatio)
    print(
      "  \(style.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) "
        + "\(format(perItem[0])) µs/item".padding(toLength: 31, withPad: " ", startingAt: 0)
        + "\(format(perItem[1])) µs/item \(format(loaderRatio))×".padding(
          toLength: 22, withPad: " ", startingAt: 0)
        + "\(format(perItem[2])) µs/item \(format(listRatio))×")
  }
  print("  worst ratio \(format(worst))× — \(worst <= 1.2 ? "within" : "OVER") the 1.2× target")
  await printPagedListShare()
}

/// Where the PagedList column's extra time goes: the same pages from memory, through PagedList
/// and through a bare main-actor task calling the loader (the hop every main-actor list pays).
@MainActor private func printPagedListShare() async {
  let pages = (0..<pageCount).map { page in
    (0..<pageSize).map { BenchmarkItem(id: page * pageSize + $0, name: "item \(page * pageSize + $0)") }
  }
  let loader = ClosurePageLoader<BenchmarkItem> { request in
    guard case .page(let index, _) = request.position, pages.indices.contains(index) else {
      return Page(items: [], hasMore: false)
    }
    return Page(items: pages[index], hasMore: index < pageCount - 1)
  }
  guard let configuration = try? PagingConfiguration(style: .pageIndex(firstIndex: 0), pageSize: pageSize)
  else { return }
  var listTimes: [Double] = []
  var hopTimes: [Double] = []
  for round in 0...rounds {
    let list = PagedList(listName: "bench", configuration: configuration, loader: loader)
    for index in 0..<pageCount {
      let request = PageRequest(
        position: .page(index: index, size: pageSize), direction: index == 0 ? .refresh : .nextPage)
      let hop = await time {
        try await Task { @MainActor in try await loader.loadPage(request) }.value.items.count
      }
      let step = await time {
        let before = list.items.count
        await (index == 0 ? list.refresh() : list.loadNextPage())?.value
        return list.items.count - before
      }
      if round > 0 {
        listTimes.append(step)
        hopTimes.append(hop)
      }
    }
  }
  let list = median(listTimes) * 1e6
  let hop = median(hopTimes) * 1e6
  let own = list - hop
  print(
    "  from memory: PagedList \(format(list)) µs/page, a bare main-actor task calling "
      + "the loader \(format(hop)) µs/page (the list's own share of the column above)")
  print(
    "  PagedList's own cost per page (PagedList − bare task): \(format(own)) µs — "
      + "\(own <= ownCostTarget ? "within" : "OVER") the \(format(ownCostTarget)) µs target"
      + " (PagedList itself \(list <= ownCostTarget ? "within" : "over") it)")
}

/// The most the list may add to a page loaded from memory, in microseconds.
private let ownCostTarget = 50.0

/// Runs one page load and returns its seconds; a failure or a short page ends the benchmark.
@MainActor private func time(_ load: @MainActor () async throws -> Int) async -> Double {
  let clock = ContinuousClock()
  let started = clock.now
  let count: Int
  do {
    count = try await load()
  } catch {
    print("  load failed: \(error)")
    exit(1)
  }
  let elapsed = clock.now - started
  guard count == pageSize else {
    print("  expected a page of \(pageSize) items, got \(count)")
    exit(1)
  }
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

private func format(_ value: Double) -> String {
  String(format: "%.2f", value)
}

#if DEBUG
  private let buildConfiguration = "debug"
#else
  private let buildConfiguration = "release"
#endif

struct BenchmarkItem: Decodable, Sendable, Identifiable {
  var id: Int
  var name: String
}

enum BenchmarkStyle: String, CaseIterable {
  case envelope, array

  var path: String { self == .envelope ? "/drf/page" : "/array" }

  var responseStyle: HTTPResponseStyle<BenchmarkItem> {
    self == .envelope ? .envelope() : .array
  }
}

/// The baseline: what an app writes by hand with URLSession and JSONDecoder.
struct PlainLoop {
  struct Envelope: Decodable {
    var count: Int
    var next: String?
    var results: [BenchmarkItem]
  }

  let baseURL: URL
  let style: BenchmarkStyle
  let session = URLSession(configuration: .ephemeral)
  let decoder = JSONDecoder()

  func load(_ index: Int, _ size: Int) async throws -> Int {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
    components.queryItems =
      (components.queryItems ?? []) + [
        URLQueryItem(name: "page", value: String(index + 1)),
        URLQueryItem(name: "page_size", value: String(size)),
      ]
    var request = URLRequest(url: components.url!)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    switch style {
    case .envelope: return try decoder.decode(Envelope.self, from: data).results.count
    case .array: return try decoder.decode([BenchmarkItem].self, from: data).count
    }
  }
}
