import GridLayout
import GridRender
import GridTerminal

/// Where an element's pictures come from: something that makes a <doc:/GridRender/Picture>
/// for an area of a given size (a file decoded and rasterized in the
/// background, by `TermGridImages`' `PictureLoader`, or anything else).
///
/// The collection view asks on the main thread, every time it draws the
/// element, so answer at once: nil means "not ready yet", and a placeholder
/// shows. Give back the same picture for the same size while it stands
/// (keep it, as `PictureLoader` does): with pixels, a <doc:/GridRender/PixelImage>
/// is a picture to the terminal by its identity, and a new one each time
/// would be sent each time.
///
/// For pixels, implement ``picture(width:height:colors:cellPixels:)`` too
/// (its default draws the picture without them): return a picture whose
/// <doc:/GridRender/Picture/pixels> were made for exactly `cellPixels` (one made
/// for another cell size is drawn in its cells), at most `width` x `height`
/// cells (a larger one is cut), and at most
/// <doc:/GridRender/PixelPlaceholder/maximumSpan> cells a side. When the picture is ready,
/// the ``BackgroundWork`` that made it says so and the collection view
/// redraws the items that were waiting for it, alone.
public protocol PictureSource: AnyObject {
  /// The picture made for an area of `width` x `height` cells on a
  /// terminal with `colors` (it may be smaller, to keep its shape; it is
  /// centred), or nil while it is being made or when it cannot be.
  func picture(width: Int, height: Int, colors: ColorSupport) -> Picture?
  /// What to show while the picture for `width` x `height` is made: the
  /// same picture made for another size (centred, cut by the area when
  /// larger), so a cell that is resized, or that animates through sizes,
  /// keeps showing its picture instead of the placeholder. Nil: the
  /// placeholder shows.
  func standIn(width: Int, height: Int, colors: ColorSupport) -> Picture?
  /// Why no picture will come (a broken or missing file), or nil.
  var failure: String? { get }
  /// The picture for `width` x `height` cells on a terminal that shows
  /// pixels, with cells of `cellPixels` pixels: a <doc:/GridRender/Picture> whose
  /// <doc:/GridRender/Picture/pixels> are made for that cell size (and
  /// whose cells are drawn where pixels cannot be, as while it fades). The
  /// default is ``picture(width:height:colors:)``, without pixels.
  func picture(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture?
  /// What to show while the pixel picture for `width` x `height` is made
  /// (see ``standIn(width:height:colors:)``). The default is that, without pixels.
  func standIn(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture?
}

extension PictureSource {
  /// Default: no failure.
  public var failure: String? { nil }
  /// Default: the picture without pixels.
  public func picture(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
    picture(width: width, height: height, colors: colors)
  }
  /// Default: the stand-in without pixels.
  public func standIn(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
    standIn(width: width, height: height, colors: colors)
  }
  /// Default: none (the placeholder shows).
  public func standIn(width: Int, height: Int, colors: ColorSupport) -> Picture? { nil }
}

/// A picture that is already made, at one size.
public final class FixedPicture: PictureSource, Sendable {
  /// The picture given, whatever size is asked for.
  public let picture: Picture
  /// Creates a source of one picture.
  public init(_ picture: Picture) { self.picture = picture }
  /// The picture, whatever the size asked for (cut by the element's picture area when larger).
  public func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? { picture }
}

/// A picture drawn in terminal cells as part of an element's content (or
/// a panel's): where it sits in the element, and where it comes from.
public struct CellPicture {
  /// Where the picture sits in the element (inside its border).
  public enum Placement: Hashable, Sendable {
    /// The whole element: the title shows only on the placeholder.
    case fill
    /// Above the text: the title, lines and detail line take the rows they
    /// need at the bottom, the picture the rest.
    case top
    /// On the leading side, `width` columns wide, the text beside it.
    case leading(width: Int)
  }

  /// Where the picture comes from.
  public var source: any PictureSource
  /// Where it sits.
  public var placement: Placement
  /// The placeholder's colour while the picture is not there; nil derives
  /// one from the title, so an element keeps its colour from frame to frame.
  public var placeholderColor: Color?

  /// Creates a picture for an element's content.
  public init(_ source: any PictureSource, placement: Placement = .top, placeholderColor: Color? = nil) {
    self.source = source
    self.placement = placement
    self.placeholderColor = placeholderColor
  }

  /// A muted colour derived from `text` (the same text, the same colour, in every run).
  public static func placeholderColor(for text: String) -> Color {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return palette[Int(hash % UInt32(palette.count))]
  }

  /// Dark, muted colours light text reads on.
  static let palette: [Color] = [
    .rgb(0x5B, 0x3A, 0x29), .rgb(0x2E, 0x4A, 0x62), .rgb(0x3D, 0x5A, 0x3A), .rgb(0x5E, 0x2D, 0x4F),
    .rgb(0x4A, 0x4A, 0x22), .rgb(0x23, 0x4E, 0x52), .rgb(0x61, 0x34, 0x34), .rgb(0x3B, 0x3B, 0x5C),
  ]
}

extension Surface {
  /// Draws `picture` centred in `area` (made for `colors`), or, until it
  /// is ready, the source's stand-in (another size of it) or its
  /// placeholder: `title` on the placeholder's colour (grey and marked "!"
  /// when the source failed). Returns the source when its picture is still
  /// to come. Without `showsPicture` (a terminal set to show none) the
  /// placeholder is drawn and the source is not asked. On a surface with
  /// <doc:/GridRender/Surface/pixelImages>, the source is asked for a picture with pixels.
  mutating func draw(
    _ picture: CellPicture, in area: CellRect, title: String, colors: ColorSupport, adding attributes: TextAttributes = [],
    showsPicture: Bool = true, asciiOnly: Bool = false
  ) -> (any PictureSource)? {
    guard !area.isEmpty else { return nil }
    notePictures()
    let cellPixels = pixelImages?.cellSize
    let source = picture.source
    func made() -> Picture? {
      if let cellPixels { return source.picture(width: area.width, height: area.height, colors: colors, cellPixels: cellPixels) }
      return source.picture(width: area.width, height: area.height, colors: colors)
    }
    func standIn() -> Picture? {
      if let cellPixels { return source.standIn(width: area.width, height: area.height, colors: colors, cellPixels: cellPixels) }
      return source.standIn(width: area.width, height: area.height, colors: colors)
    }
    // (Without UTF-8, block symbols as blanks of their colours: see `Picture.asciiOnly`.)
    if showsPicture, let made = made() {
      drawCentred(asciiOnly ? made.asciiOnly : made, in: area, adding: attributes)
      return nil
    }
    let failed = showsPicture && picture.source.failure != nil
    if showsPicture, !failed, let standIn = standIn() {
      drawCentred(asciiOnly ? standIn.asciiOnly : standIn, in: area, adding: attributes)
      return picture.source
    }
    let color = failed ? Color.rgb(0x3A, 0x3A, 0x3A) : picture.placeholderColor ?? CellPicture.placeholderColor(for: title)
    let style = Style(foreground: .brightWhite, background: color, attributes: attributes)
    fill(area, style: style)
    let label = failed ? "! " + title : title
    if !label.isEmpty, area.width > 2 {
      let lines = TextLayout.wrap(label, width: area.width - 2, maxLines: area.height)
      var y = area.y + (area.height - lines.count) / 2
      withClip(area) {
        for line in lines {
          let w = min(area.width - 2, DisplayWidth.of(line))
          $0.draw(line, x: area.x + 1 + (area.width - 2 - w) / 2, y: y, maxWidth: area.width - 2, style: style)
          y += 1
        }
      }
    }
    return failed || !showsPicture ? nil : picture.source
  }

  /// Draws `picture` centred in `area`, cut by it when larger. In pixels,
  /// where placeholder cells cannot show reverse video (kitty's), the area
  /// around the picture takes none either, so that nothing beside a
  /// picture narrower than its cells shows another colour than the
  /// picture's transparent parts.
  private mutating func drawCentred(_ picture: Picture, in area: CellRect, adding attributes: TextAttributes) {
    withClip(area) {
      let inPixels = $0.draw(
        picture, x: area.x + (area.width - picture.width) / 2, y: area.y + (area.height - picture.height) / 2,
        adding: attributes)
      if inPixels, let table = $0.pixelImages, !table.placeholdersTakeAttributes {
        $0.restyle(area) { style in
          var plain = style
          plain.attributes.remove(.reverse)
          return plain
        }
      }
    }
  }
}

/// Work done off the main thread whose results the run loop takes back to
/// it: pictures decoded and rasterized in the background. Add it to
/// ``CollectionView/backgroundWork``; while results are still to come the
/// run loop looks for them every frame interval (and otherwise sleeps).
public protocol BackgroundWork: AnyObject {
  /// True while results may still arrive.
  var hasPendingResults: Bool { get }
  /// On the main thread: takes what finished since the last call, as the
  /// picture sources whose pictures are now ready (or failed for good).
  func takeFinishedSources() -> [ObjectIdentifier]
  /// On the main thread: the terminal's capabilities, when a collection
  /// view that holds this work is told them (at start and whenever they
  /// change): a picture loader takes the cell size's shape for pictures in
  /// symbols. The default does nothing.
  func adapt(to capabilities: TerminalCapabilities)
}

extension BackgroundWork {
  /// Does nothing.
  public func adapt(to capabilities: TerminalCapabilities) {}
}
