// Work off the main thread: Enter counts the primes below a card's number on
// another thread, and the completion, run on the main thread by the run
// loop, fills in the card and the open panel.
import TermGrid

// snippet.hide
/// The work: plain code that touches nothing of the app.
enum Primes {
  static func count(below n: Int) -> Int {
    guard n > 2 else { return 0 }
    var composite = [Bool](repeating: false, count: n)
    var count = 0
    for i in 2..<n where !composite[i] {
      count += 1
      var j = i * i
      while j < n {
        composite[j] = true
        j += i
      }
    }
    return count
  }
}
// snippet.show

final class PrimeCounter: CollectionViewController {
  let tasks = BackgroundTasks()
  let limits = [10_000, 100_000, 1_000_000, 10_000_000]
  var counts: [Int: Int] = [:]

  init() {
    super.init(layout: FlowLayout(itemSize: Size(width: 24, height: 4)))
    collectionView.backgroundWork = [tasks]  // the run loop takes the results in
  }

  override func collectionView(_: CollectionView, didActivateItemAt indexPath: IndexPath) {
    let limit = limits[indexPath.item]
    let panel = PanelOverlay(title: "Below \(limit)", rows: [.init("Primes", counts[limit].map { "\($0)" } ?? "counting…")])
    present(panel)
    guard counts[limit] == nil else { return }
    tasks.run {
      Primes.count(below: limit)  // on another thread: only values, nothing of the app
    } then: { [unowned self] count in
      counts[limit] = count  // on the main thread, in the run loop
      panel.rows = [.init("Primes", "\(count)")]
      collectionView.setNeedsDisplay()  // the card shows the count
      setNeedsDisplay()  // a new frame, for the panel
    }
  }

  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { limits.count }

  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    let limit = limits[indexPath.item]
    let detail = counts[limit].map { "\($0) primes" } ?? "Enter counts the primes"
    return ElementContent(title: "Below \(limit)", detail: detail, border: .rounded)
  }

  override var statusText: String { tasks.pendingCount > 0 ? "\(tasks.pendingCount) counting" : "" }
}

// snippet.hide
if CommandLine.arguments.count > 1 {
  Application.run(PrimeCounter())
}
