import GridTerminal
import TermGridTesting
import Testing

@testable import CursesTerminal

/// The reader alone, with the time given: bytes arriving in pieces, late,
/// or never, and what comes out.
struct InputReaderTests {
  let start = ContinuousClock.now

  func reader() -> InputReader { InputReader(decoder: KeyDecoder(keys: KeyDecoderTests.xtermKeys)) }

  /// Feeds `pieces`, each at its time (milliseconds from the start), and
  /// asks for events as a terminal does: at each arrival, and at each
  /// deadline the reader gives before the next piece. Returns the events
  /// and replies in order.
  func read(_ pieces: [(at: Int, bytes: [UInt8])], owedUntil: Int? = nil, reader r: InputReader? = nil) -> [InputReader.Output] {
    var reader = r ?? reader()
    if let owedUntil { reader.repliesOwedUntil = start + .milliseconds(owedUntil) }
    var out: [InputReader.Output] = []
    var now = start
    func drain(until limit: ContinuousClock.Instant?) {
      while true {
        switch reader.next(at: now, inputEnded: false) {
        case .empty: return
        case .wait(let deadline):
          // The terminal waits for more input until the deadline; nothing comes before `limit`.
          guard limit.map({ deadline < $0 }) ?? true else { return }
          now = deadline
        case let output: out.append(output)
        }
      }
    }
    for piece in pieces {
      drain(until: start + .milliseconds(piece.at))
      now = max(now, start + .milliseconds(piece.at))
      reader.append(piece.bytes, at: now)
    }
    drain(until: nil)
    return out
  }

  func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

  /// A reply cut anywhere, its second part arriving 50 ms or 300 ms later
  /// (far past the escape delay, within the sequence timeout), is one reply
  /// and no key; what was typed before and after it arrives as keys.
  @Test(arguments: [50, 300])
  func aReplyInTwoPiecesFarApartIsOneReply(gap: Int) {
    let replies: [(String, TerminalReply)] = [
      ("\u{1B}[?62;4;22c", .deviceAttributes([62, 4, 22])), ("\u{1B}[6;20;10t", .cellSize(width: 10, height: 20)),
      ("\u{1B}P>|tmux 3.3a\u{1B}\\", .version("tmux 3.3a")), ("\u{1B}_Gi=31;OK\u{1B}\\", .kittyGraphics(id: 31, ok: true)),
    ]
    for (text, reply) in replies {
      let whole = bytes(text)
      for cut in 1..<whole.count {
        // Replies are owed (a probe was sent) for a second: even a cut right after the Esc holds.
        let got = read(
          [(0, bytes("ab")), (10, Array(whole[..<cut])), (10 + gap, Array(whole[cut...])), (20 + gap, bytes("c"))],
          owedUntil: 1_000)
        #expect(got == [.event(.key("a")), .event(.key("b")), .reply(reply), .event(.key("c"))], "\(text.debugDescription) cut at \(cut)")
      }
    }
  }

  /// Without replies owed, a lone Esc is the Esc key after the escape
  /// delay, whatever follows later; with them owed, it waits for the rest.
  @Test func aLoneEscIsEscUnlessRepliesAreOwed() {
    #expect(read([(0, [0x1B]), (100, bytes("q"))]) == [.event(.key(Key(.escape))), .event(.key("q"))])
    // Owed: Esc then "[?1;2c" 100 ms later is DA1.
    #expect(read([(0, [0x1B]), (100, bytes("[?1;2c"))], owedUntil: 500) == [.reply(.deviceAttributes([1, 2]))])
    // Owed, but nothing follows: Esc once the owed time is over.
    #expect(read([(0, [0x1B])], owedUntil: 300) == [.event(.key(Key(.escape)))])
    // Esc and q in one read: Esc and q at once.
    #expect(read([(0, [0x1B, 0x71])], owedUntil: 300) == [.event(.key(Key(.escape))), .event(.key("q"))])
  }

