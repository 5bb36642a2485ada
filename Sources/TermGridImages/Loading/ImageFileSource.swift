import Dispatch
import GridPlatform
import GridRender
import TermGrid

/// The picture of one image file, made by a ``PictureLoader``: what a
/// cell's `CellPicture` holds.
public final class ImageFileSource: PictureSource, Sendable {
  /// The file (nil for a path that cannot be one: it held a NUL).
  public var file: FilePath? {
    if case .file(let file) = location { return file }
    return nil
  }
  /// The file's path as text (bytes that are not UTF-8 shown as U+FFFD).
  public var path: String { location.description }
  let location: PictureLoader.Location
  /// (Unowned: the loader keeps its sources.)
  private unowned let loader: PictureLoader

  init(location: PictureLoader.Location, loader: PictureLoader) {
    self.location = location
    self.loader = loader
  }

  /// The picture if made (else queued, and nil).
  public func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
    loader.picture(location, width: width, height: height, colors: colors)
  }

  /// The latest picture made of the file at another size, shown while this size is made.
  public func standIn(width: Int, height: Int, colors: ColorSupport) -> Picture? {
    loader.standIn(location, width: width, height: height, colors: colors)
  }

  /// The picture with pixels for cells of `cellPixels`, if made (else queued, and nil).
  public func picture(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
    loader.picture(location, width: width, height: height, colors: colors, cellPixels: cellPixels)
  }

  /// The latest picture made of the file, in pixels or not, shown while this one is made.
  public func standIn(width: Int, height: Int, colors: ColorSupport, cellPixels: PixelSize) -> Picture? {
    loader.standIn(location, width: width, height: height, colors: colors, cellPixels: cellPixels)
  }

  /// The decoding error, if the file gave one.
  public var failure: String? { loader.failure(location)?.description }
}
