import GridRender
import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

/// The decoder alone: bytes in, events out, no terminal.
struct KeyDecoderTests {
  /// xterm-256color's keys as terminfo lists them (keypad mode).
  static let xtermKeys: [(sequence: [UInt8], key: Key)] = [
    ("OA", Key(.up)), ("OB", Key(.down)), ("OD", Key(.left)), ("OC", Key(.right)),
    ("[1;2A", Key(.up, modifiers: .shift)), ("[1;2B", Key(.down, modifiers: .shift)),
    ("OH", Key(.home)), ("OF", Key(.end)), ("[6~", Key(.pageDown)), ("[5~", Key(.pageUp)),
    ("[Z", Key(.backTab)), ("[3~", Key(.delete)), ("OP", Key(.function(1))), ("[15~", Key(.function(5))),
    ("[1;2P", Key(.function(13))), ("[24~", Key(.function(12))),
  ].map { ([0x1B] + Array($0.0.utf8), $0.1) }

  let decoder = KeyDecoder(keys: Self.xtermKeys)

  /// Decodes `bytes` whole, as if all had arrived (what is left at the end is decided).
  func events(_ bytes: [UInt8]) -> [InputEvent] {
    var out: [InputEvent] = []
    var i = 0
    while i < bytes.count {
      switch decoder.decode(bytes[i...], atEnd: true) {
      case .event(let e, let n):
        out.append(e)
        i += n
      case .dropped(let n), .reply(_, let n), .pasteStart(let n): i += n
      case .needsMore:
        Issue.record("needsMore at the end")
        return out
      }
    }
    return out
  }

  /// The replies a picture probe asks for, and what they are.
  func replies(_ text: String) -> [TerminalReply] {
    let bytes = Array(text.utf8)
    var out: [TerminalReply] = []
    var i = 0
    while i < bytes.count {
      switch decoder.decode(bytes[i...], atEnd: true) {
      case .reply(let r, let n):
        out.append(r)
        i += n
      case .event(_, let n), .dropped(let n), .pasteStart(let n): i += n
      case .needsMore: return out
      }
    }
    return out
  }

