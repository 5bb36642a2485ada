import CNcursesw
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

/// The frames the backend writes, read back by a model terminal, show the
/// surfaces they were made from: random frames of text, wide graphemes,
/// line drawing, styles, fills and row scrolls, on terminals that choose
/// line drawing differently (ESC ( 0, SO/SI) or have none, or pad their
/// capabilities (vt100). (In the serialized suite of the backend's tests:
/// ncurses keeps one current terminal for the whole process.)
extension CursesTerminalTests {
  static let words = ["Book", "00042", "0-1,2.3+4", "a_b", "~x|y{z}", "日本語", "Ünïcödé", "  ", "q", "x", "lqk", "ÿ", "€5", "한국"]
  static let lines: [Character] = ["─", "│", "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼", "╭", "╯", "━", "┈"]

  /// The model's view of a surface: each cell's text, bold and reverse.
  static func expected(_ surface: Surface, colors: ColorSupport) -> [[ScreenModel.Glyph]] {
    (0..<surface.height).map { y in
      (0..<surface.width).map { x in
        let cell = surface[x, y]
        let a = (colors == .trueColor ? cell.style : cell.style.degraded(for: colors)).attributes
        return ScreenModel.Glyph(
          text: cell.width == 0 ? "" : cell.grapheme.description, bold: a.contains(.bold), reverse: a.contains(.reverse),
          underline: a.contains(.underline))
      }
    }
  }

  @Test(arguments: ["xterm-256color", "tmux-256color", "vt100", "linux", "xterm-direct"])
  func randomFramesReadBackAsTheSurfaces(term: String) throws {
    let (w, h) = (37, 11)
    let pty = try PseudoTerminal(columns: w, rows: h)
    let terminal = try CursesTerminal(term: term, inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    defer { terminal.restore() }
    var model = ScreenModel(width: w, height: h)
    var surface = Surface(width: w, height: h)
    var screen = Screen()
    var rng = SplitMix64(seed: term.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
    let styles: [Style] = [
      .plain, Style(attributes: [.bold]), Style(attributes: [.reverse]), Style(foreground: .red),
      Style(foreground: .brightBlack, attributes: [.underline]),
      Style(foreground: .cyan, background: .blue, attributes: [.bold, .reverse]),
    ]
    for frame in 0..<120 {
      for _ in 0..<Int.random(in: 1...12, using: &rng) {
        let x = Int.random(in: -2..<w, using: &rng)
        let y = Int.random(in: 0..<h, using: &rng)
        let style = styles.randomElement(using: &rng)!
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
          surface.fill(
            CellRect(x: x, y: y, width: Int.random(in: 1...20, using: &rng), height: Int.random(in: 1...4, using: &rng)), style: style)
        case 1:
          surface.drawBorder(
            CellRect(x: x, y: y, width: Int.random(in: 2...16, using: &rng), height: Int.random(in: 2...5, using: &rng)),
            border: Bool.random(using: &rng) ? .single : .rounded, style: style)
        case 2:
          let run = String(repeating: Self.lines.randomElement(using: &rng)!, count: Int.random(in: 1...9, using: &rng))
          surface.draw(run, x: x, y: y, style: style)
        default:
          surface.draw(Self.words.randomElement(using: &rng)!, x: x, y: y, style: style)
        }
      }
      if frame % 7 == 3 {
        let a = Int.random(in: 0..<(h - 1), using: &rng)
        let b = Int.random(in: (a + 2)...h, using: &rng)
        surface.scrollRows(a..<b, by: Int.random(in: 1...2, using: &rng) * (Bool.random(using: &rng) ? 1 : -1))
      }
      // The cursor left somewhere (or where writing left it), shown or not.
      surface.cursor = frame % 5 == 4 ? nil : CellPoint(x: Int.random(in: 0..<w, using: &rng), y: Int.random(in: 0..<h, using: &rng))
      surface.showsCursor = frame % 3 == 0
      try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
      surface.markPresented()
      model.feed(pty.readAvailable())
      if let rest = surface.cursor, model.cursor != rest {
        Issue.record("frame \(frame) under \(term) leaves the cursor at \(model.cursor), not \(rest)")
        return
      }
      if term != "vt100", model.cursorIsVisible != surface.showsCursor {
        // (vt100 cannot hide its cursor.)
        Issue.record("frame \(frame) under \(term): the cursor is \(model.cursorIsVisible ? "shown" : "hidden")")
        return
      }
      let want = Self.expected(surface, colors: terminal.capabilities.colors)
      if model.rows != want {
        let got = model.lines
        let shown = surface.lines
        Issue.record(
          "frame \(frame) under \(term) reads back differently:\n\(got.joined(separator: "\n"))\nnot\n\(shown.joined(separator: "\n"))")
        return
      }
    }
  }
}
