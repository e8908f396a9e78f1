import Foundation
import ListKit
import ListKitFixtures
import ListKitTesting
import Testing

/// Edits mixed with next and previous pages that drop pages at the far end
/// (``PagingConfiguration/maximumItemCount``), refreshes and context switches: the loaded items
/// are the machine's own (its drop rules have tests of their own), and the edits are checked
/// against ``ReferenceEdits`` on top of them after every step.
@Suite struct EditDropInterleavingTests {
  typealias Machine = PagingStateMachine<TestItem>

  static let seed: UInt64 = 0x5EED_ED17
  static let runs = Sweep.runs(1_000, heavy: 50_000)
  static let steps = 60

  @Test func editsKeepTheirRulesWhilePagesAreDropped() async {
    // NB: a sweep of seconds (a minute under ThreadSanitizer) runs on a thread of its own, so it
    // never holds one of the cooperative pool's threads (two here) that every other test needs.
    let failure: String? = await offPool {
      for run in 0..<Self.runs {
        let seed = Self.seed &+ UInt64(run)
        if let failure = Self.run(seed: seed) { return "seed \(seed) (run \(run)): \(failure)" }
      }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// A server of 40 items per context (`context * 100 …`), in pages of any index.
  static func page(_ request: PageRequest, context: Int) -> Page<TestItem> {
    guard case .page(let index, let size) = request.position else { return Page(items: [], hasMore: false) }
    let range = max(0, index * size)..<min(40, max(0, (index + 1) * size))
    return Page(
      items: range.map { TestItem(id: context * 100 + $0) },
      hasMore: (request.direction == .previousPage) ? range.lowerBound > 0 : range.upperBound < 40)
  }

  static func run(seed: UInt64) -> String? {
    var random = SplitMix64(seed: seed)
    let pageSize = Int.random(in: 1...4, using: &random)
    let configuration = PagingConfiguration.test(
      .pageIndex(firstIndex: 0), pageSize: pageSize, prefetchDistance: 1,
      maximumItemCount: 3 * pageSize + Int.random(in: 0...4, using: &random))
    var context = 0
    var machine = Machine(configuration: configuration, context: RequestContext(userToken: "user-0"))
    var edits = ReferenceEdits()
    var loaded: [TestItem] = []
    var steps = EditSteps()
    var inFlight: [(ticket: Machine.Ticket, request: PageRequest, context: Int)] = []
    var log: [String] = []

    func record(_ actions: [Machine.Action]) {
      for case .load(let ticket, let request) in actions { inFlight.append((ticket, request, context)) }
    }
    let anchor = Int.random(in: 0..<4, using: &random)
    record(machine.start(hasCache: false, at: anchor == 0 ? .top : .pageIndex(anchor * 2)))

    for _ in 0..<Self.steps {
      let before = machine.shownItems
      var actions: [Machine.Action] = []
      var isEdit = false
      switch Int.random(in: 0..<100, using: &random) {
      case ..<10:
        log.append("refresh")
        actions = machine.refresh()
      case ..<20:
        log.append("loadNextPage")
        actions = machine.loadNextPage()
      case ..<30:
        log.append("loadPreviousPage")
        actions = machine.loadPreviousPage()
      case ..<34:
        context += 1
        log.append("switch to context \(context)")
        actions = machine.switchContext(
          to: RequestContext(userToken: "user-\(context)"), query: nil, hasCache: false)
        edits = ReferenceEdits()
        inFlight.removeAll()
      case ..<60:
        guard !inFlight.isEmpty else { continue }
        let load = inFlight.remove(at: Int.random(in: 0..<inFlight.count, using: &random))
        let page = Self.page(load.request, context: load.context)
        log.append("\(load.ticket) ← \(page.items)")
        actions = machine.succeeded(load.ticket, with: page)
      default:
        isEdit = true
        let step = steps.next(random: &random, context: context, shown: edits.shown(over: loaded))
        log.append("\(step)")
        let made = EditSteps.make(step, on: &machine)
        steps.made(step, made.handle, context: context)
        EditSteps.apply(step, to: &edits, loaded: &loaded)
        actions = made.actions
        if let failure = made.failure { return failure }
      }
      record(actions)
      var failure: String?
      if isEdit {
        if machine.items != loaded { failure = "loaded \(machine.items), model \(loaded)" }
      } else {
        loaded = machine.items
      }
      let shown = machine.shownItems
      if failure == nil, shown != edits.shown(over: loaded) {
        failure = "shown \(shown), model \(edits.shown(over: loaded))"
      }
      if failure == nil, Set(shown.map(\.id)).count != shown.count { failure = "an id shows twice: \(shown)" }
      if failure == nil, let stray = shown.first(where: { $0.id / 100 != context }) {
        failure = "\(stray) of another context is shown in context \(context)"
      }
      if failure == nil { failure = ShownChangeCheck.check(actions, old: before, new: shown) }
      if failure == nil {
        do { try machine.checkInvariants() } catch { failure = "\(error)" }
      }
      if let failure { return "\(failure)\n  after: \(log.suffix(12).joined(separator: " | "))" }
    }
    return nil
  }
}