  /// With no reply owed, a lone Esc is the Esc key after the escape
  /// delay; the whole rest of a reply arriving soon after is still the
  /// reply, and no keys. Keys after Esc stay keys.
  @Test func theRestOfAReplyAfterAnEscTakenForTheKeyIsStillTheReply() {
    #expect(
      read([(0, [0x1B]), (300, bytes("[?62;4;22c")), (310, bytes("x"))]) == [
        .event(.key(Key(.escape))), .reply(.deviceAttributes([62, 4, 22])), .event(.key("x")),
      ])
    #expect(
      read([(0, [0x1B]), (100, bytes("P>|tmux 3.3a\u{1B}\\"))]) == [.event(.key(Key(.escape))), .reply(.version("tmux 3.3a"))])
    // Not a reply: keys (the Esc, then what was typed).
    #expect(read([(0, [0x1B]), (100, bytes("[A"))]) == [.event(.key(Key(.escape))), .event(.key("[")), .event(.key("A"))])
    #expect(read([(0, [0x1B]), (100, bytes("["))]) == [.event(.key(Key(.escape))), .event(.key("["))])
    // Long after the Esc: keys.
    #expect(read([(0, [0x1B]), (3_000, bytes("_Gi=31;OK\u{1B}\\"))]).count > 2)
  }

  /// A sequence whose rest never comes is decided at the sequence timeout:
  /// a reply's start is dropped, `ESC [` alone is Esc and `[`.
  @Test func anUnfinishedSequenceIsDecidedAtTheTimeout() {
    var r = reader()
    r.append(bytes("\u{1B}[?62;4"), at: start)
    #expect(r.next(at: start, inputEnded: false) == .wait(until: start + .seconds(1)))
    #expect(r.next(at: start + .milliseconds(999), inputEnded: false) == .wait(until: start + .seconds(1)))
    #expect(r.next(at: start + .seconds(1), inputEnded: false) == .empty)
    r.append(bytes("\u{1B}["), at: start + .seconds(2))
    #expect(r.next(at: start + .seconds(3), inputEnded: false) == .event(.key(Key(.escape))))
    #expect(r.next(at: start + .seconds(3), inputEnded: false) == .event(.key("[")))
    // At the end of input nothing waits.
    r.append(bytes("\u{1B}P>|kit"), at: start + .seconds(4))
    #expect(r.next(at: start + .seconds(4), inputEnded: true) == .empty)
  }

  /// A bracketed paste is one event with its text (line breaks, tabs and
  /// all), however it arrives: whole, in pieces, its end marker cut.
  @Test func aBracketedPasteIsOneEventHoweverItArrives() {
    let paste = "Tolstoy\r\nddd\tq\u{1B}[A漢🙂"
    let whole = bytes("x\u{1B}[200~" + paste + "\u{1B}[201~y")
    #expect(read([(0, whole)]) == [.event(.key("x")), .event(.paste(paste)), .event(.key("y"))])
    // (Never cut right after the marker's Esc: with no reply owed, a lone
    // Esc is the Esc key once the escape delay has passed.)
    var rng = SplitMix64(seed: 7)
    for _ in 0..<200 {
      var pieces: [(at: Int, bytes: [UInt8])] = []
      var i = 0
      var t = 0
      while i < whole.count {
        var n = 1 + Int(rng.next() % 9)
        if i + n < whole.count, whole[i + n - 1] == 0x1B { n += 1 }
        pieces.append((t, Array(whole[i..<min(whole.count, i + n)])))
        i += n
        t += Int(rng.next() % 400)
      }
      #expect(read(pieces) == [.event(.key("x")), .event(.paste(paste)), .event(.key("y"))])
    }
    // Invalid UTF-8 in a paste is U+FFFD; an empty paste is an empty event.
    #expect(read([(0, [0x1B] + bytes("[200~a") + [0xFF] + bytes("\u{1B}[201~"))]) == [.event(.paste("a\u{FFFD}"))])
    #expect(read([(0, bytes("\u{1B}[200~\u{1B}[201~"))]) == [.event(.paste(""))])
  }

  /// A paste longer than the limit keeps its start (never half a
  /// character); one whose end never comes ends a sequence timeout after
  /// its last byte, and what follows is keys again.
  @Test func aPasteIsBoundedAndEndsWithoutItsMarker() {
    let long = String(repeating: "é", count: InputReader.maximumPasteBytes)  // two bytes each: twice the limit
    let got = read([(0, bytes("\u{1B}[200~" + long + "\u{1B}[201~z"))])
    #expect(got.count == 2 && got.last == .event(.key("z")))
    if case .event(.paste(let text)) = got.first {
      #expect(text.utf8.count == InputReader.maximumPasteBytes && text.allSatisfy { $0 == "é" })
    } else {
      Issue.record("no paste: \(got.first.debugDescription)")
    }
    // No end marker: the paste is what came, once a second has passed with nothing more.
    #expect(
      read([(0, bytes("\u{1B}[200~abc")), (500, bytes("def")), (2_000, bytes("q"))]) == [
        .event(.paste("abcdef")), .event(.key("q")),
      ])
  }

  /// Random keys, mouse reports, replies and pastes, cut into random
  /// pieces that arrive at random times up to half a second apart (a slow
  /// link): everything comes back whole, in order, while replies are owed.
  @Test func randomInputInRandomPiecesComesBackWhole() {
    var rng = SplitMix64(seed: 0x51A7)
    let items: [([UInt8], InputReader.Output)] = [
      (bytes("\u{1B}[A"), .event(.key(Key(.up)))), (bytes("\u{1B}[1;5C"), .event(.key(Key(.right, modifiers: .control)))),
      (bytes("a"), .event(.key("a"))), (bytes("é"), .event(.key("é"))), (bytes("🙂"), .event(.key("🙂"))),
      (bytes("\u{1B}[<0;5;3M"), .event(.mouse(MouseEvent(.press, x: 4, y: 2)))),
      (bytes("\u{1B}[?62;22c"), .reply(.deviceAttributes([62, 22]))),
      (bytes("\u{1B}P>|XTerm(390)\u{1B}\\"), .reply(.version("XTerm(390)"))),
      (bytes("\u{1B}[6;18;9t"), .reply(.cellSize(width: 9, height: 18))),
      (bytes("\u{1B}[200~hi\nthere\u{1B}[201~"), .event(.paste("hi\nthere"))),
    ]
    for _ in 0..<300 {
      var all: [UInt8] = []
      var expected: [InputReader.Output] = []
      for _ in 0..<Int(rng.next() % 12) {
        let (b, o) = items[Int(rng.next() % UInt64(items.count))]
        all += b
        expected.append(o)
      }
      var pieces: [(at: Int, bytes: [UInt8])] = []
      var i = 0
      var t = 0
      while i < all.count {
        let n = 1 + Int(rng.next() % 6)
        pieces.append((t, Array(all[i..<min(all.count, i + n)])))
        i += n
        t += Int(rng.next() % 500)
      }
      #expect(read(pieces, owedUntil: 1_000_000) == expected)
    }
  }
}
