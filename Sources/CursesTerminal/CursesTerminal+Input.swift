import CNcursesw
import GridRender
import GridTerminal

#if canImport(Glibc)
  import Glibc
#endif

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
    // (No clock for a wait without a timeout, nor for a look that does not wait.)
    let clock = ContinuousClock()
    let deadline = timeout.flatMap { $0 > .zero ? clock.now + $0 : nil }
    let isLook = timeout != nil && deadline == nil
    while true {
      // Sixel pictures made on workers since the last frame (a worker woke this wait).
      if capabilities.pictures == .sixel, pixels.hasPendingSixels { writeLateSixels() }
      // A resume or a resize: one look at the signals, then what they did.
      if cn_signals_pending(resizesSeen) != 0 {
        if let resumed = resumedEvent() { return resumed }
        if let resized = resizeEvent() { return resized }
      }
      let now = clock.now
      if let probeDeadline, now >= probeDeadline { settleProbe() }
      var sequenceDeadline: ContinuousClock.Instant?
      switch reader.next(at: now, inputEnded: inputEnded) {
      case .event(let event): return event
      case .reply(let reply):
        take(reply)
        continue
      case .wait(let until): sequenceDeadline = until
      case .empty: break
      }
      if inputEnded { return .endOfInput }
      // Waits for input until the first of: the caller's deadline, the
      // unfinished sequence's, the probe's.
      var wait: Int32 = -1
      if isLook {
        // A look that does not wait. Right after a read that took all there
        // was, there is nothing more, and no system call is needed to say so
        // (once: the next look asks the terminal).
        if inputDrained && sequenceDeadline == nil {
          inputDrained = false
          return nil
        }
        wait = 0
      } else if let first = [deadline, sequenceDeadline, probeDeadline].compactMap({ $0 }).min() {
        let left = first - now
        wait = left <= .zero ? 0 : Self.milliseconds(left)
      }
      if !readInput(waiting: wait) {
        // Nothing came. The caller's time is up (a look, or its deadline
        // passed): no event. Else a sequence's or the probe's time came, or
        // a signal woke the wait, and the loop goes round.
        if isLook || deadline.map({ clock.now >= $0 }) == true || cn_take_woken() != 0 {
          return cn_signals_pending(resizesSeen) != 0 ? resumedEvent() ?? resizeEvent() : nil
        }
      }
    }
  }

  /// Milliseconds, rounded up (at least 1).
  private static func milliseconds(_ d: Duration) -> Int32 {
    let c = d.components
    return Int32(clamping: max(1, c.seconds * 1000 + (c.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
  }

  /// Ends a wait for input from any thread (see <doc:/GridTerminal/Terminal/wakeUpHandler>):
  /// ``nextEvent(timeout:)`` then returns nil, whatever its timeout.
  public var wakeUpHandler: (@Sendable () -> Void)? { { cn_wake_up() } }

  /// Sends the picture queries, once, if the terminal is to be asked (see
  /// <doc:/GridTerminal/Terminal/requestPictureSupport()>); their answers are read with the
  /// input, and ``capabilities`` changes when they are in (or when
  /// <doc:/GridTerminal/TerminalProbe/answerTimeout> has passed without them).
  public func requestPictureSupport() {
    guard isOpen, let probe, probeDeadline == nil else { return }
    let query = probe.query
    _ = query.withUnsafeBufferPointer { cn_write_all(cn_output_descriptor(), $0.baseAddress, $0.count) }
    let deadline = ContinuousClock.now + TerminalProbe.answerTimeout
    probeDeadline = deadline
    reader.repliesOwedUntil = deadline
  }

  /// A reply to the picture queries: once the terminal has answered them
  /// all, ``capabilities`` says how pictures are drawn.
  private func take(_ reply: TerminalReply) {
    if case .cellSize(let w, let h) = reply, w > 0, h > 0, capabilities.cellPixelSize == nil {
      // (Taken as said, at most 9 digits each; one no terminal has draws pictures in symbols: see `updatePictures`.)
      capabilities.cellPixelSize = PixelSize(width: w, height: h)
      updatePictures()
    }
    guard var probe, probeDeadline != nil else { return }
    if probe.take(reply) {
      self.probe = probe
      settleProbe()
      return
    }
    self.probe = probe
    if probe.awaitsPassthrough, let deadline = probeDeadline {
      // tmux has answered; the terminal outside it is given a little longer.
      let shorter = min(deadline, ContinuousClock.now + TerminalProbe.passthroughTimeout)
      probeDeadline = shorter
      reader.repliesOwedUntil = shorter
    }
  }

  /// Decides the pictures with the answers that came (all of them, or
  /// those that came in time) and asks nothing more.
  private func settleProbe() {
    guard var probe else { return }
    probe.finish()
    if let result = probe.result { setPictures(result) }
    self.probe = nil
    probeDeadline = nil
    reader.repliesOwedUntil = nil
    capabilities.picturesPending = false
  }

  /// Before the terminal is restored: the answers still owed to the
  /// picture queries are read and thrown away (with whatever else comes
  /// meanwhile), for at most half a second.
  func discardOwedReplies() {
    guard probe != nil, let probeDeadline else { return }
    let clock = ContinuousClock()
    let until = min(probeDeadline, clock.now + .milliseconds(500))
    while probe != nil, !inputEnded, clock.now < until {
      switch reader.next(at: clock.now, inputEnded: false) {
      case .reply(let reply):
        take(reply)
        continue
      case .event: continue
      case .wait, .empty: break
      }
      _ = readInput(waiting: Self.milliseconds(until - clock.now))
    }
    settleProbe()
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
    if cn_wait_input(inputDescriptor, milliseconds) == 0 { return false }
    let descriptor = inputDescriptor
    let n = readBuffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if n > 0 {
      reader.append(readBuffer[..<n], at: .now)
      inputDrained = n < readBuffer.count
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
