import CNcursesw
import GridPlatform
import GridRender
import GridTerminal

/// One terminal's input, as both ``CursesTerminal`` and ``StreamTerminal``
/// read it: every byte there is taken in one `read` from the terminal's
/// input descriptor, turned into events and replies by an ``InputReader``,
/// the replies handed to the terminal's ``PictureProbe`` (their answers
/// decide how pictures are drawn), and the waits in between last until the
/// first of the caller's deadline, an unfinished sequence's, the probe's,
/// or a wake-up.
///
/// It owns what that needs: the reader (with the escape delay and the
/// sequence timeout), the probe, the read buffer, whether the last read
/// took all there was, and whether the input ended. What is the terminal's
/// own comes in as closures to ``nextEvent(timeout:outside:picturesChanged:)``:
/// the events that do not come from the input (a resize, a resume after a
/// suspend) with the work each round does first (pictures made on workers
/// since the last frame), and what follows a change of the probe's choice
/// (the terminal's capabilities).
final class TerminalInput {
  /// How a wait for input is woken from another thread, or by a signal.
  enum Wake {
    /// The process's terminal: the C shim's wait (`cn_wait_input`) on its
    /// process-wide wake pipe, which the process's signals (a resize, a
    /// resume) and `cn_wake_input` wake; `cn_wake_up` also asks the wait to
    /// end (`cn_take_woken`).
    case process
    /// The terminal's own pipe: ``WakePipe/signal()`` wakes the wait,
    /// ``WakePipe/request()`` also asks it to end.
    case pipe(WakePipe)
  }

  /// The descriptor input is read from (never closed here: the terminal's).
  let descriptor: Int32
  private let wake: Wake
  /// Bytes read and not yet decoded, turned into events with the terminal's keys.
  private var reader: InputReader
  /// The picture queries, their deadlines and answers, and the choice of
  /// how pictures are drawn (the terminal's capabilities say it: see
  /// <doc:/GridTerminal/PictureProbe/apply(to:columns:rows:)>).
  private(set) var probe: PictureProbe
  /// Where `read` puts what it takes (``readSize`` bytes, made once).
  private var buffer = [UInt8](repeating: 0, count: TerminalInput.readSize)
  static let readSize = 4_096
  /// The last read took all there was (fewer bytes than it could).
  private var drained = false
  /// True once the end of input was seen (end of file, a hang-up, an
  /// error): every later call says so at once.
  private(set) var ended = false

  /// Input read from `descriptor`, decoded by `decoder` (the terminal's
  /// keys), woken by `wake`, its replies handed to `probe`.
  init(descriptor: Int32, decoder: KeyDecoder, wake: Wake, probe: PictureProbe) {
    self.descriptor = descriptor
    self.wake = wake
    self.probe = probe
    reader = InputReader(decoder: decoder)
  }

  /// How long the rest of a key's escape sequence is waited for after a lone Esc.
  var escapeDelay: Duration {
    get { reader.escapeDelay }
    set { reader.escapeDelay = newValue }
  }

  /// How long the rest of a control sequence or a string that has begun is waited for.
  var sequenceTimeout: Duration {
    get { reader.sequenceTimeout }
    set { reader.sequenceTimeout = newValue }
  }

  /// The next key, mouse, paste or outside event; nil when `timeout` ran
  /// out (`.zero`: a look that does not wait; nil: no limit) or a wake-up
  /// asked the wait to end; <doc:/GridTerminal/InputEvent/endOfInput> once
  /// the input ended, at once and on every later call.
  ///
  /// A lone Esc waits ``escapeDelay`` for the rest of a key's sequence, a
  /// control sequence or a string that has begun up to ``sequenceTimeout``,
  /// without holding up a caller whose `timeout` is shorter: the bytes wait
  /// for the next call.
  ///
  /// - Parameters:
  ///   - outside: an event that does not come from the input (a resize, a
  ///     resume), asked for first in each round (once per wake-up; then
  ///     `waitEnded` is false, and the terminal also does what it does
  ///     while waiting, such as writing pictures made on workers) and once
  ///     more when a wait ends with nothing (`waitEnded` true). What it
  ///     throws ends the call. (One closure, not two: one call a round.)
  ///   - picturesChanged: called when the probe's choice or its cell size
  ///     changed (a reply came, or its time ran out).
  func nextEvent(
    timeout: Duration?, outside: (_ waitEnded: Bool) throws -> InputEvent?, picturesChanged: () -> Void
  ) rethrows -> InputEvent? {
    // (No clock for a wait without a timeout, nor for a look that does not wait.)
    let clock = ContinuousClock()
    let deadline = timeout.flatMap { $0 > .zero ? clock.now + $0 : nil }
    let isLook = timeout != nil && deadline == nil
    while true {
      if let event = try outside(false) { return event }
      let now = clock.now
      // (Only while the queries are out: `settle(at:)` does nothing without a deadline.)
      if probe.deadline != nil, probe.settle(at: now) { settled(picturesChanged) }
      var sequenceDeadline: ContinuousClock.Instant?
      switch reader.next(at: now, inputEnded: ended) {
      case .event(let event): return event
      case .reply(let reply):
        take(reply, picturesChanged)
        continue
      case .wait(let until): sequenceDeadline = until
      case .empty: break
      }
      if ended { return .endOfInput }
      // Waits for input until the first of: the caller's deadline, the
      // unfinished sequence's, the probe's.
      var wait: Int32 = -1
      if isLook {
        // A look that does not wait. Right after a read that took all there
        // was, there is nothing more, and no system call is needed to say so
        // (once: the next look asks the terminal).
        if drained && sequenceDeadline == nil {
          drained = false
          return nil
        }
        wait = 0
      } else if let first = [deadline, sequenceDeadline, probe.deadline].compactMap({ $0 }).min() {
        let left = first - now
        wait = left <= .zero ? 0 : Self.milliseconds(left)
      }
      if !readInput(waiting: wait) {
        // Nothing came. The caller's time is up (a look, or its deadline
        // passed): no event. Else a sequence's or the probe's time came, or
        // the wait was woken (a signal, a picture made, a resize), and the
        // loop goes round, unless the wake-up asked it to end.
        if isLook || deadline.map({ clock.now >= $0 }) == true || takeWakeUp() {
          return try outside(true)
        }
      }
    }
  }

