import CNcursesw
import GridPlatform
import GridRender
import GridTerminal

extension CursesTerminal {
  /// The next key, mouse, paste or resize event; nil when `timeout` ran out
  /// or the wait was woken (``wakeUpHandler``);
  /// <doc:/GridTerminal/InputEvent/endOfInput> once the input is closed (end of file, a
  /// hang-up), at once and on every later call, so a loop never spins on it.
  ///
  /// Input is read here, not by ncurses: one `read` takes every byte
  /// there is (a key, or a burst of them), and a decoder with the
  /// terminal's terminfo keys turns them into events.
  /// A lone Esc waits ``escapeDelay`` for the rest of a key's sequence; a
  /// control sequence or a string that has begun waits up to
  /// ``sequenceTimeout`` for its end (a reply arriving in pieces is still a
  /// reply), without holding up a caller whose `timeout` is shorter: the
  /// bytes wait for the next call.
  public func nextEvent(timeout: Duration?) throws -> InputEvent? {
    input.nextEvent(
      timeout: timeout,
      outside: { waitEnded in
        // Sixel pictures made on workers since the last frame (a worker woke this wait).
        if !waitEnded, capabilities.pictures == .sixel, pixels.hasPendingSixels { writeLateSixels() }
        // A resume or a resize: one look at the signals, then what they did.
        return cn_signals_pending(resizesSeen) != 0 ? resumedEvent() ?? resizeEvent() : nil
      },
      picturesChanged: { updatePictures() })
  }

  /// Ends a wait for input from any thread (see <doc:/GridTerminal/Terminal/wakeUpHandler>):
  /// ``nextEvent(timeout:)`` then returns nil, whatever its timeout.
  public var wakeUpHandler: (@Sendable () -> Void)? { { cn_wake_up() } }

  /// Sends the picture queries, once, if the terminal is to be asked (see
  /// <doc:/GridTerminal/Terminal/requestPictureSupport()>); their answers are read with the
  /// input, and ``capabilities`` changes when they are in (or when
  /// <doc:/GridTerminal/TerminalProbe/answerTimeout> has passed without them).
  public func requestPictureSupport() {
    guard isOpen else { return }
    let query = input.pictureQueries()
    guard !query.isEmpty else { return }
    _ = query.withUnsafeBufferPointer { cn_write_all(cn_output_descriptor(), $0.baseAddress, $0.count) }
  }

  /// Sets ``capabilities``' pictures from the probe's choice, as far as the
  /// terminal allows (<doc:/GridTerminal/PictureProbe/apply(to:columns:rows:)>:
  /// in pixels only through the encoder, since ncurses' own output has no
  /// way to send them, and only for a plausible cell size; kitty's
  /// placeholder cells only in UTF-8; no scrolling regions with sixel or
  /// classic placements).
  func updatePictures() {
    input.probe.apply(to: &capabilities, columns: width, rows: height)
  }

  /// What happened to the screen since last asked, beyond the frames
  /// presented: lost after a suspend (the first frame clears the screen anyway).
  public func takeScreenReset() -> ScreenReset? {
    defer { screenReset = nil }
    return screenReset
  }

  /// After a suspend (Ctrl-Z, then `fg`): the screen is repainted whole on
  /// the next present, and the app gets a resize event with the size now.
  private func resumedEvent() -> InputEvent? {
    guard cn_take_resumed() != 0 else { return nil }
    _ = clearok(cn_curscr(), true)
    screenReset = .lost
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
    defer {
      (width, height) = (w, h)
      // The window's pixels say the cell size again (a font changed size), and the cells' bound is for this many.
      if let cell = Self.windowCellSize(input.descriptor) { input.takeWindowCellSize(cell) }
      updatePictures()
    }
    return w != width || h != height
  }

  /// The cell size the terminal's window size in pixels gives on
  /// `descriptor`, when the terminal fills it in (any number it says:
  /// bounded by the picture probe).
  static func windowCellSize(_ descriptor: Int32) -> PixelSize? {
    var cellWidth: Int32 = 0
    var cellHeight: Int32 = 0
    guard cn_cell_pixel_size(descriptor, &cellWidth, &cellHeight) != 0 else { return nil }
    return PixelSize(width: Int(cellWidth), height: Int(cellHeight))
  }
}
