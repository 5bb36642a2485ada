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
      if pictureProbe.settle(at: now) { probeChanged() }
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
      } else if let first = [deadline, sequenceDeadline, pictureProbe.deadline].compactMap({ $0 }).min() {
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
    guard isOpen else { return }
    let query = pictureProbe.request(at: .now)
    guard !query.isEmpty else { return }
    _ = query.withUnsafeBufferPointer { cn_write_all(cn_output_descriptor(), $0.baseAddress, $0.count) }
    reader.repliesOwedUntil = pictureProbe.repliesOwedUntil
  }

  /// A reply to the picture queries (or a cell size), handed to the probe:
  /// once the terminal has answered them all, ``capabilities`` says how
  /// pictures are drawn.
  private func take(_ reply: TerminalReply) {
    if pictureProbe.take(reply, at: .now) { updatePictures() }
    reader.repliesOwedUntil = pictureProbe.repliesOwedUntil
  }

  /// After the probe settled: the capabilities say its choice, and no
  /// reply is owed any more.
  private func probeChanged() {
    updatePictures()
    reader.repliesOwedUntil = pictureProbe.repliesOwedUntil
  }

  /// Before the terminal is restored: the answers still owed to the
  /// picture queries are read and thrown away (with whatever else comes
  /// meanwhile), until <doc:/GridTerminal/PictureProbe/discardDeadline(at:)>.
  func discardOwedReplies() {
    let clock = ContinuousClock()
    guard let until = pictureProbe.discardDeadline(at: clock.now) else { return }
    while pictureProbe.isPending, !inputEnded, clock.now < until {
      switch reader.next(at: clock.now, inputEnded: false) {
      case .reply(let reply):
        take(reply)
        continue
      case .event: continue
      case .wait, .empty: break
      }
      _ = readInput(waiting: Self.milliseconds(until - clock.now))
    }
    pictureProbe.settle()
    probeChanged()
  }

  /// Sets ``capabilities``' pictures from the probe's choice, as far as the
  /// terminal allows (<doc:/GridTerminal/PictureProbe/apply(to:columns:rows:)>:
  /// in pixels only through the encoder, since ncurses' own output has no
  /// way to send them, and only for a plausible cell size; kitty's
  /// placeholder cells only in UTF-8; no scrolling regions with sixel or
  /// classic placements).
  func updatePictures() {
    pictureProbe.apply(to: &capabilities, columns: width, rows: height)
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
      if let cell = Self.windowCellSize(inputDescriptor) { pictureProbe.takeWindowCellSize(cell) }
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
