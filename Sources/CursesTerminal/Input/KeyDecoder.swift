import GridRender
import GridTerminal

/// Turns the bytes a terminal sends into key and mouse events: pure, so it
/// is tested without a terminal; ``InputReader`` feeds it the bytes as they
/// arrive and decides how long to wait for the rest of a sequence.
///
/// - A key's escape sequence is looked up in a table (the terminal's
///   terminfo keys and the ones terminals send that terminfo entries leave
///   out); the longest sequence that matches wins.
/// - An SGR mouse report (`ESC [ < b ; x ; y M`) is decoded; one of no use
///   is dropped.
/// - `ESC [ 200 ~` starts a bracketed paste (``Step/pasteStart(length:)``):
///   what follows, up to `ESC [ 201 ~`, is text, collected by ``InputReader``.
/// - Any other control sequence (`ESC [` parameters and a final byte,
///   `ESC O` and a byte) is one with no key, and is dropped whole, as is
///   one cut short by a byte that cannot be in it.
/// - A string (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`) up to BEL or
///   `ESC \` is a terminal's reply; a control character in it (none is
///   in a reply) ends it unfinished.
/// - Replies to a ``TerminalProbe``'s queries (device attributes, XTVERSION,
///   a kitty graphics answer, sizes in pixels) are ``Step/reply(_:length:)``;
///   any other reply is dropped.
/// - Esc followed by anything else is Esc, and the rest is read afresh.
/// - UTF-8 is decoded; a byte that is not valid UTF-8 is U+FFFD, and the
///   byte that cut a sequence short starts afresh.
///
/// A sequence whose end has not come yet is ``Step/needsMore(_:)``: a lone
/// Esc and `ESC O` are worth the escape delay (a person typing Esc then a
/// letter is slower than that); a control sequence or a string that has
/// begun (`ESC [`, `ESC P` ...) and half a UTF-8 character are worth the
/// much longer ``Wait/sequence`` wait, because a terminal's reply (or a
/// character) can arrive in pieces far apart (over ssh, a slow link), and
/// its letters must never be taken for keys. What is still unfinished when the wait is over is decided with
/// `atEnd`: a sequence with something after its introducer that looks like
/// a reply is dropped; `ESC [` or `ESC P` alone (Alt+[, Alt+P) and a string
/// that does not look like a reply were typed, and are Esc and keys.
struct KeyDecoder {
  /// What ``decode(_:atEnd:)`` found at the start of the bytes.
  enum Step: Equatable {
    /// An event, made of the first `length` bytes.
    case event(InputEvent, length: Int)
    /// The first `length` bytes are a sequence of no use.
    case dropped(length: Int)
    /// The first `length` bytes are the terminal's answer to a query.
    case reply(TerminalReply, length: Int)
    /// The first `length` bytes (`ESC [ 200 ~`) start a bracketed paste.
    case pasteStart(length: Int)
    /// The bytes may be the start of a longer sequence: more are needed
    /// (or, if none come within `wait`, decode again with `atEnd`).
    case needsMore(Wait)
  }

  /// How long the rest of an unfinished sequence is worth waiting for.
  enum Wait: Equatable {
    /// The escape delay: a lone Esc, `ESC O`, part of a key's sequence
    /// that is not a control sequence.
    case escapeDelay
    /// A control sequence or a string that has begun (`ESC [`, `ESC P`,
    /// `ESC _`, `ESC ]`, `ESC ^`, `ESC X`): a terminal's reply, a mouse
    /// report, a paste's marker, which may arrive in pieces; or half a
    /// UTF-8 character.
    case sequence
  }

  /// The keys' sequences as a tree of the bytes after Esc: node 0 is Esc;
  /// a node's children are `edges[firstEdge[node]..<firstEdge[node + 1]]`
  /// (a byte and the child's node), and `keyIndex[node]` is the key a
  /// sequence ending there is (-1: none). Plain integers, so a look-up
  /// walks a few bytes and counts no references.
  private let firstEdge: [Int32]
  private let edges: [(byte: UInt8, node: Int32)]
  private let keyIndex: [Int32]
  /// The keys, by `keyIndex`.
  private let keys: [Key]

