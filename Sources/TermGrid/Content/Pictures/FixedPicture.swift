import GridLayout
import GridRender
import GridTerminal

/// A picture that is already made, at one size.
public final class FixedPicture: PictureSource, Sendable {
  /// The picture given, whatever size is asked for.
  public let picture: Picture
  /// Creates a source of one picture.
  public init(_ picture: Picture) { self.picture = picture }
  /// The picture, whatever the size asked for (cut by the element's picture area when larger).
  public func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? { picture }
}
