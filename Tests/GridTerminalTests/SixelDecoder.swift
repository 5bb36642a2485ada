/// A sixel decoder for the tests: the pixels an image sets (nil where it
/// leaves the screen as it was), as a terminal would paint them.
struct SixelDecoder {
  var width = 0
  var height = 0
  /// The declared size (`" 1;1;W;H`).
  var declared: (width: Int, height: Int)?
  var transparentBackground = false
  var pixels: [[(r: Int, g: Int, b: Int)?]] = []

  init(_ bytes: [UInt8]) throws {
    var text = Substring(String(decoding: bytes, as: UTF8.self))
    guard text.hasPrefix("\u{1B}P"), text.hasSuffix("\u{1B}\\"), let q = text.firstIndex(of: "q") else {
      throw DecodeError.malformed("not a DCS ... q ... ST")
    }
    let parameters = text[text.index(text.startIndex, offsetBy: 2)..<q].split(separator: ";", omittingEmptySubsequences: false)
    transparentBackground = parameters.count > 1 && parameters[1] == "1"
    text = text[text.index(after: q)..<text.index(text.endIndex, offsetBy: -2)]
    var palette: [Int: (Int, Int, Int)] = [:]
    var color = 0
    var x = 0
    var band = 0
    var i = text.startIndex
    func number() -> Int {
      var n = 0
      while i < text.endIndex, let d = text[i].wholeNumberValue {
        n = n * 10 + d
        i = text.index(after: i)
      }
      return n
    }
    func numbers() -> [Int] {
      var out = [number()]
      while i < text.endIndex, text[i] == ";" {
        i = text.index(after: i)
        out.append(number())
      }
      return out
    }
    func paint(_ char: Character, count: Int) throws {
      guard let v = char.asciiValue, v >= 0x3F, v <= 0x7E else { throw DecodeError.malformed("sixel \(char)") }
      let bits = Int(v - 0x3F)
      for _ in 0..<count {
        for r in 0..<6 where bits & (1 << r) != 0 {
          let y = band * 6 + r
          while pixels.count <= y { pixels.append([]) }
          while pixels[y].count <= x { pixels[y].append(nil) }
          guard let c = palette[color] else { throw DecodeError.malformed("colour \(color) undefined") }
          pixels[y][x] = c
          height = max(height, y + 1)
        }
        x += 1
        width = max(width, x)
      }
    }
    while i < text.endIndex {
      let c = text[i]
      i = text.index(after: i)
      switch c {
      case "\"":
        let n = numbers()
        if n.count == 4 { declared = (n[2], n[3]) }
      case "#":
        let n = numbers()
        color = n[0]
        if n.count == 5 {
          guard n[1] == 2 else { throw DecodeError.malformed("colour space \(n[1])") }
          palette[color] = (n[2] * 255 / 100, n[3] * 255 / 100, n[4] * 255 / 100)
        }
      case "!":
        let n = number()
        guard i < text.endIndex else { throw DecodeError.malformed("run at the end") }
        let char = text[i]
        i = text.index(after: i)
        try paint(char, count: n)
      case "$": x = 0
      case "-":
        x = 0
        band += 1
      default: try paint(c, count: 1)
      }
    }
    for y in pixels.indices { while pixels[y].count < width { pixels[y].append(nil) } }
  }

  subscript(x: Int, y: Int) -> (r: Int, g: Int, b: Int)? {
    y < pixels.count && x < pixels[y].count ? pixels[y][x] : nil
  }

  enum DecodeError: Error { case malformed(String) }
}