  /// A decoder for these escape sequences (each beginning with Esc), in
  /// addition to ``commonSequences``; a sequence given twice keeps its first key.
  init(keys given: [(sequence: [UInt8], key: Key)]) {
    // The bytes after Esc of each sequence, sorted (the first given first
    // among equal ones): the sequences below a node are then one run of
    // them, those ending there first, and its children's runs follow in
    // the order of their bytes. Laid out breadth first from there, with
    // no table per node (a start made ~80 dictionaries here).
    let all = given + Self.commonSequences
    var sorted: [(bytes: ArraySlice<UInt8>, order: Int)] = []
    sorted.reserveCapacity(all.count)
    for (order, entry) in all.enumerated() where entry.sequence.count >= 2 && entry.sequence[0] == 0x1B {
      sorted.append((entry.sequence.dropFirst(), order))
    }
    sorted.sort { a, b in a.bytes == b.bytes ? a.order < b.order : a.bytes.lexicographicallyPrecedes(b.bytes) }
    var (firstEdge, edges, keyIndex, keys): ([Int32], [(byte: UInt8, node: Int32)], [Int32], [Key]) = ([0], [], [], [])
    // The nodes in breadth-first order, each the run of `sorted` below it and its depth.
    var order: [(run: Range<Int>, depth: Int)] = [(0..<sorted.count, 0)]
    var i = 0
    while i < order.count {
      let (run, depth) = order[i]
      var next = run.lowerBound
      if next < run.upperBound, sorted[next].bytes.count == depth {
        keyIndex.append(Int32(keys.count))
        keys.append(all[sorted[next].order].key)
        while next < run.upperBound, sorted[next].bytes.count == depth { next += 1 }
      } else {
        keyIndex.append(-1)
      }
      while next < run.upperBound {
        let byte = sorted[next].bytes[sorted[next].bytes.startIndex + depth]
        var end = next + 1
        while end < run.upperBound, sorted[end].bytes[sorted[end].bytes.startIndex + depth] == byte { end += 1 }
        order.append((next..<end, depth + 1))
        edges.append((byte, Int32(order.count - 1)))
        next = end
      }
      firstEdge.append(Int32(edges.count))
      i += 1
    }
    (self.firstEdge, self.edges, self.keyIndex, self.keys) = (firstEdge, edges, keyIndex, keys)
  }

  /// Sequences terminals send for keys that terminfo entries do not always
  /// list: both cursor key forms (`ESC [ A`, sent outside keypad mode, and
  /// `ESC O A`), xterm's modified arrows, Home and End (`ESC [ 1 ; 5 C` is
  /// Ctrl-Right: 1 plus the Shift 1, Alt 2 and Ctrl 4 bits), and the Home,
  /// End, Insert, Delete, Page and Shift-Tab forms of VT220s, rxvt, tmux and
  /// the Linux console.
  static let commonSequences: [(sequence: [UInt8], key: Key)] = {
    var list: [(String, Key)] = []
    for (letter, code) in [("A", Key.Code.up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end)] {
      list.append(("[" + letter, Key(code)))
      list.append(("O" + letter, Key(code)))
      for bits in 1...7 {
        var modifiers: Key.Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        list.append(("[1;\(bits + 1)" + letter, Key(code, modifiers: modifiers)))
      }
    }
    list += [
      ("[1~", Key(.home)), ("[7~", Key(.home)), ("[4~", Key(.end)), ("[8~", Key(.end)),
      ("[2~", Key(.insert)), ("[3~", Key(.delete)), ("[5~", Key(.pageUp)), ("[6~", Key(.pageDown)),
      ("[Z", Key(.backTab)), ("OM", Key(.enter)),
    ]
    return list.map { ([0x1B] + Array($0.0.utf8), $0.1) }
  }()

