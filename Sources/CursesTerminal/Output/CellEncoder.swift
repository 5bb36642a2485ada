import CNcursesw
import GridRender

/// Writes a <doc:/GridTerminal/FrameUpdate> as the terminal's own control sequences, read
/// once from its terminfo description: the one diff of a frame (the
/// <doc:/GridTerminal/Screen> against the new surface) goes straight to bytes
/// (``encode(_:screenWidth:screenHeight:support:pictures:insideTmux:)``), with
/// whatever pictures in pixels need besides the cells.
///
/// ncurses, handed those cells, would diff them again against its own two
/// screens and format every cursor move and attribute change through
/// terminfo's interpreter on every frame: more than half of what a key cost.
/// Here a cursor move is the shortest of the moves the terminal has (an
/// absolute position, a column, a row, a few columns forward, a carriage
/// return; the few unchanged cells in between, when the update gives them,
/// are written instead), an attribute
/// change is made once per style and then copied, a light line is one byte
/// of the alternate character set, and a frame is one `write`.
///
/// Used where terminfo gives what it needs (`cup`; `sgr0`; no `am` without
/// `xenl`); otherwise, or with `TERMGRID_OUTPUT=curses`, ncurses draws.
/// Each cell is written as `CellGlyph` says, as ncurses' path writes it.
public struct CellEncoder {
  /// The bytes encoded so far (``flush(to:)`` writes them and starts anew).
  public private(set) var bytes: [UInt8] = []

  /// What the terminal's description gives, read once; a class, so that
  /// moving the encoder in and out of a frame copies one reference.
  private let sequences: ControlSequences

  // What the terminal is in now (nil: not known).
  private var cursor: (x: Int, y: Int)?
  private var style: Style?
  /// Whether `style`'s foreground was written exactly as it is (a kitty
  /// placeholder's id), not degraded to the terminal's colours.
  private var styleIsExact = false
  private var alternate: Bool?
  /// Whether the cursor shows (the terminal hid it when it was opened).
  private var cursorShows: Bool? = false
  /// The bytes of the styles used lately (most frames use a handful),
  /// looked through before the dictionary of all of them.
  private var recentStyles: [(style: Style, bytes: [UInt8])] = []
  private var sgrCache: [Style: [UInt8]] = [:]

  /// The encoder for the terminal whose terminfo description ncurses has
  /// set up (`newterm` or `setupterm`), showing `colorSupport` and UTF-8
  /// when `unicode`, drawing the light lines U+2500 to U+253F as the
  /// characters `alternateLines` gives (64 of them; 0: none); nil when its
  /// description lacks what the encoder needs.
  public init?(colorSupport: ColorSupport, unicode: Bool, alternateLines: [UInt8]) {
    self.init(colorSupport: colorSupport, unicode: unicode, alternateLines: alternateLines, terminfo: .current)
  }

  /// The encoder for the terminal `terminfo` describes (a ``StreamTerminal``'s
  /// own description, read without making it ncurses' current terminal).
  init?(colorSupport: ColorSupport, unicode: Bool, alternateLines: [UInt8], terminfo: TerminfoSource) {
    guard
      let sequences = ControlSequences(
        colorSupport: colorSupport, unicode: unicode, alternateLines: alternateLines, terminfo: terminfo)
    else { return nil }
    self.sequences = sequences
    bytes.reserveCapacity(1 << 16)
  }

  /// Writes the frame's bytes to `descriptor` (one write) and starts the next.
  public mutating func flush(to descriptor: Int32) {
    guard !bytes.isEmpty else { return }
    _ = bytes.withUnsafeBufferPointer { cn_write_all(descriptor, $0.baseAddress, $0.count) }
    bytes.removeAll(keepingCapacity: true)
  }

  /// Starts the next frame without writing this one's bytes (a terminal
  /// that writes ``bytes`` itself).
  mutating func discardBytes() { bytes.removeAll(keepingCapacity: true) }

