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
