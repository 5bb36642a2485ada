import GridTerminal

/// The bytes a terminal sends, turned into events as they arrive over time:
/// pure (the time is given), so that pieces arriving late are tested
/// without a terminal. A terminal's ``TerminalInput`` appends what each
/// `read` returns and asks for the next event; when a sequence has begun and its rest has
/// not come, the answer is ``Output/wait(until:)`` and the terminal waits
/// for more input until then.
///
/// - Keys, mouse reports and replies are decoded by ``KeyDecoder``. A lone
///   Esc, `ESC O` and half a character wait ``escapeDelay``; a control
///   sequence or a string that has begun waits up to ``sequenceTimeout``
///   after its last byte for the next, so a terminal's reply that arrives
///   in pieces far apart is still one reply, never keys (its length is
///   bounded by the decoder: 4 KiB for a string, 256 bytes for a control
///   sequence).
/// - While replies are owed (``repliesOwedUntil``: queries were sent and
///   their last answer has not come), a lone Esc waits for the rest too: it
///   may be a reply's first byte. When none is owed, a lone Esc is the Esc
///   key after the escape delay; should the whole rest of a reply follow
///   it soon after, that rest is still taken as the reply, not as keys.
/// - A bracketed paste (`ESC [ 200 ~` ... `ESC [ 201 ~`) is collected whole,
///   however many reads it takes, and becomes one
///   <doc:/GridTerminal/InputEvent/paste(_:)> of at most ``maximumPasteBytes``
///   bytes (the rest is dropped). A paste whose end never comes ends
///   ``sequenceTimeout`` after its last byte.
struct InputReader {
  /// What ``next(at:inputEnded:)`` found.
  enum Output: Equatable {
    /// A key, a mouse report, a paste, decoded.
    case event(InputEvent)
    /// A terminal's answer to a query.
    case reply(TerminalReply)
    /// A sequence has begun and its rest is worth waiting for: ask again
    /// when more bytes have arrived, or at `deadline` (what came is then
    /// decided as it is).
    case wait(until: ContinuousClock.Instant)
    /// Every byte has been used.
    case empty
  }

  /// Turns bytes into events, with the terminal's keys.
  var decoder: KeyDecoder
  /// How long the rest of a key's sequence is waited for after a lone Esc
  /// (or `ESC O`, or half a character).
  var escapeDelay: Duration
  /// How long the rest of a control sequence or a string that has begun
  /// (a reply, a mouse report, a paste's marker) is waited for.
  var sequenceTimeout: Duration
  /// Replies to queries are owed until then (nil: none are): a lone Esc
  /// then waits for what follows until that time (at most
  /// ``sequenceTimeout``), as it may be a reply's first byte.
  var repliesOwedUntil: ContinuousClock.Instant?

  /// The most bytes a paste keeps; the rest of a longer one is dropped.
  static let maximumPasteBytes = 1 << 20

  /// Bytes read and not yet decoded (from `readIndex`).
  private var bytes: [UInt8] = []
  private var readIndex = 0
  /// When bytes last arrived: an unfinished sequence (always at the end of
  /// the bytes) waits for its rest from then.
  private var lastArrival: ContinuousClock.Instant?
  /// The paste being collected (nil: none).
  private var paste: [UInt8]?
  /// When a lone Esc was last decided to be the Esc key by the time (see
  /// ``orphanedReplyTail(at:)``); nil once the bytes after it were looked at.
  private var escapeDecidedAt: ContinuousClock.Instant?
  /// Whether the paste being collected lost bytes past ``maximumPasteBytes``.
  private var pasteOverflowed = false

  /// A reader decoding with `decoder`.
  init(decoder: KeyDecoder, escapeDelay: Duration = .milliseconds(25), sequenceTimeout: Duration = .seconds(1)) {
    self.decoder = decoder
    self.escapeDelay = escapeDelay
    self.sequenceTimeout = sequenceTimeout
  }

  /// The number of bytes not yet decided.
  var pendingCount: Int { bytes.count - readIndex }

  /// Whether a paste is being collected.
  var isCollectingPaste: Bool { paste != nil }

  /// Takes bytes that arrived at `now`.
  mutating func append(_ new: some Collection<UInt8>, at now: ContinuousClock.Instant) {
    guard !new.isEmpty else { return }
    if readIndex == bytes.count {
      bytes.removeAll(keepingCapacity: true)
      readIndex = 0
    } else if readIndex >= 4_096 {
      bytes.removeFirst(readIndex)
      readIndex = 0
    }
    bytes.append(contentsOf: new)
    lastArrival = now
  }

