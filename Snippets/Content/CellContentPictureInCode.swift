// A picture made in code: a source that draws a gradient for any size asked,
// two rows of colour a cell (▀: its upper half in the foreground colour, its
// lower half in the background's), kept once made; and a fixed picture.
import TermGrid

// snippet.show
final class Gradient: PictureSource {
  let top: (UInt8, UInt8, UInt8)
  let bottom: (UInt8, UInt8, UInt8)
  private var made: Picture?  // the same picture for the same size while it stands

  init(from top: (UInt8, UInt8, UInt8), to bottom: (UInt8, UInt8, UInt8)) {
    self.top = top
    self.bottom = bottom
  }

  /// Asked on the main thread each time the item is drawn: answer at once.
  func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
    if let made, made.width == width, made.height == height { return made }
    func color(_ row: Int) -> Color {  // row of 2 x height, top to bottom
      let t = Double(row) / Double(max(1, 2 * height - 1))
      func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Double(a) + (Double(b) - Double(a)) * t) }
      return .rgb(mix(top.0, bottom.0), mix(top.1, bottom.1), mix(top.2, bottom.2))
    }
    var cells: [Cell] = []
    for y in 0..<height {
      let style = Style(foreground: color(2 * y), background: color(2 * y + 1))
      cells += Array(repeating: Cell(grapheme: "▀", style: style), count: width)
    }
    made = Picture(width: width, height: height, cells: cells)  // colours fitted to the terminal when drawn
    return made
  }
}

let sunset = CellPicture(Gradient(from: (250, 200, 80), to: (120, 30, 90)), placement: .top)
let flag = CellPicture(FixedPicture(Picture(width: 6, height: 2, color: .blue)), placement: .leading(width: 6))
let card = ElementContent(title: "Evening", border: .rounded, picture: sunset)
// snippet.hide
_ = (flag, card)
