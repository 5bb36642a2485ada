import CNcursesw
import GridPlatform
import GridRender
import GridTerminal

/// The ncursesw backend: the alternate screen, keypad, colours with fallback
/// to what the terminal has, mouse reports, and
/// resize events, bracketed paste. ncurses sets the terminal up and reads its description;
/// ``present(_:)`` writes only the cells that changed since the last frame
/// as the terminal's own control sequences (shortest cursor moves, scroll
/// regions for rows that moved), in one write, and ``nextEvent(timeout:)``
/// reads input itself, every byte there is at once, decoding the
/// terminal's keys. (With `TERMGRID_OUTPUT=curses` in the environment,
/// ncurses writes the frames.)
///
/// Its colours are decided by the same rule as a ``StreamTerminal``'s: as
/// `TERM`'s terminfo description says (`xterm-direct` for 24-bit colour,
/// `xterm-256color` for the 256-colour palette), none when `NO_COLOR` is
/// set, and 24-bit when `COLORTERM` says `truecolor` or `24bit` and the
/// description has colours at all: written as the direct SGR
/// (`38;2;r;g;b`), which every terminal that sets `COLORTERM` takes,
/// whatever its `TERM` says. (ncurses' own output, with
/// `TERMGRID_OUTPUT=curses`, has no way to write it under a description of
/// fewer colours, and keeps the description's.)
///
/// The terminal is restored by ``restore()`` (also on deinit) and, through
/// signal handlers installed at open, on SIGINT, SIGTERM, SIGHUP, SIGQUIT and
/// on a crash. After restoring, such a signal goes on to what handled it
/// before the terminal was opened (the default ends the process by the
/// signal, so a shell sees status 143 for SIGTERM, 130 for SIGINT), and a
/// crash to Swift's backtracer.
///
/// ncurses and the signal handlers exist once per process, so a
/// `CursesTerminal` claims the ``ProcessTerminal`` when it opens and gives
/// it back when it is restored: a second one while it is open is refused
/// (``ProcessTerminalError/alreadyClaimed``). Other terminals of the same
/// program run on ``StreamTerminal``.
public final class CursesTerminal: Terminal {
  /// The width in cells.
  public internal(set) var width: Int
  /// The height in cells.
  public internal(set) var height: Int
  /// What the terminal reports it can show. <doc:/GridTerminal/TerminalCapabilities/pictures>
  /// changes once the terminal has answered the picture queries (sent by
  /// ``requestPictureSupport()``, read with the input by
  /// ``nextEvent(timeout:)``); a run loop then tells its scene.
  public internal(set) var capabilities: TerminalCapabilities
  var isOpen = true
  /// The process's terminal, held while open.
  private let claim: ProcessTerminal
  var pairs: [Int: Int16] = [:]
  let colorSupport: ColorSupport
  var screenPointer: OpaquePointer?
  var wideBuffer = [wchar_t](repeating: 0, count: 8)
  /// For U+2500 to U+253F, the character of the terminal's alternate
  /// character set that draws the same line (0: none). See ``lineDrawing``.
  var alternateLines = [UInt8](repeating: 0, count: 64)
  /// Writes frames as the terminal's control sequences (nil: ncurses does).
  var encoder: CellEncoder?
  /// What is written for pictures in pixels besides the cells (see
  /// ``capabilities``' `pictures`): sixel pictures made on workers, which
  /// wake the wait for input when one is made so that it is written then.
  var pixels = PixelPictureWriter(sixelsInBackground: true, whenSixelsAreReady: { cn_wake_input() })
  /// Where the last frame left the cursor, and whether it showed it.
  var resting: (cursor: CellPoint?, shown: Bool) = (nil, false)
  /// The writer's `sentChangeCount` when the deletions a signal writes were last prepared.
  var exitDeletionsCount = 0
  /// The deletions last kept ready for a signal's handler (see `prepareExitDeletions`).
  var exitDeletions: [UInt8] = []
  /// Whether the terminal is inside tmux (kitty commands then go through its passthrough).
  let insideTmux: Bool
  /// What happened to the screen that the one who draws has not been told
  /// yet (see ``takeScreenReset()``): lost (a suspend). The screen's state
  /// itself is the `Screen`'s, unknown at the start (its first update clears it).
  var screenReset: ScreenReset?
  /// Whether ncurses was last told to show the cursor (the ncurses path).
  var cursorShownByCurses = false
  /// The resizes (SIGWINCH) seen so far.
  var resizesSeen: Int32 = 0
  /// The input: its bytes read, decoded with the terminal's keys, and its
  /// waits on the process's wake pipe; the picture queries' answers, and
  /// the probe that decides from them how pictures are drawn
  /// (``capabilities`` say it: see `updatePictures`).
  let input: TerminalInput

