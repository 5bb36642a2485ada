/// Reads CSV (RFC 4180) from bytes, one row at a time, and says what is
/// wrong with a row instead of guessing: a quote inside an unquoted field,
/// text after a closing quote, a quoted field that never closes. Every row
/// keeps where its bytes are, so a row that is not read as a book can be
/// written back exactly as it was. Line ends are LF, CRLF or a lone CR; a
/// quoted field may hold any of them.
///
/// Shared by the catalogue and the calendar demo. (CSV.swift, used before, dropped the character after a stray quote and
/// never reported it: `"The "Best" Book"` read as `The "est"Book`.)
public struct CSVScanner: IteratorProtocol {
  /// One row as read.
  public struct Row: Equatable, Sendable {
    /// The fields, decoded as UTF-8 (a byte that is not UTF-8 becomes U+FFFD).
    public var fields: [String]
    /// The row's bytes in the input, without its line end.
    public var range: Range<Int>
    /// The line the row starts on (1 for the first).
    public var line: Int
    /// Why the row does not parse cleanly; nil when it does. Its fields are
    /// then a best reading, every byte kept in one field or another.
    public var problem: String?
    /// Whether some field held bytes that are not UTF-8.
    public var hasInvalidUTF8 = false
    /// Whether a quoted field never closed, so the row runs to the end of
    /// the input (written anywhere but last, it would swallow what follows).
    public var runsToTheEnd = false
    /// Where each field's text is in the input, decoded or not.
    public var spans: [FieldSpan] = []

    public init(fields: [String], range: Range<Int>, line: Int, problem: String? = nil) {
      self.fields = fields
      self.range = range
      self.line = line
      self.problem = problem
    }
  }

  /// Where a field's text is: the bytes of `range` (inside its quotes),
  /// which are its text as they are when `isVerbatim` (no doubled quote, no
  /// text after a closing quote).
  public struct FieldSpan: Equatable, Sendable {
    public var range: Range<Int>
    public var isVerbatim: Bool
  }

  /// The input.
  public let bytes: [UInt8]
  private var position: Int
  private var line: Int
  /// No row is started at or after this place.
  private let limit: Int

  /// A scanner of `bytes` from `start` (past a byte order mark, say), whose
  /// first row is on line `line`, reading the rows that start before `end`
  /// (the last of them read to its end, even past `end`).
  public init(bytes: [UInt8], from start: Int = 0, line: Int = 1, to end: Int? = nil) {
    self.bytes = bytes
    position = start
    self.line = line
    limit = min(end ?? bytes.count, bytes.count)
  }

  /// Where the next row starts.
  public var offset: Int { position }

  /// The line the next row starts on.
  public var currentLine: Int { line }

  /// A place to cut `bytes` in two for two readers: just after the first
  /// line end at or after `target` that is outside quotes, counting quotes
  /// from `start`, where a row starts. Nil when there is none. A stray quote
  /// in an unquoted field can make the guess wrong: a reader that ends
  /// elsewhere than the cut says so (see ``offset``).
  public static func rowBoundary(in bytes: [UInt8], near target: Int, from start: Int) -> Int? {
    guard start <= target, target < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { b -> Int? in
      var quotes = 0
      for i in start..<target where b[i] == quote { quotes += 1 }
      var inQuotes = quotes % 2 == 1
      var i = target
      while i < b.count {
        let c = b[i]
        if c == quote {
          inQuotes.toggle()
        } else if c == lf && !inQuotes {
          return i + 1 < b.count ? i + 1 : nil
        }
        i += 1
      }
      return nil
    }
  }

  /// The lines `range` of `bytes` ends (LF, CRLF or a lone CR), as the scanner counts them.
  public static func lineEnds(in bytes: [UInt8], _ range: Range<Int>) -> Int {
    bytes.withUnsafeBufferPointer { b in
      var n = 0
      for i in range {
        let c = b[i]
        if c == lf || (c == cr && (i + 1 >= b.count || b[i + 1] != lf)) { n += 1 }
      }
      return n
    }
  }

  private static let quote: UInt8 = 0x22
  private static let comma: UInt8 = 0x2C
  private static let lf: UInt8 = 0x0A
  private static let cr: UInt8 = 0x0D

