import Foundation
import GridLayout
import GridPlatform
import GridRender
import GridTerminal
import TermGrid
import TermGridTesting
import Testing

@testable import CursesTerminal

/// Two sessions in one process, each on a pseudo-terminal of its own (a
/// terminal that is not the process's: a ``StreamTerminal``), each running
/// the same app on a thread of its own, typed into at random; what each
/// pseudo-terminal shows, read back from its bytes by a model terminal, is
/// what a headless rendering of the same app shows after the same keys.
/// One terminal answers the picture queries as kitty does (pictures in
/// pixels, kitty's placeholder cells), the other answers nothing (pictures
/// in symbols once the queries are given up on). Not in the serialized
/// suite: the sessions need nothing of ncurses' globals, and run while the
/// backend's own tests hold them.
@Suite struct TwoSessionsTests {
  /// Planets and moons on cards with a picture each; `i` inserts a moon, `d` deletes.
  final class Planets: CollectionViewController {
    /// One picture of each size, kept (the terminal's table of pictures holds them weakly, as a loader's cache would).
    final class Swatches: PictureSource {
      var made: [String: Picture] = [:]
      func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
        Picture(width: width, height: height, color: .blue)
      }
      func picture(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
        let key = "\(width)x\(height)@\(cellPixels.width)x\(cellPixels.height)"
        if let picture = made[key] { return picture }
        let image = PixelImage(
          columns: width, rows: height, cellSize: cellPixels,
          rgba: [UInt8](repeating: 200, count: width * cellPixels.width * height * cellPixels.height * 4))
        let picture = Picture(width: width, height: height, cells: [Cell](repeating: .blank, count: width * height), pixels: image)
        made[key] = picture
        return picture
      }
    }
    let swatches = Swatches()
    var names = (0..<14).map { "Planet \($0)" }
    var moons = 0

    init() { super.init(layout: FlowLayout(itemSize: Size(width: 16, height: 5))) }

