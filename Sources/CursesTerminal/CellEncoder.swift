import CNcursesw
import GridRender

/// Writes changed cells as the terminal's own control sequences, read once
/// from its terminfo description: the one diff of a frame (the terminal's
/// copy of the screen against the new surface) goes straight to bytes.
///
/// ncurses, handed those cells, would diff them again against its own two
/// screens and format every cursor move and attribute change through
/// terminfo's interpreter on every frame: more than half of what a key cost.
/// Here a cursor move is the shortest of the moves the terminal has (an
/// absolute position, a column, a row, a few columns forward, a carriage
/// return, or rewriting the few unchanged cells in between), an attribute
/// change is made once per style and then copied, a light line is one byte
/// of the alternate character set, and a frame is one `write`.
///
/// Used where terminfo gives what it needs (`cup`; `sgr0`; no `am` without
/// `xenl`); otherwise, or with `TERMGRID_OUTPUT=curses`, ncurses draws.
struct CellEncoder {
  /// The bytes of the frame so far.
  private(set) var bytes: [UInt8] = []

  /// What the terminal's description gives, read once; a class, so that
  /// moving the encoder in and out of a frame copies one reference.
  private let sequences: ControlSequences

  /// The terminal's control sequences, as terminfo gives them.
  private final class ControlSequences {
    let colorSupport: ColorSupport
    let unicode: Bool
    /// For U+2500 to U+253F, the alternate character set's character (0: none).
    let alternateLines: [UInt8]
    let cup: Capability
    let hpa: Capability?
    let vpa: Capability?
    let cuf: Capability?
    let carriageReturn: [UInt8]?
    let smacs: [UInt8]
    let rmacs: [UInt8]
    let sgr0: [UInt8]
    let attributeCaps: [(TextAttributes, [UInt8])]
    let setaf: Capability?
    let setab: Capability?
    let csr: Capability?
    let indn: Capability?
    let ind: [UInt8]?
    let rin: Capability?
    let ri: [UInt8]?
    let clear: [UInt8]
    /// Whether `sgr0` is `ESC [ m` (with `ESC ( B` perhaps), and each
    /// attribute `ESC [ n m`: then a style is one `ESC [ 0;n;...m`.
    let ansiAttributes: Bool

    init?(colorSupport: ColorSupport, unicode: Bool, alternateLines: [UInt8]) {
      guard
        let cup = Capability("cup", ansi: ["\u{1B}[%i%p1%d;%p2%dH": (UInt8(ascii: "H"), true)]),
        let sgr0 = cn_tigetstr("sgr0").map(CellEncoder.bytes(of:)),
        let clear = cn_tigetstr("clear").map(CellEncoder.bytes(of:)),
        cn_tigetflag("am") == 0 || cn_tigetflag("xenl") != 0
      else { return nil }
      self.colorSupport = colorSupport
      self.unicode = unicode
      self.alternateLines = alternateLines
      self.cup = cup
      self.sgr0 = sgr0
      self.clear = clear
      hpa = Capability("hpa", ansi: ["\u{1B}[%i%p1%dG": (UInt8(ascii: "G"), true)])
      vpa = Capability("vpa", ansi: ["\u{1B}[%i%p1%dd": (UInt8(ascii: "d"), true)])
      cuf = Capability("cuf", ansi: ["\u{1B}[%p1%dC": (UInt8(ascii: "C"), false)])
      carriageReturn = cn_tigetstr("cr").map(CellEncoder.bytes(of:))
      smacs = cn_tigetstr("smacs").map(CellEncoder.bytes(of:)) ?? []
      rmacs = cn_tigetstr("rmacs").map(CellEncoder.bytes(of:)) ?? []
      var caps: [(TextAttributes, [UInt8])] = []
      for (attribute, name) in [
        (TextAttributes.bold, "bold"), (.dim, "dim"), (.italic, "sitm"), (.underline, "smul"), (.reverse, "rev"),
      ] {
        if let s = cn_tigetstr(name) { caps.append((attribute, CellEncoder.bytes(of: s))) }
      }
      attributeCaps = caps
      setaf = colorSupport == .none ? nil : Capability("setaf")
      setab = colorSupport == .none ? nil : Capability("setab")
      csr = Capability("csr")
      indn = Capability("indn")
      ind = cn_tigetstr("ind").map(CellEncoder.bytes(of:))
      rin = Capability("rin")
      ri = cn_tigetstr("ri").map(CellEncoder.bytes(of:))
      let resets: Set<String> = [
        "\u{1B}[m", "\u{1B}[0m", "\u{1B}(B\u{1B}[m", "\u{1B}[m\u{1B}(B", "\u{1B}[m\u{0F}", "\u{1B}[0m\u{0F}",
      ]
      // (A terminal whose alternate set is chosen by an SGR, as the Linux
      // console's ESC [ 11 m, has it reset by every style: not this way.)
      ansiAttributes =
        resets.contains(String(decoding: sgr0, as: UTF8.self))
        && caps.allSatisfy { CellEncoder.csiParameters($0.1) != nil } && CellEncoder.csiParameters(smacs) == nil
    }
  }