  @Test func repliesToThePictureQueriesAreRepliesNotKeys() {
    // kitty 0.35: its version, the graphics query answered OK, its cell size, then DA1.
    let kitty = "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"
    #expect(
      replies(kitty) == [
        .version("kitty(0.35.2)"), .kittyGraphics(id: 31, ok: true), .cellSize(width: 10, height: 20),
        .deviceAttributes([62]),
      ])
    #expect(events(Array(kitty.utf8)).isEmpty, "no keys from replies")
    // xterm as a VT340: no kitty answer, sixel (4) among the attributes; a window size in pixels.
    #expect(
      replies("\u{1B}[4;600;800t\u{1B}[?63;1;2;4;6;9;15;22c") == [
        .windowSize(width: 800, height: 600), .deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22]),
      ])
    // A kitty error, and a BEL-ended version.
    #expect(
      replies("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}P>|XTerm(390)\u{07}") == [
        .kittyGraphics(id: 31, ok: false), .version("XTerm(390)"),
      ])
    // Other sequences stay what they were: a key, a report of no use.
    #expect(events(Array("\u{1B}[A\u{1B}[?1;2$y".utf8)) == [.key(Key(.up))])
  }

  @Test func aProbeDecidesFromTheAnswersAndAttributesAreNumbers() {
    func result(_ replies: [TerminalReply]) -> (done: Bool, PictureSupport?) {
      var probe = TerminalProbe(environment: [:])
      var done = false
      for r in replies { done = probe.take(r) || done }
      return (done, probe.result)
    }
    #expect(result([.kittyGraphics(id: TerminalProbe.kittyQueryID, ok: true)]) == (false, nil))
    #expect(result([.kittyGraphics(id: TerminalProbe.kittyQueryID, ok: true), .deviceAttributes([62])]) == (true, .kitty))
    #expect(result([.kittyGraphics(id: 7, ok: true), .deviceAttributes([62])]) == (true, .symbols))  // another id
    #expect(result([.deviceAttributes([63, 1, 2, 4, 6])]) == (true, .sixel))
    // Ghostty's ?62;22c has no 4: a substring search for "4" would misread it.
    #expect(result([.deviceAttributes([62, 22])]) == (true, .symbols))
    // kitty before 0.28 (Debian's 0.26) has no Unicode placeholders: classic placements (not inside
    // tmux, which does not say where its pane is); WezTerm's kitty graphics neither (it has sixel).
    let ok = TerminalReply.kittyGraphics(id: TerminalProbe.kittyQueryID, ok: true)
    #expect(result([.version("kitty(0.26.5)"), ok, .deviceAttributes([62])]) == (true, .kittyPlacements))
    // (Inside tmux: see insideTmuxTheOuterTerminalAnswersThroughThePassthrough.)
    #expect(result([.version("kitty(0.28.0)"), ok, .deviceAttributes([62])]) == (true, .kitty))
    #expect(result([.version("kitty(1.2)"), ok, .deviceAttributes([62])]) == (true, .kitty))
    #expect(result([.version("ghostty 1.1.3"), ok, .deviceAttributes([62, 22])]) == (true, .kitty))
    #expect(result([.version("WezTerm 20240203"), ok, .deviceAttributes([65, 4, 6])]) == (true, .sixel))
    #expect(result([.version("tmux 3.3a"), ok, .deviceAttributes([65, 1, 9])]) == (true, .kitty), "tmux answers for itself")
    // The class number is not an attribute: 4 first is not sixel.
    #expect(result([.deviceAttributes([4, 1])]) == (true, .symbols))
    #expect(String(decoding: TerminalProbe(environment: [:]).query, as: UTF8.self).hasSuffix("\u{1B}[16t\u{1B}[c"))
    #expect(TerminalProbe.forced(by: ["TERMGRID_PICTURES": "Sixel"]) == .sixel)
    #expect(TerminalProbe.forced(by: ["TERMGRID_PICTURES": "pixels"]) == nil)
    #expect(TerminalProbe.forced(by: ["TERMGRID_PICTURES": "kitty-placements"]) == .kittyPlacements)
    // `off`, and `none` as it was called before.
    #expect(TerminalProbe.forced(by: ["TERMGRID_PICTURES": "Off"]) == .off)
    #expect(TerminalProbe.forced(by: ["TERMGRID_PICTURES": "none"]) == .off)
    // Nothing came in time: symbols.
    var silent = TerminalProbe(environment: [:])
    silent.finish()
    #expect(silent.result == .symbols)
  }

  /// Inside tmux, tmux answers XTVERSION and DA1 at once; the terminal it
  /// runs in is asked through the passthrough, and its answers come after
  /// tmux's (26 ms later behind a local kitty): they are waited for, and its
  /// version, not tmux's, says whether kitty's placeholders are there.
  @Test func insideTmuxTheOuterTerminalAnswersThroughThePassthrough() {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0"]
    let query = String(decoding: TerminalProbe(environment: environment).query, as: UTF8.self)
    // tmux's version, the outer terminal's four queries in one passthrough (each ESC doubled), tmux's DA1.
    #expect(
      query
        == "\u{1B}[>q\u{1B}Ptmux;\u{1B}\u{1B}[>q\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\"
        + "\u{1B}\u{1B}[16t\u{1B}\u{1B}[c\u{1B}\\\u{1B}[c")
    let ok = TerminalReply.kittyGraphics(id: TerminalProbe.kittyQueryID, ok: true)
    func probe(_ replies: [TerminalReply], finishing: Bool = false) -> TerminalProbe {
      var probe = TerminalProbe(environment: environment)
      for r in replies { probe.take(r) }
      if finishing { probe.finish() }
      return probe
    }
    // tmux alone so far: waiting for the outer terminal.
    let tmuxOnly = probe([.version("tmux 3.3a"), .deviceAttributes([1, 2])])
    #expect(tmuxOnly.result == nil && tmuxOnly.awaitsPassthrough && tmuxOnly.multiplexerVersion == "tmux 3.3a")
    // kitty 0.35 behind it: kitty, with its version and cell size.
    let kitty = probe([
      .version("tmux 3.3a"), .deviceAttributes([1, 2]), .version("kitty(0.35.2)"), ok, .cellSize(width: 10, height: 20),
      .deviceAttributes([62]),
    ])
    #expect(kitty.result == .kitty && kitty.version == "kitty(0.35.2)" && !kitty.awaitsPassthrough)
    #expect(kitty.cellPixelSize?.width == 10 && kitty.cellPixelSize?.height == 20)
    // Its answers after the passthrough wait (finish) still count when they came.
    #expect(probe([.version("tmux 3.3a"), .deviceAttributes([1, 2]), .version("kitty(0.35.2)"), ok], finishing: true).result == .kitty)
    // kitty 0.26 behind tmux has no placeholders: not kitty, and not its classic placements either (tmux
    // does not say where its pane is on the outer terminal); sixel when tmux itself has it.
    #expect(
      probe([.version("tmux 3.3a"), .deviceAttributes([1, 2]), .version("kitty(0.26.5)"), ok, .deviceAttributes([62])]).result
        == .symbols)
    #expect(
      probe([.version("tmux 3.4"), .deviceAttributes([62, 4]), .version("kitty(0.26.5)"), ok, .deviceAttributes([62])]).result
        == .sixel)
    // Outside tmux, kitty 0.26's answers after the wait (finish) still give classic placements.
    var late = TerminalProbe(environment: [:])
    for reply in [TerminalReply.version("kitty(0.26.5)"), ok] { late.take(reply) }
    late.finish()
    #expect(late.result == .kittyPlacements)
    // Passthrough off: nothing more comes; symbols when the wait is over, or sixel when tmux itself has it.
    #expect(probe([.version("tmux 3.3a"), .deviceAttributes([1, 2])], finishing: true).result == .symbols)
    #expect(probe([.version("tmux 3.4"), .deviceAttributes([62, 4])], finishing: true).result == .sixel)
    // xterm as a VT340 outside tmux says 4, but tmux 3.3 draws no sixel: tmux's DA1 decides.
    #expect(
      probe([.version("tmux 3.3a"), .deviceAttributes([1, 2]), .version("XTerm(379)"), .deviceAttributes([63, 4])]).result
        == .symbols)
  }

  /// With the support forced, only the cell size is asked, DA1 marking the
  /// end of the answer; the result is the support forced.
  @Test func aForcedProbeAsksOnlyTheCellSize() {
    var forced = TerminalProbe(environment: [:], forced: .sixel)
    #expect(forced.query == Array("\u{1B}[16t\u{1B}[c".utf8))
    let tookCellSize = forced.take(.cellSize(width: 9, height: 18))
    let tookAttributes = forced.take(.deviceAttributes([1, 2]))
    #expect(!tookCellSize && tookAttributes && forced.result == .sixel)
    #expect(forced.cellPixelSize?.width == 9 && forced.cellPixelSize?.height == 18)
  }

  @Test func keysOfTheTableAndTheCommonOnesAreDecoded() {
    let typed = "\u{1B}OA\u{1B}[B\u{1B}[1;2A\u{1B}[6~\u{1B}[15~\u{1B}[1;2P\u{1B}[1~\u{1B}[4~\u{1B}OM\u{1B}[Z\u{1B}[24~"
    #expect(
      events(Array(typed.utf8))
        == [
          Key(.up), Key(.down), Key(.up, modifiers: .shift), Key(.pageDown), Key(.function(5)),
          Key(.function(13)), Key(.home), Key(.end), Key(.enter), Key(.backTab), Key(.function(12)),
        ].map(InputEvent.key))
  }

  @Test func modifiedArrowsHomeAndEndAreDecoded() {
    // xterm's form: 1 plus Shift 1, Alt 2, Ctrl 4 (text fields move by a word with Ctrl or Alt).
    let typed = "\u{1B}[1;5C\u{1B}[1;5D\u{1B}[1;3D\u{1B}[1;6H\u{1B}[1;8F\u{1B}[1;2B"
    #expect(
      events(Array(typed.utf8))
        == [
          Key(.right, modifiers: .control), Key(.left, modifiers: .control), Key(.left, modifiers: .alt),
          Key(.home, modifiers: [.control, .shift]), Key(.end, modifiers: [.control, .alt, .shift]), Key(.down, modifiers: .shift),
        ].map(InputEvent.key))
  }

  @Test func charactersAndControlKeys() {
    #expect(
      events(Array("a\r\n\t\u{7F}\u{08}\u{03}é中🙂".utf8))
        == [
          "a", Key(.enter), Key(.enter), Key(.tab), Key(.backspace), Key(.backspace), .control("c"), "é", "中", "🙂",
        ].map(InputEvent.key))
  }

  @Test func aPrefixWaitsForTheRestUntilTheEnd() {
    // Esc alone, a key's start that is not a control sequence: the escape
    // delay. A control sequence or a string that has begun (a key's, a
    // mouse report's, a reply's), however little of it came, and half a
    // character: the longer wait for a sequence.
    let partials: [(String, KeyDecoder.Wait)] = [
      ("\u{1B}", .escapeDelay), ("\u{1B}O", .escapeDelay), ("\u{1B}[", .sequence), ("\u{1B}[1;2", .sequence),
      ("\u{1B}[<0;5", .sequence), ("\u{1B}]2;title", .sequence), ("\u{1B}P1$r0m\u{1B}", .sequence), ("\u{1B}P", .sequence),
      ("\u{1B}_Gi=31;O", .sequence), ("\u{1B}[?62;4;2", .sequence), ("\u{1B}[6;", .sequence), ("\u{1B}[20", .sequence),
    ]
    for (partial, wait) in partials {
      #expect(decoder.decode(ArraySlice(Array(partial.utf8)), atEnd: false) == .needsMore(wait), "\(partial.debugDescription)")
    }
    #expect(decoder.decode(ArraySlice([0xE4, 0xB8]), atEnd: false) == .needsMore(.sequence))
    // Decided at the end: Esc is Esc; half a key is dropped; half a character is one replacement.
    #expect(decoder.decode([0x1B], atEnd: true) == .event(.key(Key(.escape)), length: 1))
    #expect(decoder.decode(ArraySlice(Array("\u{1B}[1;2".utf8)), atEnd: true) == .dropped(length: 5))
    #expect(decoder.decode([0xE4, 0xB8], atEnd: true) == .event(.key("\u{FFFD}"), length: 2))
    // A reply cut short (its end never came) is dropped whole, its terminator's Esc too: no key of it.
    for cut in ["\u{1B}]2;x", "\u{1B}P>|tmux 3.3a\u{1B}", "\u{1B}_Gi=31;OK", "\u{1B}[?62;4;22", "\u{1B}[6;20;10"] {
      #expect(events(Array(cut.utf8)) == [], "\(cut.debugDescription)")
    }
    // Alt+[ or Alt+P alone, or a string that is no reply, was typed: Esc first, the rest are keys.
    #expect(events(Array("\u{1B}[".utf8)) == [Key(.escape), "["].map(InputEvent.key))
    #expect(events(Array("\u{1B}P".utf8)) == [Key(.escape), "P"].map(InputEvent.key))
    #expect(events(Array("\u{1B}]x".utf8)) == [Key(.escape), "]", "x"].map(InputEvent.key))
  }

  @Test func theLongestSequenceWins() {
    // ESC [ 1 ; 2 P (F13) shares its start with ESC [ 1 ~ (Home) and ESC [ 1 ; 2 A.
    #expect(decoder.decode(ArraySlice(Array("\u{1B}[1;2Px".utf8)), atEnd: false) == .event(.key(Key(.function(13))), length: 6))
    #expect(decoder.decode(ArraySlice(Array("\u{1B}[1~".utf8)), atEnd: false) == .event(.key(Key(.home)), length: 4))
  }

  /// Random tables of sequences against a brute-force look-up: a table's
  /// sequence followed by a byte no sequence continues with is the key
  /// given first for the longest sequence of the table it starts with.
  @Test func randomTablesDecodeTheLongestSequenceGivenFirst() {
    var rng = SystemRandomNumberGenerator()
    let alphabet = Array("O[1;5~".utf8)
    for _ in 0..<300 {
      var table: [(sequence: [UInt8], key: Key)] = []
      for n in 0..<Int.random(in: 1...30, using: &rng) {
        let bytes = (0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
        table.append(([0x1B] + bytes, Key(.function(n + 100))))
      }
      let decoder = KeyDecoder(keys: table)
      let all = table + KeyDecoder.commonSequences
      for (sequence, _) in table {
        let input = sequence + Array("\u{7}".utf8)
        let longest = all.filter { input.starts(with: $0.sequence) && $0.sequence.count >= 2 }
          .max { $0.sequence.count < $1.sequence.count }!
        let first = all.first { $0.sequence == longest.sequence }!
        #expect(
          decoder.decode(ArraySlice(input), atEnd: false) == .event(.key(first.key), length: longest.sequence.count),
          "\(sequence) in \(table.map(\.sequence))")
      }
    }
  }

  @Test func sequencesOfNoUseAreDroppedWholeAndMouseReportsDecoded() {
    let noise = "\u{1B}[?1049la\u{1B}[<2;10;10Mb\u{1B}[<0;5;3Mc\u{1B}Ozd\u{1B}]l title\u{07}e\u{1B}P1$r0m\u{1B}\\f\u{1B}[1;5Pg"
    #expect(
      events(Array(noise.utf8)) == [
        .key("a"), .key("b"), .mouse(MouseEvent(.press, x: 4, y: 2)), .key("c"), .key("d"), .key("e"), .key("f"),
        .key("g"),
      ])
    // A sequence cut by a byte that cannot be in it: dropped up to it; the byte starts afresh.
    #expect(events([0x1B, 0x5B, 0x31, 0x03]) == [.key(.control("c"))])
    // Esc then a letter (Alt+x) and Esc twice.
    #expect(events([0x1B, 0x78, 0x1B, 0x1B]) == [Key(.escape), "x", Key(.escape), Key(.escape)].map(InputEvent.key))
  }

  @Test func sgrMouseReportsOfEveryKind() {
    // What xterm and tmux send in SGR mode (1-based cells): press, drag with
    // the button held, release, motion without a button, wheel, Shift+press.
    let reports = ["<0;5;3M", "<32;9;4M", "<0;9;4m", "<35;20;10M", "<64;5;5M", "<65;5;5M", "<4;70;24M", "<0;70;24m"]
    #expect(
      events(Array(reports.map { "\u{1B}[\($0)" }.joined().utf8)) == [
        .mouse(MouseEvent(.press, x: 4, y: 2)), .mouse(MouseEvent(.drag, x: 8, y: 3)),
        .mouse(MouseEvent(.release, x: 8, y: 3)), .mouse(MouseEvent(.move, x: 19, y: 9)),
        .mouse(MouseEvent(.scrollUp, x: 4, y: 4)), .mouse(MouseEvent(.scrollDown, x: 4, y: 4)),
        .mouse(MouseEvent(.press, x: 69, y: 23, modifiers: .shift)), .mouse(MouseEvent(.release, x: 69, y: 23)),
      ])
    // Right press and release, middle press, an extra button: of no use, dropped; a sideways wheel kept.
    let useless = "\u{1B}[<2;10;10M\u{1B}[<2;10;10m\u{1B}[<1;3;3M\u{1B}[<128;1;1M\u{1B}[<66;4;4Mx"
    #expect(events(Array(useless.utf8)) == [.mouse(MouseEvent(.scrollLeft, x: 3, y: 3)), .key("x")])
  }

  @Test func anInvalidUTF8ByteIsOneReplacementAndTheBytesAfterItArrive() {
    // é from a Latin-1 terminal, then 150 q (ncurses' own decoding once swallowed about 143 of them).
    let got = events([0xE9] + [UInt8](repeating: 0x71, count: 150))
    #expect(got.first == .key(Key(.character("\u{FFFD}"))) && got.dropFirst().allSatisfy { $0 == .key("q") } && got.count == 151)
    // Valid UTF-8 whole; a sequence cut by an ASCII byte: a replacement, then the byte.
    let keys: [Key] = ["é", "漢", "🙂", "\u{FFFD}", "A", "\u{FFFD}", "\u{FFFD}", "B"]
    #expect(events(Array("é漢🙂".utf8) + [0xE6, 0x97, 0x41] + [0xC0, 0xAF, 0x42]) == keys.map { .key($0) })
  }

  @Test func controlSequencesWithNoKeyAndTerminalRepliesAreDroppedWhole() {
    // Sequences no key has (huge numbers, private modes, a negative mouse
    // report, an unknown SS3), a title reply (OSC ... BEL), a DCS reply
    // (... ESC \), a focus report: none is Esc and none leaks its letters.
    let noise = [
      "\u{1B}[999999999999999999999Aa", "\u{1B}[?1049lb", "\u{1B}[<0;-5;3Mc", "\u{1B}Ozd",
      "\u{1B}]l title\u{07}e", "\u{1B}P1$r0m\u{1B}\\f", "\u{1B}[Ig", "\u{1B}[1;999999999Ch",
    ]
    #expect(events(Array(noise.joined().utf8)) == ["a", "b", "c", "d", "e", "f", "g", "h"].map { .key(Key(.character($0))) })
    // A string without its end (no BEL, no ESC \) that is no reply was typed (Alt+], then keys): nothing is lost.
    #expect(events(Array("\u{1B}]hi".utf8)) == [.key(Key(.escape)), .key("]"), .key("h"), .key("i")])
    // A cut-off SS3 (ESC O) takes only a final byte: a control key after it is still that key.
    #expect(events([0x1B, 0x4F, 0x01]) == [.key(Key(.character("a"), modifiers: .control))])
    // Esc twice is two Escs; Esc then a letter is Esc and the letter.
    #expect(events([0x1B, 0x1B, 0x1B, 0x71]) == [.key(Key(.escape)), .key(Key(.escape)), .key(Key(.escape)), .key("q")])
  }

  /// Random events, encoded as a terminal sends them, arrive in random
  /// pieces (a piece ends where a read would); decoding as bytes arrive
  /// gives the events back, in order, whatever the cuts.
  @Test func eventsCutIntoRandomPiecesComeBackWhole() {
    var rng = SplitMix64(seed: 0x5EED)
    let mouse = [MouseEvent(.press, x: 0, y: 0), MouseEvent(.drag, x: 119, y: 39), MouseEvent(.scrollDown, x: 7, y: 3)]
    let reports = ["<0;1;1M", "<32;120;40M", "<65;8;4M"]
    let pieces: [([UInt8], InputEvent?)] =
      Self.xtermKeys.map { ($0.sequence, .key($0.key)) }
      + ["a", "Z", "é", "中", "🙂", " "].map { (Array($0.utf8), .key(Key(.character(Character($0))))) }
      + [([0x0D], .key(Key(.enter))), ([0x01], .key(.control("a"))), ([0x7F], .key(Key(.backspace)))]
      + zip(reports, mouse).map { (Array("\u{1B}[\($0)".utf8), .mouse($1)) }
      + [(Array("\u{1B}]11;rgb:0000/0000/0000\u{07}".utf8), nil), (Array("\u{1B}[?62;22c".utf8), nil)]
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      var expected: [InputEvent] = []
      for _ in 0..<Int(rng.next() % 40) {
        let (b, e) = pieces[Int(rng.next() % UInt64(pieces.count))]
        bytes += b
        if let e { expected.append(e) }
      }
      // Arrival: cut anywhere; a sequence waits for its next piece (the
      // pieces come within the escape delay), and the last is decided at the end.
      var arrived = 0
      var got: [InputEvent] = []
      var i = 0
      while i < bytes.count || arrived < bytes.count {
        if i == arrived || arrived < bytes.count && rng.next() % 3 == 0 {
          arrived = min(bytes.count, arrived + 1 + Int(rng.next() % 7))
          continue
        }
        switch decoder.decode(bytes[i..<arrived], atEnd: arrived == bytes.count) {
        case .event(let e, let n):
          got.append(e)
          i += n
        case .dropped(let n), .reply(_, let n), .pasteStart(let n): i += n
        case .needsMore:
          arrived = min(bytes.count, arrived + 1 + Int(rng.next() % 7))
        }
      }
      #expect(got == expected)
    }
  }
}
