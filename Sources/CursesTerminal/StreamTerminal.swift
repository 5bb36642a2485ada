import CNcursesw
import GridPlatform
import GridRender
import GridTerminal
import Synchronization

/// A terminal on a pair of file descriptors that is not the process's own:
/// a pseudo-terminal's side, or a byte stream (a socket, an SSH channel's
/// pipes). A program has as many as it likes, each on its own thread, beside
/// the process's ``CursesTerminal`` or without one.
///
/// Nothing of it is process-wide. It writes with the library's own encoder
/// (the terminal's control sequences, read from the terminfo description of
/// the `TERM` it is given, not from ncurses' current terminal) and decodes
/// input with the library's own key decoder; it has its own size, which its
/// owner sets (``resize(width:height:cellPixelSize:)``: from a
/// pseudo-terminal's window size, an SSH window-change request), its own
/// capabilities (colours from the description, `COLORTERM` and `NO_COLOR`, UTF-8 from
/// the locale variables it is given, pictures probed over its own input and
/// output), and its own wake-up. It installs no signal handler: the owner
/// decides what ends it (the end of its input, a hang-up, ``restore()``). A
/// viewer that has gone (its end of the pipe or socket closed) ends it with
/// ``StreamTerminalError/outputClosed`` from the next ``present(_:)`` or
/// ``nextEvent(timeout:)``, never with a SIGPIPE that would end the whole
/// process (its other sessions too).
///
/// ```swift
/// let terminal = try StreamTerminal(
///   input: fd, output: fd, term: "xterm-256color", width: 80, height: 24,
///   environment: ["LANG": "C.UTF-8"])
/// try TerminalRunLoop(terminal: terminal, scene: Planets(layout: FlowLayout())).run()
/// ```
public final class StreamTerminal: Terminal {
  /// The width in cells.
  public private(set) var width: Int
  /// The height in cells.
  public private(set) var height: Int
  /// What the terminal can show. <doc:/GridTerminal/TerminalCapabilities/pictures>
  /// changes once the terminal has answered the picture queries (sent by
  /// ``requestPictureSupport()``, read with the input).
  public private(set) var capabilities: TerminalCapabilities
  /// The terminal type whose description the terminal writes with.
  public let term: String
  /// The descriptor input is read from.
  public let inputDescriptor: Int32
  /// The descriptor frames are written to.
  public let outputDescriptor: Int32

  /// How long the rest of a key's escape sequence is waited for after a
  /// lone Esc (see <doc:/CursesTerminal/CursesTerminal/escapeDelay>).
  public var escapeDelay: Duration {
    get { input.escapeDelay }
    set { input.escapeDelay = newValue }
  }
  /// How long the rest of a control sequence or a string that has begun is
  /// waited for (see <doc:/CursesTerminal/CursesTerminal/sequenceTimeout>).
  public var sequenceTimeout: Duration {
    get { input.sequenceTimeout }
    set { input.sequenceTimeout = newValue }
  }

  private var encoder: CellEncoder
  private let wake: WakePipe
  /// The size the owner set last (see ``resize(width:height:cellPixelSize:)``).
  private let pendingSize: PendingSize
  /// The packed size last taken into ``width``, ``height`` and the cell size.
  private var takenSize: UInt64
  private var pixels: PixelPictureWriter
  /// The input: its bytes read, decoded with the description's keys, and
  /// its waits on the terminal's own wake pipe; the picture queries'
  /// answers, and the probe that decides from them how pictures are drawn
  /// (the same as ``CursesTerminal``'s).
  private let input: TerminalInput
  private let insideTmux: Bool
  private var resting: (cursor: CellPoint?, shown: Bool) = (nil, false)
  /// Where frames are written (with no SIGPIPE).
  private let output: StreamOutput
  /// Why writing failed (the other side went away): nothing more is
  /// written, and ``present(_:)`` and ``nextEvent(timeout:)`` throw it.
  private var outputError: StreamTerminalError?
  private var isOpen = true
  /// The input's terminal modes before they were made raw (a tty only).
  private var savedModes: termios?
  /// What restores the terminal (leaves the alternate screen, shows the cursor, ...).
  private let leaveBytes: [UInt8]