  // What the terminal is in now (nil: not known).
  private var cursor: (x: Int, y: Int)?
  private var style: Style?
  private var alternate: Bool?
  /// The bytes of the styles used lately (most frames use a handful),
  /// looked through before the dictionary of all of them.
  private var recentStyles: [(style: Style, bytes: [UInt8])] = []
  private var sgrCache: [Style: [UInt8]] = [:]

  /// A capability: its terminfo string, and whether it is the usual ANSI
  /// form, whose numbers are written here without terminfo's interpreter.
  struct Capability {
    let string: [CChar]
    /// `ESC [` then the parameters (1-based when `oneBased`), `;`-separated, then `final`.
    let ansiFinal: UInt8?
    let oneBased: Bool

    init?(_ name: String, ansi: [String: (final: UInt8, oneBased: Bool)] = [:]) {
      guard let s = cn_tigetstr(name) else { return nil }
      string = Array(UnsafeBufferPointer(start: s, count: strlen(s) + 1))
      let text = String(decoding: CellEncoder.bytes(of: s), as: UTF8.self)
      if let form = ansi[text] {
        ansiFinal = form.final
        oneBased = form.oneBased
      } else {
        ansiFinal = nil
        oneBased = false
      }
    }
  }

  /// The encoder for the terminal ncurses has set up, or nil when its
  /// description lacks what the encoder needs.
  init?(colorSupport: ColorSupport, unicode: Bool, alternateLines: [UInt8]) {
    guard let sequences = ControlSequences(colorSupport: colorSupport, unicode: unicode, alternateLines: alternateLines)
    else { return nil }
    self.sequences = sequences
    bytes.reserveCapacity(1 << 16)
  }

