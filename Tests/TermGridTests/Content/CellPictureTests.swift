import GridRender
import Testing

@testable import TermGrid

/// Pictures in cells: where they sit beside the text, their placeholders,
/// and the state drawn on them.
@Suite struct CellPictureTests {
  final class NotYet: PictureSource {
    var failure: String?
    func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? { nil }
  }

  static let red = FixedPicture(Picture(width: 4, height: 2, color: .red))

  static func render(_ content: ElementContent, width: Int = 10, height: Int = 7, state: ElementState = ElementState())
    -> (Surface, (any PictureSource)?)
  {
    var surface = Surface(width: width, height: height)
    let awaited = ElementRenderer(theme: Theme()).draw(
      content, in: CellRect(x: 0, y: 0, width: width, height: height), state: state, on: &surface)
    return (surface, awaited)
  }

  @Test func aPictureOnTopLeavesTheBottomRowsToTheText() {
    let content = ElementContent(title: "Dune", detail: "1965", border: .single, picture: CellPicture(Self.red))
    let (s, awaited) = Self.render(content)
    #expect(awaited == nil)
    // Inside the border: 8 x 5; the title and the detail take 2 rows, the picture area 8 x 3 (the picture centred).
    #expect(s.lines[1] == "│  ████  │".replacingOccurrences(of: "█", with: " "))
    for y in 1...2 {
      for x in 0..<10 {
        #expect((s[x, y].style.background == .red) == (x >= 3 && x < 7 && y <= 2), "\(x),\(y)")
      }
    }
    #expect(s[3, 3].style.background == .default)
    #expect(s.lines[4] == "│ Dune   │")
    #expect(s.lines[5] == "│ 1965   │")
  }

  /// A focused card whose picture in pixels is narrower than its area:
  /// where placeholders are written as blanks under the picture (sixel,
  /// classic placements), every cell of the area, the placeholders
  /// included, is in the focus's reverse video, so the picture's
  /// transparent sides show the same as the cells beside it (they showed
  /// white slivers in xterm); where they cannot show it (kitty's
  /// placeholders), no cell of the area is reversed. The border and the
  /// title show the focus either way.
  @Test func aFocusedPictureInPixelsHasNoSliversBesideIt() {
    let cell = PixelSize(width: 4, height: 8)
    // 6 x 3 cells of pixels in an area 10 wide (a picture's transparent sides show its cells' style).
    let pixels = PixelImage(columns: 6, rows: 3, cellSize: cell, rgba: [UInt8](repeating: 200, count: 24 * 24 * 4))
    let picture = FixedPicture(Picture(width: 6, height: 3, cells: Picture(width: 6, height: 3, color: .red).cells, pixels: pixels))
    let content = ElementContent(title: "Dune", border: .single, picture: CellPicture(picture))
    for takes in [true, false] {
      var surface = Surface(width: 12, height: 6)
      surface.pixelImages = PixelImageTable(cellSize: cell, colors: .trueColor, placeholdersTakeAttributes: takes)
      let state = ElementState(isFocused: true)
      ElementRenderer(theme: Theme()).draw(content, in: CellRect(x: 0, y: 0, width: 12, height: 6), state: state, on: &surface)
      let area = CellRect(x: 1, y: 1, width: 10, height: 3)
      var placeholders = 0
      for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
          if PixelPlaceholder.isPlaceholder(surface[x, y]) { placeholders += 1 }
          #expect(surface[x, y].style.attributes.contains(.reverse) == takes, "(\(x), \(y)) with placeholders taking attributes: \(takes)")
          #expect(surface[x, y].style.background == .default)
        }
      }
      #expect(placeholders == 18)
      #expect(
        surface[0, 0].style.attributes.contains(.reverse) && surface[1, 4].style.attributes.contains(.reverse), "the border and title")
    }
  }

  @Test func aPictureOnTheLeadingSideHasTheTextBesideIt() {
    let content = ElementContent(
      title: "Dune", detail: "1965", picture: CellPicture(Self.red, placement: .leading(width: 4)))
    let (s, _) = Self.render(content, width: 12, height: 3)
    #expect(s[0, 0].style.background == .red && s[3, 1].style.background == .red)
    #expect(s[0, 2].style.background == .default, "the 4 x 2 picture centred in 4 x 3")
    #expect(s.lines[0].hasPrefix("     Dune"))
    #expect(s.lines[2].hasPrefix("     1965"))
  }

  @Test func aPlaceholderShowsTheTitleOnItsColourUntilThePictureComes() {
    let source = NotYet()
    let (s, awaited) = Self.render(ElementContent(title: "Dune", picture: CellPicture(source, placement: .fill)), height: 3)
    #expect(awaited === source)
    let color = CellPicture.placeholderColor(for: "Dune")
    #expect(color == CellPicture.placeholderColor(for: "Dune") && color != CellPicture.placeholderColor(for: "Emma"))
    #expect((0..<3).allSatisfy { y in (0..<10).allSatisfy { s[$0, y].style.background == color } })
    #expect(s.lines[1] == "   Dune   ")
    // A source that failed: a grey placeholder marked "!", and nothing awaited.
    source.failure = "broken PNG"
    let (f, none) = Self.render(ElementContent(title: "Dune", picture: CellPicture(source, placement: .fill)), height: 3)
    #expect(none == nil)
    #expect(f.lines[1] == "  ! Dune  ")
    #expect(f[0, 0].style.background != color)
  }

  @Test func theFocusShowsOnAPictureThatFillsItsCell() {
    let content = ElementContent(title: "", padding: 0, picture: CellPicture(Self.red, placement: .fill))
    let (focused, _) = Self.render(content, width: 4, height: 2, state: ElementState(isFocused: true))
    #expect(focused.cells.allSatisfy { $0.style.attributes.contains(.reverse) && $0.style.background == .red })
    let (plain, _) = Self.render(content, width: 4, height: 2)
    #expect(plain.cells.allSatisfy { !$0.style.attributes.contains(.reverse) })
    // With a border, the border shows the state and the picture stays as it is.
    var boxed = content
    boxed.border = .single
    let (selected, _) = Self.render(boxed, width: 6, height: 4, state: ElementState(isSelected: true))
    #expect(selected.lines[0].hasPrefix("┏✓"))
    #expect(selected[1, 1].style.background == .red && !selected[1, 1].style.attributes.contains(.bold))
  }
}

