import CNcursesw
import Foundation
import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

/// Nothing but line-drawing characters is written while the DEC
/// line-drawing set is selected: mlterm draws a box for a blank written
/// there (`ESC ( 0 x x ESC ( B` showed boxes in every gap between cards), and
/// other terminals draw other bytes as arrows or blocks. Checked on the
/// encoder's output for every terminal type installed whose alternate set
/// is DEC's (chosen by `ESC ( 0`, or by SO after `ESC ) 0`) and whose
/// `acsc` has the light lines (and whose lines are drawn through it: not
/// screen's or tmux's in UTF-8, where ncurses says it breaks), one of each
/// kind of description (the sequences the encoder uses, compared).
extension CursesTerminalTests {
  /// The names of the terminal types installed (every file of the terminfo databases).
  static func installedTerminalTypes() -> [String] {
    var names = Set<String>()
    for root in ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"] {
      guard let letters = try? FileManager.default.contentsOfDirectory(atPath: root) else { continue }
      for letter in letters {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + letter)) ?? [] { names.insert(name) }
      }
    }
    return names.sorted()
  }

  /// A capability's bytes (delays left out), or empty.
  static func capability(_ name: String) -> String {
    cn_tigetstr(name).map { String(decoding: TerminfoCapability.bytes(of: $0), as: UTF8.self) } ?? ""
  }

  /// Frames with light lines beside blanks, text, and the characters some
  /// terminals draw as arrows in the alternate set, changing so that gaps
  /// between changed cells are moved over or written again.
  static func lineFrames(width: Int, height: Int) -> [Surface] {
    var frames: [Surface] = []
    var surface = Surface(width: width, height: height)
    surface.drawBorder(CellRect(x: 0, y: 0, width: 12, height: 4), border: .single, style: .plain)
    surface.drawBorder(CellRect(x: 13, y: 0, width: 12, height: 4), border: .single, style: Style(attributes: [.reverse]))
    surface.draw("┤ Title ├", x: 1, y: 0)
    surface.draw("│ │ │0-1,2.3+4│", x: 0, y: 5)
    surface.draw("─ ─  ┼ a_b ┼", x: 0, y: 6, style: Style(attributes: [.bold]))
    frames.append(surface)
    surface.draw("x", x: 2, y: 5)
    surface.draw("┌", x: 4, y: 5)
    surface.draw(" ", x: 5, y: 6)
    frames.append(surface)
    surface.fill(CellRect(x: 1, y: 1, width: 10, height: 2), with: "─", style: .plain)
    surface.draw(" q ", x: 3, y: 1)
    surface.draw("│", x: 6, y: 1)
    frames.append(surface)
    surface.drawBorder(CellRect(x: 2, y: 2, width: 20, height: 4), border: .single, style: Style(foreground: .red))
    surface.draw("└ ┘ ├ ┤ ┬ ┴", x: 3, y: 3)
    frames.append(surface)
    return frames
  }

  @Test func nothingButLinesIsWrittenInTheLineDrawingSet() throws {
    let (w, h) = (30, 8)
    let decForms: Set<String> = ["\u{1B}(0", "\u{0E}"]
    var seen = Set<String>()
    var checked: [String] = []
    var kinds: [String: String] = [:]
    for term in Self.installedTerminalTypes() {
      let pty = try PseudoTerminal(columns: w, rows: h)
      guard let terminal = try? CursesTerminal(term: term, inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
      else { continue }
      defer { terminal.restore() }
      // One of each kind: the sequences the encoder writes for styles and the alternate set.
      let kind =
        ["smacs", "rmacs", "enacs", "sgr0", "bold", "rev", "setaf", "cup"].map(Self.capability).joined(separator: "|")
        + "|" + terminal.alternateLines.map(String.init).joined(separator: ",")
      // (The model reads 7-bit controls: not the 8-bit descriptions, whose CSI is one byte.)
      guard terminal.encoder != nil, decForms.contains(Self.capability("smacs")), Self.capability("cup").hasPrefix("\u{1B}["),
        terminal.alternateLines.contains(where: { $0 != 0 })
      else { continue }
      kinds[term] = kind
      guard seen.insert(kind).inserted else { continue }
      checked.append(term)
      var model = ScreenModel(width: w, height: h)
      var screen = Screen()
      model.feed(pty.readAvailable())
      for (n, surface) in Self.lineFrames(width: w, height: h).enumerated() {
        try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
        model.feed(pty.readAvailable())
        if !model.strays.isEmpty {
          Issue.record(
            "under \(term), frame \(n) wrote \(String(decoding: model.strays, as: UTF8.self).debugDescription) in the line-drawing set:\n\(model.lines.joined(separator: "\n"))"
          )
          break
        }
      }
    }
    // mlterm and the common terminals were among them (or one written as they are).
    #expect(checked.count >= 5, "\(checked)")
    for term in ["mlterm", "mlterm-256color", "xterm-256color", "rxvt-unicode-256color"] {
      #expect(kinds[term] != nil, "\(term) uses DEC's line-drawing set")
    }
  }
}
