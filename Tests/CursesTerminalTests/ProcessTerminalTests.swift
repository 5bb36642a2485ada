import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

/// The process's own terminal (ncurses' globals, the signal handlers, the C
/// shim's state) is claimed by one holder at a time: while a
/// `CursesTerminal` is open, a second claim, and a second `CursesTerminal`,
/// are refused with a typed error, and nothing of the open one changes; once
/// it is restored the terminal can be claimed again. (In the serialized
/// suite of the backend's tests: they open the process's terminal.)
extension CursesTerminalTests {
  @Test func aSecondClaimOfTheProcessTerminalIsRefusedWhileOneIsOpen() throws {
    let pty = try PseudoTerminal(columns: 30, rows: 8)
    let first = try CursesTerminal(term: "xterm-256color", inputDescriptor: pty.appSide, outputDescriptor: pty.appSide, mouse: false)
    #expect(throws: ProcessTerminalError.alreadyClaimed) { try ProcessTerminal.claim() }
    let other = try PseudoTerminal(columns: 20, rows: 5)
    #expect(throws: ProcessTerminalError.alreadyClaimed) {
      try CursesTerminal(term: "xterm-256color", inputDescriptor: other.appSide, outputDescriptor: other.appSide, mouse: false)
    }
    // The refused one wrote nothing to its terminal, and the open one still draws.
    #expect(other.readAvailable().isEmpty)
    _ = pty.readAvailable()
    var surface = Surface(width: 30, height: 8)
    var screen = Screen()
    surface.draw("still here", x: 1, y: 1)
    try first.present(screen.update(to: surface, scrollsRegions: first.capabilities.scrollsRegions))
    #expect(pty.readAvailable().contains("still here"))

    first.restore()
    let claim = try ProcessTerminal.claim()
    #expect(throws: ProcessTerminalError.alreadyClaimed) { try ProcessTerminal.claim() }
    claim.release()
    claim.release()  // idempotent: gives back nothing it does not hold
    let again = try CursesTerminal(term: "xterm-256color", inputDescriptor: other.appSide, outputDescriptor: other.appSide, mouse: false)
    #expect(throws: ProcessTerminalError.alreadyClaimed) { try ProcessTerminal.claim() }
    again.restore()
  }
}
