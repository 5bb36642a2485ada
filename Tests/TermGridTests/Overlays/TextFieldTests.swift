import TermGridTesting
import Testing

@testable import TermGrid

/// A text field's editing, checked against a model that edits a `String`
/// through its own indices, with typed characters that join their
/// neighbours (combining marks, Hangul jamo, regional indicators, joiners,
/// emoji modifiers, variation selectors, prepended marks).
@Suite struct TextFieldTests {
  /// What a field should do, written on `String` and `String.Index`: the
  /// cursor is an index on a character boundary, kept as a count of code
  /// points across edits.
  struct Model {
    var text = ""
    /// Code points before the cursor (always at a character boundary).
    var cursorScalars = 0
    let maxLength: Int

    var cursorIndex: String.Index { text.unicodeScalars.index(text.startIndex, offsetBy: cursorScalars) }
    var cursor: Int { text.distance(from: text.startIndex, to: cursorIndex) }

    /// The first character boundary at or after `scalars` code points.
    func roundedUp(_ scalars: Int) -> Int {
      let target = text.unicodeScalars.index(text.startIndex, offsetBy: scalars)
      var i = text.startIndex
      while i < target { i = text.index(after: i) }
      return text.unicodeScalars.distance(from: text.startIndex, to: i)
    }

    /// True for a scalar a field takes as typed (`first`: at the start of the text).
    static func takes(_ s: Unicode.Scalar, first: Bool) -> Bool {
      let v = s.value
      if v < 0x20 || (0x7F..<0xA0).contains(v) || v == 0x2028 || v == 0x2029 || v == 0x85 { return false }
      if [0x200E, 0x200F, 0x061C].contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return false }
      switch s.properties.generalCategory {
      case .surrogate, .privateUse, .unassigned, .control: return false
      case .format: return !first && (v == 0x200C || v == 0x200D || (0xE0020...0xE007F).contains(v))
      default: return true
      }
    }

    mutating func remove(_ range: Range<String.Index>) {
      let anchor = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
      text.removeSubrange(range)
      cursorScalars = roundedUp(anchor)
    }

    mutating func type(_ s: Unicode.Scalar) {
      guard Self.takes(s, first: cursorScalars == 0) else { return }
      let saved = self
      text.unicodeScalars.insert(s, at: cursorIndex)
      cursorScalars = roundedUp(cursorScalars + 1)
      let before = text[..<cursorIndex]
      if text.count > maxLength || (before.last?.unicodeScalars.count ?? 0) > TextField.maximumScalarsPerCharacter {
        self = saved
      }
    }

    func wordStart() -> String.Index {
      var i = cursorIndex
      while i > text.startIndex, text[text.index(before: i)].isWhitespace { i = text.index(before: i) }
      while i > text.startIndex, !text[text.index(before: i)].isWhitespace { i = text.index(before: i) }
      return i
    }

    func wordEnd() -> String.Index {
      var i = cursorIndex
      while i < text.endIndex, text[i].isWhitespace { i = text.index(after: i) }
      while i < text.endIndex, !text[i].isWhitespace { i = text.index(after: i) }
      return i
    }

    mutating func move(to i: String.Index) { cursorScalars = text.unicodeScalars.distance(from: text.startIndex, to: i) }