  /// Opens a terminal on `input` and `output` (the same descriptor, or two)
  /// and takes it over: raw mode when `input` is a terminal (no echo, no
  /// line editing, no signals from keys: Ctrl-C is a key), the alternate
  /// screen, the cursor hidden, keypad keys, mouse reports, bracketed paste.
  /// The descriptors stay the caller's: ``restore()`` gives the terminal
  /// back and closes nothing.
  ///
  /// - Parameters:
  ///   - input: where keys and the terminal's answers are read from.
  ///   - output: where frames are written.
  ///   - term: the terminal type (`TERM`): its terminfo description gives
  ///     the control sequences, the keys and the colours.
  ///   - width: the width in cells (bounded to 1...65,535).
  ///   - height: the height in cells (bounded to 1...65,535).
  ///   - cellPixelSize: a cell's size in pixels, when the owner knows it
  ///     (a pseudo-terminal's window size in pixels).
  ///   - environment: the viewer's variables: `NO_COLOR` (no colours),
  ///     `COLORTERM` (`truecolor` or `24bit`: 24-bit colour, written as
  ///     `38;2;r;g;b`, even where `term`'s description has fewer colours),
  ///     `LC_ALL`, `LC_CTYPE`, `LANG` (UTF-8 unless they name another
  ///     character set; UTF-8 when none is set), `TMUX` (the picture queries
  ///     go through tmux), `TERMGRID_PICTURES` (pictures forced, see
  ///     <doc:/GridTerminal/TerminalProbe/forced(by:)>).
  ///   - mouse: ask for mouse reports.
  ///   - probesPictures: ask the terminal how it shows pictures when the
  ///     first picture is drawn (its answers read over `input`); false:
  ///     pictures in symbols, unless forced.
  /// - Throws: ``StreamTerminalError``.
  public init(
    input: Int32, output: Int32, term: String, width: Int, height: Int, cellPixelSize: PixelSize? = nil,
    environment: [String: String] = [:], mouse: Bool = true, probesPictures: Bool = true
  ) throws(StreamTerminalError) {
    guard fcntl(input, F_GETFD) != -1, fcntl(output, F_GETFD) != -1 else { throw .badDescriptor }
    guard let description = TerminalDescription(term: term) else { throw .unknownTerminal(term: term) }
    let unicode = Self.localeIsUTF8(environment)
    let colors = ColorSupport(terminfoColors: description.number("colors"), environment: environment)
    guard
      let encoder = CellEncoder(
        colorSupport: colors, unicode: unicode, alternateLines: Self.alternateLines(description, unicode: unicode, environment),
        terminfo: .description(description))
    else { throw .unsuitableTerminal(term: term) }
    guard let wake = WakePipe() else { throw .cannotCreateWakePipe }
    self.encoder = encoder
    self.wake = wake
    self.term = term
    inputDescriptor = input
    outputDescriptor = output
    self.output = StreamOutput(descriptor: output)
    insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
    pixels = PixelPictureWriter(sixelsInBackground: true, whenSixelsAreReady: { [wake] in wake.signal() })
    let size = Self.pack(width: width, height: height, cellPixelSize: cellPixelSize)
    pendingSize = PendingSize(size, wake: wake)
    takenSize = size
    (self.width, self.height) = Self.unpack(size).size
    capabilities = TerminalCapabilities(
      colors: colors, unicode: unicode, mouse: mouse, scrollsRegions: encoder.scrollsRegions, pictures: .symbols,
      cellPixelSize: Self.unpack(size).cell, placeholderColors: insideTmux ? nil : .trueColor)

    func string(_ name: String) -> [UInt8] { description.string(name).map(TerminfoCapability.bytes(of:)) ?? [] }
    let mouseOn = Array("\u{1B}[?1002h\u{1B}[?1006h".utf8)
    let mouseOff = Array("\u{1B}[?1006l\u{1B}[?1002l".utf8)
    let pasteOn = Array("\u{1B}[?2004h".utf8)
    let pasteOff = Array("\u{1B}[?2004l".utf8)
    leaveBytes =
      (mouse ? mouseOff : []) + pasteOff + string("sgr0") + string("cnorm") + string("rmkx") + string("rmcup")
    if isatty(input) != 0 {
      var modes = termios()
      if tcgetattr(input, &modes) == 0 {
        savedModes = modes
        // (No echo, no line editing, no signals from keys, 8 bits; a read returns with what there is.)
        cfmakeraw(&modes)
        _ = tcsetattr(input, TCSANOW, &modes)
      }
    }
    self.input = TerminalInput(
      descriptor: input, decoder: KeyDecoder(keys: TerminfoKeys.keys(from: .description(description))), wake: .pipe(wake),
      probe: PictureProbe(
        environment: environment, forced: TerminalProbe.forced(by: environment), asks: probesPictures,
        capabilities: capabilities, outputScrollsRegions: encoder.scrollsRegions))
    updatePictures()
    write(string("smcup") + string("smkx") + string("civis") + (mouse ? mouseOn : []) + pasteOn)
    if let outputError {
      restore()
      throw outputError
    }
  }