  /// Whether a wake-up asked the wait to end since the last look (and forgets it).
  private func takeWakeUp() -> Bool {
    switch wake {
    case .process: cn_take_woken() != 0
    case .pipe(let pipe): pipe.takeRequest()
    }
  }

  /// Milliseconds, rounded up (at least 1; at most `Int32.max`).
  static func milliseconds(_ d: Duration) -> Int32 {
    let c = d.components
    return Int32(clamping: max(1, c.seconds * 1000 + (c.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
  }

  /// Waits up to `milliseconds` (forever when negative) for input and reads
  /// all there is; true when bytes came or the input ended.
  private func readInput(waiting milliseconds: Int32) -> Bool {
    switch wake {
    case .process:
      if cn_wait_input(descriptor, milliseconds) == 0 { return false }
    case .pipe(let pipe):
      guard let readable = Self.wait(for: descriptor, or: pipe, milliseconds) else { return false }
      if !readable {
        // A hang-up or an error with nothing to read: the input ended.
        ended = true
        return true
      }
    }
    let descriptor = descriptor
    let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if n > 0 {
      reader.append(buffer[..<n], at: .now)
      drained = n < buffer.count
      return true
    }
    if n < 0 && (errno == EINTR || errno == EAGAIN) { return false }
    ended = true  // end of file, a hang-up (EIO), an error
    return true
  }

  /// Waits up to `milliseconds` (forever when negative) for `descriptor`
  /// or `pipe`: nil when neither has anything for the reader (the time ran
  /// out, or only the pipe woke the wait: it is emptied), true when
  /// `descriptor` has bytes to read, false when it has only a hang-up or an
  /// error.
  private static func wait(for descriptor: Int32, or pipe: WakePipe, _ milliseconds: Int32) -> Bool? {
    var fds = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: pipe.readDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    if poll(&fds, 2, milliseconds) <= 0 { return nil }
    if fds[1].revents & Int16(POLLIN) != 0 {
      pipe.drain()
      if fds[0].revents == 0 { return nil }
    }
    return fds[0].revents & Int16(POLLIN) != 0
  }

  // MARK: the picture probe

  /// The picture queries to write now, once, if the terminal is to be
  /// asked (see <doc:/GridTerminal/PictureProbe/request(at:)>): their
  /// answers are owed from now, and read with the input.
  func pictureQueries() -> [UInt8] {
    let query = probe.request(at: .now)
    reader.repliesOwedUntil = probe.repliesOwedUntil
    return query
  }

  /// Takes the cell size the terminal's window says (after a resize, a
  /// change of font), bounded by the probe.
  func takeWindowCellSize(_ cell: PixelSize) {
    probe.takeWindowCellSize(cell)
  }

  /// A reply to the picture queries (or a cell size), handed to the probe.
  private func take(_ reply: TerminalReply, _ picturesChanged: () -> Void) {
    if probe.take(reply, at: .now) { picturesChanged() }
    reader.repliesOwedUntil = probe.repliesOwedUntil
  }

  /// After the probe settled: the pictures say its choice, and no reply is
  /// owed any more.
  private func settled(_ picturesChanged: () -> Void) {
    picturesChanged()
    reader.repliesOwedUntil = probe.repliesOwedUntil
  }

  /// Before the terminal is given back: the answers still owed to the
  /// picture queries are read and thrown away (with whatever else comes
  /// meanwhile), until <doc:/GridTerminal/PictureProbe/discardDeadline(at:)>,
  /// so that they do not land on the shell's command line; then the probe
  /// decides with what came.
  func discardOwedReplies(picturesChanged: () -> Void) {
    let clock = ContinuousClock()
    guard let until = probe.discardDeadline(at: clock.now) else { return }
    while probe.isPending, !ended, clock.now < until {
      switch reader.next(at: clock.now, inputEnded: false) {
      case .reply(let reply):
        take(reply, picturesChanged)
        continue
      case .event: continue
      case .wait, .empty: break
      }
      _ = readInput(waiting: Self.milliseconds(until - clock.now))
    }
    probe.settle()
    settled(picturesChanged)
  }
}