  /// The event at the start of `bytes` (which must not be empty). With
  /// `atEnd`, no more bytes are coming soon: what is there is decided,
  /// and the answer is never ``Step/needsMore(_:)``.
  func decode(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    let first = bytes[start]
    if first == 0x1B { return decodeEscape(bytes, atEnd: atEnd) }
    if first < 0x80 { return .event(Self.character(first), length: 1) }
    return decodeUTF8(bytes, atEnd: atEnd)
  }

  /// A byte below 0x80 as a key.
  static func character(_ byte: UInt8) -> InputEvent {
    switch byte {
    case 0x1B: return .key(Key(.escape))
    case 0x0D, 0x0A: return .key(Key(.enter))
    case 0x09: return .key(Key(.tab))
    case 0x7F, 0x08: return .key(Key(.backspace))
    case 0x01...0x1A: return .key(Key(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .control))
    default: return .key(Key(.character(Character(Unicode.Scalar(byte)))))
    }
  }

  private func decodeUTF8(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    guard let length = UTF8Decoding.length(ofSequenceStartingWith: bytes[start]) else {
      return .event(.key(Key(.character("\u{FFFD}"))), length: 1)
    }
    var i = start + 1
    while i < start + length {
      guard i < bytes.endIndex else {
        return atEnd ? .event(.key(Key(.character("\u{FFFD}"))), length: i - start) : .needsMore(.sequence)
      }
      // Cut short: what came so far is one replacement, the byte starts afresh.
      guard bytes[i] & 0xC0 == 0x80 else { return .event(.key(Key(.character("\u{FFFD}"))), length: i - start) }
      i += 1
    }
    let scalar = UTF8Decoding.scalar(Array(bytes[start..<i])) ?? "\u{FFFD}"
    return .event(.key(Key(.character(Character(scalar)))), length: length)
  }

  private func decodeEscape(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    // The table: the longest sequence that matches; wait while a longer one still may.
    var matched = 0
    var key: Key?
    var node = 0
    var n = 1
    walk: while start + n < bytes.endIndex {
      let b = bytes[start + n]
      for e in Int(firstEdge[node])..<Int(firstEdge[node + 1]) where edges[e].byte == b {
        node = Int(edges[e].node)
        n += 1
        if keyIndex[node] >= 0 { (matched, key) = (n, keys[Int(keyIndex[node])]) }
        continue walk
      }
      break
    }
    // All there is matches the start of a longer sequence.
    let mayGrow = start + n == bytes.endIndex && firstEdge[node + 1] > firstEdge[node]
    if mayGrow && !atEnd { return .needsMore(bytes.count >= 2 && Self.introducesSequence(bytes[start + 1]) ? .sequence : .escapeDelay) }
    if let key { return .event(.key(key), length: matched) }
    guard bytes.count >= 2 else { return atEnd ? .event(.key(Key(.escape)), length: 1) : .needsMore(.escapeDelay) }
    let introducer = bytes[start + 1]
    switch introducer {
    case 0x5B:  // [
      return controlSequence(bytes, atEnd: atEnd)
    case 0x4F:  // O: one final byte; anything else starts afresh
      guard bytes.count >= 3 else { return atEnd ? .dropped(length: 2) : .needsMore(.escapeDelay) }
      return .dropped(length: (0x40...0x7E).contains(bytes[start + 2]) ? 3 : 2)
    case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // ] P _ ^ X
      // A reply ends with BEL or ESC \; it may come in pieces, so the rest is waited for.
      var i = start + 2
      while i < bytes.endIndex, i - start < Self.longestString {
        if bytes[i] == 0x07 { return Self.replyOrDropped(bytes[start...i]) }
        if bytes[i] == 0x1B {
          // (An Esc at the end may be the terminator's first half: it goes with the string.)
          guard i + 1 < bytes.endIndex else { return atEnd ? unfinishedString(bytes[start...i]) : .needsMore(.sequence) }
          if bytes[i + 1] == 0x5C { return Self.replyOrDropped(bytes[start...(i + 1)]) }
          return unfinishedString(bytes[start..<i])
        }
        // A control character is in no reply: the string ends before it (Ctrl-C after Alt+P is Ctrl-C).
        if bytes[i] < 0x20 { return unfinishedString(bytes[start..<i]) }
        i += 1
      }
      return atEnd || i - start >= Self.longestString ? unfinishedString(bytes[start..<i]) : .needsMore(.sequence)
    default:
      return .event(.key(Key(.escape)), length: 1)
    }
  }