  /// Adds bytes of another kind (a picture's transmission or its sixels) to
  /// the frame, in order with the cells; `movesCursor` when they leave the
  /// cursor where the encoder cannot tell.
  mutating func append(_ raw: [UInt8], movesCursor: Bool) {
    bytes += raw
    if movesCursor { cursor = nil }
  }

  /// Forgets what the terminal is in (after anything else wrote to it).
  mutating func forgetState() {
    cursor = nil
    style = nil
    styleIsExact = false
    alternate = nil
    cursorShows = nil
  }

  /// Leaves the cursor at `point` (where it is when nil), shown or hidden:
  /// the last thing a frame writes.
  mutating func rest(at point: CellPoint?, shown: Bool) {
    if let point { moveTo(x: point.x, y: point.y) }
    if cursorShows != shown {
      bytes += shown ? sequences.cnorm : sequences.civis
      cursorShows = shown
    }
  }

  /// Clears the screen (to the default background), unless `isBlank`
  /// (ncurses has just cleared it); the terminal is then in a known state.
  mutating func clearScreen(isBlank: Bool = false) {
    setStyle(.plain)
    if !isBlank { bytes += sequences.clear }
    cursor = nil
    if !sequences.rmacs.isEmpty {
      bytes += sequences.rmacs
      alternate = false
    }
  }

  // MARK: cells

  /// Writes `cell` at (`x`, `y`), on a screen `screenWidth` wide.
  @inline(__always)
  mutating func put(_ cell: Cell, x: Int, y: Int, screenWidth: Int) {
    if cell.width == 0 { return }  // drawn with its head
    if putNext(cell, x: x, y: y, screenWidth: screenWidth) { return }
    moveTo(x: x, y: y)
    let certain = Self.widthIsCertain(cell.grapheme)
    if !certain, cell.width == 2, sequences.unicode {
      // A terminal may draw it one cell narrower (tmux draws a heart with
      // its emoji selector in one): both cells are blanked first, so the
      // second never keeps what was there before.
      setStyle(cell.style)
      textMode()
      bytes += [0x20, 0x20]
      cursor = nil
      moveTo(x: x, y: y)
    }
    write(cell)
    let advanced = x + max(1, Int(cell.width))
    cursor = advanced >= screenWidth || !certain ? nil : (advanced, y)
  }

  /// Writes `cell` in one byte when it continues what was written last:
  /// the cursor already at (`x`, `y`), the style already set, one column
  /// of ASCII in text mode or of a light line in the alternate set (most
  /// cells of a run: a title, a border). False, writing nothing, otherwise.
  /// The bytes and the state after are those of the general path.
  @inline(__always)
  private mutating func putNext(_ cell: Cell, x: Int, y: Int, screenWidth: Int) -> Bool {
    guard cell.width == 1, let c = cursor, c.x == x, c.y == y, !styleIsExact, let s = style, s == cell.style,
      let mode = alternate
    else { return false }
    let g = cell.grapheme
    let byte: UInt8
    if g.isASCII {
      guard !mode else { return false }
      byte = g.utf8Byte(0)
    } else {
      guard mode, g.utf8Count == 3, g.utf8Byte(0) == 0xE2, g.utf8Byte(1) == 0x94 else { return false }
      byte = sequences.alternateLines[Int(g.utf8Byte(2) & 0x3F)]
      guard byte != 0 else { return false }
    }
    bytes.append(byte)
    cursor = x + 1 >= screenWidth ? nil : (x + 1, y)
    return true
  }

  /// Writes a cell of kitty's Unicode placeholders (see
  /// <doc:/GridRender/PixelPlaceholder>) at (`x`, `y`): its foreground,
  /// which carries the picture's id, exactly as it is (`38;2;r;g;b` or
  /// `38;5;n`, whatever colours the terminal's description gives: kitty
  /// reads a 24-bit colour under any `TERM`), its background and
  /// attributes as any cell's. One cell wide on every terminal that draws them.
  mutating func putPlaceholder(_ cell: Cell, x: Int, y: Int, screenWidth: Int) {
    moveTo(x: x, y: y)
    if style != cell.style || !styleIsExact {
      var rest = cell.style
      rest.foreground = .default
      setStyle(rest)
      switch cell.style.foreground {
      case .rgb(let r, let g, let b): bytes += Array("\u{1B}[38;2;\(r);\(g);\(b)m".utf8)
      case .indexed(let n): bytes += Array("\u{1B}[38;5;\(n)m".utf8)
      default: break
      }
      style = cell.style
      styleIsExact = true
    }
    textMode()
    let g = cell.grapheme
    for i in 0..<g.utf8CountToDraw { bytes.append(g.utf8Byte(i)) }
    cursor = x + 1 >= screenWidth ? nil : (x + 1, y)
  }