  deinit {
    restore()
  }

  // MARK: size

  /// Sets the terminal's size (from any thread): what the owner learns from
  /// the other side (a pseudo-terminal's window size, an SSH window-change
  /// request). The next ``nextEvent(timeout:)`` gives a resize event (a
  /// wait under way is woken for it). Each side is bounded to 1...65,535
  /// cells, a cell's pixels to 1...65,535 (none: unknown).
  public func resize(width: Int, height: Int, cellPixelSize: PixelSize? = nil) {
    resizeHandler(width, height, cellPixelSize)
  }

  /// ``resize(width:height:cellPixelSize:)`` as a function to hand to
  /// another thread (the one that reads an SSH channel's window-change
  /// requests, say): it holds only what a resize needs, never the terminal.
  public var resizeHandler: @Sendable (_ width: Int, _ height: Int, _ cellPixelSize: PixelSize?) -> Void {
    let pending = pendingSize
    return { width, height, cell in pending.set(Self.pack(width: width, height: height, cellPixelSize: cell)) }
  }

  /// 16 bits each: columns, rows, a cell's pixel width and height (0: unknown).
  fileprivate static func pack(width: Int, height: Int, cellPixelSize: PixelSize?) -> UInt64 {
    func bound(_ n: Int) -> UInt64 { UInt64(min(max(n, 1), 0xFFFF)) }
    var packed = bound(width) << 48 | bound(height) << 32
    if let cell = cellPixelSize, cell.width > 0, cell.height > 0 {
      packed |= bound(cell.width) << 16 | bound(cell.height)
    }
    return packed
  }

  private static func unpack(_ packed: UInt64) -> (size: (Int, Int), cell: PixelSize?) {
    let (cw, ch) = (Int(packed >> 16 & 0xFFFF), Int(packed & 0xFFFF))
    return ((Int(packed >> 48), Int(packed >> 32 & 0xFFFF)), cw > 0 && ch > 0 ? PixelSize(width: cw, height: ch) : nil)
  }

  /// A resize event when the owner set another size since the last one taken.
  private func resizeEvent() -> InputEvent? {
    let packed = pendingSize.value
    guard packed != takenSize else { return nil }
    takenSize = packed
    let (size, cell) = Self.unpack(packed)
    let changed = size != (width, height)
    (width, height) = size
    if let cell { input.takeWindowCellSize(cell) }
    updatePictures()
    return changed ? .resize(width: width, height: height) : nil
  }

  // MARK: input

