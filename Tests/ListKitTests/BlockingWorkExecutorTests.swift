import Testing

@testable import ListKit

@Suite struct BlockingWorkExecutorTests {
  actor Recorder {
    let executor = BlockingWorkExecutor(label: "listkit.tests.recorder")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private(set) var order: [Int] = []

    func record(_ value: Int) -> Bool {
      order.append(value)
      return executor.isCurrent()
    }

    func runs(on other: BlockingWorkExecutor) -> Bool { other.isCurrent() }
  }

  @Test func anActorOnItRunsOnItsQueueAndNowhereElse() async {
    let recorder = Recorder()
    #expect(await recorder.record(1))
    #expect(!recorder.executor.isCurrent())
  }

  @Test func callsFromOneTaskRunInTheOrderTheyWereMade() async {
    let recorder = Recorder()
    for value in 0..<200 { _ = await recorder.record(value) }
    #expect(await recorder.order == Array(0..<200))
  }

  @Test func twoExecutorsDoNotCountAsEachOther() async {
    let first = Recorder()
    let second = Recorder()
    #expect(await first.runs(on: first.executor))
    #expect(await !first.runs(on: second.executor))
  }
}