  /// The longest string (`ESC P` ... `ESC \\`) taken as one: longer, it is decided as it is.
  static let longestString = 4_096

  /// Whether `byte` after Esc begins a control sequence or a string (`[`,
  /// `P`, `_`, `]`, `^`, `X`), whose rest is worth the ``Wait/sequence`` wait.
  static func introducesSequence(_ byte: UInt8) -> Bool {
    byte == 0x5B || byte == 0x5D || byte == 0x50 || byte == 0x5F || byte == 0x5E || byte == 0x58
  }

  /// A string that did not end (its terminator never came, or another Esc
  /// cut it): dropped whole when what follows its introducer looks like a
  /// terminal's reply (a version or a setting after `ESC P`, a kitty
  /// graphics answer after `ESC _`, a numbered setting after `ESC ]`), so
  /// that none of its letters becomes a key; otherwise it was typed (Alt+P,
  /// Alt+], then keys): Esc, and the rest starts afresh.
  private func unfinishedString(_ sequence: ArraySlice<UInt8>) -> Step {
    let start = sequence.startIndex
    guard sequence.count >= 3 else { return .event(.key(Key(.escape)), length: 1) }
    let first = sequence[start + 2]
    let isDigit = (0x30...0x39).contains(first)
    let looksLikeReply: Bool
    switch sequence[start + 1] {
    case 0x50: looksLikeReply = isDigit || first == UInt8(ascii: ">") || first == UInt8(ascii: "!")
    case 0x5F: looksLikeReply = first == UInt8(ascii: "G")
    case 0x5D: looksLikeReply = isDigit
    default: looksLikeReply = false
    }
    return looksLikeReply ? .dropped(length: sequence.count) : .event(.key(Key(.escape)), length: 1)
  }

  /// A whole sequence: a reply to a query (device attributes, the
  /// terminal's version, a kitty graphics answer, a size in pixels), or one
  /// of no use.
  private static func replyOrDropped(_ sequence: ArraySlice<UInt8>) -> Step {
    if let reply = TerminalReply(sequence) { return .reply(reply, length: sequence.count) }
    return .dropped(length: sequence.count)
  }

  /// `ESC [` parameters and a final byte: an SGR mouse report, a paste's
  /// start, a reply, or dropped. Unfinished at the end: `ESC [` alone was
  /// typed (Esc, then `[`); with parameters it was a sequence cut short,
  /// and is dropped.
  private func controlSequence(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    var i = start + 2
    while i < bytes.endIndex, i - start < 258 {
      let c = bytes[i]
      if (0x40...0x7E).contains(c) {
        let body = bytes[(start + 2)...i]
        if c == 0x7E, body.elementsEqual(Self.pasteStartBody) { return .pasteStart(length: i + 1 - start) }
        guard body.first == 0x3C, c == 0x4D || c == 0x6D else { return Self.replyOrDropped(bytes[start...i]) }
        let report = String(decoding: body.dropFirst(), as: UTF8.self)
        guard let event = SGRMouseReport.decode(report) else { return .dropped(length: i + 1 - start) }
        return .event(.mouse(event), length: i + 1 - start)
      }
      // Not part of a sequence: what came before it is dropped, it starts afresh.
      guard (0x20...0x3F).contains(c) else { return .dropped(length: i - start) }
      i += 1
    }
    if i - start >= 258 { return .dropped(length: i - start) }
    guard atEnd else { return .needsMore(.sequence) }
    return i == start + 2 ? .event(.key(Key(.escape)), length: 1) : .dropped(length: i - start)
  }

  /// What follows `ESC [` in a bracketed paste's start (`200~`).
  static let pasteStartBody = Array("200~".utf8)
  /// The end of a bracketed paste: `ESC [ 201 ~`.
  static let pasteEnd: [UInt8] = [0x1B] + Array("[201~".utf8)
}