  /// How long the rest of a key's escape sequence is waited for after a
  /// lone Esc before what came is decided (a lone Esc is the Esc key).
  public var escapeDelay: Duration {
    get { input.escapeDelay }
    set { input.escapeDelay = newValue }
  }
  /// How long the rest of a control sequence or a string that has begun
  /// (`ESC [`, `ESC P`, `ESC _`, `ESC ]`) is waited for: a terminal's reply
  /// to a query, a mouse report or a paste's marker can arrive in pieces
  /// far apart (over ssh, on a slow link), and none of it may be taken for
  /// keys. 1 second by default. What is unfinished then is decided as it
  /// is: dropped when it looks like a reply; `ESC [` or `ESC P` alone were
  /// Alt+[ and Alt+P (which therefore arrive this late). While the picture
  /// queries' answers are owed, a lone Esc waits as long (it may be a
  /// reply's first byte).
  public var sequenceTimeout: Duration {
    get { input.sequenceTimeout }
    set { input.sequenceTimeout = newValue }
  }

  /// Opens the terminal on standard input and output.
  ///
  /// - Parameters:
  ///   - mouse: ask the terminal for mouse reports (clicks, wheel, and
  ///     motion while a button is held).
  ///   - environment: the environment to read `TERM`, `NO_COLOR`,
  ///     `COLORTERM` and `TERMGRID_OUTPUT` from (the colours come from
  ///     `TERM`'s terminfo entry, `xterm-direct` for 24-bit colour, or from
  ///     `COLORTERM`: see ``CursesTerminal``).
  ///   - interruptKey: deliver Ctrl-C as a key (`Key(.character("c"),
  ///     modifiers: .control)`) instead of an interrupt signal, so the app
  ///     can quit cleanly (and ask about unsaved work); `Application` in
  ///     TermGrid turns this on. Off, Ctrl-C restores the terminal and ends
  ///     the program (the signal's default).
  ///   - pictures: how pictures are drawn; nil (the default) takes
  ///     `TERMGRID_PICTURES` from `environment` (`kitty`, `kitty-placements`,
  ///     `sixel`, `symbols` or `off`; see <doc:/GridTerminal/PictureSupport>), else asks the terminal (see <doc:/GridTerminal/TerminalProbe>)
  ///     when the first picture is drawn (``requestPictureSupport()``),
  ///     without waiting for it: placeholders until it answers. A terminal
  ///     whose input is not a terminal (a file, a pipe) is not asked, since
  ///     its answers could not be read: symbols.
  public convenience init(
    mouse: Bool = true, interruptKey: Bool = false,
    environment: [String: String] = CursesTerminal.processEnvironment, pictures: PictureSupport? = nil
  ) throws {
    try self.init(
      mouse: mouse, interruptKey: interruptKey, environment: environment, device: nil,
      pictures: pictures ?? TerminalProbe.forced(by: environment), probes: true)
  }

