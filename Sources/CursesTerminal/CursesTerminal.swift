import CNcursesw
import GridRender
import GridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Errors from the curses backend.
public enum CursesTerminalError: Error, CustomStringConvertible {
  /// ncurses could not start on this terminal (no TERM, unknown type, not a tty).
  case cannotInitialize(term: String?)
  /// Standard output is a file or a pipe, not a terminal: drawing there
  /// would only fill it with escape sequences.
  case notATerminal
  /// A readable form, for messages and tests.
  public var description: String {
    switch self {
    case .cannotInitialize(let term):
      return "cannot start the terminal (TERM=\(term ?? "unset")); run in a terminal with a known TERM"
    case .notATerminal:
      return "standard output is not a terminal; run in a terminal, not with the output redirected"
    }
  }
}

/// The ncursesw backend: the alternate screen, keypad, colours with fallback
/// to what the terminal has (none when `NO_COLOR` is set), mouse reports, and
/// resize events. ncurses sets the terminal up and reads its description;
/// ``present(_:)`` writes only the cells that changed since the last frame
/// as the terminal's own control sequences (shortest cursor moves, scroll
/// regions for rows that moved), in one write, and ``nextEvent(timeout:)``
/// reads input itself, every byte there is at once, decoding the
/// terminal's keys. (With `TERMGRID_OUTPUT=curses` in the environment,
/// ncurses writes the frames.)
///
/// The terminal is restored by ``restore()`` (also on deinit) and, through
/// signal handlers installed at open, on SIGINT, SIGTERM, SIGHUP, SIGQUIT and
/// on a crash. After restoring, such a signal goes on to what handled it
/// before the terminal was opened (the default ends the process by the
/// signal, so a shell sees status 143 for SIGTERM, 130 for SIGINT), and a
/// crash to Swift's backtracer.
///
/// ncurses keeps global state, so only one `CursesTerminal` may be open at a
/// time; this is the only place in TermGrid with global mutable state.
public final class CursesTerminal: Terminal {
  /// The width in cells.
  public private(set) var width: Int
  /// The height in cells.
  public private(set) var height: Int
  /// What the terminal reports it can show.
  public let capabilities: TerminalCapabilities

  private var isOpen = true
  private var pairs: [Int: Int16] = [:]
  private let colorSupport: ColorSupport
  private var screenPointer: OpaquePointer?
  private var wideBuffer = [wchar_t](repeating: 0, count: 8)
  /// For U+2500 to U+253F, the character of the terminal's alternate
  /// character set that draws the same line (0: none). See ``lineDrawing``.
  private var alternateLines = [UInt8](repeating: 0, count: 64)
  /// Writes frames as the terminal's control sequences (nil: ncurses does).
  private var encoder: CellEncoder?
  /// True after a suspend, until a frame clears the screen (see <doc:/GridTerminal/Terminal/needsFullRepaint>).
  public private(set) var needsFullRepaint = false
  /// The screen is blank (ncurses has just cleared it).
  private var screenIsBlank = false
  /// Bytes read and not yet decoded (from `readIndex`).
  private var input: [UInt8] = []
  private var readIndex = 0
  /// Where `read` puts what it takes (``readSize`` bytes, made once).
  private var readBuffer = [UInt8](repeating: 0, count: CursesTerminal.readSize)
  private static let readSize = 4_096
  /// The last read took all there was (fewer bytes than it could).
  private var inputDrained = false
  /// Turns bytes into events, with this terminal's keys.
  private var decoder = KeyDecoder(keys: [])
  /// The resizes (SIGWINCH) seen so far.
  private var resizesSeen: Int32 = 0
  /// The descriptor input is read from (to tell the end of input from a timeout).
  private let inputDescriptor: Int32
  /// True once the end of input was seen: every later read says so at once.
  private var inputEnded = false

  /// Opens the terminal on standard input and output.
  ///
  /// - Parameters:
  ///   - mouse: ask the terminal for mouse reports (clicks, wheel, and
  ///     motion while a button is held).
  ///   - environment: the environment to read `TERM`, `NO_COLOR` and
  ///     `TERMGRID_OUTPUT` from (the colours come from `TERM`'s terminfo
  ///     entry: `xterm-direct` for 24-bit colour).
  ///   - interruptKey: deliver Ctrl-C as a key (`Key(.character("c"),
  ///     modifiers: .control)`) instead of an interrupt signal, so the app
  ///     can quit cleanly (and ask about unsaved work); `Application` in
  ///     TermGrid turns this on. Off, Ctrl-C restores the terminal and ends
  ///     the program (the signal's default).
  public convenience init(
    mouse: Bool = true, interruptKey: Bool = false,
    environment: [String: String] = CursesTerminal.processEnvironment
  ) throws {
    try self.init(mouse: mouse, interruptKey: interruptKey, environment: environment, device: nil)
  }

