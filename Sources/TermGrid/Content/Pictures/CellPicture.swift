import GridLayout
import GridRender
import GridTerminal

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