  /// The next key, mouse, paste or resize event; nil when `timeout` ran out
  /// or the wait was woken (``wakeUpHandler``);
  /// <doc:/GridTerminal/InputEvent/endOfInput> once the input is closed (end of
  /// file, a hang-up, an error), at once and on every later call.
  public func nextEvent(timeout: Duration?) throws -> InputEvent? {
    if let outputError { throw outputError }
    return try input.nextEvent(
      timeout: timeout,
      outside: { waitEnded in
        if !waitEnded {
          writeLateSixels()
          if let outputError { throw outputError }
        }
        return resizeEvent()
      },
      picturesChanged: { updatePictures() })
  }

  /// Ends a wait for input from any thread (see <doc:/GridTerminal/Terminal/wakeUpHandler>).
  public var wakeUpHandler: (@Sendable () -> Void)? {
    let wake = self.wake
    return { wake.request() }
  }

  // MARK: pictures

  /// Sends the picture queries, once, if the terminal is to be asked (see
  /// <doc:/GridTerminal/Terminal/requestPictureSupport()>): over this
  /// terminal's own output; the answers come with its input.
  public func requestPictureSupport() {
    guard isOpen else { return }
    write(input.pictureQueries())
  }

  /// The capabilities' pictures as the probe decides them (the same
  /// decision as <doc:/CursesTerminal/CursesTerminal>'s).
  private func updatePictures() {
    input.probe.apply(to: &capabilities, columns: width, rows: height)
  }

  // MARK: output

  /// Writes the update (a clear, the row scrolls, the changed cells, and
  /// what pictures in pixels need) in one write.
  ///
  /// - Throws: ``StreamTerminalError/outputClosed`` once the other side
  ///   has gone (a closed pipe or socket, a hung-up pseudo-terminal), or
  ///   ``StreamTerminalError/writeFailed(errno:)``: the session ends; the
  ///   process gets no SIGPIPE.
  public func present(_ update: FrameUpdate) throws {
    if let outputError { throw outputError }
    guard isOpen else { return }
    encoder.encode(
      update, screenWidth: width, screenHeight: height, support: capabilities.pictures, pictures: &pixels,
      insideTmux: insideTmux)
    resting = (update.cursor, update.showsCursor)
    flush()
    if let outputError { throw outputError }
  }

  /// Sixel pictures made on workers since the last frame (a worker woke the wait).
  private func writeLateSixels() {
    guard isOpen, capabilities.pictures == .sixel, pixels.hasPendingSixels else { return }
    let late = pixels.lateSixels()
    guard !late.isEmpty else { return }
    encoder.append(late, movesCursor: true)
    encoder.rest(at: resting.cursor, shown: resting.shown)
    flush()
  }

  private func flush() {
    write(encoder.bytes)
    encoder.discardBytes()
  }

  /// Writes all of `bytes`; after an error (the other side went away)
  /// nothing more is written, and the error is kept for the caller.
  private func write(_ bytes: [UInt8]) {
    guard outputError == nil, !bytes.isEmpty else { return }
    do {
      try output.write(bytes)
    } catch {
      outputError = error
    }
  }

  /// Gives the terminal back as it was found: pictures deleted, the main
  /// screen, the cursor, the keypad, mouse and paste modes, the input's
  /// terminal modes. Idempotent; closes neither descriptor.
  ///
  /// Answers to the picture queries that are still owed are read first (at
  /// most half a second, and no longer than they are given: see
  /// <doc:/GridTerminal/PictureProbe/discardDeadline(at:)>) and thrown
  /// away with whatever else comes meanwhile, so that they do not land on
  /// the shell's command line after the program has gone.
  public func restore() {
    guard isOpen else { return }
    input.discardOwedReplies(picturesChanged: { updatePictures() })
    isOpen = false
    write(pixels.deleteAll(insideTmux: insideTmux) + leaveBytes)
    if var modes = savedModes { _ = tcsetattr(inputDescriptor, TCSANOW, &modes) }
  }

  // MARK: capabilities from the description and the environment

