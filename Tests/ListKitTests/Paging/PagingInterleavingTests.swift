import Foundation
import ListKit
import ListKitTesting
import Testing

/// Random interleavings of refresh, next page, prefetch, retry, successes, failures, empty pages,
/// repeated cursors and out-of-order (and outdated) responses, checked after every step against
/// ``PagingReferenceModel`` and the invariants.
@Suite struct PagingInterleavingTests {
  static let seed: UInt64 = 0x5EED_0005
  static let machineRuns = ProcessInfo.processInfo.environment["LISTKIT_HEAVY"] == nil ? 10_000 : 200_000
  static let listRuns = ProcessInfo.processInfo.environment["LISTKIT_HEAVY"] == nil ? 300 : 5_000
  static let steps = 40

  @Test func theStateMachineKeepsItsInvariantsUnderRandomInterleavings() {
    for run in 0..<Self.machineRuns {
      let seed = Self.seed &+ UInt64(run)
      if let failure = Self.runMachine(seed: seed) {
        Issue.record("seed \(seed) (run \(run)): \(failure)")
        return
      }
    }
  }

  @MainActor @Test func thePagedListKeepsItsInvariantsUnderRandomInterleavings() async {
    for run in 0..<Self.listRuns {
      let seed = Self.seed &+ 0x1_0000_0000 &+ UInt64(run)
      if let failure = await Self.runList(seed: seed) {
        Issue.record("seed \(seed) (run \(run)): \(failure)")
        return
      }
    }
  }

  // MARK: Pure machine

  /// One run; returns what went wrong, or `nil`.
  static func runMachine(seed: UInt64) -> String? {
    var random = SplitMix64(seed: seed)
    let configuration = random.configuration()
    let context = RequestContext(userToken: "token")
    var machine = Machine(configuration: configuration, context: context)
    var model = PagingReferenceModel(configuration: configuration)
    var handles: [Machine.Ticket: Int] = [:]
    var outstanding: [Machine.Ticket] = []
    var nextHandle = 0
    var cachedPage: Page<TestItem>?
    var cacheTicket: Machine.Ticket?
    var log: [String] = []

    func started(_ actions: [Machine.Action], expected: PageRequest.Position?, handle: Int) -> String? {
      let loads = actions.loads
      guard loads.count <= 1 else { return "more than one load: \(loads)" }
      guard loads.first?.request.position == expected else {
        return
          "started \(String(describing: loads.first?.request.position)), model expected \(String(describing: expected))"
      }
      if let load = loads.first {
        guard load.request.context == context else { return "request lost its context" }
        handles[load.ticket] = handle
        outstanding.append(load.ticket)
      }
      return nil
    }

    let hasCache = random.chance(30)
    if hasCache { cachedPage = random.page() }
    let first = nextHandle
    nextHandle += 1
    let startActions = machine.start(hasCache: hasCache)
    cacheTicket = startActions.cacheReads.first
    if startActions.cacheReads.count != (hasCache ? 1 : 0) { return "start read the cache wrongly" }
    if let failure = started(
      startActions, expected: model.start(hasCache: hasCache, handle: first), handle: first)
    {
      return failure
    }

    for _ in 0..<steps {
      let handle = nextHandle
      nextHandle += 1
      let generation = machine.generation
      let roll = Int.random(in: 0..<100, using: &random)
      var failure: String?
      switch roll {
      case ..<10:
        log.append("refresh")
        failure = started(machine.refresh(), expected: model.refresh(handle: handle), handle: handle)
      case ..<22:
        log.append("loadNextPage")
        failure = started(
          machine.loadNextPage(.explicit), expected: model.loadNextPage(explicit: true, handle: handle),
          handle: handle)
      case ..<37:
        let index = Int.random(in: -1...machine.items.count, using: &random)
        log.append("willDisplay(\(index))")
        failure = started(
          machine.itemWillDisplay(at: index), expected: model.itemWillDisplay(at: index, handle: handle),
          handle: handle)
      case ..<45:
        log.append("retry")
        failure = started(machine.retry(), expected: model.retry(handle: handle), handle: handle)
      default:
        if let ticket = cacheTicket, random.chance(30) {
          cacheTicket = nil
          let hit = cachedPage.flatMap { random.chance(80) ? $0 : nil }
          log.append(hit.map { "cache hit \($0.items)" } ?? "cache miss")
          let lookup: PageCacheLookup<TestItem> =
            hit.map { .hit(CachedPage(page: $0, savedAt: testNow)) } ?? .miss(.notFound)
          let actions = machine.cacheLoaded(ticket, lookup, now: testNow)
          model.cacheLoaded(hit?.items)
          failure = started(actions, expected: nil, handle: handle)
          if actions.cacheCompletions.count != 1 { failure = "the cache read was not reported once" }
          break
        }
        guard !outstanding.isEmpty else { continue }
        let ticket = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
        let wasCurrent = model.isInFlight(handles[ticket]!)
        let before = machine.items
        let actions: [Machine.Action]
        if random.chance(70) {
          let page = random.page()
          log.append("\(ticket) ← \(page.items) more: \(page.hasMore) cursor: \(page.nextCursor ?? "nil")")
          actions = machine.succeeded(ticket, with: page)
          model.respond(handles[ticket]!, with: page)
        } else {
          log.append("\(ticket) ← failure")
          actions = machine.failed(ticket, with: PagingError(direction: .nextPage, message: "down"))
          model.respond(handles[ticket]!, with: nil)
        }
        if !wasCurrent && (!actions.isEmpty || machine.items != before) {
          failure = "an outdated response changed something: \(actions)"
        } else if wasCurrent && actions.completions.count != 1 {
          failure = "a current response was not reported once"
        }
      }
      if failure == nil { failure = check(machine, against: model, generationBefore: generation) }
      if let failure { return "\(failure)\n  after: \(log.suffix(12).joined(separator: " | "))" }
    }
    return nil
  }