  /// A capability's bytes, without terminfo's delays (`$<5>`, which tputs
  /// would turn into waiting; terminals today need none).
  static func bytes(of s: UnsafePointer<CChar>) -> [UInt8] {
    let raw = UnsafeBufferPointer(start: s, count: strlen(s)).map { UInt8(bitPattern: $0) }
    guard raw.contains(UInt8(ascii: "$")) else { return raw }
    var out: [UInt8] = []
    var i = 0
    while i < raw.count {
      if raw[i] == UInt8(ascii: "$"), i + 1 < raw.count, raw[i + 1] == UInt8(ascii: "<"),
        let close = raw[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
        raw[(i + 2)..<close].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2A || $0 == 0x2F })
      {
        i = close + 1
        continue
      }
      out.append(raw[i])
      i += 1
    }
    return out
  }

  /// The parameters of `ESC [ params m`, or nil when `s` is not that.
  static func csiParameters(_ s: [UInt8]) -> ArraySlice<UInt8>? {
    guard s.count >= 3, s[0] == 0x1B, s[1] == UInt8(ascii: "["), s.last == UInt8(ascii: "m") else { return nil }
    let p = s[2..<(s.count - 1)]
    return p.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ? p : nil
  }

  /// Writes the frame's bytes to `descriptor` (one write) and starts the next.
  mutating func flush(to descriptor: Int32) {
    guard !bytes.isEmpty else { return }
    _ = bytes.withUnsafeBufferPointer { cn_write_all(descriptor, $0.baseAddress, $0.count) }
    bytes.removeAll(keepingCapacity: true)
  }

  /// Forgets what the terminal is in (after anything else wrote to it).
  mutating func forgetState() {
    cursor = nil
    style = nil
    alternate = nil
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

  /// Writes `cell` at (`x`, `y`), on a screen `screenWidth` wide whose
  /// cells are those of `surface` (read to fill short gaps).
  @inline(__always)
  mutating func put(_ cell: Cell, x: Int, y: Int, screenWidth: Int, surface: Surface) {
    if cell.width == 0 { return }  // drawn with its head
    moveTo(x: x, y: y, surface: surface)
    write(cell)
    let advanced = x + max(1, Int(cell.width))
    cursor = advanced >= screenWidth || !Self.widthIsCertain(cell.grapheme) ? nil : (advanced, y)
  }

  /// Whether every terminal agrees on the grapheme's width: one scalar
  /// below the emoji planes (a cluster or an emoji may be drawn one cell
  /// wider or narrower than measured; the next cell is then placed anew).
  @inline(__always)
  private static func widthIsCertain(_ g: Grapheme) -> Bool {
    g.isASCII || (g.utf8Count <= 3)
  }

  private mutating func write(_ cell: Cell) {
    let g = cell.grapheme
    setStyle(cell.style)
    if g.utf8Count == 3, g.utf8Byte(0) == 0xE2, g.utf8Byte(1) == 0x94 {
      let acs = sequences.alternateLines[Int(g.utf8Byte(2) & 0x3F)]
      if acs != 0 {
        if alternate != true {
          bytes += sequences.smacs
          alternate = true
        }
        bytes.append(acs)
        return
      }
    }
    if g.isASCII {
      let b = g.utf8Byte(0)
      // 0x5F to 0x7E are drawings in the alternate set, the rest the same;
      // letters leave it all the same, so a word is not split between sets
      // (a terminal multiplexer keeps which set each cell was written in).
      if b >= 0x41 { textMode() }
      bytes.append(b)
    } else if !sequences.unicode {
      textMode()
      for _ in 0..<max(1, Int(cell.width)) { bytes.append(g.asciiFallback) }
    } else {
      textMode()
      for i in 0..<g.utf8Count { bytes.append(g.utf8Byte(i)) }
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
    if let style, style == new { return }
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
    if fg >= 0, let setaf = sequences.setaf { colors.append(Self.format(setaf, fg)) }
    if bg >= 0, let setab = sequences.setab { colors.append(Self.format(setab, bg)) }
    let attributes = sequences.attributeCaps.filter { s.attributes.contains($0.0) }.map(\.1)
    if sequences.ansiAttributes {
      // One ESC [ 0;...m where every part is itself an SGR.
      var parameters: [ArraySlice<UInt8>] = [ArraySlice("0".utf8)]
      var rest: [UInt8] = []
      for part in attributes + colors {
        if let p = Self.csiParameters(part) { parameters.append(p) } else { rest += part }
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
  /// position, a column, a row, a few columns forward, a carriage return,
  /// or, for a gap of up to three cells of the current style, those cells again.
  private mutating func moveTo(x: Int, y: Int, surface: Surface) {
    if let c = cursor {
      if c.x == x && c.y == y { return }
      if c.y == y && x > c.x && x - c.x <= 3 && rewriteGap(from: c.x, to: x, y: y, surface: surface) { return }
    }
    // The cheapest, counted without writing; then only it is written.
    var best = Move.absolute
    var cost = Self.length(sequences.cup, y, x)
    func consider(_ move: Move, _ length: Int) { if length < cost { (best, cost) = (move, length) } }
    if let c = cursor {
      if c.y == y {
        if let hpa = sequences.hpa { consider(.column, Self.length(hpa, x)) }
        if x > c.x, let cuf = sequences.cuf { consider(.forward, Self.length(cuf, x - c.x)) }
        if x == 0, let carriageReturn = sequences.carriageReturn { consider(.carriageReturn, carriageReturn.count) }
      } else if c.x == x, let vpa = sequences.vpa {
        consider(.row, Self.length(vpa, y))
      }
    }
    switch best {
    case .absolute: Self.write(sequences.cup, y, x, to: &bytes)
    case .column: Self.write(sequences.hpa!, x, to: &bytes)
    case .forward: Self.write(sequences.cuf!, x - cursor!.x, to: &bytes)
    case .carriageReturn: bytes += sequences.carriageReturn!
    case .row: Self.write(sequences.vpa!, y, to: &bytes)
    }
    cursor = (x, y)
  }

  /// The ways the cursor moves.
  private enum Move { case absolute, column, forward, carriageReturn, row }

  /// Writes again the cells between the cursor and `x` (unchanged, so the
  /// screen stays the same) when they are plain text of the current style: a
  /// byte each, cheaper than a move. False when they are not.
  private mutating func rewriteGap(from start: Int, to end: Int, y: Int, surface: Surface) -> Bool {
    guard let style, end <= surface.width else { return false }
    for x in start..<end {
      let c = surface[x, y]
      guard c.width == 1, c.grapheme.isASCII, c.style == style else { return false }
      let b = c.grapheme.utf8Byte(0)
      if b >= 0x41 && alternate != false { return false }
      if b < 0x20 || b == 0x7F { return false }
    }
    for x in start..<end { bytes.append(surface[x, y].grapheme.utf8Byte(0)) }
    cursor = (end, y)
    return true
  }

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
    Self.write(csr, rows.lowerBound, rows.upperBound - 1, to: &bytes)
    cursor = nil
    let n = abs(dy)
    if dy > 0 {
      Self.write(sequences.cup, rows.upperBound - 1, 0, to: &bytes)
      if let indn = sequences.indn, n > 1 || sequences.ind == nil {
        Self.write(indn, n, to: &bytes)
      } else if let ind = sequences.ind {
        for _ in 0..<n { bytes += ind }
      }
    } else {
      Self.write(sequences.cup, rows.lowerBound, 0, to: &bytes)
      if let rin = sequences.rin, n > 1 || sequences.ri == nil {
        Self.write(rin, n, to: &bytes)
      } else if let ri = sequences.ri {
        for _ in 0..<n { bytes += ri }
      }
    }
    Self.write(csr, 0, height - 1, to: &bytes)
    cursor = nil
    return true
  }

  // MARK: formatting

  /// `cap` with this parameter, as bytes.
  private static func format(_ cap: Capability, _ a: Int) -> [UInt8] {
    var out: [UInt8] = []
    write(cap, a, to: &out)
    return out
  }

  /// Writes `cap` with this parameter to `out`: an ANSI one here, any
  /// other through terminfo's interpreter.
  private static func write(_ cap: Capability, _ a: Int, to out: inout [UInt8]) {
    guard let final = cap.ansiFinal else {
      out += cap.string.withUnsafeBufferPointer { s in cn_tiparm1(s.baseAddress, a).map(Self.bytes(of:)) ?? [] }
      return
    }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    appendDecimal(cap.oneBased ? a + 1 : a, to: &out)
    out.append(final)
  }

  /// Writes `cap` with these two parameters to `out`.
  private static func write(_ cap: Capability, _ a: Int, _ b: Int, to out: inout [UInt8]) {
    guard let final = cap.ansiFinal else {
      out += cap.string.withUnsafeBufferPointer { s in cn_tiparm2(s.baseAddress, a, b).map(Self.bytes(of:)) ?? [] }
      return
    }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    appendDecimal(cap.oneBased ? a + 1 : a, to: &out)
    out.append(UInt8(ascii: ";"))
    appendDecimal(cap.oneBased ? b + 1 : b, to: &out)
    out.append(final)
  }

  /// The length of `cap` with this parameter (an ANSI one counted, not written).
  private static func length(_ cap: Capability, _ a: Int) -> Int {
    guard cap.ansiFinal != nil else { return format(cap, a).count }
    return 3 + decimalLength(cap.oneBased ? a + 1 : a)
  }

  private static func length(_ cap: Capability, _ a: Int, _ b: Int) -> Int {
    guard cap.ansiFinal != nil else {
      var out: [UInt8] = []
      write(cap, a, b, to: &out)
      return out.count
    }
    return 4 + decimalLength(cap.oneBased ? a + 1 : a) + decimalLength(cap.oneBased ? b + 1 : b)
  }

  private static func decimalLength(_ n: Int) -> Int {
    var length = 1
    var rest = n / 10
    while rest > 0 {
      length += 1
      rest /= 10
    }
    return length
  }

  @inline(__always)
  private static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
    if n >= 10 { appendDecimal(n / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(n % 10))
  }
}
