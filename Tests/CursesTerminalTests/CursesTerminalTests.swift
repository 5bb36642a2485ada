import CNcursesw
import CPty
import Foundation
import GridPlatform
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

extension Array where Element == UInt8 {
  func contains(_ s: String) -> Bool {
    let needle = Array(s.utf8)
    guard needle.count <= count else { return false }
    for i in 0...(count - needle.count) where self[i..<(i + needle.count)].elementsEqual(needle) { return true }
    return false
  }
}

/// ncurses keeps global state, so these run one at a time.
@Suite(.serialized) struct CursesTerminalTests {
  @Test func drawsOnTheAlternateScreenWritesOnlyChangesAndRestores() throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    #expect(terminal.width == 40 && terminal.height == 10)
    #expect(terminal.capabilities.colors == .indexed256)
    var surface = Surface(width: 40, height: 10)
    var screen = Screen()
    surface.draw("Hello 日本語 \u{1B}[31m", x: 2, y: 3)
    surface.drawBorder(CellRect(x: 0, y: 5, width: 6, height: 3))
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let first = pty.readAvailable()
    #expect(first.contains("\u{1B}[?1049h"))  // alternate screen
    #expect(first.contains("Hello"))
    #expect(first.contains("日本語"))
    // Light lines go through the alternate character set: one byte each.
    #expect(first.contains("\u{1B}(0"))
    #expect(first.contains("lqqqqk"))
    #expect(first.contains("mqqqqj"))
    #expect(first.contains("␛[31m"))
    #expect(!first.contains("\u{1B}[31m"))  // the escape from the data never reaches the terminal

    // One changed cell costs a cursor move and the cell, not a repaint.
    surface.put("X", width: 1, x: 20, y: 8, style: .plain)
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let second = pty.readAvailable()
    #expect(second.contains("X"))
    #expect(second.count < 20)
    // Nothing changed: nothing is written.
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    #expect(pty.readAvailable().isEmpty)

