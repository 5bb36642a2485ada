import GridPlatform
import TermGridTesting
import Testing

@testable import TermGrid

/// Work run elsewhere, its results taken back by the run loop: each
/// completion once, on the run loop's thread, and the screen redrawn.
@Suite struct BackgroundTasksTests {
  final class App: CollectionViewController {
    let tasks = BackgroundTasks()
    var results: [Int] = []
    var workThreads: [pthread_t] = []
    var completionThreads: [pthread_t] = []

    init() {
      super.init(layout: FlowLayout(itemSize: Size(width: 10, height: 3)))
      collectionView.backgroundWork = [tasks]
    }

    override var keyCommands: [KeyCommand] {
      [
        KeyCommand("t", title: "five tasks") { [unowned self] in
          for n in 0..<5 {
            tasks.run {
              usleep(UInt32(10_000 * (5 - n)))
              return (n, pthread_self())
            } then: { [unowned self] (value: (Int, pthread_t)) in
              results.append(value.0)
              workThreads.append(value.1)
              completionThreads.append(pthread_self())
              message = "\(results.count) done"
            }
          }
        }
      ]
    }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
      ElementContent(title: "")
    }
  }

  @Test func eachCompletionRunsOnceOnTheRunLoopsThreadAndTheScreenShowsIt() throws {
    let app = App()
    let terminal = HeadlessTerminal(width: 40, height: 6)
    let loop = TerminalRunLoop(terminal: terminal, scene: app)
    terminal.send(keys: "t")
    #expect(app.tasks.pendingCount == 0)
    try loop.run(untilIdle: true)
    let here = pthread_self()
    #expect(app.results.sorted() == [0, 1, 2, 3, 4], "each once")
    #expect(app.completionThreads.allSatisfy { pthread_equal($0, here) != 0 }, "on the run loop's thread")
    #expect(app.workThreads.allSatisfy { pthread_equal($0, here) == 0 }, "the work elsewhere")
    #expect(terminal.text.contains("5 done"), "redrawn after the completions")
    #expect(app.tasks.pendingCount == 0 && !app.tasks.hasPendingResults)
  }
}
