import CNcursesw

/// A capability: its terminfo string, and whether it is the usual ANSI
/// form, whose numbers are written here without terminfo's interpreter.
struct TerminfoCapability {
  let string: [CChar]
  /// `ESC [` then the parameters (1-based when `oneBased`), `;`-separated, then `final`.
  let ansiFinal: UInt8?
  let oneBased: Bool

  /// The capability `name` of `terminfo`, nil when it has none; `ansi`:
  /// the usual ANSI form it may take, and how that form is written.
  init?(
    _ name: String, ansi: (form: String, final: UInt8, oneBased: Bool)? = nil, from terminfo: TerminfoSource = .current
  ) {
    guard let s = terminfo.string(name) else { return nil }
    string = Array(UnsafeBufferPointer(start: s, count: strlen(s) + 1))
    // (A tuple, not a table of forms: a dictionary of tuples is a generic
    // type the runtime builds from its name at every start.)
    if let form = ansi, Self.bytes(of: s).elementsEqual(form.form.utf8) {
      ansiFinal = form.final
      oneBased = form.oneBased
    } else {
      ansiFinal = nil
      oneBased = false
    }
  }

  /// A capability of the library's own, in terminfo's parameter language
  /// (formatted by terminfo's interpreter as any other).
  init(format: String) {
    string = format.utf8CString.map { $0 }
    ansiFinal = nil
    oneBased = false
  }
}

extension TerminfoCapability {
  /// A capability's bytes, without terminfo's delays (`$<5>`, which tputs
  /// would turn into waiting; terminals today need none).
  static func bytes(of s: UnsafePointer<CChar>) -> [UInt8] {
    let raw = UnsafeBufferPointer(start: s, count: strlen(s)).map { UInt8(bitPattern: $0) }
    guard raw.contains(UInt8(ascii: "$")) else { return raw }
    var out: [UInt8] = []
    var i = 0
    while i < raw.count {
      if raw[i] == UInt8(ascii: "$"), i + 1 < raw.count, raw[i + 1] == UInt8(ascii: "<"),
        let close = raw[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
        raw[(i + 2)..<close].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2A || $0 == 0x2F })
      {
        i = close + 1
        continue
      }
      out.append(raw[i])
      i += 1
    }
    return out
  }

  /// `cap` with its parameters filled in by terminfo's interpreter (one
  /// at a time in the process: it formats into a buffer of the process's),
  /// without delays; empty when it cannot be.
  private static func formatted(_ cap: TerminfoCapability, _ a: Int, _ b: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 256)
    var length = cap.string.withUnsafeBufferPointer { s in cn_tiparm_copy(s.baseAddress, a, b, &out, out.count) }
    if length > out.count {
      out = [UInt8](repeating: 0, count: length)
      length = cap.string.withUnsafeBufferPointer { s in cn_tiparm_copy(s.baseAddress, a, b, &out, out.count) }
    }
    guard length >= 0, length <= out.count else { return [] }
    out.removeSubrange(length...)
    out.append(0)
    return out.withUnsafeBufferPointer { p in
      p.withMemoryRebound(to: CChar.self) { Self.bytes(of: $0.baseAddress!) }
    }
  }

  /// The parameters of `ESC [ params m`, or nil when `s` is not that.
  static func csiParameters(_ s: [UInt8]) -> ArraySlice<UInt8>? {
    guard s.count >= 3, s[0] == 0x1B, s[1] == UInt8(ascii: "["), s.last == UInt8(ascii: "m") else { return nil }
    let p = s[2..<(s.count - 1)]
    return p.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ? p : nil
  }

  /// `cap` with this parameter, as bytes.
  static func format(_ cap: TerminfoCapability, _ a: Int) -> [UInt8] {
    var out: [UInt8] = []
    write(cap, a, to: &out)
    return out
  }

  /// Writes `cap` with this parameter to `out`: an ANSI one here, any
  /// other through terminfo's interpreter.
  static func write(_ cap: TerminfoCapability, _ a: Int, to out: inout [UInt8]) {
    guard let final = cap.ansiFinal else {
      out += formatted(cap, a, 0)
      return
    }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    appendDecimal(cap.oneBased ? a + 1 : a, to: &out)
    out.append(final)
  }

  /// Writes `cap` with these two parameters to `out`.
  static func write(_ cap: TerminfoCapability, _ a: Int, _ b: Int, to out: inout [UInt8]) {
    guard let final = cap.ansiFinal else {
      out += formatted(cap, a, b)
      return
    }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    appendDecimal(cap.oneBased ? a + 1 : a, to: &out)
    out.append(UInt8(ascii: ";"))
    appendDecimal(cap.oneBased ? b + 1 : b, to: &out)
    out.append(final)
  }

  /// The length of `cap` with this parameter (an ANSI one counted, not written).
  static func length(_ cap: TerminfoCapability, _ a: Int) -> Int {
    guard cap.ansiFinal != nil else { return format(cap, a).count }
    return 3 + decimalLength(cap.oneBased ? a + 1 : a)
  }

  static func length(_ cap: TerminfoCapability, _ a: Int, _ b: Int) -> Int {
    guard cap.ansiFinal != nil else {
      var out: [UInt8] = []
      write(cap, a, b, to: &out)
      return out.count
    }
    return 4 + decimalLength(cap.oneBased ? a + 1 : a) + decimalLength(cap.oneBased ? b + 1 : b)
  }

  static func decimalLength(_ n: Int) -> Int {
    var length = 1
    var rest = n / 10
    while rest > 0 {
      length += 1
      rest /= 10
    }
    return length
  }

  @inline(__always)
  static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
    if n >= 10 { appendDecimal(n / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(n % 10))
  }
}
