import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

/// The picture probe driven by a terminal's bytes, as both terminals drive
/// it: the bytes go through the input decoder, its replies to the probe,
/// the probe's owed-replies deadline back to the decoder, and the time is
/// given (no sleeps). Replies whole, one byte at a time, never answered,
/// interleaved with keys, and garbage.
struct PictureProbeInputTests {
  /// A terminal's input loop over a probe, with the clock in its hands.
  struct Driver {
    let start = ContinuousClock.now
    var now: ContinuousClock.Instant
    var reader = InputReader(decoder: KeyDecoder(keys: KeyDecoderTests.xtermKeys))
    var probe: PictureProbe
    var capabilities = TerminalCapabilities(colors: .indexed256, unicode: true, placeholderColors: .trueColor)
    var events: [InputEvent] = []
    /// The queries written.
    var sent: [UInt8] = []

    init(environment: [String: String] = [:]) {
      now = start
      probe = PictureProbe(
        environment: environment, forced: nil, asks: true, capabilities: capabilities, outputScrollsRegions: true)
      probe.apply(to: &capabilities, columns: 80, rows: 24)
      // The first picture was drawn: the queries go out.
      sent = probe.request(at: now)
      reader.repliesOwedUntil = probe.repliesOwedUntil
    }

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// What the terminal's loop does until `limit` (milliseconds; nil: until
    /// nothing is left to wait for): settles the probe at its deadline,
    /// takes replies and events, and moves the clock to the next deadline.
    mutating func run(until limit: Int?) {
      let end = limit.map(at)
      while true {
        if probe.settle(at: now) { changed() }
        var next: ContinuousClock.Instant?
        switch reader.next(at: now, inputEnded: false) {
        case .event(let event):
          events.append(event)
          continue
        case .reply(let reply):
          if probe.take(reply, at: now) { changed() }
          reader.repliesOwedUntil = probe.repliesOwedUntil
          continue
        case .wait(let until): next = until
        case .empty: break
        }
        guard let first = [next, probe.deadline].compactMap({ $0 }).min(), end.map({ first < $0 }) ?? true else { break }
        now = max(now, first)
      }
      if let end { now = max(now, end) }
    }

    mutating func changed() {
      probe.apply(to: &capabilities, columns: 80, rows: 24)
      reader.repliesOwedUntil = probe.repliesOwedUntil
    }

    /// Feeds `pieces`, each at its time (milliseconds from the start), then
    /// runs until `until` (nil: until nothing is left to wait for).
    mutating func feed(_ pieces: [(at: Int, bytes: [UInt8])], until: Int? = nil) {
      for piece in pieces {
        run(until: piece.at)
        reader.append(piece.bytes, at: now)
      }
      run(until: until)
    }
  }

  static let kitty = ["\u{1B}P>|kitty(0.35.2)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}[?62;c"]
  static let xterm = ["\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[?63;1;2;4;6;9;15;22c"]

  func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

  static func milliseconds(_ d: Duration) -> Int {
    Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
  }

  /// The answers in one read: decided at once (long before the deadline),
  /// no event, and nothing owed any more.
  @Test(arguments: [(kitty, PictureSupport.kitty), (xterm, .sixel)])
  func answersInOneRead(answers: [String], expected: PictureSupport) {
    var driver = Driver()
    #expect(driver.sent == TerminalProbe(environment: [:]).query)
    driver.feed([(5, bytes(answers.joined()))], until: 6)
    #expect(driver.events.isEmpty)
    #expect(driver.capabilities.pictures == expected && !driver.capabilities.picturesPending)
    #expect(driver.reader.repliesOwedUntil == nil && driver.probe.deadline == nil)
  }

  /// Every byte of the answers in a read of its own, 20 ms apart (a slow
  /// link: the whole takes longer than the escape delay many times over):
  /// still the answers, never keys, and decided when the last came.
  @Test(arguments: [1, 20])
  func answersOneByteAtATime(gap: Int) {
    var driver = Driver()
    let all = bytes(Self.kitty.joined())
    driver.feed(all.enumerated().map { (10 + $0.offset * gap, [$0.element]) }, until: 10 + all.count * gap)
    #expect(driver.events.isEmpty, "no byte of a reply is a key")
    #expect(driver.capabilities.pictures == .kitty && driver.capabilities.cellPixelSize == PixelSize(width: 10, height: 20))
    #expect(!driver.capabilities.picturesPending)
  }

  /// Keys typed before, between and after the answers (each answer in a
  /// read of its own, some cut in two): the keys arrive, in order, and the
  /// answers decide.
  @Test func answersInterleavedWithKeys() {
    var driver = Driver()
    var pieces: [(at: Int, bytes: [UInt8])] = [(1, bytes("a"))]
    var t = 2
    for (i, answer) in Self.kitty.enumerated() {
      let b = bytes(answer)
      pieces.append((t, Array(b[..<(b.count / 2)])))
      pieces.append((t + 40, Array(b[(b.count / 2)...])))
      pieces.append((t + 50, i % 2 == 0 ? bytes("\u{1B}[A") : bytes("q")))
      t += 100
    }
    driver.feed(pieces, until: t)
    #expect(driver.events == [.key("a"), .key(Key(.up)), .key("q"), .key(Key(.up)), .key("q")])
    #expect(driver.capabilities.pictures == .kitty && !driver.capabilities.picturesPending)
  }

