import CNcursesw
import GridRender

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
/// resize events. ``present(_:)`` hands ncurses only the cells that changed
/// since the last frame; ncurses then writes the shortest update it can,
/// including scrolling the terminal when lines moved.
///
/// The terminal is restored by ``restore()`` (also on deinit) and, through
/// signal handlers installed at open, on SIGINT, SIGTERM, SIGHUP and on a crash.
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

  private var front: Surface
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
  /// The next frame is written whole, on a cleared screen.
  private var repaintAll = true
  /// The screen is blank (ncurses has just cleared it).
  private var screenIsBlank = false
  private var lastTimeout: Int32 = -2
  /// Input read ahead and put back (bytes and function key codes), read before ncurses' own.
  private var putBack: [Int32] = []
  /// The last look at the input found nothing (and nothing was read since).
  private var inputDrained = false
  /// A wait just said there are bytes to read (and no hang-up).
  private var inputIsWaiting = false
  /// ncurses' screen may have been marked as changed (at the start, after a
  /// resize or a resume; frames written by the encoder leave it alone): it
  /// is marked unchanged before the next wgetch, which would otherwise redraw it.
  private var mayBeTouched = true
  /// The resizes counted when the input was last found drained (a resize
  /// since then has a KEY_RESIZE waiting in ncurses, not in the input).
  private var resizesWhenDrained: Int32 = 0
  /// The descriptor input is read from (to tell the end of input from a timeout).
  private let inputDescriptor: Int32
  /// True once the end of input was seen: every later read says so at once.
  private var inputEnded = false
  /// True when `front` must be replaced by the next surface wholesale.
  private var needsCopy = false

  /// Opens the terminal on standard input and output.
  ///
  /// - Parameters:
  ///   - mouse: ask the terminal for mouse reports (clicks, wheel, and
  ///     motion while a button is held).
  ///   - environment: the environment to read `TERM`, `NO_COLOR` and
  ///     `COLORTERM` from.
  ///   - interruptKey: deliver Ctrl-C as a key (`Key(.character("c"),
  ///     modifiers: .control)`) instead of an interrupt signal, so the app
  ///     can quit cleanly (and ask about unsaved work); ``Application`` in
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
    cn_define_common_keys()
    _ = curs_set(0)
    cn_set_escdelay(25)
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
    capabilities = TerminalCapabilities(colors: support, unicode: unicode, mouse: mouse)
    // (Not where ncurses itself would turn them back into UTF-8.)
    let acsUsable = !unicode || cn_acs_breaks_in_utf8() == 0
    for (scalar, acs) in Self.lineDrawing where acsUsable && cn_acs_has(CChar(bitPattern: acs)) != 0 {
      alternateLines[Int(scalar.value - 0x2500)] = acs
    }
    width = Int(cn_cols())
    height = Int(cn_lines())
    front = Surface(width: width, height: height)
    _ = wclear(cn_stdscr())
    if environment["TERMGRID_OUTPUT"] != "curses" {
      encoder = CellEncoder(colorSupport: support, unicode: unicode, alternateLines: alternateLines)
    }
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

  /// The next key, mouse or resize event from ncurses; nil when `timeout`
  /// ran out; ``InputEvent/endOfInput`` once the input is closed (end of
  /// file, a hang-up), at once and on every later call, so a loop never spins on it.
  public func nextEvent(timeout: Duration?) throws -> InputEvent? {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now + $0 }
    var woken = false
    var firstLook = true
    while true {
      if inputEnded { return .endOfInput }
      if let resumed = resumedEvent() { return resumed }
      // What ncurses has buffered or can read now, without waiting in
      // ncurses: bytes, not wide characters (wget_wch, given an invalid
      // UTF-8 byte, reads on to complete it and drops what it read, about
      // 143 key presses). TermGrid decodes UTF-8 itself.
      // (A wait right after a look that found nothing goes straight to waiting.)
      if !(firstLook && deadline == nil && inputDrained && putBack.isEmpty && cn_resizes() == resizesWhenDrained),
        let event = readAvailable()
      {
        return event
      }
      firstLook = false
      // Woken as readable, and nothing to read: the input has ended (end of
      // file, a hang-up). (Asked only then: a frame's last look for more
      // input costs no extra system call.)
      if woken && cn_input_at_end(inputDescriptor) != 0 {
        inputEnded = true
        return .endOfInput
      }
      // Nothing there: wait on the descriptor itself, so a signal (a resume
      // after Ctrl-Z, a resize) wakes the wait and is noticed at once.
      var wait: Int32 = -1
      if let deadline {
        let left = deadline - clock.now
        if left <= .zero { return nil }
        let c = left.components
        wait = Int32(clamping: max(1, c.seconds * 1000 + (c.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
      }
      let waited = cn_wait_input(inputDescriptor, wait)
      woken = waited > 0
      inputIsWaiting = waited == 1
    }
  }

  /// The next event from what ncurses has or can read without waiting (an
  /// escape sequence gets the escape delay to arrive whole); nil when nothing is there.
  private func readAvailable() -> InputEvent? {
    while true {
      guard let r = nextCode() else { return nil }
      if r > 0xFF {
        if let e = decodeFunctionKey(r) { return e }
        continue
      }
      if r == 0x1B {
        if let e = readEscapeSequence() { return e }
        continue  // a mouse report of no use: dropped
      }
      if r >= 0x80 {
        let scalar = readUTF8(lead: UInt8(r))
        return .key(Key(.character(Character(scalar))))
      }
      if let e = decodeCharacter(UInt32(r)) { return e }
    }
  }

  /// A byte or a function key code without waiting (what was put back
  /// first, then ncurses'), or nil.
  private func nextCode() -> Int32? {
    if !putBack.isEmpty { return putBack.removeFirst() }
    // Just woken with input there: ncurses reads it without looking first.
    let timeout: Int32 = inputIsWaiting ? -1 : 0
    inputIsWaiting = false
    if lastTimeout != timeout {
      wtimeout(cn_stdscr(), timeout)
      lastTimeout = timeout
    }
    // (A window changed since its last refresh is refreshed by wgetch:
    // with frames written here, ncurses' own screen must stay as it is.)
    if encoder != nil && mayBeTouched {
      _ = untouchwin(cn_stdscr())
      mayBeTouched = false
    }
    let r = wgetch(cn_stdscr())
    if r == cn_err() {
      inputDrained = true
      resizesWhenDrained = cn_resizes()
      return nil
    }
    inputDrained = false
    if r == cn_key_resize() { mayBeTouched = true }  // ncurses has resized its screen
    return r
  }

  /// Codes read ahead to no end, to be read again first (in order).
  private func unread(_ codes: [Int32]) { putBack.insert(contentsOf: codes, at: 0) }

  /// After a suspend (Ctrl-Z, then `fg`): the screen is repainted whole on
  /// the next present, and the app gets a resize event with the size now.
  private func resumedEvent() -> InputEvent? {
    guard cn_take_resumed() != 0 else { return nil }
    _ = clearok(cn_curscr(), true)
    mayBeTouched = true
    repaintAll = true
    width = Int(cn_cols())
    height = Int(cn_lines())
    return .resize(width: width, height: height)
  }

  /// One byte, or nil; a function key code is put back. With `waiting`,
  /// inside a sequence that has begun, it waits a little for the rest (a
  /// sequence split across two reads arrives whole).
  private func nextByte(waiting: Bool = false) -> UInt8? {
    var r = nextCode()
    if r == nil && waiting && cn_wait_readable(inputDescriptor, 30) > 0 { r = nextCode() }
    guard let r else { return nil }
    if r > 0xFF {
      unread([r])
      return nil
    }
    return UInt8(truncatingIfNeeded: r)
  }

  /// The code point a UTF-8 sequence starting with `lead` encodes; U+FFFD
  /// for a bad lead byte or a sequence cut short, whose next byte (if any)
  /// is put back to start afresh.
  private func readUTF8(lead: UInt8) -> Unicode.Scalar {
    var bytes = [lead]
    guard let length = UTF8Decoding.length(ofSequenceStartingWith: lead) else { return "\u{FFFD}" }
    while bytes.count < length {
      guard let b = nextByte() else { return "\u{FFFD}" }
      guard b & 0xC0 == 0x80 else {
        unread([Int32(b)])
        return "\u{FFFD}"
      }
      bytes.append(b)
    }
    return UTF8Decoding.scalar(bytes) ?? "\u{FFFD}"
  }

  /// After an Esc that ncurses matched to no key (ncurses has already
  /// waited the escape delay, so what belongs to a sequence is buffered):
  /// - an SGR mouse report (`ESC [ < b ; x ; y M`) is decoded; one of no use
  ///   (another button, numbers out of range) is dropped;
  /// - any other control sequence (`ESC [` parameters and a final byte,
  ///   `ESC O` and a byte) is one TermGrid has no key for, and is dropped,
  ///   as is one cut short;
  /// - a string (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`) up to BEL or
  ///   `ESC \` is a terminal's reply, and is dropped; without its end in
  ///   what has arrived, it was typed, and is Esc and keys;
  /// - anything else is put back and the Esc is a key of its own (Esc
  ///   itself, or Esc then a key for Alt and a key).
  /// Returns nil for what is dropped.
  private func readEscapeSequence() -> InputEvent? {
    guard let introducer = nextByte(waiting: false) else { return .key(Key(.escape)) }
    switch introducer {
    case 0x5B:  // [
      var body: [UInt8] = []
      while body.count < 256, let c = nextByte(waiting: true) {
        if (0x40...0x7E).contains(c) {
          guard body.first == 0x3C, c == 0x4D || c == 0x6D else { return nil }
          body.append(c)
          return SGRMouseReport.decode(String(decoding: body.dropFirst(), as: UTF8.self)).map(InputEvent.mouse)
        }
        guard (0x20...0x3F).contains(c) else {
          // Not part of a sequence: it starts afresh.
          unread([Int32(c)])
          return nil
        }
        body.append(c)
      }
      return nil
    case 0x4F:  // O: one final byte; anything else starts afresh
      if let c = nextByte(waiting: true), !(0x40...0x7E).contains(c) { unread([Int32(c)]) }
      return nil
    case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // ] P _ ^ X
      // A reply arrives whole, with its end (BEL or ESC \). Without one in
      // what is there, it was typed: Esc, and the rest are keys.
      var read: [Int32] = [Int32(introducer)]
      while read.count < 4_096, let c = nextByte(waiting: false) {
        read.append(Int32(c))
        if c == 0x07 { return nil }
        if c == 0x1B {
          guard let d = nextByte(waiting: false) else { break }
          read.append(Int32(d))
          if d == 0x5C { return nil }
          break
        }
      }
      unread(read)
      return .key(Key(.escape))
    default:
      unread([Int32(introducer)])
      return .key(Key(.escape))
    }
  }

  private func decodeCharacter(_ v: UInt32) -> InputEvent? {
    switch v {
    case 0x1B:
      // ncurses has already waited ESCDELAY for a sequence: this is Esc itself.
      return .key(Key(.escape))
    case 0x0D, 0x0A: return .key(Key(.enter))
    case 0x09: return .key(Key(.tab))
    case 0x7F, 0x08: return .key(Key(.backspace))
    case 0x01...0x1A:
      return .key(Key(.character(Character(Unicode.Scalar(v + 0x60)!)), modifiers: .control))
    default:
      guard let s = Unicode.Scalar(v) else { return nil }
      return .key(Key(.character(Character(s))))
    }
  }

  private func decodeFunctionKey(_ k: Int32) -> InputEvent? {
    switch k {
    case cn_key_up(): return .key(Key(.up))
    case cn_key_down(): return .key(Key(.down))
    case cn_key_left(): return .key(Key(.left))
    case cn_key_right(): return .key(Key(.right))
    case cn_key_sr(): return .key(Key(.up, modifiers: .shift))
    case cn_key_sf(): return .key(Key(.down, modifiers: .shift))
    case cn_key_sleft(): return .key(Key(.left, modifiers: .shift))
    case cn_key_sright(): return .key(Key(.right, modifiers: .shift))
    case cn_key_home(): return .key(Key(.home))
    case cn_key_end(): return .key(Key(.end))
    case cn_key_npage(): return .key(Key(.pageDown))
    case cn_key_ppage(): return .key(Key(.pageUp))
    case cn_key_btab(): return .key(Key(.backTab))
    case cn_key_enter(): return .key(Key(.enter))
    case cn_key_backspace(): return .key(Key(.backspace))
    case cn_key_dc(): return .key(Key(.delete))
    case cn_key_ic(): return .key(Key(.insert))
    case cn_key_resize():
      width = Int(cn_cols())
      height = Int(cn_lines())
      return .resize(width: width, height: height)
    default:
      for n in 1...24 where k == cn_key_f(Int32(n)) { return .key(Key(.function(n))) }
      return nil
    }
  }

  // MARK: output

  /// Replays scroll hints, hands ncurses the changed cells of the changed rows, refreshes.
  public func present(_ surface: Surface) throws {
    guard isOpen else { return }
    if encoder != nil {
      presentEncoded(surface)
      return
    }
    let w = min(surface.width, width)
    let h = min(surface.height, height)
    if front.width != surface.width || front.height != surface.height {
      front = Surface(width: surface.width, height: surface.height)
      needsCopy = true
      _ = werase(cn_stdscr())
      // Mark everything as changed so the whole new frame is written.
      for y in 0..<h {
        for x in 0..<w { put(surface[x, y], x: x, y: y) }
      }
    } else {
      // Replay the surface's row scrolls on ncurses' screen (it then scrolls
      // the terminal) and on our copy, so only what still differs is written.
      for hint in surface.scrollHints where hint.rows.upperBound <= height {
        _ = wsetscrreg(cn_stdscr(), Int32(hint.rows.lowerBound), Int32(hint.rows.upperBound - 1))
        scrollok(cn_stdscr(), true)
        _ = wscrl(cn_stdscr(), Int32(hint.by))
        scrollok(cn_stdscr(), false)
        _ = wsetscrreg(cn_stdscr(), 0, Int32(height - 1))
        front.scrollRows(hint.rows, by: hint.by)
      }
      front.markPresented()
      front.updateCells(from: surface) { cell, x, y in put(cell, x: x, y: y) }
    }
    if front.width != surface.width || front.height != surface.height || needsCopy {
      front = surface
      front.markPresented()
      needsCopy = false
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

  /// The frame as the terminal's control sequences: the cells that differ
  /// from the screen (all of them, on a cleared screen, after a resize or a
  /// resume), the surface's row scrolls first; one write.
  private func presentEncoded(_ surface: Surface) {
    // The encoder moves into a writer for the frame (one owner of its
    // buffer, handed to the diff as an inout value: no exclusivity check per cell).
    guard let encoder = self.encoder else { return }
    self.encoder = nil
    let (screenWidth, screenHeight) = (width, height)
    var writer = FrameWriter(
      encoder: consume encoder, surface: surface, width: min(surface.width, screenWidth),
      height: min(surface.height, screenHeight), screenWidth: screenWidth)
    defer { self.encoder = writer.encoder }
    if front.width != surface.width || front.height != surface.height || repaintAll {
      let blank = screenIsBlank && front.width == surface.width && front.height == surface.height
      front = Surface(width: surface.width, height: surface.height)
      writer.encoder.forgetState()
      writer.encoder.clearScreen(isBlank: blank)
      repaintAll = false
      screenIsBlank = false
      front.updateCells(from: surface, allRows: true, reportingTo: &writer)
    } else {
      for hint in surface.scrollHints where hint.rows.upperBound <= screenHeight {
        if writer.encoder.scroll(rows: hint.rows, by: hint.by, height: screenHeight) {
          front.scrollRows(hint.rows, by: hint.by)
        }
      }
      front.updateCells(from: surface, reportingTo: &writer)
    }
    front.markPresented()
    writer.encoder.flush(to: cn_output_descriptor())
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