    mutating func apply(_ key: Key) {
      let i = cursorIndex
      switch (key.code, key.modifiers) {
      case (.character(let c), []): type(c.unicodeScalars.first!)
      case (.character("a"), .control), (.home, _): move(to: text.startIndex)
      case (.character("e"), .control), (.end, _): move(to: text.endIndex)
      case (.character("u"), .control): remove(text.startIndex..<i)
      case (.character("k"), .control): remove(i..<text.endIndex)
      case (.character("w"), .control): remove(wordStart()..<i)
      case (.backspace, _): if i > text.startIndex { remove(text.index(before: i)..<i) }
      case (.delete, _): if i < text.endIndex { remove(i..<text.index(after: i)) }
      case (.left, []): if i > text.startIndex { move(to: text.index(before: i)) }
      case (.right, []): if i < text.endIndex { move(to: text.index(after: i)) }
      case (.left, _): move(to: wordStart())
      case (.right, _): move(to: wordEnd())
      default: break
      }
    }
  }

  /// Code points that join what is before or after them, and some that do not.
  static let joiners: [ClosedRange<UInt32>] = [
    0x0300...0x036F,  // combining marks
    0x20DD...0x20E0,  // enclosing marks
    0x093E...0x0940,  // Devanagari spacing marks
    0x1100...0x1112, 0x1161...0x1175, 0x11A8...0x11C2,  // Hangul jamo: leading, vowel, trailing
    0xAC00...0xAC03,  // Hangul syllables
    0x1F1E6...0x1F1FF,  // regional indicators
    0x200C...0x200D,  // ZWNJ, ZWJ
    0x1F3FB...0x1F3FF,  // skin tones
    0xFE0E...0xFE0F,  // variation selectors
    0xE0061...0xE007F,  // tags
    0x0600...0x0605,  // prepended concatenation marks (join what follows)
    0x1F468...0x1F469, 0x1F3F4...0x1F3F4, 0x2764...0x2764, 0x1F44B...0x1F44B,  // emoji
    0x0061...0x0065, 0x0020...0x0020, 0x6F22...0x6F22,  // letters, space, CJK
    0x0000...0x001F, 0x007F...0x009F, 0x202A...0x202E, 0x2060...0x2060, 0x2028...0x2029,  // never taken
  ]

  static func randomKey(_ rng: inout SplitMix64) -> Key {
    switch rng.next() % 20 {
    case 0: return Key(.backspace)
    case 1: return Key(.delete)
    case 2: return Key(.left)
    case 3: return Key(.right)
    case 4: return Key(.home)
    case 5: return Key(.end)
    case 6: return .control(["w", "u", "k", "a", "e"].randomElement(using: &rng)!)
    case 7: return Key([.left, .right].randomElement(using: &rng)!, modifiers: [.control])
    case 8:
      // Any code point at all.
      var v = UInt32(rng.next() % 0x110000)
      if (0xD800...0xDFFF).contains(v) { v = 0x41 }
      return .char(Character(Unicode.Scalar(v)!))
    default:
      let range = joiners.randomElement(using: &rng)!
      let v = range.lowerBound + UInt32(rng.next() % UInt64(range.count))
      return .char(Character(Unicode.Scalar(v)!))
    }
  }

  @Test func randomEditsAgreeWithAModelOnStringIndices() {
    for seed in UInt64(1)...400 {
      var rng = SplitMix64(seed: seed)
      let maxLength = [500, 8, 3].randomElement(using: &rng)!
      var field = TextField("", maxLength: maxLength)
      var model = Model(maxLength: maxLength)
      var keys: [Key] = []
      for _ in 0..<Int(rng.next() % 120) {
        let key = Self.randomKey(&rng)
        keys.append(key)
        field.handle(key)
        model.apply(key)
        let agree = field.text == model.text && field.cursor == model.cursor
        #expect(
          agree,
          "seed \(seed) after \(keys.map(\.description)): \(field.text.unicodeScalars.map { String($0.value, radix: 16) }) cursor \(field.cursor), model \(model.text.unicodeScalars.map { String($0.value, radix: 16) }) cursor \(model.cursor)"
        )
        guard agree else { return }
        #expect((0...field.text.count).contains(field.cursor) && field.text.count <= maxLength)
        Self.checkDrawing(field, seed: seed, rng: &rng)
      }
    }
  }

  /// The field draws inside its columns only, never half a wide character,
  /// shows the cursor in one of them, and shows the characters around it.
  static func checkDrawing(_ field: TextField, seed: UInt64, rng: inout SplitMix64) {
    let width = Int(rng.next() % 12) + 1
    var surface = Surface(width: width + 4, height: 1)
    surface.fill(CellRect(x: 0, y: 0, width: width + 4, height: 1), with: "#")
    let used = field.draw(on: &surface, x: 2, y: 0, width: width, style: .plain)
    let outside = [0, 1, width + 2, width + 3].allSatisfy { surface[$0, 0].grapheme == "#" }
    #expect(outside && used <= width && used >= min(width, 1), "seed \(seed): drew outside \(width) columns: \(surface.lines[0])")
    // The cursor: one run of cells (a character the sanitiser shows as several graphemes takes several).
    let reversed = (2..<(2 + width)).filter { surface[$0, 0].style.reverse }
    let oneRun = reversed.last.map { $0 - reversed[0] + 1 == reversed.count } ?? false
    #expect(
      oneRun, "seed \(seed): the cursor in one run of cells of \(surface.lines[0]) for \(field.text.debugDescription) at \(field.cursor)")
    for x in 2..<(2 + width) where surface[x, 0].width == 2 {
      #expect(x + 1 < 2 + width, "seed \(seed): half a wide character at the field's edge")
    }
  }

  @Test func theIssuesSequencesTypeAndShow() {
    for (typed, expected) in [
      ("e\u{301}x", "éx"), ("\u{1F1EB}\u{1F1F7}", "🇫🇷"), ("\u{1100}\u{1161}", "가"),
      ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "👨‍👩‍👧"), ("\u{1F44B}\u{1F3FD}", "👋🏽"), ("\u{2764}\u{FE0F}", "❤️"),
    ] {
      var field = TextField()
      for s in typed.unicodeScalars { field.handle(.char(Character(s))) }
      #expect(field.text.unicodeScalars.elementsEqual(typed.unicodeScalars) && field.text == expected)
      #expect(field.cursor == field.text.count, "the cursor stays after the merged character")
      // Backspace removes the whole character.
      field.handle(Key(.backspace))
      #expect(field.text == String(expected.dropLast()) && field.cursor == field.text.count)
    }
  }

  @Test func theCursorGoesAfterTheClusterATypedCharacterJoins() {
    // A flag's first indicator typed before another indicator joins it: the cursor after the flag.
    var field = TextField("\u{1F1F7}x")
    field.handle(Key(.home))
    field.handle(.char("\u{1F1EB}"))
    #expect(field.text == "🇫🇷x" && field.cursor == 1)
    // A consonant typed before a lone vowel joins it into a syllable.
    var hangul = TextField("\u{1161}")
    hangul.handle(Key(.home))
    hangul.handle(.char("\u{1100}"))
    #expect(hangul.text == "가" && hangul.text.count == 1 && hangul.cursor == 1)
    // Removing what kept a consonant and a vowel apart joins them; the cursor after the syllable.
    var apart = TextField("\u{1100}x\u{1161}")
    apart.handle(Key(.left))
    apart.handle(Key(.backspace))
    #expect(apart.text == "가" && apart.cursor == 1)
    // A joiner at the very start joins nothing: refused.
    var empty = TextField()
    empty.handle(.char("\u{200D}"))
    #expect(empty.text.isEmpty)
  }

  @Test func aCharacterHoldsAtMostThirtyTwoCodePoints() {
    var field = TextField("e")
    for _ in 0..<100 { field.handle(.char("\u{301}")) }
    #expect(field.text.count == 1 && field.text.unicodeScalars.count == TextField.maximumScalarsPerCharacter)
    field.handle("x")
    #expect(field.text.count == 2 && field.cursor == 2)
  }

  @Test func wordsMoveWithCtrlAndAltArrows() {
    var field = TextField("l\u{E9}a e\u{301}t\u{E9}  🇫🇷x")
    field.handle(Key(.left, modifiers: .control))
    #expect(field.cursor == 9)
    field.handle(Key(.left, modifiers: .alt))
    #expect(field.cursor == 4)
    field.handle(Key(.left, modifiers: .control))
    #expect(field.cursor == 0)
    field.handle(Key(.right, modifiers: .control))
    #expect(field.cursor == 3)
    field.handle(Key(.right, modifiers: .control))
    #expect(field.cursor == 7)
  }

  @Test func aCharacterThatShowsAsNothingIsADottedCircle() {
    // A Hangul vowel with no consonant before it: one cell, the dotted circle.
    let field = TextField("a\u{1161}b")
    var surface = Surface(width: 6, height: 1)
    field.draw(on: &surface, x: 0, y: 0, width: 6, style: .plain)
    #expect(surface.lines[0] == "a◌b   ")
  }

  @Test func aWideCharacterUnderTheCursorIsNeverCut() {
    // Two columns, the cursor on a wide character after a narrow one: the field scrolls to show it whole.
    var field = TextField("a漢")
    field.handle(Key(.left))
    var surface = Surface(width: 2, height: 1)
    field.draw(on: &surface, x: 0, y: 0, width: 2, style: .plain)
    #expect(surface[0, 0].grapheme == "漢" && surface[0, 0].style.reverse)
    // One column: a cursor cell of its own rather than half a character.
    var narrow = Surface(width: 1, height: 1)
    field.draw(on: &narrow, x: 0, y: 0, width: 1, style: .plain)
    #expect(narrow[0, 0].grapheme == " " && narrow[0, 0].style.reverse)
  }
}