/// A panel with a picture beside its rows or above them.
@Suite struct PanelPictureTests {
  @Test func aPictureBesideTheRowsAndTheTextAfterIt() {
    let panel = PanelOverlay(
      title: "Book", rows: [.init("Title", "Dune")],
      picture: CellPicture(FixedPicture(Picture(width: 8, height: 6, color: .red)), placement: .leading(width: 8)))
    var surface = Surface(width: 80, height: 24)
    panel.draw(into: &surface, theme: Theme())
    let red = (0..<24).flatMap { y in (0..<80).filter { surface[$0, y].style.background == .red }.map { ($0, y) } }
    #expect(red.count == 48, "the whole 8 x 6 picture")
    let left = red.map(\.0).min() ?? 0
    let row = surface.lines.firstIndex { $0.contains("Dune") } ?? -1
    #expect(row >= 0)
    let textColumn = surface.lines[row].distance(of: "Title")
    #expect(textColumn > left + 8, "the rows right of the picture")
    #expect(panel.awaitedPictures.isEmpty)
  }

  @Test func aPictureNotYetMadeIsAwaitedAndItsPlaceholderShows() {
    final class NotYet: PictureSource {
      func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? { nil }
    }
    let source = NotYet()
    let panel = PanelOverlay(title: "photo.jpg", rows: [.init("Size", "1.2 MB")], picture: CellPicture(source, placement: .fill))
    var surface = Surface(width: 60, height: 20)
    panel.draw(into: &surface, theme: Theme())
    #expect(panel.awaitedPictures.count == 1 && panel.awaitedPictures[0] === source)
    let placeholder = CellPicture.placeholderColor(for: "photo.jpg")
    let filled = surface.cells.filter { $0.style.background == placeholder }.count
    #expect(filled > 60 * 20 / 3, "above the rows, as large as the screen allows")
    #expect(surface.lines.contains { $0.contains("1.2 MB") })
  }
}

extension String {
  /// The column where `s` starts (counting characters), or -1.
  fileprivate func distance(of s: String) -> Int {
    guard let r = range(of: s) else { return -1 }
    return self.distance(from: startIndex, to: r.lowerBound)
  }
}