  /// UTF-8 unless the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set
  /// names another character set (`C` and `POSIX` alone are ASCII).
  static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
    else { return true }
    if locale == "C" || locale == "POSIX" { return false }
    let lower = locale.lowercased()
    return lower.contains("utf-8") || lower.contains("utf8") || !lower.contains(".")
  }

  /// The alternate character set's characters for the light lines, by
  /// ncurses' rules (see <doc:/CursesTerminal/CursesTerminal>): from `acsc`, none
  /// where line drawing is known to break in UTF-8 (`NCURSES_NO_UTF8_ACS`,
  /// terminfo's `U8`, the Linux console).
  private static func alternateLines(_ description: TerminalDescription, unicode: Bool, _ environment: [String: String])
    -> [UInt8]
  {
    var lines = [UInt8](repeating: 0, count: 64)
    if unicode {
      let breaks: Bool
      if let env = environment["NCURSES_NO_UTF8_ACS"] {
        breaks = (Int(env) ?? 0) != 0
      } else if let u8 = description.number("U8") {
        breaks = u8 != 0
      } else {
        breaks = description.term.contains("linux")
      }
      if breaks { return lines }
    }
    guard let acsc = description.string("acsc").map(TerminfoCapability.bytes(of:)) else { return lines }
    var has = Set<UInt8>()
    var i = 0
    while i + 1 < acsc.count {
      has.insert(acsc[i])
      i += 2
    }
    for (scalar, acs) in CursesTerminal.lineDrawing where has.contains(acs) {
      lines[Int(scalar.value - 0x2500)] = acs
    }
    return lines
  }
}

/// The size a ``StreamTerminal``'s owner set last, packed in one atomic
/// word (see `pack`), and the wake-up that tells the terminal's wait.
private final class PendingSize: Sendable {
  private let packed: Atomic<UInt64>
  private let wake: WakePipe

  init(_ initial: UInt64, wake: WakePipe) {
    packed = Atomic(initial)
    self.wake = wake
  }

  var value: UInt64 { packed.load(ordering: .sequentiallyConsistent) }

  func set(_ new: UInt64) {
    packed.store(new, ordering: .sequentiallyConsistent)
    wake.signal()
  }
}

/// Why a ``StreamTerminal`` could not open.
public enum StreamTerminalError: Error, Equatable, CustomStringConvertible {
  /// The system has no terminfo description of this terminal type.
  case unknownTerminal(term: String)
  /// The description lacks what the encoder needs (cursor addressing, a
  /// way to reset attributes, usable margins).
  case unsuitableTerminal(term: String)
  /// An input or output descriptor is not open.
  case badDescriptor
  /// The pipe that wakes the wait for input could not be made (out of descriptors).
  case cannotCreateWakePipe
  /// The other side has gone: the output is a pipe or socket whose reader
  /// closed it (`EPIPE`, `ECONNRESET`), or a pseudo-terminal whose master
  /// was closed (`EIO`). Thrown by the next write, ``StreamTerminal/present(_:)``
  /// or ``StreamTerminal/nextEvent(timeout:)``; the process gets no SIGPIPE.
  case outputClosed
  /// Writing failed otherwise (the system's `errno`, as `ENOSPC`).
  case writeFailed(errno: Int32)

  /// A readable form, for messages and tests.
  public var description: String {
    switch self {
    case .unknownTerminal(let term):
      "no terminfo description of the terminal type '\(TextSanitizer.sanitize(term))'"
    case .unsuitableTerminal(let term):
      "the terminal type '\(TextSanitizer.sanitize(term))' lacks cursor addressing or an attribute reset"
    case .badDescriptor: "the terminal's input or output descriptor is not open"
    case .cannotCreateWakePipe: "cannot make the terminal's wake-up pipe (out of file descriptors)"
    case .outputClosed: "the terminal's other side has gone (its output was closed)"
    case .writeFailed(let code): "cannot write to the terminal: \(String(cString: strerror(code)))"
    }
  }
}
