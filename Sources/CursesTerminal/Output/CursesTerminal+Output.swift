import CNcursesw
import GridPlatform
import GridRender
import GridTerminal

extension CursesTerminal {
  /// Writes the update: through the control-sequence encoder in one write,
  /// or (with `TERMGRID_OUTPUT=curses`) through ncurses' own screen.
  public func present(_ update: FrameUpdate) throws {
    guard isOpen else { return }
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
    // (ncurses compares with its own screen: the unchanged cells given between changes are left to it.)
    for change in update.changes where !change.isUnchanged && change.x < width && change.y < height {
      put(change.cell, x: change.x, y: change.y)
    }
    // (ncurses leaves the cursor where its last write was unless told not to.)
    if let rest = update.cursor, rest.x < width, rest.y < height {
      leaveok(cn_stdscr(), false)
      _ = wmove(cn_stdscr(), Int32(rest.y), Int32(rest.x))
    } else {
      leaveok(cn_stdscr(), true)
    }
    if update.showsCursor != cursorShownByCurses {
      _ = curs_set(update.showsCursor ? 1 : 0)
      cursorShownByCurses = update.showsCursor
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
  /// scrolls, the changed cells, the pictures), in one write.
  private func presentEncoded(_ update: FrameUpdate) {
    guard var encoder = self.encoder else { return }
    self.encoder = nil
    defer { self.encoder = encoder }
    encoder.encode(
      update, screenWidth: width, screenHeight: height, support: capabilities.pictures, pictures: &pixels,
      insideTmux: insideTmux)
    resting = (update.cursor, update.showsCursor)
    // A signal may come while the frame is being written: until it is, the
    // deletions kept ready cover the pictures held before it and after it.
    let picturesChanged = pixels.sentChangeCount != exitDeletionsCount
    if picturesChanged { prepareExitDeletions(alsoDeleting: exitDeletions) }
    encoder.flush(to: cn_output_descriptor())
    if picturesChanged { prepareExitDeletions() }
  }

  /// Keeps the deletions of the pictures a kitty terminal holds ready for
  /// a signal's handler (SIGTERM, SIGHUP, a crash), which writes them before
  /// restoring the terminal: the terminal would otherwise keep the
  /// pictures in its memory after the program ended. `earlier` (the
  /// deletions kept before a frame being written) is written too; deleting
  /// a picture twice, or one the terminal has not received, does nothing.
  func prepareExitDeletions(alsoDeleting earlier: [UInt8] = []) {
    exitDeletionsCount = pixels.sentChangeCount
    let deletions = pixels.deletions(insideTmux: insideTmux)
    if earlier.isEmpty { exitDeletions = deletions }
    let kept = earlier + deletions
    _ = kept.withUnsafeBufferPointer { cn_set_exit_bytes($0.baseAddress, $0.count) }
  }

  /// Writes the sixel pictures made on workers since the last frame whose
  /// cells still show them, and leaves the cursor as that frame did:
  /// called while waiting for input, when a worker says one is made.
  func writeLateSixels() {
    guard isOpen, capabilities.pictures == .sixel, pixels.hasPendingSixels, var encoder else { return }
    let late = pixels.lateSixels()
    guard !late.isEmpty else { return }
    self.encoder = nil
    defer { self.encoder = encoder }
    encoder.append(late, movesCursor: true)
    encoder.rest(at: resting.cursor, shown: resting.shown)
    encoder.flush(to: cn_output_descriptor())
  }

  /// Hands ncurses `cell` at (`x`, `y`), written as ``CellGlyph`` says
  /// (as the encoder writes it): a light line as its character of the
  /// alternate set with `A_ALTCHARSET` (see `lineDrawing`), an ASCII
  /// stand-in in each column without UTF-8, else its code points.
  @inline(__always) private func put(_ cell: Cell, x: Int, y: Int) {
    let glyph = CellGlyph(cell, unicode: capabilities.unicode, alternateLines: alternateLines)
    var (attrs, pair) = (attr_t(0), Int16(0))
    switch glyph {
    case .none: return
    case .line(let acs):
      (attrs, pair) = curses(cell.style)
      attrs |= cn_a_altcharset()
      wideBuffer[0] = wchar_t(acs)
      wideBuffer[1] = 0
    case .ascii(let byte):
      (attrs, pair) = curses(cell.style)
      wideBuffer[0] = wchar_t(byte)
      wideBuffer[1] = 0
    case .fallback(let byte, let count):
      // No UTF-8: an ASCII stand-in, in each cell the grapheme covers.
      (attrs, pair) = curses(cell.style)
      wideBuffer[0] = wchar_t(byte)
      wideBuffer[1] = 0
      for dx in 0..<count {
        _ = wideBuffer.withUnsafeBufferPointer { cn_put_cell(Int32(y), Int32(x + dx), $0.baseAddress, attrs, Int32(pair)) }
      }
      return
    case .text:
      let g = cell.grapheme
      wideBuffer.withUnsafeMutableBufferPointer { buf in
        // Decode the inline UTF-8 into at most 5 code points (CCHARW_MAX).
        var n = 0
        var i = 0
        let count = g.utf8CountToDraw
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
      (attrs, pair) = curses(cell.style)
    }
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
