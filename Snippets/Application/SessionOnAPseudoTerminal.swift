// An app run as a session on a pseudo-terminal, on a thread of its own: the
// person's side types a key, reads what the app draws, and resizes it.
import Foundation
import Synchronization
import TermGrid
import TermGridTesting  // PseudoTerminal

// snippet.hide
final class Planets: CollectionViewController {
  let names = ["Mercury", "Venus", "Earth", "Mars"]
  override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }
  override func collectionView(_: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    ElementContent(title: names[indexPath.item], border: .rounded)
  }
}
// snippet.show

// snippet.session
let pty = try PseudoTerminal(columns: 80, rows: 24)
let appSide = pty.appSide
let resize = Mutex<(@Sendable (Int, Int, PixelSize?) -> Void)?>(nil)
let thread = Thread {
  do {
    // The scene is made on the session's thread: a scene is not Sendable.
    let session = try Session(
      scene: Planets(layout: FlowLayout()), input: appSide, output: appSide,
      term: "xterm-256color", width: 80, height: 24, environment: ["LANG": "C.UTF-8"])
    // What the owner needs on its own thread: the terminal's resize handler.
    resize.withLock { $0 = (session.terminal as? StreamTerminal)?.resizeHandler }
    try session.run()  // until the app quits or the input ends
  } catch {
    Application.report("session: \(error)")
  }
}
thread.start()
pty.type("\u{1B}[C")  // a Right arrow typed on the person's side reaches the app
// snippet.end

// snippet.read
// Read what the app draws all the time it runs, or its writes block.
var drawn: [UInt8] = []
let started = Date()
while !String(decoding: drawn, as: UTF8.self).contains("Mercury"), Date().timeIntervalSince(started) < 10 {
  drawn += pty.readAvailable()
  usleep(10_000)
}
// snippet.end

// snippet.resize
resize.withLock { $0 }?(120, 40, nil)  // from any thread: the app gets a resize event
pty.type("q")
// snippet.end