  /// Whether every terminal agrees on the grapheme's width: one scalar
  /// below the emoji planes (a cluster or an emoji may be drawn one cell
  /// wider or narrower than measured; the next cell is then placed anew).
  @inline(__always)
  private static func widthIsCertain(_ g: Grapheme) -> Bool {
    g.isASCII || (g.utf8Count <= 3)
  }

  private mutating func write(_ cell: Cell) {
    setStyle(cell.style)
    switch CellGlyph(cell, unicode: sequences.unicode, alternateLines: sequences.alternateLines) {
    case .none: break
    case .line(let acs):
      if alternate != true {
        bytes += sequences.smacs
        alternate = true
      }
      bytes.append(acs)
    case .ascii(let byte):
      // In the alternate set 0x5F to 0x7E are drawings, some terminals
      // (kitty; the Linux console's description) draw + , - . 0 as arrows
      // and a block, and mlterm draws a box for a blank: nothing but the
      // line-drawing characters is written in it, not even a space.
      textMode()
      bytes.append(byte)
    case .fallback(let byte, let count):
      textMode()
      for _ in 0..<count { bytes.append(byte) }
    case .text:
      textMode()
      let g = cell.grapheme
      for i in 0..<g.utf8CountToDraw { bytes.append(g.utf8Byte(i)) }
    }
  }

  @inline(__always)
  private mutating func textMode() {
    if alternate != false {
      if alternate == true || !sequences.rmacs.isEmpty { bytes += sequences.rmacs }
      alternate = false
    }
  }

  // MARK: attributes

  private mutating func setStyle(_ new: Style) {
    if let style, style == new, !styleIsExact { return }
    styleIsExact = false
    if let recent = recentStyles.firstIndex(where: { $0.style == new }) {
      bytes += recentStyles[recent].bytes
    } else {
      let sequence: [UInt8]
      if let cached = sgrCache[new] {
        sequence = cached
      } else {
        sequence = sgr(for: new)
        sgrCache[new] = sequence
      }
      bytes += sequence
      if recentStyles.count == 8 { recentStyles.removeFirst() }
      recentStyles.append((new, sequence))
    }
    style = new
    // An sgr0 that is not a bare SGR may leave the alternate set.
    if !sequences.ansiAttributes { alternate = nil }
  }