    terminal.restore()
    #expect(pty.readAvailable().contains("\u{1B}[?1049l"))
  }

  /// Opening the terminal writes what ncurses sets up (the alternate
  /// screen, keypad mode, the colour reset, the hidden cursor) at once and
  /// no repaint of ncurses' blank screen: the first frame clears the
  /// screen, once, and draws.
  @Test func theStartWritesTheSetUpAndTheFirstFrameClears() throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    let start = pty.readAvailable()
    for setUp in ["\u{1B}[?1049h", "\u{1B}[?1h\u{1B}=", "\u{1B}[39;49m", "\u{1B}[?25l"] {
      #expect(start.contains(setUp), "the start lacks \(Array(setUp.utf8))")
    }
    #expect(!start.contains("\u{1B}[2J"))
    var surface = Surface(width: 40, height: 10)
    var screen = Screen()
    surface.draw("Hello", x: 2, y: 3)
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let first = pty.readAvailable()
    let clears = (start + first).split(separator: 0x1B).filter { $0.starts(with: Array("[2J".utf8)) }.count
    #expect(clears == 1)
    #expect(first.contains("\u{1B}[2J") && first.contains("Hello"))
  }

  /// Light lines are handed to ncurses as DEC line drawing where terminfo
  /// has it (one byte each, as the C library's `box()` sends them); rounded
  /// corners and heavy lines, which it has not, stay UTF-8; a terminal
  /// without `acsc` gets UTF-8 for all.
  @Test func lightLinesUseTheAlternateCharacterSetWhereTheTerminalHasOne() throws {
    func frame(term: String) throws -> [UInt8] {
      let pty = try PseudoTerminal(columns: 30, rows: 8)
      let terminal = try CursesTerminal(term: term, inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
      var surface = Surface(width: 30, height: 8)
      var screen = Screen()
      surface.drawBorder(CellRect(x: 0, y: 0, width: 6, height: 3))
      surface.drawBorder(CellRect(x: 10, y: 0, width: 6, height: 3), border: .rounded)
      surface.draw("━━┼├┤┬┴", x: 0, y: 5)
      try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
      let bytes = pty.readAvailable()
      terminal.restore()
      return bytes
    }
    let xterm = try frame(term: "xterm-256color")
    #expect(xterm.contains("lqqqqk") && xterm.contains("mqqqqj"))
    #expect(!xterm.contains("─") && !xterm.contains("│") && !xterm.contains("┌"))
    #expect(xterm.contains("╭") && xterm.contains("╮") && xterm.contains("╰") && xterm.contains("╯"))
    #expect(xterm.contains("━━"))
    #expect(xterm.contains("ntuwv"))
    let sun = try frame(term: "sun")  // no acsc
    #expect(sun.contains("┌────┐") && sun.contains("└────┘") && sun.contains("╭────╮"))
    #expect(!sun.contains("lqqqqk"))
  }

  @Test func decodesKeys() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    // keypad mode: arrows arrive as ESC O x.
    pty.type(Array("\u{1B}OB".utf8) + Array("j中\r".utf8) + [0x1B, 0x5B, 0x36, 0x7E])
    var events: [InputEvent] = []
    while let e = try terminal.nextEvent(timeout: .milliseconds(200)) { events.append(e) }
    #expect(events == [.key(Key(.down)), .key(.char("j")), .key(.char("中")), .key(Key(.enter)), .key(Key(.pageDown))])
    // A lone Esc after the escape delay.
    pty.type([0x1B])
    #expect(try terminal.nextEvent(timeout: .milliseconds(500)) == .key(Key(.escape)))
    #expect(try terminal.nextEvent(timeout: .zero) == nil)
  }

  /// The picture queries go out once, when asked for (after the first
  /// picture is drawn), and nothing waits for them; the answers, read with
  /// the input, set the pictures: kitty 0.35, kitty 0.26 (classic
  /// placements), xterm as a VT340, tmux 3.3 (which answers DA1 itself and
  /// lets no kitty query through by default), and a terminal that never
  /// answers (given up on after the answer timeout).
  @Test(arguments: [
    ("\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c", PictureSupport.kitty),
    ("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c", .kittyPlacements),
    ("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c", .sixel),
    ("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c", .symbols),
    ("", .symbols),
  ])
  func thePictureQueriesAreAnsweredWithoutWaiting(answer: String, expected: PictureSupport) throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try CursesTerminal(
      term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false,
      probesPictures: true)
    defer { terminal.restore() }
    // Nothing is asked before a picture is drawn; pictures are pending meanwhile.
    #expect(!pty.readAvailable().contains("\u{1B}[c"))
    #expect(terminal.capabilities.picturesPending && !terminal.capabilities.showsPictures)
    terminal.requestPictureSupport()
    terminal.requestPictureSupport()
    let sent = String(decoding: pty.readAvailable(), as: UTF8.self)
    // XTVERSION, the kitty query, the cell size, and DA1 last: the end marker; once.
    let order = ["\u{1B}[>q", "\u{1B}_Gi=31,s=1,v=1,a=q", "\u{1B}[16t", "\u{1B}[c"].map { sent.range(of: $0)?.lowerBound }
    #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted())
    #expect(sent.components(separatedBy: "\u{1B}[c").count == 2, "asked once")
    // A frame is drawn before any answer.
    var surface = Surface(width: 40, height: 10)
    var screen = Screen()
    surface.draw("first", x: 0, y: 0)
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    #expect(String(decoding: pty.readAvailable(), as: UTF8.self).contains("first"))
    #expect(terminal.capabilities.pictures == .symbols && terminal.capabilities.picturesPending)
    // The answers, then a key: the answers are no events, the key is.
    pty.type(Array((answer + "x").utf8))
    #expect(try terminal.nextEvent(timeout: .seconds(5)) == .key("x"))
    if answer.isEmpty {
      // No answer: given up on once the answer timeout has passed (a wait outlasting it ends with nothing).
      #expect(terminal.capabilities.picturesPending)
      #expect(try terminal.nextEvent(timeout: TerminalProbe.answerTimeout + .seconds(1)) == nil)
    }
    #expect(!terminal.capabilities.picturesPending)
    #expect(terminal.capabilities.pictures == expected)
    try drawsAPictureInPixels(on: terminal, pty: pty, screen: &screen)
  }

  /// The answers arriving in pieces far apart (each cut right after its
  /// Esc, 300 ms between): while they are owed, a lone Esc waits for the
  /// rest, so none is taken for keys, and a key after them is that key.
  @Test func answersInPiecesFarApartAreStillAnswers() throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try CursesTerminal(
      term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false, probesPictures: true)
    defer { terminal.restore() }
    terminal.requestPictureSupport()
    _ = pty.readAvailable()
    for answer in ["\u{1B}P>|kitty(0.35.2)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}[?62;c"] {
      pty.type([0x1B])
      #expect(try terminal.nextEvent(timeout: .milliseconds(300)) == nil, "no Esc")
      pty.type(Array(answer.utf8.dropFirst()))
    }
    pty.type(Array("x".utf8))
    #expect(try terminal.nextEvent(timeout: .seconds(5)) == .key("x"))
    #expect(terminal.capabilities.pictures == .kitty && !terminal.capabilities.picturesPending)
    #expect(terminal.capabilities.cellPixelSize == PixelSize(width: 10, height: 20))
  }

  /// Inside tmux: tmux answers its version and DA1 at once; the kitty it
  /// runs in answers through the passthrough 26 ms later, and is waited
  /// for. With no passthrough (tmux's default), only tmux answers, and the
  /// wait ends after the passthrough timeout: symbols.
  @Test(arguments: [true, false])
  func insideTmuxTheOuterTerminalsAnswersAreWaitedFor(passthrough: Bool) throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let terminal = try CursesTerminal(
      term: "tmux-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false,
      environment: ["TMUX": "/tmp/tmux-0/default,1,0"], probesPictures: true)
    defer { terminal.restore() }
    terminal.requestPictureSupport()
    let sent = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(sent.contains("\u{1B}Ptmux;\u{1B}\u{1B}[>q\u{1B}\u{1B}_Gi=31"), "asked through the passthrough")
    pty.type(Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8))
    #expect(try terminal.nextEvent(timeout: .milliseconds(10)) == nil)
    #expect(terminal.capabilities.picturesPending, "tmux alone has answered")
    if passthrough {
      usleep(26_000)
      pty.type(Array("\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c".utf8))
      pty.type(Array("x".utf8))
      #expect(try terminal.nextEvent(timeout: .seconds(5)) == .key("x"))
      #expect(terminal.capabilities.pictures == .kitty && terminal.capabilities.cellPixelSize == PixelSize(width: 10, height: 20))
    } else {
      #expect(try terminal.nextEvent(timeout: TerminalProbe.passthroughTimeout + .seconds(1)) == nil)
      #expect(terminal.capabilities.pictures == .symbols)
    }
    #expect(!terminal.capabilities.picturesPending)
  }

  /// A picture of 3x2 cells drawn at (3, 2), moved, then dropped, as the
  /// terminal's capabilities say: kitty is sent it once, with an id, and
  /// its placeholder cells, then deletes it; sixel gets it at its cells'
  /// position, drawn again only when its cells change; symbols get no
  /// picture bytes at all.
  func drawsAPictureInPixels(on terminal: CursesTerminal, pty: PseudoTerminal, screen: inout Screen) throws {
    let capabilities = terminal.capabilities
    let cell = capabilities.cellPixelSize ?? .assumedCell
    var surface = Surface(width: 40, height: 10)
    if capabilities.drawsPixels {
      surface.pixelImages = PixelImageTable(cellSize: cell, colors: capabilities.pictureIDColors)
    }
    var image: PixelImage? = PixelImage(
      columns: 3, rows: 2, cellSize: cell, rgba: [UInt8](repeating: 200, count: 3 * cell.width * 2 * cell.height * 4))
    func present() throws -> String {
      try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
      surface.markPresented()
      return String(decoding: pty.readAvailable(), as: UTF8.self)
    }
    surface.drawPixels(image!, x: 3, y: 2)
    let first = try present()
    func placeholders(_ text: String) -> Int { text.unicodeScalars.filter { $0 == PixelPlaceholder.placeholder }.count }
    switch capabilities.pictures {
    case .kitty:
      #expect(capabilities.cellPixelSize == PixelSize(width: 10, height: 20), "from the terminal's answer")
      #expect(first.contains("\u{1B}_Ga=t,q=2,f=32,s=30,v=40,t=d,i=1,"))
      #expect(first.contains("\u{1B}_Ga=p,U=1,q=2,i=1,c=3,r=2\u{1B}\\"))
      #expect(placeholders(first) == 6, "six placeholder cells")
      // The id in a 24-bit colour, under a TERM of 256 colours: kitty reads it whatever TERM says.
      #expect(capabilities.colors == .indexed256 && first.contains("\u{1B}[38;2;0;0;1m"))
      surface.clear()
      surface.drawPixels(image!, x: 5, y: 6)
      let moved = try present()
      #expect(!moved.contains("_Ga=t") && placeholders(moved) == 6)
      surface.clear()
      image = nil
      #expect(try present().contains("\u{1B}_Ga=d,d=I,q=2,i=1\u{1B}\\"))
    case .sixel:
      #expect(!terminal.capabilities.scrollsRegions, "rows are written anew under sixel")
      #expect(placeholders(first) == 0, "placeholders are written as blanks")
      // Made on a worker: written once made, while the terminal waits for input.
      var late = first
      let deadline = ContinuousClock.now + .seconds(30)
      while !late.contains("\u{1B}P0;1;0q"), ContinuousClock.now < deadline {
        _ = try terminal.nextEvent(timeout: .milliseconds(20))
        late += String(decoding: pty.readAvailable(), as: UTF8.self)
      }
      #expect(late.contains("\u{1B}[3;4H\u{1B}P0;1;0q\"1;1;\(3 * cell.width);\(2 * cell.height)"))
      surface.draw("x", x: 30, y: 8)
      #expect(!(try present()).contains("\u{1B}P"), "its cells did not change: not drawn again")
      surface.fill(CellRect(x: 4, y: 2, width: 1, height: 1), with: "o", style: .plain)
      #expect(!(try present()).contains("\u{1B}P"), "covered: the cell is written as text")
      surface.drawPixels(image!, x: 3, y: 2)
      #expect(try present().contains("\u{1B}[3;4H\u{1B}P0;1;0q"), "uncovered: drawn again, with the frame (made before)")
    case .kittyPlacements:
      #expect(!terminal.capabilities.scrollsRegions, "rows are written anew under classic placements")
      #expect(placeholders(first) == 0, "placeholders are written as blanks")
      #expect(first.contains("\u{1B}_Ga=t,q=2,f=32,s=30,v=40,t=d,i=1,"))
      #expect(first.contains("\u{1B}[3;4H\u{1B}_Ga=p,q=2,C=1,i=1,p=1,x=0,y=0,w=30,h=40,c=3,r=2\u{1B}\\"))
      surface.draw("x", x: 30, y: 8)
      #expect(!(try present()).contains("\u{1B}_G"), "its cells did not change: nothing")
      surface.clear()
      surface.drawPixels(image!, x: 5, y: 6)
      let moved = try present()
      #expect(!moved.contains("a=t"), "sent once")
      #expect(moved.contains("\u{1B}_Ga=d,d=i,q=2,i=1,p=1\u{1B}\\"), "the old placement deleted")
      #expect(moved.contains("\u{1B}[7;6H\u{1B}_Ga=p,q=2,C=1,i=1,p=2,"), "placed at its new cells")
      surface.clear()
      image = nil
      #expect(try present().contains("\u{1B}_Ga=d,d=I,q=2,i=1\u{1B}\\"))
    case .symbols, .off:
      #expect(!first.contains("\u{1B}_G") && !first.contains("\u{1B}P0;1"))
    }
  }

  @Test func aBurstOfKeysIsReadAtOnceAndAResizeIsAnEvent() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    // 300 keys in one write, as a paste or key repeat sends them: all arrive, in order.
    let keys = (0..<100).flatMap { _ in Array("\u{1B}OCx\u{1B}[6~".utf8) }
    pty.type(keys)
    var events: [InputEvent] = []
    while let e = try terminal.nextEvent(timeout: .milliseconds(200)) { events.append(e) }
    #expect(events.count == 300)
    #expect(events.prefix(3) == [.key(Key(.right)), .key("x"), .key(Key(.pageDown))])
    #expect(Set(events).count == 3)
    // The terminal is resized: the new size is an event (and ncurses knows it).
    #expect(cpty_set_winsize(pty.appSide, 33, 9) == 0)
    kill(getpid(), SIGWINCH)
    #expect(try terminal.nextEvent(timeout: .milliseconds(200)) == .resize(width: 33, height: 9))
    #expect((terminal.width, terminal.height) == (33, 9))
    #expect((cn_cols(), cn_lines()) == (33, 9))
    // A resize signal with the size unchanged is no event; keys still come.
    kill(getpid(), SIGWINCH)
    pty.type(Array("q".utf8))
    #expect(try terminal.nextEvent(timeout: .milliseconds(200)) == .key("q"))
  }

  @Test func mouseReportsAreAskedForReadAndTurnedOffOnTheWayOut() throws {
    // (What each report decodes to is KeyDecoderTests'; this is the terminal around it.)
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    let terminal = try CursesTerminal(
      term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: true)
    defer { terminal.restore() }
    #expect(pty.readAvailable().contains("\u{1B}[?1006"))  // SGR reports asked for
    pty.type(Array("\u{1B}[<0;5;3M".utf8))
    #expect(try terminal.nextEvent(timeout: .milliseconds(500)) == .mouse(MouseEvent(.press, x: 4, y: 2)))
    // A report whose rest arrives a moment later is still one report.
    pty.type(Array("\u{1B}[<0;5".utf8))
    usleep(5_000)
    pty.type(Array(";3M".utf8))
    #expect(try terminal.nextEvent(timeout: .milliseconds(500)) == .mouse(MouseEvent(.press, x: 4, y: 2)))
    _ = pty.readAvailable()
    terminal.restore()
    #expect(pty.readAvailable().contains("\u{1B}[?1002l"))  // reporting off on the way out
  }
  @Test func noColorTurnsColoursOff() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(
      term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false,
      environment: ["NO_COLOR": "1"])
    defer { terminal.restore() }
    #expect(terminal.capabilities.colors == ColorSupport.none)
    var surface = Surface(width: 20, height: 5)
    var screen = Screen()
    surface.draw("red", x: 0, y: 0, style: Style(foreground: .red, attributes: [.reverse]))
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let out = pty.readAvailable()
    #expect(out.contains("red"))
    #expect(!out.contains("\u{1B}[31m") && !out.contains("38;5;1m"))
    #expect(out.contains("\u{1B}[0;7m") || out.contains("\u{1B}[7m"))  // reverse video still shows focus
  }

  @Test func theEndOfInputIsAnEventAndNeverATimeout() throws {
    // The terminal's far side hangs up: a wait without a timeout returns
    // .endOfInput at once (it used to return nil, and a loop spun on it),
    // and so does every later read.
    var m: Int32 = -1
    var sl: Int32 = -1
    guard cpty_open(&m, &sl, 20, 5) == 0 else {
      Issue.record("cannot open a pseudo-terminal")
      return
    }
    defer { close(sl) }
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: sl, outputDescriptor: sl, mouse: false)
    defer { terminal.restore() }
    close(m)
    #expect(try terminal.nextEvent(timeout: nil) == .endOfInput)
    #expect(try terminal.nextEvent(timeout: .milliseconds(10)) == .endOfInput)
  }

  @Test func theEndOfAFileOnStandardInputIsTheEndOfInput() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let devnull = open("/dev/null", O_RDONLY)
    defer { close(devnull) }
    let terminal = try CursesTerminal(term: "xterm", inputDescriptor: devnull, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    #expect(try terminal.nextEvent(timeout: nil) == .endOfInput)
    // A timeout on an idle terminal is still nil, not the end.
    let idle = try PseudoTerminal(columns: 20, rows: 5)
    terminal.restore()
    let other = try CursesTerminal(term: "xterm", inputDescriptor: idle.appSide, outputDescriptor: idle.appSide, mouse: false)
    defer { other.restore() }
    #expect(try other.nextEvent(timeout: .milliseconds(20)) == nil)
  }

  @Test func ctrlCIsAKeyWhenAskedAndTheInterruptCharacterComesBack() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    var before = termios()
    tcgetattr(pty.appSide, &before)
    let terminal = try CursesTerminal(
      term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false, interruptKey: true)
    pty.type([0x03])
    #expect(try terminal.nextEvent(timeout: .milliseconds(500)) == .key(.control("c")))
    terminal.restore()
    var after = termios()
    tcgetattr(pty.appSide, &after)
    #expect(withUnsafeBytes(of: after.c_cc) { Array($0) } == withUnsafeBytes(of: before.c_cc) { Array($0) })
  }

  @Test func sixteenColoursAreSeenAndStylesAreDegradedOnTheWire() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(
      term: "xterm-16color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    #expect(terminal.capabilities.colors == .ansi16)
    terminal.restore()
    // Eight colours: a grey rule (bright black) would be black on black; it is dimmed instead.
    let eight = try CursesTerminal(term: "xterm", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { eight.restore() }
    #expect(eight.capabilities.colors == .ansi8)
    _ = pty.readAvailable()
    var surface = Surface(width: 20, height: 5)
    var screen = Screen()
    surface.fill(CellRect(x: 0, y: 0, width: 20, height: 1), with: "─", style: Style(foreground: .brightBlack))
    try eight.present(screen.update(to: surface, scrollsRegions: eight.capabilities.scrollsRegions))
    let out = pty.readAvailable()
    #expect(!out.contains("\u{1B}[30m") && !out.contains(";30m"))
    #expect(out.contains("\u{1B}[2m") || out.contains("\u{1B}[0;2m"))
  }

  @Test(arguments: [
    ("xterm-direct", ColorSupport.trueColor), ("xterm-256color", .indexed256), ("xterm-16color", .ansi16),
    ("xterm", .ansi8), ("linux", .ansi8), ("vt100", ColorSupport.none),
  ])
  func everyNamedTerminalOpensWithItsColours(term: String, colors: ColorSupport) throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(term: term, inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    #expect(terminal.capabilities.colors == colors)
    _ = pty.readAvailable()
    var surface = Surface(width: 20, height: 5)
    var screen = Screen()
    surface.draw("red", x: 0, y: 0, style: Style(foreground: .rgb(205, 0, 0)))
    surface.fill(CellRect(x: 0, y: 1, width: 20, height: 1), with: "─", style: Style(foreground: .brightBlack))
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let out = pty.readAvailable()
    #expect(out.contains("red"))
    switch colors {
    case .trueColor: #expect(out.contains("38;2;205;0;0") || out.contains("38:2::205:0:0"))
    case .indexed256: #expect(out.contains("38;5;160"))
    case .ansi16, .ansi8: #expect(out.contains("[31m") || out.contains(";31m"))
    case .none: #expect(!out.contains("[31m") && !out.contains("38;"))
    }
  }

  /// The viewer's `COLORTERM` (`truecolor` or `24bit`) gives 24-bit colour
  /// under a description of 256 colours, written as the direct SGR
  /// (`38;2;r;g;b`), by the same rule as a ``StreamTerminal``'s; without it
  /// (or with another value), the description's 256-colour index; `NO_COLOR`
  /// wins over it; a description without colours stays without; ncurses'
  /// own output (`TERMGRID_OUTPUT=curses`), which has no way to write the
  /// direct SGR there, keeps the description's colours.
  @Test(arguments: [
    ("xterm-256color", ["COLORTERM": "truecolor"], ColorSupport.trueColor),
    ("xterm-256color", ["COLORTERM": "24bit"], .trueColor),
    ("xterm-256color", [:], .indexed256),
    ("xterm-256color", ["COLORTERM": "yes"], .indexed256),
    ("xterm-256color", ["COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
    ("xterm-256color", ["COLORTERM": "truecolor", "TERMGRID_OUTPUT": "curses"], .indexed256),
    ("vt100", ["COLORTERM": "truecolor"], .none),
  ])
  func colortermGivesTrueColourWrittenAsTheDirectSGR(term: String, environment: [String: String], colors: ColorSupport)
    throws
  {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(
      term: term, inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false, environment: environment)
    defer { terminal.restore() }
    #expect(terminal.capabilities.colors == colors)
    _ = pty.readAvailable()
    var surface = Surface(width: 20, height: 5)
    var screen = Screen()
    surface.draw("red", x: 0, y: 0, style: Style(foreground: .rgb(205, 0, 0), background: .rgb(0, 0, 238)))
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    let out = pty.readAvailable()
    #expect(out.contains("red"))
    switch colors {
    case .trueColor:
      #expect(out.contains("38;2;205;0;0") && out.contains("48;2;0;0;238"))
      #expect(!out.contains("38;5;"))
    case .indexed256:
      #expect(out.contains("38;5;160"))
      #expect(!out.contains("38;2;"))
    default:
      #expect(!out.contains("38;") && !out.contains("48;") && !out.contains("[31m"))
    }
  }

  @Test func aCrashRestoresTheTerminalAndTheRuntimeStillReportsIt() throws {
    // Under a sanitizer the runtime's crash reporter hangs in a forked
    // child: this test runs without it.
    guard getenv("TERMGRID_SANITIZER") == nil else { return }  // scripts/test sets it for those runs
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    var errors: [Int32] = [0, 0]
    pipe(&errors)
    let pid = fork()
    if pid == 0 {
      dup2(errors[1], 2)
      let terminal = try? CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide)
      withExtendedLifetime(terminal) {
        let numbers = [1, 2, 3]
        print(numbers[Int(getpid()) % 1 + 7])  // index out of range: the runtime traps
      }
      exit(0)
    }
    close(errors[1])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    var report = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(errors[0], &buffer, buffer.count)
      if n <= 0 { break }
      report += buffer[0..<n]
    }
    close(errors[0])
    let out = pty.readAvailable()
    #expect(status & 0x7f != 0)  // ended by the signal, as before the handler
    #expect(out.contains("\u{1B}[?1049l") && out.contains("\u{1B}[?12l\u{1B}[?25h"))  // main screen, cursor back
    let text = String(decoding: report, as: UTF8.self)
    #expect(text.contains("Fatal error: Index out of range"))
  }

  /// A crash on a worker thread while the main thread waits for input, in
  /// a program started on a terminal (this test binary again, running
  /// only ``crashingOnAWorkerThread()``, in a pseudo-terminal): the
  /// terminal's modes are back as they were and its screen restored, and
  /// Swift's crash report is printed at once. (On a terminal the runtime's
  /// backtracer asks for a key first, for 30 s, in raw mode; a program
  /// killed meanwhile left the terminal raw. Its prompt may still be
  /// printed, but with no terminal to read it ends at once.)
  @Test func aCrashOnAWorkerThreadRestoresTheModesAndReportsAtOnce() throws {
    guard getenv("TERMGRID_SANITIZER") == nil else { return }  // (see the test above)
    let session = try PseudoTerminalSession(
      [CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter", "crashingOnAWorkerThread"], columns: 80,
      rows: 24, environment: ["TERMGRID_CRASH_CHILD": "1", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    let before = try #require(session.modes)
    let started = ContinuousClock.now
    while !session.hasExited && ContinuousClock.now - started < .seconds(25) {
      _ = session.drain()
      usleep(20_000)
    }
    let ended = session.hasExited
    if !ended { session.signal(SIGKILL) }
    _ = session.waitForExit(timeout: 10)
    _ = session.drain()
    let after = try #require(session.modes)
    let text = String(decoding: session.output, as: UTF8.self)
    #expect(ended, "ended at once, not after a prompt; it wrote: \(text.suffix(300).debugDescription)")
    #expect(text.contains("Fatal error: Index out of range"), "the crash report")
    #expect(text.contains("\u{1B}[?1049l"), "the main screen back")
    #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "the modes back")
  }

  /// The program of the test above: a terminal on standard input and
  /// output, and a worker thread that crashes while the main thread waits.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TERMGRID_CRASH_CHILD"] != nil))
  func crashingOnAWorkerThread() throws {
    let terminal = try CursesTerminal(mouse: true, environment: ["TERM": "xterm-256color"])
    var thread = pthread_t()
    pthread_create(
      &thread, nil,
      { _ in
        usleep(200_000)
        let numbers = [1, 2, 3]
        print(numbers[Int(getpid()) % 1 + 7])  // index out of range: the runtime traps
        return nil
      }, nil)
    _ = try terminal.nextEvent(timeout: .seconds(20))
  }

  /// Another thread ends a wait for input, with or without a timeout:
  /// nil at once, then waits go on as before (a key is still a key).
  @Test func aWaitForInputIsWokenFromAnotherThread() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    let wake = try #require(terminal.wakeUpHandler)
    for timeout: Duration? in [nil, .seconds(30)] {
      let started = ContinuousClock.now
      var thread = pthread_t()
      let box = Unmanaged.passRetained(WakeBox(wake))
      pthread_create(
        &thread, nil,
        { raw in
          let box = Unmanaged<WakeBox>.fromOpaque(raw!).takeRetainedValue()
          usleep(100_000)
          box.wake()
          return nil
        }, box.toOpaque())
      #expect(try terminal.nextEvent(timeout: timeout) == nil)
      #expect(ContinuousClock.now - started < .seconds(20))
      pthread_join(thread, nil)
    }
    pty.type(Array("k".utf8))
    #expect(try terminal.nextEvent(timeout: .seconds(5)) == .key("k"))
    #expect(try terminal.nextEvent(timeout: .milliseconds(50)) == nil)
  }

  @Test func unknownTerminalIsATypedError() {
    #expect(throws: CursesTerminalError.self) {
      _ = try CursesTerminal(term: "no-such-terminal-type", inputDescriptor: 0, outputDescriptor: 1)
    }
  }
}

/// A wake-up handed to a thread.
final class WakeBox: Sendable {
  let wake: @Sendable () -> Void
  init(_ wake: @escaping @Sendable () -> Void) { self.wake = wake }
}