  /// A field's text: ASCII (most fields) taken as it is, anything else
  /// checked, and repaired with U+FFFD where it is not UTF-8 (`invalid` set).
  @inline(__always)
  static func decode(_ buffer: UnsafeBufferPointer<UInt8>, invalid: inout Bool) -> String {
    var high: UInt8 = 0
    for b in buffer { high |= b }
    if high < 0x80 { return String(decoding: buffer, as: UTF8.self) }
    if let s = String(validating: buffer, as: UTF8.self) { return s }
    invalid = true
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Whether a field is UTF-8 (`invalid` set when it is not), without making a string.
  @inline(__always)
  static func isValid(_ buffer: UnsafeBufferPointer<UInt8>, invalid: inout Bool) -> Bool {
    var high: UInt8 = 0
    for b in buffer { high |= b }
    if high < 0x80 { return true }
    if String(validating: buffer, as: UTF8.self) != nil { return true }
    invalid = true
    return false
  }

  /// The next row, or nil at the end of the input.
  public mutating func next() -> Row? { next(decoding: nil) }

  /// The next row, with only the fields `wanted` says (by position) decoded;
  /// the others are "" (their bytes are in the row's range). A field past
  /// the end of `wanted` is decoded. `problem` and `hasInvalidUTF8` speak of
  /// the whole row all the same.
  public mutating func next(decoding wanted: [Bool]?) -> Row? {
    var row = Row(fields: [], range: 0..<0, line: 0)
    return next(into: &row, decoding: wanted) ? row : nil
  }

  /// Reads the next row into `row` (its arrays reused, so a loop over
  /// a million rows allocates none per row), decoding the fields `wanted`
  /// says as ``next(decoding:)`` does. False at the end of the input.
  public mutating func next(into row: inout Row, decoding wanted: [Bool]?) -> Bool {
    guard position < limit else { return false }
    let start = position
    row.line = line
    row.fields.removeAll(keepingCapacity: true)
    row.spans.removeAll(keepingCapacity: true)
    row.problem = nil
    row.hasInvalidUTF8 = false
    row.runsToTheEnd = false
    var invalid = false
    var end = bytes.count  // where the row's bytes end (before its line end)
    row: while true {
      // A field starts here.
      var quoted = false
      var verbatim = true
      var textAfterQuote = false
      var contentStart = position
      var contentEnd = position
      if position < bytes.count && bytes[position] == Self.quote {
        quoted = true
        let opened = line
        position += 1
        contentStart = position
        var closed = false
        while position < bytes.count {
          let b = bytes[position]
          if b == Self.quote {
            if position + 1 < bytes.count && bytes[position + 1] == Self.quote {
              verbatim = false
              position += 2
              continue
            }
            contentEnd = position
            position += 1
            closed = true
            break
          }
          if b == Self.lf || (b == Self.cr && (position + 1 >= bytes.count || bytes[position + 1] != Self.lf)) {
            line += 1
          }
          position += 1
        }
        if !closed {
          if row.problem == nil { row.problem = "a quoted field opened on line \(opened) never closes" }
          row.runsToTheEnd = true
          row.fields.append(Self.unescaped(bytes[contentStart..<bytes.count], invalid: &invalid))
          row.spans.append(FieldSpan(range: contentStart..<bytes.count, isVerbatim: false))
          // The row runs to the end of the input, less the last line end.
          end = bytes.count
          if end > start, bytes[end - 1] == Self.lf { end -= 1 }
          if end > start, bytes[end - 1] == Self.cr { end -= 1 }
          break row
        }
        // After the closing quote: a comma, a line end or the end.
        if position < bytes.count, bytes[position] != Self.comma, bytes[position] != Self.lf,
          bytes[position] != Self.cr
        {
          if row.problem == nil { row.problem = "text after the closing quote of field \(row.fields.count + 1)" }
          verbatim = false
          textAfterQuote = true
        }
      }
      // An unquoted field (or the rest of a quoted one gone wrong), read
      // in place: decoded from the input without a copy.
      let fieldStart = position
      while position < bytes.count {
        let b = bytes[position]
        if b == Self.comma || b == Self.lf || b == Self.cr { break }
        if b == Self.quote, row.problem == nil { row.problem = "a quote inside unquoted field \(row.fields.count + 1)" }
        position += 1
      }
      let isWanted = wanted.map { row.fields.count >= $0.count || $0[row.fields.count] } ?? true
      if textAfterQuote {
        // Kept as read after a closing quote gone wrong: the quote and what follows it.
        var text = Self.unescaped(bytes[contentStart..<contentEnd], invalid: &invalid)
        text += bytes.withUnsafeBufferPointer { Self.decode(UnsafeBufferPointer(rebasing: $0[contentEnd..<position]), invalid: &invalid) }
        row.fields.append(text)
        contentEnd = position
      } else if quoted && !verbatim {
        row.fields.append(Self.unescaped(bytes[contentStart..<contentEnd], invalid: &invalid))
      } else {
        if !quoted {
          contentStart = fieldStart
          contentEnd = position
        }
        let range = contentStart..<contentEnd
        if isWanted {
          row.fields.append(bytes.withUnsafeBufferPointer { Self.decode(UnsafeBufferPointer(rebasing: $0[range]), invalid: &invalid) })
        } else {
          // Not wanted now: only checked, for the row's sake.
          _ = bytes.withUnsafeBufferPointer { Self.isValid(UnsafeBufferPointer(rebasing: $0[range]), invalid: &invalid) }
          row.fields.append("")
        }
      }
      row.spans.append(FieldSpan(range: contentStart..<contentEnd, isVerbatim: verbatim))
      guard position < bytes.count else {
        end = bytes.count
        break row
      }
      switch bytes[position] {
      case Self.comma:
        position += 1
        if position == bytes.count {
          row.fields.append("")
          row.spans.append(FieldSpan(range: position..<position, isVerbatim: true))
          end = bytes.count
          break row
        }
      case Self.cr:
        end = position
        position += (position + 1 < bytes.count && bytes[position + 1] == Self.lf) ? 2 : 1
        line += 1
        break row
      default:  // LF
        end = position
        position += 1
        line += 1
        break row
      }
    }
    row.range = start..<end
    row.hasInvalidUTF8 = invalid
    return true
  }

  /// A quoted field's text from the bytes between its quotes: doubled quotes
  /// made single (and a lone quote, in a field gone wrong, kept).
  static func unescaped(_ content: ArraySlice<UInt8>, invalid: inout Bool) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(content.count)
    var i = content.startIndex
    while i < content.endIndex {
      let b = content[i]
      text.append(b)
      i += b == quote && i + 1 < content.endIndex && content[i + 1] == quote ? 2 : 1
    }
    return text.withUnsafeBufferPointer { decode($0, invalid: &invalid) }
  }

  /// A field's text, from its span: what the row's field was, or would be decoded.
  public func text(of span: FieldSpan) -> String {
    var invalid = false
    if span.isVerbatim {
      return bytes.withUnsafeBufferPointer { Self.decode(UnsafeBufferPointer(rebasing: $0[span.range]), invalid: &invalid) }
    }
    return Self.unescaped(bytes[span.range], invalid: &invalid)
  }
}
