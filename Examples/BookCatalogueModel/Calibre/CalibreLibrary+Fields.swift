import CSVScanning
import Foundation

/// Calibre's stored values as the catalogue shows them: years, folders,
/// ratings, series numbers, stars, and comments made plain.
extension CalibreLibrary {
  /// The year of a Calibre date ("1969-03-01 00:00:00+00:00"); nil for its "no date" (the year 101) or none.
  static func year(_ date: String) -> Int? {
    guard let y = Int(date.prefix(4)), y > 101 else { return nil }
    return y
  }

  /// A book's folder, relative to the library, from `books.path`; nil for
  /// one that could lead outside it or cannot be a folder name: absolute,
  /// empty, with a `.` or `..` component, a NUL (which would cut the path
  /// short where the system reads it) or another control character.
  static func bookFolder(_ path: String) -> String? {
    guard !path.isEmpty, path.utf8.count <= 4096, !path.hasPrefix("/") else { return nil }
    guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
    return path
  }

  /// A rating as Calibre stores it (stars x 2), bounded to 0-10.
  static func rating(_ stored: Int64) -> Int { Int(min(max(stored, 0), 10)) }

  /// A series index as a reader writes it: "4", "4.5"; "?" for one that is
  /// not a number, and a large one in scientific notation (never a trap).
  static func seriesNumber(_ index: Double) -> String {
    guard index.isFinite else { return "?" }
    if index == index.rounded(), abs(index) < 1e15 { return String(Int(index)) }
    return String(index)
  }

  /// Stars for a Calibre rating (stars x 2, bounded to 0-10): "★★★★☆", "★★★½☆".
  public static func stars(_ rating: Int) -> String {
    let rating = min(max(rating, 0), 10)
    let full = rating / 2
    let half = rating % 2
    return String(repeating: "★", count: full) + (half == 1 ? "½" : "") + String(repeating: "☆", count: max(0, 5 - full - half))
  }

  /// The most characters of a comment shown.
  static let commentLength = 1000

  /// Comments as plain text: tags dropped (with what they hold: a picture
  /// pasted into a comment is base64 inside its tag), the common entities
  /// decoded, white space folded, at most ``commentLength`` characters.
  /// Reads the UTF-8 bytes once and stops as soon as it has enough, so a
  /// comment of megabytes costs no more than its first readable part.
  static func plainText(ofHTML html: some Collection<UInt8>) -> String {
    var out: [UInt8] = []
    var characters = 0
    var inTag = false
    var pendingSpace = false
    var i = html.startIndex
    let entities: [(name: [UInt8], value: [UInt8])] = [
      ("amp;", "&"), ("lt;", "<"), ("gt;", ">"), ("quot;", "\""), ("#39;", "'"), ("apos;", "'"), ("nbsp;", " "),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }
    func emit(_ bytes: some Sequence<UInt8>) {
      for b in bytes {
        let isSpace = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
        if isSpace {
          pendingSpace = !out.isEmpty
          continue
        }
        if pendingSpace {
          out.append(0x20)
          characters += 1
          pendingSpace = false
        }
        out.append(b)
        // Counted per scalar (a lead byte or ASCII); a cluster of several is cut by the String below.
        if b & 0xC0 != 0x80 { characters += 1 }
      }
    }
    while i != html.endIndex, characters <= commentLength {
      let b = html[i]
      i = html.index(after: i)
      if inTag {
        if b == UInt8(ascii: ">") { inTag = false }
        continue
      }
      switch b {
      case UInt8(ascii: "<"):
        inTag = true
        pendingSpace = !out.isEmpty
      case UInt8(ascii: "&"):
        let rest = html[i...]
        if let entity = entities.first(where: { rest.starts(with: $0.name) }) {
          emit(entity.value)
          i = html.index(i, offsetBy: entity.name.count)
        } else {
          emit([b])
        }
      default: emit([b])
      }
    }
    let text = String(decoding: out, as: UTF8.self).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return String(text.prefix(commentLength))
  }
}