  /// Opens the terminal on a device given as file descriptors (a
  /// pseudo-terminal in tests), with an explicit terminal type.
  public convenience init(
    term: String, inputDescriptor: Int32, outputDescriptor: Int32, mouse: Bool = true, interruptKey: Bool = false,
    environment: [String: String] = [:]
  ) throws {
    try self.init(
      mouse: mouse, interruptKey: interruptKey, environment: environment,
      device: (term, inputDescriptor, outputDescriptor))
  }

  private init(mouse: Bool, interruptKey: Bool, environment: [String: String], device: (String, Int32, Int32)?) throws {
    setlocale(LC_ALL, "")
    let term = device?.0 ?? environment["TERM"]
    let opened: OpaquePointer?
    if let (_, input, _) = device {
      cn_save_shell_modes(input)
    } else {
      cn_save_shell_modes(0)
    }
    // The program's own handlers of SIGINT, SIGTERM, SIGHUP and SIGQUIT, before ncurses installs its.
    cn_save_signal_actions()
    if let (name, input, output) = device {
      inputDescriptor = dup(input)
      opened = cn_newterm_fds(name, inputDescriptor, dup(output))
    } else {
      inputDescriptor = 0
      opened = cn_newterm_stdio()
    }
    guard let screen = opened else { throw CursesTerminalError.cannotInitialize(term: term) }
    if device == nil, isatty(1) == 0 {
      // Nothing has been drawn yet: let ncurses go and say why.
      endwin()
      delscreen(screen)
      throw CursesTerminalError.notATerminal
    }
    screenPointer = screen
    _ = set_term(screen)
    cbreak()
    if interruptKey { cn_interrupt_as_key(inputDescriptor) }
    cn_flow_control_off(inputDescriptor)
    noecho()
    nonl()
    intrflush(cn_stdscr(), false)
    keypad(cn_stdscr(), true)
    _ = curs_set(0)
    // Let ncurses scroll the terminal (insert/delete line, scroll regions)
    // when it finds lines that moved: a one-row scroll costs one row.
    idlok(cn_stdscr(), true)
    scrollok(cn_stdscr(), false)
    leaveok(cn_stdscr(), true)

    var support = ColorSupport.none
    if environment["NO_COLOR"].map({ !$0.isEmpty }) != true, has_colors() {
      start_color()
      use_default_colors()
      let n = cn_colors()
      if n >= 0x100_0000 {
        support = .trueColor
      } else if n >= 256 {
        support = .indexed256
      } else if n >= 16 {
        support = .ansi16
      } else if n >= 8 {
        support = .ansi8
      }
    }
    colorSupport = support
    let unicode = cn_locale_is_utf8() != 0
    if mouse { cn_mouse_reporting(cn_output_descriptor(), 1) }
    // Signals from here on: fatal ones restore the terminal with prepared
    // bytes and the saved modes (and chain to Swift's backtracer); Ctrl-Z
    // leaves program mode and comes back to it.
    cn_install_signal_restore(inputDescriptor, cn_output_descriptor(), mouse ? 1 : 0)
    cn_count_resizes()
    resizesSeen = cn_resizes()
    // (keypad mode, set above, has the terminal send its keypad keys as terminfo lists them.)
    decoder = KeyDecoder(keys: TerminfoKeys.current())
    // (Not where ncurses itself would turn them back into UTF-8.)
    let acsUsable = !unicode || cn_acs_breaks_in_utf8() == 0
    for (scalar, acs) in Self.lineDrawing where acsUsable && cn_acs_has(CChar(bitPattern: acs)) != 0 {
      alternateLines[Int(scalar.value - 0x2500)] = acs
    }
    width = Int(cn_cols())
    height = Int(cn_lines())
    _ = wclear(cn_stdscr())
    if environment["TERMGRID_OUTPUT"] != "curses" {
      encoder = CellEncoder(colorSupport: support, unicode: unicode, alternateLines: alternateLines)
    }
    // ncurses scrolls its screen however the terminal can; the encoder only with a scroll region.
    capabilities = TerminalCapabilities(
      colors: support, unicode: unicode, mouse: mouse, scrollsRegions: encoder?.scrollsRegions ?? true)
    if encoder != nil {
      // ncurses writes what it has set up (and a clear screen) now, and
      // nothing more until the terminal is restored.
      _ = wrefresh(cn_stdscr())
      screenIsBlank = true
    }
  }

