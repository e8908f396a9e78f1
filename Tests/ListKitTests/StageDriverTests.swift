import ListKitTesting
import Testing

@testable import ListKit

/// The one stage driver: each stage is sent with its state shown, and anything it cannot animate
/// ends in one reload into the target.
@MainActor @Suite struct StageDriverTests {
  /// A view that records what the data source showed at each call, and refuses one stage.
  final class RecordingView: ListView {
    var dataSource: (any ListDataSource)?
    var delegate: (any ListDelegate)?
    var shown: () -> String = { "" }
    var log: [String] = []
    var refusedStage: Int?
    var stagesSeen = 0
    func register(_ registration: CellRegistration) {}
    func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) throws(ListViewError)
      -> AnyObject
    { throw .unregisteredIdentifier(identifier) }
    func reloadData() { log.append("reload with \(shown())") }
    func performBatchUpdates(_ update: BatchUpdate) throws(BatchUpdateError) {
      defer { stagesSeen += 1 }
      if stagesSeen == refusedStage { throw .negativeNumberOfRows(section: 0, count: -1) }
      log.append("stage \(stagesSeen) with \(shown())")
    }
    var visibleItemPaths: [ItemPath] { [] }
    func scroll(toItemAt path: ItemPath) {}
  }

  let stages = [BatchUpdate(itemDeletes: [ItemPath(item: 0, section: 0)]), BatchUpdate(sectionReloads: [0])]

  func run(
    _ view: RecordingView?, animated: Bool = true, reloadRecommended: Bool = false,
    states: [String]? = ["a", "b"]
  ) -> (StageDriver.Outcome, shown: String, rejections: [BatchUpdateError]) {
    var shown = "old"
    var rejections: [BatchUpdateError] = []
    view?.shown = { shown }
    let outcome = StageDriver.perform(
      stages, on: view, animated: animated, reloadRecommended: reloadRecommended, states: { states },
      show: { shown = $0 }, finish: { shown += ", finished" }, showTarget: { shown = "target" },
      reportRejection: { rejections.append($0) })
    return (outcome, shown, rejections)
  }

  @Test func eachStageIsSentWithItsStateShown_thenTheOwnerFinishes() {
    let view = RecordingView()
    let (outcome, shown, rejections) = run(view)
    #expect(outcome == .animated)
    #expect(view.log == ["stage 0 with a", "stage 1 with b"])
    #expect(shown == "b, finished")
    #expect(rejections.isEmpty)
  }

  @Test func aRejectedStage_isReportedTyped_andTheViewReloadsIntoTheTarget() {
    let view = RecordingView()
    view.refusedStage = 1
    let (outcome, shown, rejections) = run(view)
    let error = BatchUpdateError.negativeNumberOfRows(section: 0, count: -1)
    #expect(outcome == .rejected(error))
    #expect(rejections == [error])
    #expect(view.log == ["stage 0 with a", "reload with target"])
    #expect(shown == "target")
  }

  @Test(arguments: [(false, false, true), (true, true, true), (true, false, false)])
  func notAnimated_pastTheThreshold_orWithoutStates_reloadsIntoTheTarget(
    animated: Bool, reloadRecommended: Bool, hasStates: Bool
  ) {
    let view = RecordingView()
    let (outcome, shown, _) = run(
      view, animated: animated, reloadRecommended: reloadRecommended, states: hasStates ? ["a", "b"] : nil)
    #expect(outcome == .reloaded)
    #expect(view.log == ["reload with target"])
    #expect(shown == "target")
  }

  @Test func withoutAView_theOwnerOnlyShowsTheTarget() {
    #expect(run(nil).shown == "target")
  }
}