  /// A terminal that never answers (keys typed meanwhile): pending until
  /// the deadline, symbols at it; an answer that comes later is no key.
  @Test func neverAnsweredIsDecidedAtTheDeadline() {
    var driver = Driver()
    let deadline = Self.milliseconds(TerminalProbe.answerTimeout)
    driver.feed([(10, bytes("x")), (700, bytes("y"))], until: deadline - 1)
    #expect(driver.events == [.key("x"), .key("y")])
    #expect(driver.capabilities.picturesPending && driver.reader.repliesOwedUntil != nil)
    driver.run(until: deadline + 1)
    #expect(!driver.capabilities.picturesPending && driver.capabilities.pictures == .symbols)
    #expect(driver.reader.repliesOwedUntil == nil)
    driver.feed([(deadline + 100, bytes(Self.kitty.joined() + "z"))], until: deadline + 200)
    #expect(driver.events == [.key("x"), .key("y"), .key("z")], "late answers are dropped, not typed")
    #expect(driver.capabilities.pictures == .symbols, "given up on")
  }

  /// Inside tmux without passthrough: tmux answers at once, nothing more
  /// comes, and the probe settles the passthrough timeout after tmux's
  /// answer, not at the whole answer timeout.
  @Test func insideTmuxWithoutPassthroughSettlesEarly() {
    var driver = Driver(environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
    driver.feed([(2, bytes("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c"))], until: 3)
    #expect(driver.capabilities.picturesPending)
    let settle = 2 + Self.milliseconds(TerminalProbe.passthroughTimeout)
    driver.run(until: settle - 1)
    #expect(driver.capabilities.picturesPending)
    driver.run(until: settle + 1)
    #expect(!driver.capabilities.picturesPending && driver.capabilities.pictures == .symbols)
  }

  /// Garbage around the answers: replies cut short by a control
  /// character, numbers too long to be one, a zero cell, a string that is
  /// no reply, a DA1 with a letter. None is an answer, none sizes
  /// anything, and the real answers after them still decide; an absurd
  /// cell size is bounded and draws no pixels.
  @Test func garbageIsNoAnswer() {
    var driver = Driver()
    let garbage = [
      "\u{1B}_Gi=31;OK\u{03}", "\u{1B}[6;99999999999;10t", "\u{1B}[6;0;0t", "\u{1B}P$r0m\u{1B}\\",
      "\u{1B}[?62;xc", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}[?1;2$y",
    ]
    driver.feed([(1, bytes(garbage.joined())), (60, bytes(Self.xterm.joined()))], until: 61)
    #expect(driver.events.allSatisfy { if case .key = $0 { true } else { false } })
    #expect(driver.capabilities.pictures == .sixel && driver.capabilities.cellPixelSize == nil)
    // The largest number a reply may hold, as a cell: bounded, and no pixels for it.
    var absurd = Driver()
    let absurdAnswers = [Self.kitty[0], Self.kitty[1], "\u{1B}[6;999999999;999999999t", Self.kitty[3]]
    absurd.feed([(1, bytes(absurdAnswers.joined()))], until: 2)
    #expect(absurd.probe.chosen == .kitty && absurd.capabilities.cellPixelSize == PixelSize(width: 65_535, height: 65_535))
    #expect(absurd.capabilities.pictures == .symbols && !absurd.capabilities.drawsPixels)
  }

  /// Random bytes (seeded), with Esc, brackets and digits common: the probe
  /// always settles by its deadline (plus the longest wait for a
  /// sequence's rest), never draws pixels for an implausible cell, and
  /// every cell it keeps is bounded.
  @Test func randomBytesAlwaysSettle() {
    var random = SplitMix64(seed: 33)
    let alphabet = Array("\u{1B}[];?P_G>|\\0123456789tc=OKi,abx\u{07}\u{03}".utf8)
    for _ in 0..<200 {
      var driver = Driver()
      var pieces: [(at: Int, bytes: [UInt8])] = []
      for i in 0..<Int.random(in: 1...12, using: &random) {
        pieces.append((i * 37, (0..<Int.random(in: 1...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
      }
      driver.feed(pieces, until: Self.milliseconds(TerminalProbe.answerTimeout + driver.reader.sequenceTimeout) + 1)
      driver.run(until: nil)
      #expect(!driver.capabilities.picturesPending && driver.reader.repliesOwedUntil == nil)
      if let cell = driver.capabilities.cellPixelSize {
        #expect((1...PictureProbe.largestSaidSide).contains(cell.width) && (1...PictureProbe.largestSaidSide).contains(cell.height))
        if !cell.isPlausibleCell(columns: 80, rows: 24) { #expect(!driver.capabilities.drawsPixels) }
      }
    }
  }
}