  /// Opens the terminal on a device given as file descriptors (a
  /// pseudo-terminal in tests), with an explicit terminal type. The picture
  /// queries are sent only with `probesPictures` (a test that answers
  /// them), when ``requestPictureSupport()`` is called. `environment` is
  /// read as the other initializer reads it (`NO_COLOR`, `COLORTERM`,
  /// `TERMGRID_OUTPUT`, `TERMGRID_PICTURES`, `TMUX`), but for `TERM`:
  /// `term` is the terminal type.
  public convenience init(
    term: String, inputDescriptor: Int32, outputDescriptor: Int32, mouse: Bool = true, interruptKey: Bool = false,
    environment: [String: String] = [:], probesPictures: Bool = false
  ) throws {
    try self.init(
      mouse: mouse, interruptKey: interruptKey, environment: environment,
      device: (term, inputDescriptor, outputDescriptor), pictures: TerminalProbe.forced(by: environment),
      probes: probesPictures)
  }

  private init(
    mouse: Bool, interruptKey: Bool, environment: [String: String], device: (String, Int32, Int32)?,
    pictures: PictureSupport?, probes: Bool
  ) throws {
    claim = try ProcessTerminal.claim()
    setlocale(LC_ALL, "")
    insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
    let term = device?.0 ?? environment["TERM"]
    // Refused before anything is written: output that is not a terminal
    // (a file, a pipe) would get escape sequences it cannot show.
    if device == nil, isatty(1) == 0 {
      claim.release()
      throw CursesTerminalError.notATerminal
    }
    let opened: OpaquePointer?
    let inputDescriptor: Int32
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
    guard let screen = opened else {
      claim.release()
      throw CursesTerminalError.cannotInitialize(term: term)
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
    // Let ncurses scroll the terminal (insert/delete line, scroll regions)
    // when it finds lines that moved: a one-row scroll costs one row.
    idlok(cn_stdscr(), true)
    scrollok(cn_stdscr(), false)
    leaveok(cn_stdscr(), true)

    // The colours by the rule a StreamTerminal takes too: the description's,
    // none with NO_COLOR, 24-bit with COLORTERM (see ColorSupport(terminfoColors:environment:directSGR:)).
    let writesItself = environment["TERMGRID_OUTPUT"] != "curses"
    let descriptionColors = has_colors() ? Int(tigetnum("colors")) : nil
    var support = ColorSupport(terminfoColors: descriptionColors, environment: environment, directSGR: writesItself)
    if support != .none {
      start_color()
      use_default_colors()
    }
    // Hiding the cursor writes (flushes) what ncurses has set up so far,
    // the colour reset included: nothing of it is left for a refresh.
    _ = curs_set(0)
    let unicode = cn_locale_is_utf8() != 0
    if mouse { cn_mouse_reporting(cn_output_descriptor(), 1) }
    // A paste arrives as one event, between markers, never as keys.
    cn_bracketed_paste(cn_output_descriptor(), 1)
    // Signals from here on: fatal ones restore the terminal with prepared
    // bytes and the saved modes (and chain to Swift's backtracer); Ctrl-Z
    // leaves program mode and comes back to it.
    cn_install_signal_restore(inputDescriptor, cn_output_descriptor(), mouse ? 1 : 0)
    cn_count_resizes()
    resizesSeen = cn_resizes()
    // (Not where ncurses itself would turn them back into UTF-8.)
    let acsUsable = !unicode || cn_acs_breaks_in_utf8() == 0
    for (scalar, acs) in Self.lineDrawing where acsUsable && cn_acs_has(CChar(bitPattern: acs)) != 0 {
      alternateLines[Int(scalar.value - 0x2500)] = acs
    }
    width = Int(cn_cols())
    height = Int(cn_lines())
    if writesItself {
      encoder = CellEncoder(colorSupport: support, unicode: unicode, alternateLines: alternateLines)
    }
    // ncurses writes (asked to, or the description does not suit the encoder): only the description's colours.
    if encoder == nil {
      support = ColorSupport(terminfoColors: descriptionColors, environment: environment, directSGR: false)
    }
    colorSupport = support
    // ncurses' first refresh clears the screen when ncurses draws; the
    // encoder clears it itself with its first frame (the screen's contents
    // are unknown until then), so ncurses never repaints its blank screen.
    if encoder == nil { _ = wclear(cn_stdscr()) }
    // ncurses scrolls its screen however the terminal can; the encoder only with a scroll region.
    let cellPixels = Self.windowCellSize(inputDescriptor)
    // Kitty itself reads a placeholder's 24-bit colour whatever TERM says; through tmux only what tmux passes.
    capabilities = TerminalCapabilities(
      colors: support, unicode: unicode, mouse: mouse, scrollsRegions: encoder?.scrollsRegions ?? true,
      pictures: .symbols, cellPixelSize: cellPixels, placeholderColors: insideTmux ? nil : .trueColor)
    // Answers can be read only from an input that is the terminal; asked
    // when the first picture is drawn, and nothing waits for them. Forced:
    // asked only for the cell size, when the window size does not give it.
    let probe = PictureProbe(
      environment: environment, forced: pictures, asks: probes && isatty(inputDescriptor) != 0,
      capabilities: capabilities, writesPixels: encoder != nil, outputScrollsRegions: encoder?.scrollsRegions ?? true)
    // (keypad mode, set above, has the terminal send its keypad keys as terminfo lists them.)
    input = TerminalInput(
      descriptor: inputDescriptor, decoder: KeyDecoder(keys: TerminfoKeys.current()), wake: .process, probe: probe)
    updatePictures()
  }

  deinit { restore() }

  /// The current process environment.
  public static var processEnvironment: [String: String] {
    let entries = Platform.environmentEntries
    var count = 0
    while entries[count] != nil { count += 1 }
    var env = [String: String](minimumCapacity: count)
    for i in 0..<count {
      // Split at the first "=" byte, as getenv does (comparing Characters
      // would break graphemes at every byte: 7% of a start's instructions).
      let bytes = UnsafeRawPointer(entries[i]!).assumingMemoryBound(to: UInt8.self)
      var eq = 0
      while bytes[eq] != 0, bytes[eq] != UInt8(ascii: "=") { eq += 1 }
      guard bytes[eq] != 0 else { continue }
      var end = eq + 1
      while bytes[end] != 0 { end += 1 }
      env[String(decoding: UnsafeBufferPointer(start: bytes, count: eq), as: UTF8.self)] = String(
        decoding: UnsafeBufferPointer(start: bytes + eq + 1, count: end - eq - 1), as: UTF8.self)
    }
    return env
  }

  /// Ends curses: the main screen, the cursor and echo come back. Idempotent.
  ///
  /// Answers to the picture queries that are still owed are waited for
  /// first (at most half a second, and no longer than they are given) and
  /// thrown away, so that they do not land on the shell's command line
  /// after the program has gone.
  public func restore() {
    guard isOpen else { return }
    input.discardOwedReplies(picturesChanged: { updatePictures() })
    isOpen = false
    // A Ctrl-Z or a continue arriving now waits until the terminal is restored.
    cn_hold_suspend(1)
    defer { cn_hold_suspend(0) }
    let deletions = pixels.deleteAll(insideTmux: insideTmux)
    if !deletions.isEmpty { _ = deletions.withUnsafeBufferPointer { cn_write_all(cn_output_descriptor(), $0.baseAddress, $0.count) } }
    _ = cn_set_exit_bytes(nil, 0)
    _ = curs_set(1)
    cn_bracketed_paste(-1, 0)
    endwin()
    cn_mouse_reporting(-1, 0)
    if let s = screenPointer { delscreen(s) }
    screenPointer = nil
    cn_default_signals()
    claim.release()
  }
}
