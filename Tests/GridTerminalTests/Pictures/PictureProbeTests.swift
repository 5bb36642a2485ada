import GridRender
import Testing

@testable import GridTerminal

/// The picture probe alone, with the time given: what it asks, the replies
/// it takes (parsed from a terminal's bytes), its deadlines, the bounds on
/// what the terminal says, and the one decision of which picture protocol
/// the capabilities then say. (Bytes in pieces, interleaved with keys and
/// garbage, through the input decoder: `PictureProbeInputTests`.)
struct PictureProbeTests {
  let start = ContinuousClock.now
  let plain = TerminalCapabilities(colors: .indexed256, unicode: true, placeholderColors: .trueColor)

  func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

  /// The reply the terminal's bytes are.
  func reply(_ text: String) throws -> TerminalReply { try #require(TerminalReply(Array(text.utf8))) }

  func probe(_ environment: [String: String] = [:], forced: PictureSupport? = nil, asks: Bool = true) -> PictureProbe {
    PictureProbe(environment: environment, forced: forced, asks: asks, capabilities: plain, outputScrollsRegions: true)
  }

  /// What the capabilities say after the probe, on an 80x24 terminal.
  func capabilities(_ probe: PictureProbe, columns: Int = 80, rows: Int = 24, unicode: Bool = true) -> TerminalCapabilities {
    var capabilities = plain
    capabilities.unicode = unicode
    probe.apply(to: &capabilities, columns: columns, rows: rows)
    return capabilities
  }

  /// Asked once: the queries the first time, nothing after; pending from
  /// the start (placeholders, not symbols), owed replies only once sent.
  @Test func theQueriesGoOutOnceAndRepliesAreOwedUntilTheDeadline() {
    var probe = probe()
    #expect(probe.isPending && capabilities(probe).picturesPending && probe.repliesOwedUntil == nil)
    #expect(probe.discardDeadline(at: start) == nil, "nothing sent, nothing to throw away")
    let query = probe.request(at: start)
    #expect(query == TerminalProbe(environment: [:]).query)
    let secondQuery = probe.request(at: at(10))
    #expect(secondQuery.isEmpty, "once")
    #expect(probe.deadline == start + TerminalProbe.answerTimeout && probe.repliesOwedUntil == probe.deadline)
    // Not asked at all: nothing pending, symbols.
    var silent = self.probe(asks: false)
    let silentQuery = silent.request(at: start)
    #expect(!silent.isPending && silentQuery.isEmpty && capabilities(silent).pictures == .symbols)
  }

  /// Whole answers, as bytes: kitty 0.35 (placeholders), kitty 0.26
  /// (classic placements), xterm as a VT340 (sixel), Ghostty's `?62;22c`
  /// (no sixel: 22 is not 4), tmux answering for itself.
  @Test(arguments: [
    (["\u{1B}P>|kitty(0.35.2)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}[?62;c"], PictureSupport.kitty),
    (["\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}[?62;c"], .kittyPlacements),
    (["\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[?63;1;2;4;6;9;15;22c"], .sixel),
    (["\u{1B}P>|ghostty 1.1.3\u{1B}\\", "\u{1B}[?62;22c"], .symbols),
    (["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\", "\u{1B}[?1;2c"], .symbols),
  ])
  func wholeAnswersDecideWhenTheLastComes(answers: [String], expected: PictureSupport) throws {
    var probe = probe()
    _ = probe.request(at: start)
    for (i, text) in answers.enumerated() {
      let changed = probe.take(try reply(text), at: at(i))
      let last = i == answers.count - 1
      #expect(probe.isPending == !last)
      if last { #expect(changed, "the choice changes the capabilities") }
    }
    let said = capabilities(probe)
    #expect(said.pictures == expected && !said.picturesPending && probe.repliesOwedUntil == nil)
    #expect(said.scrollsRegions == (expected != .sixel && expected != .kittyPlacements))
    if answers.contains("\u{1B}[6;20;10t") { #expect(said.cellPixelSize == PixelSize(width: 10, height: 20)) }
  }

  /// A terminal that never answers: nothing is decided before the
  /// deadline (a given clock value, no waiting), symbols at it; a late
  /// answer changes nothing, but a cell size still counts when none was known.
  @Test func aTerminalThatNeverAnswersIsGivenUpOnAtTheDeadline() throws {
    var probe = probe()
    _ = probe.request(at: start)
    let deadline = try #require(probe.deadline)
    let changed3 = probe.settle(at: deadline - .milliseconds(1))
    #expect(!changed3 && probe.isPending)
    #expect(probe.discardDeadline(at: start) == start + PictureProbe.discardLimit)
    #expect(probe.discardDeadline(at: deadline - .milliseconds(100)) == deadline)
    let changed4 = probe.settle(at: deadline)
    #expect(changed4)
    #expect(!probe.isPending && probe.deadline == nil && probe.repliesOwedUntil == nil && probe.discardDeadline(at: deadline) == nil)
    #expect(capabilities(probe).pictures == .symbols && !capabilities(probe).picturesPending)
    let changed5 = probe.settle(at: deadline + .seconds(1))
    #expect(!changed5, "once")
    let changed6 = try probe.take(reply("\u{1B}_Gi=31;OK\u{1B}\\"), at: deadline + .seconds(1))
    #expect(!changed6)
    let changed7 = try probe.take(reply("\u{1B}[?62;4c"), at: deadline + .seconds(1))
    #expect(!changed7)
    #expect(capabilities(probe).pictures == .symbols)
    let changed8 = try probe.take(reply("\u{1B}[6;18;9t"), at: deadline + .seconds(2))
    #expect(changed8)
    #expect(capabilities(probe).cellPixelSize == PixelSize(width: 9, height: 18))
  }

  /// Replies before the queries are sent are owed nothing: only a cell
  /// size counts (it is the terminal's whenever it comes).
  @Test func repliesBeforeTheQueriesAreNotAnswers() throws {
    var probe = probe()
    let changed9 = try probe.take(reply("\u{1B}_Gi=31;OK\u{1B}\\"), at: start)
    #expect(!changed9)
    let changed10 = try probe.take(reply("\u{1B}[?62;4c"), at: start)
    #expect(!changed10)
    #expect(probe.isPending && probe.chosen == .symbols)
    let changed11 = try probe.take(reply("\u{1B}[6;20;10t"), at: start)
    #expect(changed11)
    let changed12 = try probe.take(reply("\u{1B}[6;40;20t"), at: start)
    #expect(!changed12, "the first said is kept")
    #expect(probe.cellPixelSize == PixelSize(width: 10, height: 20))
  }

  /// Inside tmux, tmux answers at once; the terminal outside it is given
  /// the passthrough timeout from then, not the whole answer timeout.
  @Test func insideTmuxTheOuterTerminalIsWaitedForThePassthroughTimeout() throws {
    var probe = probe(["TMUX": "/tmp/tmux-0/default,1,0"])
    _ = probe.request(at: start)
    _ = probe.take(try reply("\u{1B}P>|tmux 3.3a\u{1B}\\"), at: at(3))
    _ = probe.take(try reply("\u{1B}[?1;2c"), at: at(4))
    #expect(probe.isPending && probe.deadline == at(4) + TerminalProbe.passthroughTimeout)
    #expect(probe.repliesOwedUntil == probe.deadline)
    var outerAnswers = probe
    for text in ["\u{1B}P>|kitty(0.35.2)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;20;10t", "\u{1B}[?62;c"] {
      _ = outerAnswers.take(try reply(text), at: at(30))
    }
    #expect(capabilities(outerAnswers).pictures == .kitty && !outerAnswers.isPending)
    // No passthrough: symbols once its time is up.
    let changed13 = probe.settle(at: at(4) + TerminalProbe.passthroughTimeout - .milliseconds(1))
    #expect(!changed13)
    let changed14 = probe.settle(at: at(4) + TerminalProbe.passthroughTimeout)
    #expect(changed14)
    #expect(capabilities(probe).pictures == .symbols)
  }

  /// What the terminal says is bounded before it sizes anything: a cell of
  /// 999,999,999 pixels (the most digits a reply may have) is kept as
  /// 65,535 and believed for no pictures in pixels; a cell plausible alone
  /// but too large for the window is not either; zero is no size.
  @Test func numbersTheTerminalSaysAreBounded() throws {
    var huge = probe()
    _ = huge.request(at: start)
    #expect(TerminalReply(Array("\u{1B}[6;9999999999;10t".utf8)) == nil, "ten digits: no reply")
    for text in ["\u{1B}P>|kitty(0.35.2)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;999999999;999999999t", "\u{1B}[?62;c"] {
      _ = huge.take(try reply(text), at: start)
    }
    #expect(huge.chosen == .kitty)
    #expect(huge.cellPixelSize == PixelSize(width: 65_535, height: 65_535))
    #expect(capabilities(huge).pictures == .symbols && !capabilities(huge).drawsPixels)
    // 200x400 pixels is a cell, but not in a window of 200x60 of them.
    var large = probe(forced: .sixel)
    _ = large.take(try reply("\u{1B}[6;400;200t"), at: start)
    #expect(capabilities(large, columns: 10, rows: 5).pictures == .sixel)
    #expect(capabilities(large, columns: 200, rows: 60).pictures == .symbols)
    // Zero is not a size; a window's size too is bounded.
    var zero = probe()
    let changed15 = zero.take(.cellSize(width: 0, height: 20), at: start)
    #expect(!changed15 && zero.cellPixelSize == nil)
    zero.takeWindowCellSize(PixelSize(width: 1 << 40, height: 18))
    #expect(zero.cellPixelSize == PixelSize(width: 65_535, height: 18))
    zero.takeWindowCellSize(PixelSize(width: -3, height: 18))
    #expect(zero.cellPixelSize == PixelSize(width: 65_535, height: 18), "a negative side is not said")
  }

  /// The terminal's limits on the choice: kitty's placeholders need UTF-8
  /// (else classic placements), classic placements are never used inside
  /// tmux, pixels need an output that writes them, and sixel and classic
  /// placements take scrolling regions away.
  @Test func theChoiceIsKeptWithinWhatTheTerminalAllows() {
    #expect(capabilities(probe(forced: .kitty)).pictures == .kitty)
    #expect(capabilities(probe(forced: .kitty), unicode: false).pictures == .kittyPlacements)
    #expect(capabilities(probe(["TMUX": "x"], forced: .kitty), unicode: false).pictures == .symbols)
    #expect(capabilities(probe(["TMUX": "x"], forced: .kittyPlacements)).pictures == .symbols)
    #expect(capabilities(probe(["TMUX": ""], forced: .kittyPlacements)).pictures == .kittyPlacements, "TMUX empty: not tmux")
    let curses = PictureProbe(
      environment: [:], forced: .sixel, asks: true, capabilities: plain, writesPixels: false, outputScrollsRegions: true)
    #expect(capabilities(curses).pictures == .symbols && !curses.isPending, "ncurses' own output: nothing to ask")
    #expect(!capabilities(probe(forced: .sixel)).scrollsRegions && !capabilities(probe(forced: .kittyPlacements)).scrollsRegions)
    #expect(capabilities(probe(forced: .kitty)).scrollsRegions && capabilities(probe(forced: .off)).pictures == .off)
    let noRegions = PictureProbe(environment: [:], forced: .kitty, asks: false, capabilities: plain, outputScrollsRegions: false)
    #expect(!capabilities(noRegions).scrollsRegions)
  }

  /// Forced (`TERMGRID_PICTURES`): only the cell size is asked, and only
  /// when pictures are in pixels and the window did not say it; DA1 ends it.
  @Test func aForcedSupportAsksOnlyForAnUnknownCellSize() throws {
    var forced = probe(forced: .sixel)
    #expect(forced.isPending)
    let forcedQuery = forced.request(at: start)
    #expect(forcedQuery == Array("\u{1B}[16t\u{1B}[c".utf8))
    _ = forced.take(try reply("\u{1B}[6;18;9t"), at: at(1))
    let changed17 = try forced.take(reply("\u{1B}[?1;2c"), at: at(2))
    #expect(changed17)
    #expect(capabilities(forced).pictures == .sixel && capabilities(forced).cellPixelSize == PixelSize(width: 9, height: 18))
    var known = plain
    known.cellPixelSize = PixelSize(width: 10, height: 20)
    let windowSaid = PictureProbe(environment: [:], forced: .sixel, asks: true, capabilities: known, outputScrollsRegions: true)
    #expect(!windowSaid.isPending && windowSaid.cellPixelSize == PixelSize(width: 10, height: 20))
    #expect(!probe(forced: .symbols).isPending && !probe(forced: .off).isPending)
  }
}
