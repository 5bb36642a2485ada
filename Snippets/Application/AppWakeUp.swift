// Work that runs for long on a thread of its own (a feed, a file watcher):
// it puts what it has in an inbox and wakes the run loop, which takes the
// inbox in on the main thread and draws at once; between wake-ups the loop
// sleeps, looking at nothing.
import Foundation
import TermGrid

/// What the thread hands over, behind a lock (the thread never touches the app).
final class Inbox: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func put(_ item: String) { lock.withLock { items.append(item) } }
  func take() -> [String] {
    lock.withLock {
      defer { items = [] }
      return items
    }
  }
}

final class Feed: CollectionViewController {
  let inbox = Inbox()
  var headlines: [String] = []

  init() { super.init(layout: FlowLayout(itemSize: Size(width: 30, height: 3))) }

  // Called once, before the first frame (before willAppear(on:)): from here
  // on `wakeUp` wakes this loop.
  override func willStart(wakeUp: @escaping @Sendable () -> Void) {
    super.willStart(wakeUp: wakeUp)  // keeps it as `self.wakeUp` too
    let inbox = inbox
    Thread.detachNewThread {
      for n in 1... {
        Thread.sleep(forTimeInterval: 2)
        inbox.put("Headline \(n)")
        wakeUp()  // safe on any thread
      }
    }
  }

  // Runs on the main thread after each wake-up (and whenever the loop looks
  // for finished work); what it changes is drawn in the frame that follows.
  override func takeFinishedWork() {
    super.takeFinishedWork()  // the view's own background work (pictures)
    let arrived = inbox.take()
    guard !arrived.isEmpty else { return }
    let places = arrived.indices.map { IndexPath(item: headlines.count + $0, section: 0) }
    do {
      try collectionView.insertItems(at: places) { headlines += arrived }
    } catch {
      message = "\(error)"  // a batch whose counts do not add up, said on the status line
    }
  }

  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { headlines.count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: headlines[indexPath.item], border: .rounded)
  }
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(Feed())
}
