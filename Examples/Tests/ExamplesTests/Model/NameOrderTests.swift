import Foundation
import NameOrdering
import Testing

// @testable: these tests check the internal trimming and shelf-splitting fast
// paths against Foundation's.
@testable import BookCatalogueModel

/// The catalogue's cheap orderings and trimming give what Foundation gives.
@Suite struct NameOrderTests {
  /// Names from pieces that sort in every way: ASCII letters in both cases,
  /// digits (with leading zeros), spaces, accents, CJK, punctuation,
  /// ignorable characters.
  static func randomName(_ rng: inout some RandomNumberGenerator) -> String {
    let pieces = [
      "a", "A", "b", "Z", "z", "aa", "ch", "ll", "y", "w", " ", "  ", "1", "2", "10", "09", "007", "123456789012",
      "é", "É", "García", "金", "王", "一", "龥", "漢字", "村上", "-", "'", ".", "\u{200B}", "\u{301}", "ß", "Ö", "ø",
      "Ann", "Anna", "de ", "ñ", "Ñ", "ç", "ü", "Å", "æ", "e\u{301}", "ÿ", "×", "ㄱ", "あ",
      "_", "(", ")", ",", "!", "#", "+", "~", "@", "&", "/", "\\", "\"", ".jpg", ".png", "photo-", "0", "00", "IMG_",
    ]
    return (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  @Test func keysOrderAsLocalizedStandardCompareWhereTheyDecide() {
    #expect(NameOrder.keysAgreeWithTheLocale)  // C.UTF-8 and en: the root collation
    var rng = SystemRandomNumberGenerator()
    var decided = 0
    for _ in 0..<20_000 {
      let a = Self.randomName(&rng)
      let b = Self.randomName(&rng)
      guard let order = NameOrder.order(NameOrder.key(a), NameOrder.key(b)) else { continue }
      decided += 1
      #expect(order == a.localizedStandardCompare(b), "\(a.debugDescription) vs \(b.debugDescription)")
      if order != a.localizedStandardCompare(b) { return }
    }
    #expect(decided > 5_000)  // the shortcut is taken most of the time
  }

  @Test func sortingByTheShortcutEqualsSortingByFoundation() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let names = (0..<200).map { _ in Self.randomName(&rng) }
      let keyed = names.map { (name: $0, key: NameOrder.key($0)) }
      let fast = keyed.sorted { NameOrder.precedes($0.name, $1.name, keys: ($0.key, $1.key)) }.map(\.name)
      let slow = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
      #expect(fast == slow)
    }
  }

  @Test func trimmingEqualsFoundations() {
    let pieces = [
      "a", " ", "\t", "\n", "\r\n", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{200B}", "\u{180E}", "\u{FEFF}",
      "金", "é", "\u{301}", "x y",
    ]
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
      #expect(text.trimmedOfSpaces == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
  }

  @Test func shelvesAreSplitAndTrimmedAsBefore() {
    let pieces = ["to-read", ",", " ", ", ", "history", "\t", "漢", "a b", "\u{A0}", "x\u{7F}"]
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let field = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      let slow = field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      #expect(CatalogueLoader.shelves(field) == slow, "\(field.debugDescription)")
    }
  }
}

/// File names as cameras and generators write them sort by their keys alone.
@Suite struct FileNameOrderTests {
  @Test func numberedFileNamesAreDecidedByTheirKeys() {
    let names = [
      "IMG_0010.JPG", "IMG_0009.JPG", "photo-2.png", "photo-10.png", "photo 1.png", "picture-00001.jpg",
      "picture-00000.jpg", "a.b", "a-b", "a_b", "a b", "a(b)",
    ]
    for a in names {
      for b in names where a != b {
        let decided = NameOrder.order(NameOrder.key(a), NameOrder.key(b))
        #expect(decided != nil, "\(a) vs \(b) left to Foundation")
        #expect(decided == nil || decided == a.localizedStandardCompare(b), "\(a) vs \(b)")
      }
    }
    #expect(NameOrder.sortedIndices(of: names).map { names[$0] } == names.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
  }
}
