import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

/// Random interleavings of refresh, next and previous pages, prefetch at both ends, retry, cancel,
/// context switches, anchors, cache answers (early, late, outdated), successes, failures, empty
/// pages, repeated cursors, totals, out-of-order (and outdated) responses, and kept and pending
/// edits with their confirmations and roll-backs (old contexts' included), also before refreshes
/// in place, checked after every step against ``PagingReferenceModel`` and the invariants: among
/// them, what is shown is the loaded items with the pending edits applied, each step's reported
/// change turns the rows shown before into exactly those shown after, no item, edit or total of
/// another context is ever shown, and no page is saved under a key it was not loaded for.
@Suite struct PagingInterleavingTests {
  static let seed: UInt64 = 0x5EED_0005
  static let machineRuns = Sweep.runs(5_000, heavy: 200_000)
  static let listRuns = Sweep.runs(150, heavy: 5_000)
  static let steps = 40
  /// `LISTKIT_PAGING_RUN=n` runs that run of each sweep alone (a heavy sweep's run too), and
  /// prints every step it made.
  static let onlyRun = ProcessInfo.processInfo.environment["LISTKIT_PAGING_RUN"].flatMap { Int($0) }

  /// How often a run did what the newer rules are about, so a test cannot pass by never doing it.
  struct Coverage {
    /// Jumps (`start(at:)`) issued while another jump was loading, which they replace.
    var jumpsReplacingJumps = 0
    /// Refreshes in place that asked for another page than the anchor's.
    var refreshesInPlace = 0
    /// Answers to a replaced jump, which must change nothing.
    var answersToReplacedJumps = 0
    /// Refreshes in place that asked for another page than the anchor's after kept edits inserted
    /// or removed items since the first page.
    var refreshesInPlaceAfterEdits = 0
  }

  @Test func theStateMachineKeepsItsInvariantsUnderRandomInterleavings() async {
    // NB: a sweep of seconds (a minute under ThreadSanitizer) runs on a thread of its own, so it
    // never holds one of the cooperative pool's threads (two here) that every other test needs.
    let (failure, coverage) = await offPool {
      var coverage = Coverage()
      for run in Self.onlyRun.map({ $0...$0 }) ?? 0...(Self.machineRuns - 1) {
        let seed = Self.seed &+ UInt64(run)
        if let failure = Self.runMachine(seed: seed, coverage: &coverage, printsSteps: Self.onlyRun != nil) {
          return ("seed \(seed) (run \(run)): \(failure)" as String?, coverage)
        }
      }
      return (nil, coverage)
    }
    if let failure {
      Issue.record(Comment(rawValue: failure))
      return
    }
    // 10,000 runs do each hundreds or thousands of times (3,852 jumps over jumps, 450 refreshes
    // in place that asked for another page than the anchor's, 158 of them after kept edits
    // inserted or removed items, 3,200 answers to replaced jumps). Edits take a fifth of the
    // steps of lists that refresh in place too, so those load fewer pages than before.
    // A light sweep (see ``Sweep``) runs too few seeds for these counts; the standard one checks
    // them.
    guard Sweep.current != .light, Self.onlyRun == nil else { return }
    #expect(coverage.jumpsReplacingJumps >= Self.machineRuns / 5, "\(coverage)")
    #expect(coverage.refreshesInPlace >= Self.machineRuns / 25, "\(coverage)")
    #expect(coverage.answersToReplacedJumps >= Self.machineRuns / 5, "\(coverage)")
    #expect(coverage.refreshesInPlaceAfterEdits >= Self.machineRuns / 100, "\(coverage)")
  }

  @MainActor @Test func thePagedListKeepsItsInvariantsUnderRandomInterleavings() async {
    for run in Self.onlyRun.map({ $0...$0 }) ?? 0...(Self.listRuns - 1) {
      let seed = Self.seed &+ 0x1_0000_0000 &+ UInt64(run)
      if let failure = await Self.runList(seed: seed, printsSteps: Self.onlyRun != nil) {
        Issue.record("seed \(seed) (run \(run)): \(failure)")
        return
      }
    }
  }

  // MARK: Pure machine

  /// The context of number `number`: a user, sometimes signed out, sometimes with a query.
  static func context(_ number: Int) -> (context: RequestContext, query: String?) {
    let token: String? = number % 3 == 2 ? nil : "token-\(number)"
    let query: String? = number % 2 == 1 ? "q\(number)" : nil
    return (RequestContext(userToken: token, values: query.map { ["q": $0] } ?? [:]), query)
  }

