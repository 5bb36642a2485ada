import GridRender
import TermGridTesting
import Testing

@testable import GridTerminal

/// Kitty's classic placements, for a kitty without Unicode placeholders
/// (0.26): read back by a model of what such a terminal holds (pictures by
/// id, placements at the cursor, deletions), after every frame of random
/// drawing (pictures placed, moved, cut by the screen's edge, covered by
/// text as an overlay covers them, drawn in symbols as a fade draws them,
/// their images released, the screen cleared as a resize or Ctrl-L clears
/// it, which deletes kitty 0.26's pictures), each cell of the screen is
/// covered by exactly the picture cell its placeholder says, and no other
/// cell by any placement; at the end nothing is left.
@Suite struct KittyPlacementsTests {
  static let cell = PixelSize(width: 2, height: 3)

  /// What a kitty terminal holds: pictures (id to size in pixels) and placements.
  struct Model {
    struct Placed {
      var image: Int
      var id: Int
      var screen: CellRect
      /// The source rectangle in pixels.
      var x: Int
      var y: Int
    }
    var images: [Int: (width: Int, height: Int)] = [:]
    var placements: [Placed] = []
    var cursor = (x: 0, y: 0)
    var problems: [String] = []

    mutating func feed(_ bytes: [UInt8]) {
      let text = String(decoding: bytes, as: UTF8.self)
      var rest = Substring(text)
      while let esc = rest.firstIndex(of: "\u{1B}") {
        rest = rest[rest.index(after: esc)...]
        if rest.hasPrefix("["), let h = rest.firstIndex(of: "H") {
          let numbers = rest[rest.index(after: rest.startIndex)..<h].split(separator: ";").compactMap { Int($0) }
          if numbers.count == 2 { cursor = (numbers[1] - 1, numbers[0] - 1) }
          rest = rest[rest.index(after: h)...]
        } else if rest.hasPrefix("_G"), let end = rest.range(of: "\u{1B}\\") {
          command(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]))
          rest = rest[end.upperBound...]
        }
      }
    }

    mutating func command(_ body: String) {
      let keysText = body.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
      var keys: [String: String] = [:]
      for pair in keysText.split(separator: ",") {
        let kv = pair.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
      }
      func number(_ k: String) -> Int { keys[k].flatMap { Int($0) } ?? 0 }
      switch (keys["a"], keys["d"]) {
      case ("t", _):
        // (Chunks after the first carry no keys but m; raw pixels say their size.)
        if keys["i"] != nil { images[number("i")] = (number("s"), number("v")) }
      case ("p", _):
        let image = number("i")
        guard let size = images[image] else {
          problems.append("placement of image \(image), which the terminal does not hold")
          return
        }
        let (w, h, c, r) = (number("w"), number("h"), number("c"), number("r"))
        if w != c * cell.width || h != r * cell.height || number("x") + w > size.width || number("y") + h > size.height {
          problems.append("placement \(keys) does not fit image \(image) of \(size) or its cells")
        }
        if keys["C"] != "1" { problems.append("a placement that moves the cursor") }
        placements.removeAll { $0.image == image && $0.id == number("p") }
        placements.append(
          Placed(
            image: image, id: number("p"), screen: CellRect(x: cursor.x, y: cursor.y, width: c, height: r), x: number("x"),
            y: number("y")))
      case ("d", "I"):
        images[number("i")] = nil
        placements.removeAll { $0.image == number("i") }
      case ("d", "i"):
        let before = placements.count
        placements.removeAll { $0.image == number("i") && $0.id == number("p") }
        if placements.count == before { problems.append("deleting placement \(number("p")) of \(number("i")), which is not there") }
      default:
        problems.append("an unknown command \(body)")
      }
    }

    /// ED 2, as kitty 0.26 does it: the placements go, and the pictures with them.
    mutating func clearScreen() {
      placements.removeAll()
      images.removeAll()
    }

    /// What covers the cell at (x, y): the image and the picture cell, or nil.
    func covering(x: Int, y: Int) -> [(image: Int, row: Int, column: Int)] {
      placements.filter { $0.screen.contains(x: x, y: y) }.map {
        ($0.image, ($0.y / cell.height) + (y - $0.screen.y), ($0.x / cell.width) + (x - $0.screen.x))
      }
    }
  }

  static func image(columns: Int, rows: Int) -> PixelImage {
    PixelImage(
      columns: columns, rows: rows, cellSize: cell,
      rgba: [UInt8](repeating: 90, count: columns * cell.width * rows * cell.height * 4))
  }

  @Test func randomFramesLeaveExactlyThePicturesTheCellsShow() {
    var rng = SplitMix64(seed: 26)
    let (w, h) = (30, 12)
    let table = PixelImageTable(cellSize: Self.cell, colors: .trueColor)
    var surface = Surface(width: w, height: h)
    surface.pixelImages = table
    var screen = Screen()
    var writer = PixelPictureWriter()
    var model = Model()
    var pool: [PixelImage] = (0..<6).map { _ in
      Self.image(columns: Int.random(in: 1...7, using: &rng), rows: Int.random(in: 1...5, using: &rng))
    }
    for frame in 0..<400 {
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let x = Int.random(in: -4..<w, using: &rng)
        let y = Int.random(in: -3..<h, using: &rng)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...3:
          surface.drawPixels(pool.randomElement(using: &rng)!, x: x, y: y)
        case 4:
          // An overlay's text over whatever is there.
          surface.fill(
            CellRect(x: x, y: y, width: Int.random(in: 1...12, using: &rng), height: Int.random(in: 1...5, using: &rng)),
            with: "o", style: .plain)
        case 5:
          // A fading picture: drawn in its cells.
          surface.withoutPixels {
            $0.fill(CellRect(x: x, y: y, width: 4, height: 2), with: "▀", style: Style(foreground: .red, background: .blue))
          }
        case 6:
          surface.clear()
        case 7:
          // A picture released (its cache dropped it) and another made.
          pool[Int.random(in: 0..<pool.count, using: &rng)] = Self.image(
            columns: Int.random(in: 1...7, using: &rng), rows: Int.random(in: 1...5, using: &rng))
        case 8:
          surface.scrollRows(0..<h, by: Bool.random(using: &rng) ? 1 : -2)
        default:
          surface.draw("text", x: x, y: y)
        }
      }
      let update = screen.update(to: surface, scrollsRegions: false)
      if frame % 50 == 49 { screen.invalidate() }
      let (before, after) = writer.kittyPlacements(for: update)
      surface.markPresented()
      // Clearing the screen deletes what is placed there and the pictures no other placement holds (kitty 0.26).
      if update.clearsScreen { model.clearScreen() }
      model.feed(before)
      model.feed(after)
      if !model.problems.isEmpty {
        Issue.record("frame \(frame): \(model.problems)")
        return
      }
      for y in 0..<h {
        for x in 0..<w {
          let covering = model.covering(x: x, y: y)
          let shown = PixelPlaceholder.decode(surface[x, y])
          let expected = shown.flatMap { d in table.image(withID: d.id).map { _ in (Int(d.id), d.row, d.column) } }
          guard let expected else {
            if !covering.isEmpty {
              Issue.record("frame \(frame): (\(x), \(y)) shows no picture, yet \(covering) is placed over it")
              return
            }
            continue
          }
          if covering.count != 1 || covering[0] != expected {
            Issue.record("frame \(frame): (\(x), \(y)) shows \(expected), and the terminal has \(covering) there")
            return
          }
          if let image = table.image(withID: UInt32(expected.0)), let held = model.images[expected.0],
            held != (image.width, image.height)
          {
            Issue.record("frame \(frame): id \(expected.0) holds \(held), not the picture drawn")
            return
          }
        }
      }
    }
    #expect(writer.placementCount == model.placements.count)
    model.feed(writer.deleteAll(insideTmux: false))
    #expect(model.images.isEmpty && model.placements.isEmpty, "nothing left behind")
  }

  @Test func aPictureWhoseCellsDidNotChangeIsNotPlacedAgain() {
    let table = PixelImageTable(cellSize: Self.cell, colors: .trueColor)
    var surface = Surface(width: 20, height: 8)
    surface.pixelImages = table
    var screen = Screen()
    var writer = PixelPictureWriter()
    let image = Self.image(columns: 4, rows: 2)
    surface.drawPixels(image, x: 3, y: 2)
    let first = writer.kittyPlacements(for: screen.update(to: surface, scrollsRegions: false))
    surface.markPresented()
    #expect(String(decoding: first.before, as: UTF8.self).contains("a=t,q=2,f=32,s=8,v=6,t=d,i=1,"))
    #expect(String(decoding: first.after, as: UTF8.self) == "\u{1B}[3;4H\u{1B}_Ga=p,q=2,C=1,i=1,p=1,x=0,y=0,w=8,h=6,c=4,r=2\u{1B}\\")
    // Text elsewhere, and the focus moving: nothing for the picture.
    surface.draw("title", x: 0, y: 6)
    let second = writer.kittyPlacements(for: screen.update(to: surface, scrollsRegions: false))
    surface.markPresented()
    #expect(second.before.isEmpty && second.after.isEmpty)
    // Half covered: the placement deleted, the other half placed (its source cut to it).
    surface.fill(CellRect(x: 3, y: 2, width: 2, height: 2), with: " ", style: Style(background: .blue))
    let third = writer.kittyPlacements(for: screen.update(to: surface, scrollsRegions: false))
    #expect(String(decoding: third.before, as: UTF8.self) == "\u{1B}_Ga=d,d=i,q=2,i=1,p=1\u{1B}\\")
    #expect(String(decoding: third.after, as: UTF8.self) == "\u{1B}[3;6H\u{1B}_Ga=p,q=2,C=1,i=1,p=2,x=4,y=0,w=4,h=6,c=2,r=2\u{1B}\\")
  }
}
