import GridPlatform
import GridRender
import GridTerminal
import Testing

@testable import CursesTerminal

/// The input both terminals read through, on a real pipe with its own wake
/// pipe: what a look, a wait with a limit and one without return, what
/// ends a wait (a sequence's time, the probe's, a wake-up, the end of
/// input), the events from outside the input, and the picture answers
/// taken on the way or thrown away at the end. Limits are generous and
/// only lower bounds on the time are asserted.
struct TerminalInputTests {
  /// A `TerminalInput` on the read end of a pipe whose write end the test holds.
  final class Rig {
    struct NoPipe: Error {}
    let input: TerminalInput
    let wake: WakePipe
    let readEnd: Int32
    var writeEnd: Int32
    /// How often the input said the pictures changed.
    var pictureChanges = 0

    init(asks: Bool = false) throws {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0, let wake = WakePipe() else { throw NoPipe() }
      (readEnd, writeEnd) = (ends[0], ends[1])
      self.wake = wake
      let capabilities = TerminalCapabilities(colors: .indexed256, unicode: true, placeholderColors: .trueColor)
      input = TerminalInput(
        descriptor: readEnd, decoder: KeyDecoder(keys: KeyDecoderTests.xtermKeys), wake: .pipe(wake),
        probe: PictureProbe(
          environment: [:], forced: nil, asks: asks, capabilities: capabilities, outputScrollsRegions: true))
    }

    deinit {
      close(readEnd)
      if writeEnd >= 0 { close(writeEnd) }
    }