  deinit { restore() }

  /// The current process environment.
  public static var processEnvironment: [String: String] {
    var env: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
      let s = String(cString: entry)
      if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
      p += 1
    }
    return env
  }

  /// Ends curses: the main screen, the cursor and echo come back. Idempotent.
  public func restore() {
    guard isOpen else { return }
    isOpen = false
    // A Ctrl-Z or a continue arriving now waits until the terminal is restored.
    cn_hold_suspend(1)
    defer { cn_hold_suspend(0) }
    _ = curs_set(1)
    endwin()
    cn_mouse_reporting(-1, 0)
    if let s = screenPointer { delscreen(s) }
    screenPointer = nil
    cn_default_signals()
  }

  // MARK: input

  /// The next key, mouse or resize event; nil when `timeout` ran out;
  /// <doc:/GridTerminal/InputEvent/endOfInput> once the input is closed (end of file, a
  /// hang-up), at once and on every later call, so a loop never spins on it.
  ///
  /// Input is read here, not by ncurses: one `read` takes every byte
  /// there is (a key, or a burst of them), and a decoder with the
  /// terminal's terminfo keys turns them into events. A lone Esc, or a
  /// sequence cut short, waits ``escapeDelay`` for the rest.
  public func nextEvent(timeout: Duration?) throws -> InputEvent? {
    // (No clock for a wait without a timeout, nor for a look that does not wait.)
    let clock = ContinuousClock()
    let deadline = timeout.flatMap { $0 > .zero ? clock.now + $0 : nil }
    while true {
      if let resumed = resumedEvent() { return resumed }
      if let resized = resizeEvent() { return resized }
      if let event = decodeBuffered() { return event }
      if inputEnded { return .endOfInput }
      var wait: Int32 = -1
      if let deadline {
        let left = deadline - clock.now
        wait = left <= .zero ? 0 : Self.milliseconds(left)
      } else if timeout != nil {
        // A look that does not wait. Right after a read that took all there
        // was, there is nothing more, and no system call is needed to say so
        // (once: the next look asks the terminal).
        if inputDrained {
          inputDrained = false
          return nil
        }
        wait = 0
      }
      // Nothing came, and the time is up (a look, or the deadline passed).
      if !readInput(waiting: wait), wait >= 0, deadline.map({ clock.now >= $0 }) ?? true {
        return resumedEvent() ?? resizeEvent()
      }
    }
  }

  /// How long the rest of an escape sequence is waited for before what
  /// came is decided (a lone Esc is the Esc key).
  public var escapeDelay: Duration = .milliseconds(25)

  /// Milliseconds, rounded up (at least 1).
  private static func milliseconds(_ d: Duration) -> Int32 {
    let c = d.components
    return Int32(clamping: max(1, c.seconds * 1000 + (c.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
  }

  /// The next event in the bytes read; nil when they are used up. Bytes
  /// that may begin a sequence whose rest has not come yet wait for it, at
  /// most ``escapeDelay``, and are then decided as they are.
  private func decodeBuffered() -> InputEvent? {
    while readIndex < input.count {
      var step = decoder.decode(input[readIndex...], atEnd: inputEnded)
      if step == .needsMore {
        if readInput(waiting: Self.milliseconds(escapeDelay)) { continue }
        step = decoder.decode(input[readIndex...], atEnd: true)
      }
      switch step {
      case .event(let event, let length):
        readIndex += length
        return event
      case .dropped(let length):
        readIndex += length
      case .needsMore:
        return nil  // not given atEnd
      }
    }
    return nil
  }

  /// Waits up to `milliseconds` (forever when negative) for input and reads
  /// all there is; true when bytes came or the input ended.
  private func readInput(waiting milliseconds: Int32) -> Bool {
    if readIndex == input.count {
      input.removeAll(keepingCapacity: true)
      readIndex = 0
    } else if readIndex >= Self.readSize {
      input.removeFirst(readIndex)
      readIndex = 0
    }
    if cn_wait_input(inputDescriptor, milliseconds) == 0 { return false }
    let descriptor = inputDescriptor
    let n = readBuffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if n > 0 {
      input.append(contentsOf: readBuffer[..<n])
      inputDrained = n < Self.readSize
      return true
    }
    if n < 0 && (errno == EINTR || errno == EAGAIN) { return false }
    inputEnded = true  // end of file, a hang-up (EIO), an error
    return true
  }

  /// After a suspend (Ctrl-Z, then `fg`): the screen is repainted whole on
  /// the next present, and the app gets a resize event with the size now.
  private func resumedEvent() -> InputEvent? {
    guard cn_take_resumed() != 0 else { return nil }
    _ = clearok(cn_curscr(), true)
    needsFullRepaint = true
    _ = takeSize()
    return .resize(width: width, height: height)
  }

  /// After a SIGWINCH: the terminal's new size, when it changed.
  private func resizeEvent() -> InputEvent? {
    guard cn_resizes() != resizesSeen, takeSize() else { return nil }
    return .resize(width: width, height: height)
  }

  /// Takes the terminal's size now (ncurses too) and counts the resizes
  /// signalled so far as seen; true when the size changed.
  private func takeSize() -> Bool {
    resizesSeen = cn_resizes()
    cn_update_size(cn_output_descriptor())
    let (w, h) = (Int(cn_cols()), Int(cn_lines()))
    defer { (width, height) = (w, h) }
    return w != width || h != height
  }

  // MARK: output

  /// Writes the update: through the control-sequence encoder in one write,
  /// or (with `TERMGRID_OUTPUT=curses`) through ncurses' own screen.
  public func present(_ update: FrameUpdate) throws {
    guard isOpen else { return }
    if update.clearsScreen { needsFullRepaint = false }
    if encoder != nil {
      presentEncoded(update)
    } else {
      presentThroughCurses(update)
    }
  }

  /// Hands ncurses the scrolls and the changed cells, then refreshes.
  private func presentThroughCurses(_ update: FrameUpdate) {
    if update.clearsScreen { _ = werase(cn_stdscr()) }
    for hint in update.scrolls where hint.rows.upperBound <= height {
      _ = wsetscrreg(cn_stdscr(), Int32(hint.rows.lowerBound), Int32(hint.rows.upperBound - 1))
      scrollok(cn_stdscr(), true)
      _ = wscrl(cn_stdscr(), Int32(hint.by))
      scrollok(cn_stdscr(), false)
      _ = wsetscrreg(cn_stdscr(), 0, Int32(height - 1))
    }
    for change in update.changes where change.x < width && change.y < height {
      put(change.cell, x: change.x, y: change.y)
    }
    wnoutrefresh(cn_stdscr())
    doupdate()
  }

  /// The light line-drawing characters and the characters that draw them in
  /// DEC's line-drawing set. Where terminfo's `acsc` has them, a cell of one
  /// is handed to ncurses as that character with `A_ALTCHARSET`, as the C
  /// library's `box()` does: ncurses then writes one byte for it (after
  /// `ESC ( 0`) instead of UTF-8's three, and the terminal draws the same
  /// line. (ncurses itself turns it back into UTF-8 where a terminal's
  /// line drawing is known not to work in UTF-8, as on the Linux console
  /// and in screen.) Rounded corners, heavy and double lines have no such
  /// character and stay as they are.
  static let lineDrawing: [(Unicode.Scalar, UInt8)] = [
    ("─", UInt8(ascii: "q")), ("│", UInt8(ascii: "x")), ("┌", UInt8(ascii: "l")), ("┐", UInt8(ascii: "k")),
    ("└", UInt8(ascii: "m")), ("┘", UInt8(ascii: "j")), ("├", UInt8(ascii: "t")), ("┤", UInt8(ascii: "u")),
    ("┬", UInt8(ascii: "w")), ("┴", UInt8(ascii: "v")), ("┼", UInt8(ascii: "n")),
  ]

  /// The update as the terminal's control sequences (a clear, the row
  /// scrolls, the changed cells), in one write.
  private func presentEncoded(_ update: FrameUpdate) {
    guard var encoder = self.encoder else { return }
    self.encoder = nil
    defer { self.encoder = encoder }
    let (screenWidth, screenHeight) = (width, height)
    if update.clearsScreen {
      encoder.forgetState()
      encoder.clearScreen(isBlank: screenIsBlank)
      screenIsBlank = false
    }
    for hint in update.scrolls where hint.rows.upperBound <= screenHeight {
      // (A terminal that says it scrolls regions has the sequences: see `capabilities`.)
      _ = encoder.scroll(rows: hint.rows, by: hint.by, height: screenHeight)
    }
    let frame = update.frame
    for change in update.changes where change.x < screenWidth && change.y < screenHeight {
      encoder.put(change.cell, x: change.x, y: change.y, screenWidth: screenWidth, surface: frame)
    }
    encoder.flush(to: cn_output_descriptor())
  }

  @inline(__always) private func put(_ cell: Cell, x: Int, y: Int) {
    if cell.width == 0 { return }  // drawn with its head
    let g = cell.grapheme
    // A light line: one byte of the alternate character set (see `lineDrawing`).
    if g.utf8Count == 3, g.utf8Byte(0) == 0xE2, g.utf8Byte(1) == 0x94 {
      let acs = alternateLines[Int(g.utf8Byte(2) & 0x3F)]
      if acs != 0 {
        let (attrs, pair) = curses(cell.style)
        wideBuffer[0] = wchar_t(acs)
        wideBuffer[1] = 0
        _ = wideBuffer.withUnsafeBufferPointer {
          cn_put_cell(Int32(y), Int32(x), $0.baseAddress, attrs | cn_a_altcharset(), Int32(pair))
        }
        return
      }
    }
    if !capabilities.unicode && !g.isASCII {
      // No UTF-8: an ASCII stand-in, in each cell the grapheme covers.
      let (attrs, pair) = curses(cell.style)
      wideBuffer[0] = wchar_t(g.asciiFallback)
      wideBuffer[1] = 0
      for dx in 0..<Int(cell.width) {
        _ = wideBuffer.withUnsafeBufferPointer { cn_put_cell(Int32(y), Int32(x + dx), $0.baseAddress, attrs, Int32(pair)) }
      }
      return
    }
    wideBuffer.withUnsafeMutableBufferPointer { buf in
      if g.isASCII {
        buf[0] = wchar_t(g.utf8Byte(0))
        buf[1] = 0
      } else {
        // Decode the inline UTF-8 into at most 5 code points (CCHARW_MAX).
        var n = 0
        var i = 0
        let count = g.utf8Count
        while i < count && n < 5 {
          let b0 = UInt32(g.utf8Byte(i))
          var v: UInt32
          var len: Int
          if b0 < 0x80 {
            (v, len) = (b0, 1)
          } else if b0 < 0xE0 {
            (v, len) = (b0 & 0x1F, 2)
          } else if b0 < 0xF0 {
            (v, len) = (b0 & 0x0F, 3)
          } else {
            (v, len) = (b0 & 0x07, 4)
          }
          var k = 1
          while k < len && i + k < count {
            v = v << 6 | (UInt32(g.utf8Byte(i + k)) & 0x3F)
            k += 1
          }
          buf[n] = wchar_t(bitPattern: v)
          n += 1
          i += len
        }
        buf[n] = 0
      }
    }
    let (attrs, pair) = curses(cell.style)
    _ = wideBuffer.withUnsafeBufferPointer { cn_put_cell(Int32(y), Int32(x), $0.baseAddress, attrs, Int32(pair)) }
  }

  /// The curses attributes and colour pair for a style, degraded to the
  /// terminal's colours (``Style/degraded(for:)``).
  private func curses(_ style: Style) -> (attr_t, Int16) {
    let style = colorSupport == .trueColor ? style : style.degraded(for: colorSupport)
    var a = cn_a_normal()
    let t = style.attributes
    if !t.isEmpty {
      if t.contains(.bold) { a |= cn_a_bold() }
      if t.contains(.dim) { a |= cn_a_dim() }
      if t.contains(.underline) { a |= cn_a_underline() }
      if t.contains(.reverse) { a |= cn_a_reverse() }
      if t.contains(.italic) { a |= cn_a_italic() }
    }
    if style.hasDefaultColors { return (a, 0) }
    let fg = style.foreground.terminalNumber(for: colorSupport)
    let bg = style.background.terminalNumber(for: colorSupport)
    let key = (fg + 1) << 32 | (bg + 1)
    if let p = pairs[key] { return (a, p) }
    let p = alloc_pair(Int32(fg), Int32(bg))
    let pair = Int16(clamping: max(0, p))
    pairs[key] = pair
    return (a, pair)
  }

}