/// The size a cell asks its picture for is the size an app can compute
/// beforehand (to prefetch it).
@Suite struct PictureSizeTests {
  final class Recording: PictureSource {
    var failure: String?
    var asked: [(Int, Int)] = []
    func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
      asked.append((width, height))
      return nil
    }
  }

  @Test func aTerminalSetToShowNoPicturesGetsPlaceholdersAndAsksForNone() {
    let source = Recording()
    let view = CollectionView(layout: FlowLayout(itemSize: Size(width: 12, height: 6)))
    final class One: CollectionViewDataSource {
      let source: Recording
      init(_ source: Recording) { self.source = source }
      func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
      func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
        ElementContent(title: "Dune", picture: CellPicture(source, placement: .fill, placeholderColor: .blue))
      }
    }
    let data = One(source)
    view.dataSource = data
    view.setFrame(CellRect(x: 0, y: 0, width: 20, height: 8))
    view.reloadData()
    view.adapt(to: TerminalCapabilities(colors: .trueColor, pictures: .off))
    #expect(!view.showsPictures)
    var surface = Surface(width: 20, height: 8)
    view.draw(into: &surface)
    #expect(source.asked.isEmpty, "no picture asked for")
    #expect(surface[5, 2].style.background == .blue && surface.text.contains("Dune"), "the placeholder (the card centred at 3..<15)")
    #expect(!view.hasPendingBackgroundWork)
    // Back to symbols: the picture is asked for.
    view.adapt(to: TerminalCapabilities(colors: .trueColor, pictures: .symbols))
    view.draw(into: &surface)
    #expect(!source.asked.isEmpty)
  }

  @Test func theSizeOfThePictureAreaIsTheSizeTheCellAsksFor() {
    let placements: [CellPicture.Placement] = [.top, .fill, .leading(width: 6), .leading(width: 40)]
    for placement in placements {
      for border in [nil, Border.rounded] {
        for (w, h) in [(24, 10), (16, 14), (10, 3), (2, 2), (1, 1), (30, 5)] {
          for lines in [0, 2] {
            let source = Recording()
            let content = ElementContent(
              title: "Title", lines: Array(repeating: "line", count: lines), detail: "1965", border: border,
              picture: CellPicture(source, placement: placement))
            let size = content.pictureSize(inElementOf: Size(width: Double(w), height: Double(h)))
            var surface = Surface(width: w, height: h)
            _ = ElementRenderer(theme: Theme()).draw(
              content, in: CellRect(x: 0, y: 0, width: w, height: h), state: ElementState(), on: &surface)
            if let asked = source.asked.last {
              #expect(size?.width == asked.0 && size?.height == asked.1, "\(placement) \(w)x\(h) border \(border != nil)")
            } else {
              #expect(size.map { $0.width == 0 || $0.height == 0 } ?? false, "an empty area is not asked for")
            }
          }
        }
      }
    }
    #expect(
      ElementContent(title: "x", border: .rounded, picture: CellPicture(Recording(), placement: .top))
        .pictureSize(inElementOf: Size(width: 24, height: 10))! == (22, 8 - 1))
    #expect(ElementContent(title: "x").pictureSize(inElementOf: Size(width: 24, height: 10)) == nil)
  }
}

/// A picture keeps showing the item's state and its animations: lifted,
/// faded, scaled.
@Suite struct PictureStateAndAnimationTests {
  static let picture = FixedPicture(Picture(width: 8, height: 4, color: .rgb(200, 40, 40)))
  static var content: ElementContent { ElementContent(title: "Dune", border: .rounded, picture: CellPicture(picture, placement: .top)) }

  static func render(alpha: Double = 1, scale: Scale = .identity, state: ElementState = ElementState()) -> Surface {
    var a = LayoutAttributes(forItemAt: IndexPath(item: 0, section: 0), frame: Rect(x: 1, y: 1, width: 20, height: 14))
    a.alpha = alpha
    a.scale = scale
    var s = Surface(width: 22, height: 16)
    Rasterizer(blend: AlphaBlend(colors: .trueColor)).rasterize([a], contentOffset: .zero, viewport: s.bounds, into: &s) {
      _, frame, surface in
      _ = ElementRenderer(theme: Theme()).draw(Self.content, in: frame, state: state, on: &surface)
    }
    return s
  }

  @Test func aLiftedCardWithAPictureHasItsDoubleBorderAndItsPicture() {
    let lifted = Self.render(state: ElementState(isLifted: true))
    #expect(lifted.lines[1].hasPrefix(" ╔"))
    // The picture, 8x4, centred in the 18x11 above the title.
    #expect(lifted[7, 5].style.background == .rgb(200, 40, 40) && lifted[14, 8].style.background == .rgb(200, 40, 40))
  }

  @Test func aFadingCoverFades() {
    let whole = Self.render()
    let half = Self.render(alpha: 0.5)
    #expect(whole[7, 5].style.background == .rgb(200, 40, 40))
    #expect(half[7, 5].style.background == .rgb(100, 20, 20), "halfway to the backdrop")
    let gone = Self.render(alpha: 0.01)
    #expect(gone.cells.allSatisfy { $0.style.background != .rgb(200, 40, 40) })
  }

  @Test func aShrinkingCoverIsDrawnSmallerAboutItsCentre() {
    let small = Self.render(scale: Scale(x: 0.5, y: 0.5))
    let painted = (0..<small.height).flatMap { y in (0..<small.width).map { (x: $0, y: y) } }
      .filter { small[$0.x, $0.y].style.background == .rgb(200, 40, 40) }
    // The frame 20x14 at (1, 1) halved about its centre: 10x7 at (6, 4.5); the picture inside its border.
    #expect(!painted.isEmpty)
    #expect(painted.allSatisfy { $0.x >= 7 && $0.x < 15 && $0.y >= 5 && $0.y < 11 }, "inside the scaled frame's border")
    // (A fixed picture keeps its size: it is the frame and its border that shrink about it.)
    #expect(small.lines[5].contains("╭") || small.lines[4].contains("╭"))
  }
}