    func type(_ text: String) {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) } == bytes.count)
    }

    func closeWriteEnd() {
      close(writeEnd)
      writeEnd = -1
    }

    /// The next event, with no outside events, waking the wait once the
    /// pictures changed when `endOnPictures`.
    func next(_ timeout: Duration?, endOnPictures: Bool = false) -> InputEvent? {
      input.nextEvent(
        timeout: timeout, outside: { _ in nil },
        picturesChanged: {
          self.pictureChanges += 1
          if endOnPictures { self.wake.request() }
        })
    }
  }

  /// Time spent by `body`.
  func elapsed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, clock.now - start)
  }

  /// Keys in one read come one per call; then a look finds nothing (the
  /// last read drained the input), and so does the next look (which asks
  /// the descriptor).
  @Test func keysThenLooksThatFindNothing() throws {
    let rig = try Rig()
    rig.type("\u{1B}[Cx")
    #expect(rig.next(.seconds(30)) == .key(Key(.right)))
    #expect(rig.next(.zero) == .key("x"))
    #expect(rig.next(.zero) == nil)
    #expect(rig.next(.zero) == nil)
    rig.type("y")
    #expect(rig.next(.zero) == .key("y"))
  }

  /// A wait with a limit and no input: nil, not before the limit.
  @Test func aWaitWithALimitEndsAtIt() throws {
    let rig = try Rig()
    let (event, took) = elapsed { rig.next(.milliseconds(50)) }
    #expect(event == nil)
    #expect(took >= .milliseconds(50))
  }

  /// The end of input (the writer closed the pipe): what was read before
  /// comes first, then `endOfInput` at once on every call, even one that
  /// would wait forever.
  @Test func endOfInputAtOnceAndEveryTime() throws {
    let rig = try Rig()
    rig.type("a")
    rig.closeWriteEnd()
    #expect(rig.next(nil) == .key("a"))
    #expect(rig.next(nil) == .endOfInput)
    #expect(rig.next(.zero) == .endOfInput)
    #expect(rig.next(nil) == .endOfInput)
    #expect(rig.input.ended)
  }

  /// An unfinished sequence at the end of input is decided as it is.
  @Test func anUnfinishedSequenceAtTheEndOfInputIsDecided() throws {
    let rig = try Rig()
    rig.input.escapeDelay = .seconds(60)
    rig.type("\u{1B}")
    rig.closeWriteEnd()
    #expect(rig.next(.seconds(30)) == .key(Key(.escape)))
    #expect(rig.next(.seconds(30)) == .endOfInput)
  }

  /// A lone Esc ends a long wait at the escape delay (the sequence's
  /// deadline is waited for, not the caller's): the Esc key.
  @Test func aLoneEscEndsTheWaitAtTheEscapeDelay() throws {
    let rig = try Rig()
    rig.input.escapeDelay = .milliseconds(40)
    rig.type("\u{1B}")
    let (event, took) = elapsed { rig.next(.seconds(30)) }
    #expect(event == .key(Key(.escape)))
    #expect(took >= .milliseconds(40) && took < .seconds(30))
  }

  /// A caller whose time is shorter than a sequence's is not held up: nil
  /// at its time, and the bytes wait for the next call, where their rest
  /// completes them.
  @Test func aShortWaitDoesNotWaitForASequence() throws {
    let rig = try Rig()
    rig.input.sequenceTimeout = .seconds(60)
    rig.type("\u{1B}[")
    #expect(rig.next(.milliseconds(20)) == nil)
    #expect(rig.next(.zero) == nil)
    rig.type("A")
    #expect(rig.next(.seconds(30)) == .key(Key(.up)))
  }

  /// A wake-up request ends a wait without limit at once, with no event;
  /// a wake-up that is no request (a resize, a picture made) only makes
  /// the loop go round.
  @Test func aWakeUpRequestEndsTheWaitASignalDoesNot() throws {
    let rig = try Rig()
    rig.wake.request()
    #expect(rig.next(nil) == nil)
    rig.wake.signal()
    let (event, took) = elapsed { rig.next(.milliseconds(50)) }
    #expect(event == nil)
    #expect(took >= .milliseconds(50))
  }

  /// Each round asks for an outside event first (before bytes already
  /// read; the wait not ended), and once more when a wait ends with nothing
  /// (ended); what it throws ends the call.
  @Test func outsideEventsFirstInEachRoundAndAtTheEndOfAWait() throws {
    let rig = try Rig()
    rig.type("k")
    var asked: [Bool] = []
    func next(_ timeout: Duration?, outside: (Int) -> InputEvent?) -> InputEvent? {
      rig.input.nextEvent(
        timeout: timeout,
        outside: { waitEnded in
          asked.append(waitEnded)
          return outside(asked.count)
        }, picturesChanged: {})
    }
    #expect(next(nil) { _ in .resize(width: 3, height: 2) } == .resize(width: 3, height: 2))
    #expect(asked == [false])
    asked = []
    // A round with nothing decoded, its read, a round that decodes the key.
    #expect(next(nil) { _ in nil } == .key("k"))
    #expect(asked == [false, false])
    asked = []
    // A round, its read with nothing to read, and the outside event at the end of the wait.
    #expect(next(.milliseconds(10)) { $0 == 2 ? .resize(width: 5, height: 4) : nil } == .resize(width: 5, height: 4))
    #expect(asked == [false, true])
    struct Gone: Error {}
    #expect(throws: Gone.self) {
      try rig.input.nextEvent(timeout: nil, outside: { _ in throw Gone() }, picturesChanged: {})
    }
  }

  /// The answers to the picture queries, read with the input: taken by the
  /// probe (the pictures changed), no event.
  @Test func pictureAnswersAreTakenNotKeys() throws {
    let rig = try Rig(asks: true)
    #expect(rig.input.pictureQueries() == TerminalProbe(environment: [:]).query)
    #expect(rig.input.pictureQueries().isEmpty, "asked once")
    rig.type(PictureProbeInputTests.kitty.joined() + "z")
    #expect(rig.next(.seconds(30)) == .key("z"))
    #expect(rig.pictureChanges > 0)
    #expect(!rig.input.probe.isPending && rig.input.probe.chosen == .kitty)
  }

  /// A terminal that never answers: the probe's deadline ends a long wait
  /// (nothing else would), and the probe decides then.
  @Test func theProbesDeadlineEndsTheWait() throws {
    let rig = try Rig(asks: true)
    _ = rig.input.pictureQueries()
    let (event, took) = elapsed { rig.next(.seconds(30), endOnPictures: true) }
    #expect(event == nil)
    #expect(rig.pictureChanges == 1 && !rig.input.probe.isPending)
    #expect(took >= TerminalProbe.answerTimeout && took < .seconds(30))
  }

  /// At the end, the answers still owed are read and thrown away with what
  /// came with them (a key here), and the probe decides with them; nothing
  /// is left to read.
  @Test func owedAnswersAreDiscarded() throws {
    let rig = try Rig(asks: true)
    _ = rig.input.pictureQueries()
    rig.type("q" + PictureProbeInputTests.xterm.joined())
    rig.input.discardOwedReplies(picturesChanged: { rig.pictureChanges += 1 })
    #expect(!rig.input.probe.isPending && rig.input.probe.chosen == .sixel)
    #expect(rig.pictureChanges > 0)
    #expect(rig.next(.zero) == nil)
  }

  /// Nothing owed: nothing is read at the end.
  @Test func nothingOwedNothingDiscarded() throws {
    let rig = try Rig()
    rig.type("q")
    rig.input.discardOwedReplies(picturesChanged: { rig.pictureChanges += 1 })
    #expect(rig.pictureChanges == 0)
    #expect(rig.next(.zero) == .key("q"))
  }

  /// Waits in whole milliseconds, rounded up, at least 1, bounded.
  @Test func millisecondsRoundUp() {
    #expect(TerminalInput.milliseconds(.nanoseconds(1)) == 1)
    #expect(TerminalInput.milliseconds(.zero) == 1)
    #expect(TerminalInput.milliseconds(.milliseconds(25)) == 25)
    #expect(TerminalInput.milliseconds(.microseconds(25_001)) == 26)
    #expect(TerminalInput.milliseconds(.seconds(3)) == 3_000)
    #expect(TerminalInput.milliseconds(.seconds(10_000_000)) == Int32.max)
  }
}
