import TermGrid
// A scene that shows what its terminal can show. With an argument it runs
// on the curses terminal, opened by hand to wait longer for the rest of an
// escape sequence (a slow link); without, it draws on a headless terminal
// that claims 8 colours and no UTF-8, and prints the screen.
import TermGridTesting

final class CapabilitiesScene: Scene {
  private var capabilities = TerminalCapabilities(colors: .none)
  private(set) var needsDisplay = true

  func willAppear(on capabilities: TerminalCapabilities) {
    self.capabilities = capabilities
    needsDisplay = true
  }

  func draw(into surface: inout Surface) {
    surface.clear()
    let lines = capabilities.unicode ? "─│┌┐ UTF-8" : "-|++ ASCII only"
    surface.draw("Colours: \(capabilities.colors)", x: 1, y: 1, style: Style(foreground: .rgb(255, 200, 0)))
    surface.draw("Lines: \(lines)", x: 1, y: 2)
    surface.draw("Mouse reports: \(capabilities.mouse ? "on" : "off")", x: 1, y: 3)
    surface.draw("q quits", x: 1, y: 5, style: Style(foreground: .brightBlack))
    needsDisplay = false
  }

  func handle(_ event: InputEvent) -> EventResult {
    if case .key(let key) = event, key == "q" || key == .control("c") { return .quit }
    if case .resize = event { needsDisplay = true }
    return .continue
  }
}

if CommandLine.arguments.count > 1 {
  Application.run(
    CapabilitiesScene(),
    terminal: {
      let terminal = try CursesTerminal(mouse: true, interruptKey: true)
      terminal.escapeDelay = .milliseconds(100)
      return terminal
    })
} else {
  let terminal = HeadlessTerminal(
    width: 40, height: 7, capabilities: TerminalCapabilities(colors: .ansi8, unicode: false))
  terminal.send(keys: "q")
  try TerminalRunLoop(terminal: terminal, scene: CapabilitiesScene()).run()
  print(terminal.text)
}
