import CNcursesw
import GridRender
import GridTerminal

#if canImport(Glibc)
  import Glibc
#endif

extension CursesTerminal {
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
      // Sixel pictures made on workers since the last frame (a worker woke this wait).
      writeLateSixels()
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
      case .reply(let reply, let length):
        readIndex += length
        take(reply)
      case .needsMore:
        return nil  // not given atEnd
      }
    }
    return nil
  }

  /// A reply to the picture queries: once the terminal has answered them
  /// all, ``capabilities`` says how pictures are drawn.
  private func take(_ reply: TerminalReply) {
    if case .cellSize(let w, let h) = reply, w > 0, h > 0, capabilities.cellPixelSize == nil {
      // (Taken as said, at most 9 digits each; one no terminal has draws pictures in symbols: see `updatePictures`.)
      capabilities.cellPixelSize = PixelSize(width: w, height: h)
      updatePictures()
    }
    guard var probe else { return }
    if probe.take(reply), let result = probe.result {
      setPictures(result)
      self.probe = nil
    } else {
      self.probe = probe
    }
  }

  /// Draws pictures with `support` (what the terminal's answers or the
  /// environment chose), as far as the terminal allows: see ``updatePictures()``.
  func setPictures(_ support: PictureSupport) {
    chosenPictures = support
    updatePictures()
  }

  /// Sets ``capabilities``' pictures from the support chosen: in pixels
  /// only through the encoder (ncurses' own output has no way to send
  /// them) and only for a cell size a terminal of this many columns and
  /// rows can have (<doc:/GridRender/PixelSize/isPlausibleCell(columns:rows:)>,
  /// else in symbols: a terminal's word sizes nothing past that bound);
  /// kitty's placeholder cells only in UTF-8 (else classic placements,
  /// which are ASCII), classic placements never inside tmux (it does not
  /// say where its pane is); and with sixel or classic placements without
  /// scrolling regions (a terminal may or may not scroll the pixels with
  /// the text; rows written anew never leave a picture behind).
  func updatePictures() {
    var support = chosenPictures
    if support == .kitty, !capabilities.unicode { support = .kittyPlacements }
    if support == .kittyPlacements, insideTmux { support = .symbols }
    let pixels = support == .kitty || support == .sixel || support == .kittyPlacements
    if pixels, encoder == nil { support = .symbols }
    if pixels, let cell = capabilities.cellPixelSize, !cell.isPlausibleCell(columns: width, rows: height) { support = .symbols }
    capabilities.pictures = support
    capabilities.scrollsRegions = (encoder?.scrollsRegions ?? true) && support != .sixel && support != .kittyPlacements
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
    defer {
      (width, height) = (w, h)
      // The window's pixels say the cell size again (a font changed size), and the cells' bound is for this many.
      if let cell = Self.windowCellSize(inputDescriptor) { capabilities.cellPixelSize = cell }
      updatePictures()
    }
    return w != width || h != height
  }

  /// The cell size the terminal's window size in pixels gives on
  /// `descriptor`, when the terminal fills it in (any number it says:
  /// bounded by ``updatePictures()``).
  static func windowCellSize(_ descriptor: Int32) -> PixelSize? {
    var cellWidth: Int32 = 0
    var cellHeight: Int32 = 0
    guard cn_cell_pixel_size(descriptor, &cellWidth, &cellHeight) != 0 else { return nil }
    return PixelSize(width: Int(cellWidth), height: Int(cellHeight))
  }
}
