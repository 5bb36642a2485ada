import TermGrid

/// The cover of a book that has no cover file: a plain board in a colour
/// derived from its title (the placeholder's colour, so nothing changes
/// colour when a real cover would have come), any size.
final class PlainCover: PictureSource {
  let color: Color

  init(title: String) { color = CellPicture.placeholderColor(for: title) }

  /// A board the size asked for, two thirds as wide as tall (a book's shape) at most.
  func picture(width: Int, height: Int, colors: ColorSupport) -> Picture? {
    let w = max(1, min(width, height * 4 / 3))
    return Picture(width: w, height: height, color: color)
  }
}