    override var keyCommands: [KeyCommand] {
      [KeyCommand("i", title: "insert", action: insert), KeyCommand("d", title: "delete", action: delete)]
    }
    func insert() throws {
      let p = collectionView.focusedIndexPath ?? IndexPath(item: 0, section: 0)
      moons += 1
      try collectionView.insertItems(at: [p]) { names.insert("Moon \(moons)", at: p.item) }
    }
    func delete() throws {
      guard let p = collectionView.focusedIndexPath, names.count > 1 else { return }
      try collectionView.deleteItems(at: [p]) { names.remove(at: p.item) }
    }
    override func collectionView(_: CollectionView, numberOfItemsInSection _: Int) -> Int { names.count }
    override func collectionView(_: CollectionView, cellForItemAt p: IndexPath) -> ElementContent {
      ElementContent(title: names[p.item], border: .rounded, picture: CellPicture(swatches))
    }
  }

  /// The keys typed: their bytes (as a terminal in keypad mode sends them) and events.
  static let keys: [(bytes: String, key: Key)] = [
    ("\u{1B}OA", Key(.up)), ("\u{1B}OB", Key(.down)), ("\u{1B}OC", Key(.right)), ("\u{1B}OD", Key(.left)),
    ("\u{1B}[6~", Key(.pageDown)), ("\u{1B}[5~", Key(.pageUp)), ("\u{1B}OH", Key(.home)), ("\u{1B}OF", Key(.end)),
    ("i", .char("i")), ("d", .char("d")),
  ]

  /// One viewer: a pseudo-terminal, the model terminal reading it, and
  /// whether it answers the picture queries as kitty.
  final class Viewer {
    let pty: PseudoTerminal
    /// The size the session starts with.
    let width: Int
    let height: Int
    /// The size now (after a resize).
    var size: (width: Int, height: Int)
    let answersAsKitty: Bool
    /// The model terminal, as large as any size the test gives (what lies
    /// outside the session's size must stay blank).
    var model = ScreenModel(width: 100, height: 40)
    var output: [UInt8] = []
    var answered = false
    var typed: [InputEvent] = []

    init(width: Int, height: Int, answersAsKitty: Bool) throws {
      pty = try PseudoTerminal(columns: width, rows: height)
      self.width = width
      self.height = height
      size = (width, height)
      self.answersAsKitty = answersAsKitty
    }

    /// What the terminal shows once its pictures are settled, as the session's terminal will say it.
    var capabilities: TerminalCapabilities {
      answersAsKitty
        ? TerminalCapabilities(
          colors: .indexed256, mouse: true, pictures: .kitty, cellPixelSize: PixelSize(width: 10, height: 20),
          placeholderColors: .trueColor)
        : TerminalCapabilities(colors: .indexed256, mouse: true, placeholderColors: .trueColor)
    }

    /// Reads what the session wrote, and answers the picture queries when they come.
    func read() {
      let new = pty.readAvailable()
      output += new
      model.feed(new)
      if answersAsKitty, !answered, output.contains("\u{1B}_Gi=31") {
        answered = true
        pty.type(
          Array("\u{1B}P>|kitty(0.35.2)\u{1B}\\".utf8) + Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8) + Array("\u{1B}[6;20;10t".utf8)
            + Array("\u{1B}[?62;22c".utf8))
      }
    }

    /// The screen a headless run of the app shows after the keys typed so far.
    func expected() throws -> [[ScreenModel.Glyph]] {
      let app = Planets()
      let clock = ManualAnimationClock()
      app.collectionView.clock = clock
      let terminal = HeadlessTerminal(width: width, height: height, capabilities: capabilities)
      terminal.onWait = { clock.advance(by: $0) }
      defer { terminal.onWait = nil }
      terminal.pendingEvents = typed
      try TerminalRunLoop(terminal: terminal, scene: app).run(untilIdle: true)
      #expect(terminal.width == size.width && terminal.height == size.height)
      var rows = CursesTerminalTests.expected(terminal.screen, colors: .indexed256)
      // Blank beyond the session's size, in the model's.
      rows = rows.map { $0 + Array(repeating: ScreenModel.Glyph(), count: model.width - $0.count) }
      rows += Array(repeating: Array(repeating: ScreenModel.Glyph(), count: model.width), count: model.height - rows.count)
      return rows
    }

    /// Waits (generously: a session runs on a thread of its own, under a
    /// sanitizer too) until the pseudo-terminal shows `expected`; false if it never does.
    func waitUntilShowing(_ expected: [[ScreenModel.Glyph]]) -> Bool {
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(60)
      while clock.now < deadline {
        read()
        if model.rows == expected { return true }
        usleep(2_000)
      }
      return false
    }
  }

  @Test func twoSessionsOnTwoPseudoTerminalsRunTheSameAppEachAsAHeadlessRunShowsIt() throws {
    let viewers = [
      try Viewer(width: 70, height: 20, answersAsKitty: true), try Viewer(width: 52, height: 27, answersAsKitty: false),
    ]
    let ended = Locked([String]())
    let resizeHandlers = Locked([Int: @Sendable (Int, Int, PixelSize?) -> Void]())
    var threads: [Thread] = []
    for (n, viewer) in viewers.enumerated() {
      let (slave, width, height) = (viewer.pty.appSide, viewer.width, viewer.height)
      let thread = Thread {
        do {
          let session = try Session(
            scene: Planets(), input: slave, output: slave, term: "xterm-256color", width: width, height: height,
            environment: ["LANG": "C.UTF-8"])
          if let stream = session.terminal as? StreamTerminal {
            resizeHandlers.withLock { $0[n] = stream.resizeHandler }
          }
          try session.run()
          ended.withLock { $0.append("session \(n) quit") }
        } catch {
          ended.withLock { $0.append("session \(n) failed: \(error)") }
        }
      }
      thread.start()
      threads.append(thread)
    }
    var rng = SplitMix64(seed: 33)
    for step in 0..<12 {
      for (n, viewer) in viewers.enumerated() {
        if step == 6, n == 1 {
          // The owner gives the second session another size (a window change): it alone follows.
          let resize = resizeHandlers.withLock { $0[1] }
          try #require(resize != nil)
          viewer.size = (60, 22)
          viewer.typed.append(.resize(width: 60, height: 22))
          resize?(60, 22, nil)
          continue
        }
        let count = Int.random(in: 1...4, using: &rng)
        var bytes: [UInt8] = []
        for _ in 0..<count {
          let key = Self.keys.randomElement(using: &rng)!
          bytes += Array(key.bytes.utf8)
          viewer.typed.append(.key(key.key))
        }
        viewer.pty.type(bytes)
      }
      for (n, viewer) in viewers.enumerated() {
        let expected = try viewer.expected()
        guard viewer.waitUntilShowing(expected) else {
          let shown = viewer.model.lines.prefix(viewer.size.height).joined(separator: "\n")
          let wanted = expected.map { $0.map(\.text).joined() }.joined(separator: "\n")
          let message = "step \(step): session \(n) shows\n\(shown)\nnot\n\(wanted)\nafter \(viewer.typed)"
          Issue.record(Comment(rawValue: message))
          FileHandle.standardError.write(Data((message + "\n").utf8))
          for v in viewers { v.pty.type(Array("q".utf8)) }
          return
        }
      }
    }
    // Each session showed its own pictures: in pixels where the terminal answered as kitty, in symbols where it did not.
    let transmitted = viewers.map { $0.output.contains("\u{1B}_Ga=t,q=2") }
    let placeholders = viewers.map { $0.model.lines.joined().unicodeScalars.contains { $0.value == 0x10EEEE } }
    #expect(transmitted == [true, false])
    #expect(placeholders == [true, false])
    // Both quit on q and give their terminals back.
    for viewer in viewers { viewer.pty.type(Array("q".utf8)) }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    while ended.withLock({ $0.count }) < 2, clock.now < deadline {
      for viewer in viewers { viewer.read() }
      usleep(2_000)
    }
    #expect(ended.withLock { $0.sorted() } == ["session 0 quit", "session 1 quit"])
    for viewer in viewers {
      viewer.read()
      let leftTheAlternateScreen = viewer.output.contains("\u{1B}[?1049l")
      #expect(leftTheAlternateScreen)
    }
  }
}