  static func check(_ machine: Machine, against model: PagingReferenceModel, generationBefore: Int) -> String?
  {
    if Set(machine.items.map(\.id)).count != machine.items.count {
      return "two items share an id: \(machine.items)"
    }
    if machine.items != model.items { return "items \(machine.items), model \(model.items)" }
    if machine.refreshState.kind != model.refreshState {
      return "refresh \(machine.refreshState.kind), model \(model.refreshState)"
    }
    if machine.nextPageState.kind != model.nextPageState {
      return "next page \(machine.nextPageState.kind), model \(model.nextPageState)"
    }
    if machine.ticket(of: .nextPage) != nil && machine.refreshState != .idle {
      return "a next page is in flight beside a refresh"
    }
    if machine.isBlank != model.isBlank { return "isBlank \(machine.isBlank), model \(model.isBlank)" }
    if machine.hasMoreData != model.hasMoreData { return "hasMoreData \(machine.hasMoreData)" }
    if (machine.cachedPageAge != nil) != model.showingCache { return "cached flag differs" }
    if machine.generation < generationBefore { return "generation went back" }
    return nil
  }

  // MARK: Through PagedList

  @MainActor
  static func runList(seed: UInt64) async -> String? {
    var random = SplitMix64(seed: seed)
    let configuration = random.configuration()
    let honorsCancellation = random.chance(50)
    let (loader, requests) = ScriptedLoader.make(honorsCancellation: honorsCancellation)
    var incoming = requests.makeAsyncIterator()
    let cache = GatedPageCache()
    var cacheReads = cache.reads.makeAsyncIterator()
    defer { cache.answerAll() }
    let context = RequestContext(userToken: "secret-\(seed)")
    let hasCache = random.chance(30)
    let cachedPage = random.page()
    let list = PagedList(
      listName: "random", context: context, configuration: configuration, loader: loader,
      cache: hasCache ? cache : nil, now: { testNow })
    var pendingRead: PendingCacheRead?
    var model = PagingReferenceModel(configuration: configuration)
    var reports = 0
    list.onRequestCompleted = { _ in reports += 1 }
    var outstanding: [(handle: Int, load: PendingLoad, task: Task<Void, Never>)] = []
    var nextHandle = 0
    var log: [String] = []

    func started(_ task: Task<Void, Never>?, expected: PageRequest.Position?, handle: Int) async -> String? {
      guard let task else { return expected == nil ? nil : "started nothing, model expected \(expected!)" }
      guard let load = await incoming.next(isolation: #isolation) else { return "the loader stream ended" }
      guard load.request.position == expected else {
        return "started \(load.request.position), model expected \(String(describing: expected))"
      }
      guard load.request.context == context else { return "request lost its context" }
      outstanding.append((handle, load, task))
      return nil
    }

    let first = nextHandle
    nextHandle += 1
    let expectedFirst = model.start(hasCache: hasCache, handle: first)
    if let failure = await started(list.start(), expected: expectedFirst, handle: first) { return failure }
    if hasCache {
      pendingRead = await cacheReads.next(isolation: #isolation)
      guard pendingRead?.key == list.cacheKey else { return "the cache read the wrong key" }
    }

    for _ in 0..<(steps / 2) {
      let handle = nextHandle
      nextHandle += 1
      let roll = Int.random(in: 0..<100, using: &random)
      var failure: String?
      switch roll {
      case ..<10:
        log.append("refresh")
        failure = await started(list.refresh(), expected: model.refresh(handle: handle), handle: handle)
      case ..<22:
        log.append("loadNextPage")
        failure = await started(
          list.loadNextPage(), expected: model.loadNextPage(explicit: true, handle: handle), handle: handle)
      case ..<37:
        let index = Int.random(in: -1...list.items.count, using: &random)
        log.append("willDisplay(\(index))")
        failure = await started(
          list.itemWillDisplay(at: index), expected: model.itemWillDisplay(at: index, handle: handle),
          handle: handle)
      case ..<45:
        log.append("retry")
        failure = await started(list.retry(), expected: model.retry(handle: handle), handle: handle)
      default:
        if let read = pendingRead, random.chance(30) {
          pendingRead = nil
          let hit = random.chance(80) ? cachedPage : nil
          log.append(hit.map { "cache hit \($0.items)" } ?? "cache miss")
          read.answer(hit.map { .hit(CachedPage(page: $0, savedAt: testNow)) } ?? .miss(.notFound))
          model.cacheLoaded(hit?.items)
          await list.cacheReadTask?.value
          break
        }
        guard !outstanding.isEmpty else { continue }
        let entry = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
        let wasCurrent = model.isInFlight(entry.handle)
        let reportsBefore = reports
        if random.chance(70) {
          let page = random.page()
          log.append("#\(entry.handle) ← \(page.items)")
          entry.load.succeed(page)
          model.respond(entry.handle, with: page)
        } else {
          log.append("#\(entry.handle) ← failure")
          entry.load.fail(LeakyLoaderError(token: context.userToken!))
          model.respond(entry.handle, with: nil)
        }
        await entry.task.value
        if reports - reportsBefore != (wasCurrent ? 1 : 0) {
          failure = "\(reports - reportsBefore) reports for a \(wasCurrent ? "current" : "outdated") response"
        }
      }
      if failure == nil { failure = check(list, against: model, token: context.userToken!) }
      if let failure { return "\(failure)\n  after: \(log.suffix(12).joined(separator: " | "))" }
    }
    // Leave no task waiting.
    for entry in outstanding {
      entry.load.fail(CancellationError())
      await entry.task.value
    }
    return nil
  }

  @MainActor
  static func check(_ list: PagedList<TestItem>, against model: PagingReferenceModel, token: String)
    -> String?
  {
    if Set(list.items.map(\.id)).count != list.items.count { return "two items share an id" }
    if list.items != model.items { return "items \(list.items), model \(model.items)" }
    if list.refreshState.kind != model.refreshState { return "refresh \(list.refreshState.kind)" }
    if list.nextPageState.kind != model.nextPageState { return "next page \(list.nextPageState.kind)" }
    if list.isBlank != model.isBlank { return "isBlank \(list.isBlank)" }
    if list.isShowingCachedPage != model.showingCache { return "cached flag differs" }
    for error in [list.refreshState.error, list.nextPageState.error].compactMap({ $0 })
    where error.message.contains(token) || error.details.contains(token) {
      return "the token leaked into an error: \(error)"
    }
    return nil
  }
}