  /// The bytes that set `style` from any state.
  private func sgr(for style: Style) -> [UInt8] {
    let s = sequences.colorSupport == .trueColor ? style : style.degraded(for: sequences.colorSupport)
    let fg = s.foreground.terminalNumber(for: sequences.colorSupport)
    let bg = s.background.terminalNumber(for: sequences.colorSupport)
    var colors: [[UInt8]] = []
    if fg >= 0, let setaf = sequences.setaf { colors.append(TerminfoCapability.format(setaf, fg)) }
    if bg >= 0, let setab = sequences.setab { colors.append(TerminfoCapability.format(setab, bg)) }
    let attributes = sequences.attributeCaps.filter { s.attributes.contains($0.0) }.map(\.1)
    if sequences.ansiAttributes {
      // One ESC [ 0;...m where every part is itself an SGR.
      var parameters: [ArraySlice<UInt8>] = [ArraySlice("0".utf8)]
      var rest: [UInt8] = []
      for part in attributes + colors {
        if let p = TerminfoCapability.csiParameters(part) { parameters.append(p) } else { rest += part }
      }
      var out: [UInt8] = [0x1B, UInt8(ascii: "[")]
      for (i, p) in parameters.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ";")) }
        out += p
      }
      if parameters.count == 1 { out.removeLast() }  // ESC [ m
      out.append(UInt8(ascii: "m"))
      return out + rest
    }
    return sequences.sgr0 + attributes.joined() + colors.joined()
  }

  // MARK: cursor

  /// Moves the cursor by the cheapest way the terminal has: an absolute
  /// position, a column, a row, a few columns forward, a carriage return.
  /// (A gap of a few unchanged cells is cheaper written: the `Screen`
  /// gives those cells with the changes, see <doc:/GridTerminal/CellChange/isUnchanged>.)
  private mutating func moveTo(x: Int, y: Int) {
    if let c = cursor, c.x == x && c.y == y { return }
    // The cheapest, counted without writing; then only it is written.
    var best = Move.absolute
    var cost = TerminfoCapability.length(sequences.cup, y, x)
    func consider(_ move: Move, _ length: Int) { if length < cost { (best, cost) = (move, length) } }
    if let c = cursor {
      if c.y == y {
        if let hpa = sequences.hpa { consider(.column, TerminfoCapability.length(hpa, x)) }
        if x > c.x, let cuf = sequences.cuf { consider(.forward, TerminfoCapability.length(cuf, x - c.x)) }
        if x == 0, let carriageReturn = sequences.carriageReturn { consider(.carriageReturn, carriageReturn.count) }
      } else if c.x == x, let vpa = sequences.vpa {
        consider(.row, TerminfoCapability.length(vpa, y))
      }
    }
    switch best {
    case .absolute: TerminfoCapability.write(sequences.cup, y, x, to: &bytes)
    case .column: TerminfoCapability.write(sequences.hpa!, x, to: &bytes)
    case .forward: TerminfoCapability.write(sequences.cuf!, x - cursor!.x, to: &bytes)
    case .carriageReturn: bytes += sequences.carriageReturn!
    case .row: TerminfoCapability.write(sequences.vpa!, y, to: &bytes)
    }
    cursor = (x, y)
  }

  /// The ways the cursor moves.
  private enum Move { case absolute, column, forward, carriageReturn, row }

  // MARK: scrolling

  /// Whether the terminal has what ``scroll(rows:by:height:)`` needs: a
  /// scroll region, and a way to scroll up and down.
  var scrollsRegions: Bool {
    sequences.csr != nil && (sequences.indn != nil || sequences.ind != nil)
      && (sequences.rin != nil || sequences.ri != nil)
  }

  /// Scrolls rows `rows` of a screen `height` rows high by `dy` (up when
  /// positive) with a scroll region, as ncurses would; the rows that come
  /// in are blank. False when the terminal cannot (the caller then writes them).
  @discardableResult
  mutating func scroll(rows: Range<Int>, by dy: Int, height: Int) -> Bool {
    guard dy != 0, let csr = sequences.csr, rows.lowerBound >= 0, rows.upperBound <= height,
      dy > 0 ? (sequences.indn != nil || sequences.ind != nil) : (sequences.rin != nil || sequences.ri != nil)
    else { return false }
    setStyle(.plain)  // the rows that come in take the current background
    TerminfoCapability.write(csr, rows.lowerBound, rows.upperBound - 1, to: &bytes)
    cursor = nil
    let n = abs(dy)
    if dy > 0 {
      TerminfoCapability.write(sequences.cup, rows.upperBound - 1, 0, to: &bytes)
      if let indn = sequences.indn, n > 1 || sequences.ind == nil {
        TerminfoCapability.write(indn, n, to: &bytes)
      } else if let ind = sequences.ind {
        for _ in 0..<n { bytes += ind }
      }
    } else {
      TerminfoCapability.write(sequences.cup, rows.lowerBound, 0, to: &bytes)
      if let rin = sequences.rin, n > 1 || sequences.ri == nil {
        TerminfoCapability.write(rin, n, to: &bytes)
      } else if let ri = sequences.ri {
        for _ in 0..<n { bytes += ri }
      }
    }
    TerminfoCapability.write(csr, 0, height - 1, to: &bytes)
    cursor = nil
    return true
  }
}