  /// The context number an item was loaded in: every page of context `n` holds ids `n * 100 …`.
  static func contextNumber(of item: TestItem) -> Int { item.id / 100 }

  /// One run; returns what went wrong, or `nil`.
  static func runMachine(seed: UInt64, coverage: inout Coverage, printsSteps: Bool = false) -> String? {
    var random = SplitMix64(seed: seed)
    let configuration = random.configuration()
    var contextNumber = 0
    var (context, query) = Self.context(0)
    var machine = Machine(configuration: configuration, context: context, listName: "random", query: query)
    var model = PagingReferenceModel(configuration: configuration)
    let anchor = random.anchor(for: configuration)
    var handles: [Machine.Ticket: Int] = [:]
    var ticketContexts: [Machine.Ticket: Int] = [:]
    var outstanding: [Machine.Ticket] = []
    /// Jumps that a newer one replaced while they loaded.
    var replacedJumps: Set<Machine.Ticket> = []
    var nextHandle = 0
    let hasCache = random.chance(40)
    var cachedPages: [Int: Page<TestItem>] = [:]
    var cacheReads: [(ticket: Machine.Ticket, context: Int)] = []
    var currentCacheRead: Machine.Ticket?
    var log: [String] = []
    var edits = EditSteps()

    func key() -> PageCacheKey {
      PageCacheKey(listName: "random", context: RequestContext(userToken: context.userToken), query: query)
    }

    /// Checks what a step did; records the loads and cache reads it started.
    func started(_ actions: [Machine.Action], expected: [PagingReferenceModel.Started]) -> String? {
      let loads = actions.loads
      let described = loads.map {
        "\($0.request.position) previous: \($0.request.direction == .previousPage)"
      }
      guard loads.count == expected.count,
        zip(loads, expected).allSatisfy({
          $0.request.position == $1.position && ($0.request.direction == .previousPage) == $1.isPreviousPage
        })
      else { return "started \(described), model expected \(expected)" }
      for (load, expected) in zip(loads, expected) {
        guard load.request.context == context else { return "a request carries another context" }
        handles[load.ticket] = expected.handle
        ticketContexts[load.ticket] = contextNumber
        outstanding.append(load.ticket)
      }
      for action in actions {
        switch action {
        case .readCache(let ticket, let readKey):
          guard readKey == key() else { return "the cache is read under another key" }
          cacheReads.append((ticket, contextNumber))
          currentCacheRead = ticket
        case .saveFirstPage(let page, let savedKey):
          guard savedKey == key() else { return "a page is saved under another key" }
          guard model.lastFirstPageWasTop else {
            return "a page opened in the middle is saved as the top page"
          }
          guard page.items.allSatisfy({ Self.contextNumber(of: $0) == contextNumber }) else {
            return "a page of another context is saved under \(savedKey)"
          }
        default: break
        }
      }
      return nil
    }

    let first = nextHandle
    nextHandle += 1
    let startActions = machine.start(hasCache: hasCache, at: anchor)
    log.append("start at \(anchor)")
    let expectedStart = model.start(hasCache: hasCache, at: anchor, handle: first)
    if startActions.cacheReads.count != (model.startReadTheCache ? 1 : 0) {
      return "start read the cache wrongly"
    }
    if let failure = started(startActions, expected: .one(expectedStart, handle: first)) {
      return failure
    }

    for _ in 0..<steps {
      let handle = nextHandle
      nextHandle += 2
      let generation = machine.generation
      let roll = Int.random(in: 0..<125, using: &random)
      var failure: String?
      let shownBefore = machine.shownItems
      var stepActions: [Machine.Action] = []
      switch roll {
      case 100...:
        let step = edits.next(random: &random, context: contextNumber, shown: model.shown)
        log.append("\(step)")
        let made = EditSteps.make(step, on: &machine)
        edits.made(step, made.handle, context: contextNumber)
        let restarted = model.apply(step, handle: handle)
        stepActions = made.actions
        failure = made.failure ?? started(made.actions, expected: restarted)
      case ..<8:
        log.append("refresh")
        let fromStart = model.refreshPosition
        let expected = model.refresh(handle: handle)
        if let expected, expected != fromStart {
          coverage.refreshesInPlace += 1
          if model.itemsEditedSinceFirstPage > 0 { coverage.refreshesInPlaceAfterEdits += 1 }
        }
        failure = started(machine.refresh(), expected: .one(expected, handle: handle))
      case ..<16:
        log.append("loadNextPage")
        failure = started(
          machine.loadNextPage(),
          expected: .one(model.loadNextPage(handle: handle), handle: handle))
      case ..<22:
        log.append("loadPreviousPage")
        failure = started(
          machine.loadPreviousPage(),
          expected: .one(
            model.loadPreviousPage(handle: handle), handle: handle, previous: true))
      case ..<35:
        let index = Int.random(in: -1...machine.shownItems.count, using: &random)
        log.append("willDisplay(\(index))")
        failure = started(
          machine.itemWillDisplay(at: index), expected: model.itemWillDisplay(at: index, handle: handle))
      case ..<42:
        log.append("retry")
        failure = started(machine.retry(), expected: model.retry(handle: handle))
      case ..<48:
        contextNumber += 1
        (context, query) = Self.context(contextNumber)
        log.append("switch to context \(contextNumber)")
        currentCacheRead = nil
        let actions = machine.switchContext(to: context, query: query, hasCache: hasCache)
        stepActions = actions
        let inFlight = Set(outstanding.filter { model.isInFlight(handles[$0]!) })
        if Set(actions.cancels).isSuperset(of: inFlight) == false {
          failure = "a load in flight was not cancelled"
        }
        if machine.cacheKey != key() { failure = "the cache key did not follow the context" }
        if !actions.completions.isEmpty { failure = "a switch reported a request" }
        if failure == nil {
          failure = started(
            actions, expected: .one(model.switchContext(hasCache: hasCache, handle: handle), handle: handle))
        }
      case ..<54:
        // A jump: the newest one wins over a jump (or refresh) still loading.
        let anchor = random.anchor(for: configuration)
        log.append("jump to \(anchor)")
        if model.isJumpLoading, let loading = machine.ticket(of: .refresh) {
          coverage.jumpsReplacingJumps += 1
          replacedJumps.insert(loading)
        }
        let actions = machine.start(hasCache: hasCache, at: anchor)
        let expected = model.start(hasCache: hasCache, at: anchor, handle: handle)
        if actions.cacheReads.count != (model.startReadTheCache ? 1 : 0) {
          failure = "a jump read the cache wrongly"
        } else {
          failure = started(actions, expected: .one(expected, handle: handle))
        }
      case ..<56:
        log.append("cancel")
        let inFlight = Set(outstanding.filter { model.isInFlight(handles[$0]!) })
        let actions = machine.cancel()
        model.cancel()
        if Set(actions.cancels) != inFlight.union(currentCacheRead.map { [$0] } ?? []) {
          failure = "cancel did not cancel exactly what was in flight"
        } else if actions.contains(where: { if case .cancel = $0 { false } else { true } }) {
          failure = "cancel did more than cancel: \(actions)"
        }
        currentCacheRead = nil
      default:
        if !cacheReads.isEmpty, random.chance(30) {
          let read = cacheReads.remove(at: Int.random(in: 0..<cacheReads.count, using: &random))
          let isCurrent = read.ticket == currentCacheRead
          let cached = cachedPages[read.context] ?? random.page(context: read.context)
          cachedPages[read.context] = cached
          let answer = random.chance(80) ? cached : nil
          log.append("cache read of context \(read.context) ← \(answer.map { "\($0.items)" } ?? "miss")")
          let lookup: PageCacheLookup<TestItem> =
            answer.map { .hit(CachedPage(page: $0, savedAt: testNow)) } ?? .miss(.notFound)
          let actions = machine.cacheLoaded(read.ticket, lookup, now: testNow)
          stepActions = actions
          if isCurrent {
            currentCacheRead = nil
            model.cacheLoaded(answer)
            if actions.cacheCompletions.count != 1 { failure = "the cache read was not reported once" }
          } else if !actions.isEmpty {
            failure = "an outdated cache read did something: \(actions)"
          }
          if failure == nil { failure = started(actions, expected: []) }
          break
        }
        guard !outstanding.isEmpty else { continue }
        let ticket = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
        let wasCurrent = model.isInFlight(handles[ticket]!)
        if !wasCurrent, replacedJumps.contains(ticket) { coverage.answersToReplacedJumps += 1 }
        let before = machine.items
        let actions: [Machine.Action]
        if random.chance(70) {
          let page = random.page(context: ticketContexts[ticket]!)
          log.append("\(ticket) ← \(page.items) more: \(page.hasMore) cursor: \(page.nextCursor ?? "nil")")
          actions = machine.succeeded(ticket, with: page)
          model.respond(handles[ticket]!, with: page)
        } else {
          log.append("\(ticket) ← failure")
          actions = machine.failed(ticket, with: PagingError(direction: .nextPage, message: "down"))
          model.respond(handles[ticket]!, with: nil)
        }
        stepActions = actions
        if !wasCurrent && (!actions.isEmpty || machine.items != before) {
          failure = "an outdated response changed something: \(actions)"
        } else if wasCurrent && actions.completions.count != 1 {
          failure = "a current response was not reported once"
        } else {
          failure = started(actions, expected: [])
        }
      }
      if failure == nil {
        failure = ShownChangeCheck.check(stepActions, old: shownBefore, new: machine.shownItems)
      }
      if failure == nil,
        let stray = machine.shownItems.first(where: { Self.contextNumber(of: $0) != contextNumber })
      {
        failure = "\(stray) of another context is shown in context \(contextNumber)"
      }
      if failure == nil { failure = check(machine, against: model, generationBefore: generation) }
      if printsSteps {
        print(log.joined(separator: "\n"), "\n    items \(machine.items) shown \(machine.shownItems)")
        log.removeAll()
      }
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
    if Set(machine.shownItems.map(\.id)).count != machine.shownItems.count {
      return "two items shown share an id: \(machine.shownItems)"
    }
    if machine.shownItems != model.shown { return "shown \(machine.shownItems), model \(model.shown)" }
    do { try machine.checkInvariants() } catch { return "\(error)" }
    if machine.totalCount != model.totalCount {
      return "total \(String(describing: machine.totalCount)), model \(String(describing: model.totalCount))"
    }
    if machine.refreshState.kind != model.refreshState {
      return "refresh \(machine.refreshState.kind), model \(model.refreshState)"
    }
    if machine.nextPageState.kind != model.nextPageState {
      return "next page \(machine.nextPageState.kind), model \(model.nextPageState)"
    }
    if machine.previousPageState.kind != model.previousPageState {
      return "previous page \(machine.previousPageState.kind), model \(model.previousPageState)"
    }
    // After a failed refresh the list pages on from the items it kept; never beside one loading.
    if machine.ticket(of: .nextPage) != nil && machine.refreshState == .loading {
      return "a next page is in flight beside a refresh"
    }
    if machine.ticket(of: .previousPage) != nil && machine.refreshState == .loading {
      return "a previous page is in flight beside a refresh"
    }
    if machine.hasPrevious != model.hasPrevious {
      return "hasPrevious \(machine.hasPrevious)"
    }
    if machine.isBlank != model.isBlank { return "isBlank \(machine.isBlank), model \(model.isBlank)" }
    if machine.hasMore != model.hasMore { return "hasMore \(machine.hasMore)" }
    if (machine.cachedPageAge != nil) != model.showingCache { return "cached flag differs" }
    if machine.generation < generationBefore { return "generation went back" }
    return nil
  }

  // MARK: Through PagedList

  @MainActor
  static func runList(seed: UInt64, printsSteps: Bool = false) async -> String? {
    var random = SplitMix64(seed: seed)
    let configuration = random.configuration()
    let honorsCancellation = random.chance(50)
    let (loader, requests) = ScriptedLoader.make(honorsCancellation: honorsCancellation)
    var incoming = requests.makeAsyncIterator()
    let cache = GatedPageCache()
    var cacheReads = cache.reads.makeAsyncIterator()
    defer { cache.answerAll() }
    var contextNumber = 0
    var (context, query) = Self.context(0)
    let hasCache = random.chance(40)
    let list = PagedList(
      listName: "random", context: context, query: query, configuration: configuration, loader: loader,
      cache: hasCache ? cache : nil, now: { testNow })
    var keyContexts = [list.cacheKey: 0]
    var pendingReads: [(read: PendingCacheRead, task: Task<Void, Never>?, context: Int, current: Bool)] = []
    var model = PagingReferenceModel(configuration: configuration)
    var reports = 0
    list.onRequestCompleted = { _ in reports += 1 }
    var outstanding: [(handle: Int, load: PendingLoad, task: Task<Void, Never>, context: Int)] = []
    var nextHandle = 0
    var log: [String] = []
    var listEdits = EditSteps()

    func started(_ task: Task<Void, Never>?, expected: [PagingReferenceModel.Started]) async -> String? {
      guard task != nil else { return expected.isEmpty ? nil : "started nothing, model expected \(expected)" }
      guard !expected.isEmpty else { return "started a load the model did not expect" }
      // Counted before waiting for them at the loader: a load the model expects and the list
      // never started would leave the wait below hanging instead of failing.
      let inFlight = Set(outstanding.map(\.task))
      let new = [PagingDirection.refresh, .nextPage, .previousPage].filter {
        list.loadTask(of: $0).map { !inFlight.contains($0) } ?? false
      }
      guard new.count == expected.count else { return "started loads \(new), model expected \(expected)" }
      // Two loads (both directions) reach the loader in either order.
      var pending = expected
      for _ in expected.indices {
        guard let load = await incoming.next(isolation: #isolation) else { return "the loader stream ended" }
        guard
          let index = pending.firstIndex(where: {
            $0.position == load.request.position
              && $0.isPreviousPage == (load.request.direction == .previousPage)
          })
        else { return "started \(load.request.position), model expected \(pending)" }
        guard load.request.context == context else { return "a request carries another context" }
        guard let loadTask = list.loadTask(of: load.request.direction) else { return "no task for \(load)" }
        outstanding.append((pending.remove(at: index).handle, load, loadTask, contextNumber))
      }
      return nil
    }

    /// Takes the cache read a start or a switch began.
    func cacheReadStarted() async -> String? {
      guard model.startReadTheCache else { return nil }
      guard let read = await cacheReads.next(isolation: #isolation) else { return "the read stream ended" }
      guard read.key == list.cacheKey else { return "the cache was read under another key" }
      for index in pendingReads.indices { pendingReads[index].current = false }
      pendingReads.append((read, list.cacheReadTask, contextNumber, true))
      return nil
    }

    let first = nextHandle
    nextHandle += 1
    let anchor = random.anchor(for: configuration)
    log.append("start at \(anchor)")
    let expectedFirst = model.start(hasCache: hasCache, at: anchor, handle: first)
    let startTask = anchor == .top ? list.start() : list.start(at: anchor)
    if let failure = await started(startTask, expected: .one(expectedFirst, handle: first)) {
      return failure
    }
    if let failure = await cacheReadStarted() { return failure }

    for _ in 0..<(steps / 2) {
      let handle = nextHandle
      nextHandle += 2
      let roll = Int.random(in: 0..<120, using: &random)
      var failure: String?
      switch roll {
      case 100...:
        let step = listEdits.next(random: &random, context: contextNumber, shown: model.shown)
        log.append("\(step)")
        let before = list.loadTask(of: .nextPage)
        listEdits.made(step, EditSteps.make(step, on: list), context: contextNumber)
        let restarted = model.apply(step, handle: handle)
        let after = list.loadTask(of: .nextPage)
        failure = await started(after == before ? nil : after, expected: restarted)
      case ..<9:
        log.append("refresh")
        failure = await started(list.refresh(), expected: .one(model.refresh(handle: handle), handle: handle))
      case ..<17:
        log.append("loadNextPage")
        failure = await started(
          list.loadNextPage(),
          expected: .one(model.loadNextPage(handle: handle), handle: handle))
      case ..<23:
        log.append("loadPreviousPage")
        failure = await started(
          list.loadPreviousPage(),
          expected: .one(
            model.loadPreviousPage(handle: handle), handle: handle, previous: true))
      case ..<35:
        let index = Int.random(in: -1...list.items.count, using: &random)
        log.append("willDisplay(\(index))")
        failure = await started(
          list.itemWillDisplay(at: index), expected: model.itemWillDisplay(at: index, handle: handle))
      case ..<42:
        log.append("retry")
        failure = await started(list.retry(), expected: model.retry(handle: handle))
      case ..<48:
        contextNumber += 1
        (context, query) = Self.context(contextNumber)
        log.append("switch to context \(contextNumber)")
        let reportsBefore = reports
        let task = list.switchContext(to: context, query: query)
        keyContexts[list.cacheKey] = contextNumber
        if !list.items.isEmpty { failure = "items of the previous context stayed after the switch" }
        if reports != reportsBefore { failure = "a switch reported a request" }
        if failure == nil {
          failure = await started(
            task, expected: .one(model.switchContext(hasCache: hasCache, handle: handle), handle: handle))
        }
        if failure == nil { failure = await cacheReadStarted() }
      case ..<54:
        let anchor = random.anchor(for: configuration)
        log.append("jump to \(anchor)")
        let expected = model.start(hasCache: hasCache, at: anchor, handle: handle)
        let task = anchor == .top ? list.start() : list.start(at: anchor)
        failure = await started(task, expected: .one(expected, handle: handle))
        if failure == nil { failure = await cacheReadStarted() }
      case ..<55:
        log.append("cancel")
        let reportsBefore = reports
        list.cancel()
        model.cancel()
        for index in pendingReads.indices { pendingReads[index].current = false }
        if reports != reportsBefore { failure = "cancel reported something" }
      default:
        if !pendingReads.isEmpty, random.chance(30) {
          let entry = pendingReads.remove(at: Int.random(in: 0..<pendingReads.count, using: &random))
          let page = random.chance(80) ? random.page(context: entry.context) : nil
          log.append("cache read of context \(entry.context) ← \(page.map { "\($0.items)" } ?? "miss")")
          entry.read.answer(page.map { .hit(CachedPage(page: $0, savedAt: testNow)) } ?? .miss(.notFound))
          if entry.current { model.cacheLoaded(page) }
          await entry.task?.value
          break
        }
        guard !outstanding.isEmpty else { continue }
        let entry = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
        let wasCurrent = model.isInFlight(entry.handle)
        let reportsBefore = reports
        if random.chance(70) {
          let page = random.page(context: entry.context)
          log.append("#\(entry.handle) ← \(page.items)")
          entry.load.succeed(page)
          model.respond(entry.handle, with: page)
        } else {
          log.append("#\(entry.handle) ← failure")
          entry.load.fail(LeakyLoaderError(token: entry.load.request.context.userToken ?? "none"))
          model.respond(entry.handle, with: nil)
        }
        await entry.task.value
        if reports - reportsBefore != (wasCurrent ? 1 : 0) {
          failure = "\(reports - reportsBefore) reports for a \(wasCurrent ? "current" : "outdated") response"
        }
      }
      if failure == nil, let stray = list.items.first(where: { Self.contextNumber(of: $0) != contextNumber })
      {
        failure = "\(stray) of another context is shown in context \(contextNumber)"
      }
      if failure == nil { failure = check(list, against: model, token: context.userToken) }
      if printsSteps {
        print(log.joined(separator: "\n"), "\n    shown \(list.items)")
        log.removeAll()
      }
      if let failure { return "\(failure)\n  after: \(log.suffix(12).joined(separator: " | "))" }
    }
    // Leave no task waiting.
    for entry in outstanding {
      entry.load.fail(CancellationError())
      await entry.task.value
    }
    cache.answerAll()
    for entry in pendingReads { await entry.task?.value }
    await list.waitForCacheWrites()
    for save in cache.saves {
      guard let owner = keyContexts[save.key] else { return "a page was saved under an unknown key" }
      if let stray = save.page.items.first(where: { Self.contextNumber(of: $0) != owner }) {
        return "\(stray) was saved under the key of context \(owner)"
      }
    }
    return nil
  }

  @MainActor
  static func check(_ list: PagedList<TestItem>, against model: PagingReferenceModel, token: String?)
    -> String?
  {
    if Set(list.items.map(\.id)).count != list.items.count { return "two items share an id" }
    if list.items != model.shown { return "items \(list.items), model \(model.shown)" }
    if list.totalCount != model.totalCount { return "total \(String(describing: list.totalCount))" }
    if list.loadStates.refresh.kind != model.refreshState { return "refresh \(list.loadStates.refresh.kind)" }
    if list.loadStates.next.kind != model.nextPageState { return "next page \(list.loadStates.next.kind)" }
    if list.loadStates.previous.kind != model.previousPageState {
      return "previous page \(list.loadStates.previous.kind), model \(model.previousPageState)"
    }
    if list.isBlank != model.isBlank { return "isBlank \(list.isBlank)" }
    if (list.cachedPageAge != nil) != model.showingCache { return "cached flag differs" }
    guard let token else { return nil }
    for error in [list.loadStates.refresh.error, list.loadStates.next.error, list.loadStates.previous.error]
      .compactMap(
        { $0 })
    where error.message.contains(token) || error.details.contains(token) {
      return "the token leaked into an error: \(error)"
    }
    return nil
  }
}

extension Array where Element == PagingReferenceModel.Started {
  /// The one request of an operation that starts at most one, or none.
  static func one(_ position: PageRequest.Position?, handle: Int, previous: Bool = false) -> Self {
    position.map { [PagingReferenceModel.Started(handle: handle, position: $0, isPreviousPage: previous)] }
      ?? []
  }
}