  /// The next event or reply at `now`; with `inputEnded`, no more bytes
  /// will come, and what is there is decided at once.
  mutating func next(at now: ContinuousClock.Instant, inputEnded: Bool) -> Output {
    var decideNow = inputEnded
    while true {
      if paste != nil {
        if let output = nextInPaste(at: now, inputEnded: inputEnded) { return output }
        continue
      }
      guard readIndex < bytes.count else { return .empty }
      // (Looked for only right after a lone Esc was decided by the time: no other key can orphan a reply.)
      if escapeDecidedAt != nil, let orphan = orphanedReplyTail(at: now) {
        consume(orphan.length)
        return .reply(orphan.reply)
      }
      switch decoder.decode(bytes[readIndex...], atEnd: decideNow) {
      case .event(let event, let length):
        consume(length)
        // (The cheap tests first: a key of several bytes never makes an Esc to compare with.)
        if length == 1, decideNow, readIndex == bytes.count, event == .key(Key(.escape)) {
          // A lone Esc decided by the time: what follows it soon may be the rest of a reply.
          escapeDecidedAt = now
        }
        return .event(event)
      case .dropped(let length):
        consume(length)
      case .reply(let reply, let length):
        consume(length)
        return .reply(reply)
      case .pasteStart(let length):
        consume(length)
        paste = []
        pasteOverflowed = false
      case .needsMore(let wait):
        let deadline = self.deadline(for: wait, since: lastArrival ?? now)
        guard now < deadline else {
          decideNow = true
          continue
        }
        return .wait(until: deadline)
      }
    }
  }

  /// The rest of a terminal's reply whose first byte, a lone Esc, was
  /// taken for the Esc key (no reply was owed, and the rest came after the
  /// escape delay): when, within ``sequenceTimeout`` of that, the bytes
  /// that follow are all there and make a whole reply with an Esc before
  /// them, they are that reply, not keys, so that none of its letters runs
  /// a command. (Only bytes complete as they are: a person typing after
  /// Esc waits for nothing.)
  private mutating func orphanedReplyTail(at now: ContinuousClock.Instant) -> (reply: TerminalReply, length: Int)? {
    guard let decided = escapeDecidedAt else { return nil }
    escapeDecidedAt = nil
    guard now < decided + sequenceTimeout, KeyDecoder.introducesSequence(bytes[readIndex]) else { return nil }
    let candidate = [0x1B] + bytes[readIndex...].prefix(KeyDecoder.longestString)
    guard case .reply(let reply, let length) = decoder.decode(candidate[...], atEnd: false) else { return nil }
    return (reply, length - 1)
  }

  /// When an unfinished sequence whose last byte came at `since` is decided.
  private func deadline(for wait: KeyDecoder.Wait, since: ContinuousClock.Instant) -> ContinuousClock.Instant {
    switch wait {
    case .sequence:
      return since + sequenceTimeout
    case .escapeDelay:
      var deadline = since + escapeDelay
      // A lone Esc while replies are owed may be a reply's first byte.
      if let owed = repliesOwedUntil, pendingCount == 1, bytes[readIndex] == 0x1B {
        deadline = max(deadline, min(owed, since + sequenceTimeout))
      }
      return deadline
    }
  }

  /// Uses up `length` bytes.
  private mutating func consume(_ length: Int) { readIndex += length }

  /// Collects the paste up to its end marker: the paste when it ended (or
  /// timed out, or the input ended), a wait while its end may still come,
  /// nil when it ended and decoding goes on.
  private mutating func nextInPaste(at now: ContinuousClock.Instant, inputEnded: Bool) -> Output? {
    let end = KeyDecoder.pasteEnd
    if let found = Self.firstRange(of: end, in: bytes, from: readIndex) {
      collect(bytes[readIndex..<found])
      readIndex = found + end.count
      return .event(.paste(finishPaste()))
    }
    // What may be the start of the end marker waits; the rest is the paste's.
    var keep = min(end.count - 1, pendingCount)
    while keep > 0, !bytes[(bytes.count - keep)...].elementsEqual(end.prefix(keep)) { keep -= 1 }
    collect(bytes[readIndex..<(bytes.count - keep)])
    readIndex = bytes.count - keep
    let deadline = (lastArrival ?? now) + sequenceTimeout
    guard inputEnded || now >= deadline else { return .wait(until: deadline) }
    // Its end never came: what came is the paste.
    collect(bytes[readIndex...])
    readIndex = bytes.count
    return .event(.paste(finishPaste()))
  }

  /// Adds bytes to the paste, up to ``maximumPasteBytes``.
  private mutating func collect(_ piece: ArraySlice<UInt8>) {
    guard !piece.isEmpty else { return }
    let room = Self.maximumPasteBytes - (paste?.count ?? 0)
    if piece.count > room { pasteOverflowed = true }
    paste?.append(contentsOf: piece.prefix(max(0, room)))
  }

  /// The paste as text (invalid UTF-8 as U+FFFD; a character cut by the
  /// limit is left out), and no paste collected any more.
  private mutating func finishPaste() -> String {
    var collected = paste ?? []
    paste = nil
    if pasteOverflowed {
      // Back to the start of the last character, if it is cut.
      var start = collected.count - 1
      while start > 0, collected[start] & 0xC0 == 0x80, collected.count - start < 4 { start -= 1 }
      if start >= 0, let length = UTF8Decoding.length(ofSequenceStartingWith: collected[start]),
        start + length > collected.count
      {
        collected.removeSubrange(start...)
      }
    }
    return String(decoding: collected, as: UTF8.self)
  }

  /// Where `needle` first occurs in `haystack` at or after `from`.
  private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard let first = needle.first, haystack.count - from >= needle.count else { return nil }
    var i = from
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
