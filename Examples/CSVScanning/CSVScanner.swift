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
  }

  /// The input.
  public let bytes: [UInt8]
  private var position: Int
  private var line = 1

  /// A scanner of `bytes` from `start` (past a byte order mark, say).
  public init(bytes: [UInt8], from start: Int = 0) {
    self.bytes = bytes
    position = start
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
    guard position < bytes.count else { return nil }
    let start = position
    let firstLine = line
    var fields: [String] = []
    var problem: String?
    var invalid = false
    var unterminated = false
    var field: [UInt8] = []
    func note(_ text: String) { if problem == nil { problem = text } }
    func finishField() {
      fields.append(field.withUnsafeBufferPointer { Self.decode($0, invalid: &invalid) })
      field.removeAll(keepingCapacity: true)
    }
    var end = bytes.count  // where the row's bytes end (before its line end)
    row: while true {
      // A field starts here.
      var quoted = false
      if position < bytes.count && bytes[position] == Self.quote {
        quoted = true
        let opened = line
        position += 1
        var closed = false
        while position < bytes.count {
          let b = bytes[position]
          if b == Self.quote {
            if position + 1 < bytes.count && bytes[position + 1] == Self.quote {
              field.append(Self.quote)
              position += 2
              continue
            }
            position += 1
            closed = true
            break
          }
          if b == Self.lf || (b == Self.cr && (position + 1 >= bytes.count || bytes[position + 1] != Self.lf)) {
            line += 1
          }
          field.append(b)
          position += 1
        }
        if !closed {
          note("a quoted field opened on line \(opened) never closes")
          unterminated = true
          finishField()
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
          note("text after the closing quote of field \(fields.count + 1)")
          // Kept as read: the quote and what follows it, up to the field's end.
          field.append(Self.quote)
        }
      }
      // An unquoted field (or the rest of a quoted one gone wrong), read
      // in place: decoded from the input without a copy when it is all there is.
      let fieldStart = position
      while position < bytes.count {
        let b = bytes[position]
        if b == Self.comma || b == Self.lf || b == Self.cr { break }
        if b == Self.quote { note("a quote inside unquoted field \(fields.count + 1)") }
        position += 1
      }
      if quoted {
        field += bytes[fieldStart..<position]
        finishField()
      } else if let wanted, fields.count < wanted.count, !wanted[fields.count] {
        // Not wanted now: only checked, for the row's sake.
        var bad = false
        _ = bytes.withUnsafeBufferPointer { Self.isValid(UnsafeBufferPointer(rebasing: $0[fieldStart..<position]), invalid: &bad) }
        if bad { invalid = true }
        fields.append("")
      } else {
        let range = fieldStart..<position
        fields.append(bytes.withUnsafeBufferPointer { Self.decode(UnsafeBufferPointer(rebasing: $0[range]), invalid: &invalid) })
      }
      guard position < bytes.count else {
        end = bytes.count
        break row
      }
      switch bytes[position] {
      case Self.comma:
        position += 1
        if position == bytes.count {
          fields.append("")
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
    return Row(
      fields: fields, range: start..<end, line: firstLine, problem: problem, hasInvalidUTF8: invalid,
      runsToTheEnd: unterminated)
  }
}
