import GridLayout
import GridRender

extension ElementContent {
  /// The size in cells of the picture's area in an element of `size` (its
  /// frame's size), or nil when the content has no picture: what to make
  /// or prefetch a picture for. (A 24x10 card with a border and a title
  /// under its picture has a picture area of 22x7.)
  public func pictureSize(inElementOf size: Size) -> (width: Int, height: Int)? {
    guard let picture else { return nil }
    let frame = CellRect(x: 0, y: 0, width: max(0, Int(size.width.rounded())), height: max(0, Int(size.height.rounded())))
    let area = split(drawsBorder(in: frame) ? frame.insetBy(1) : frame, for: picture.placement).picture
    return (area.width, area.height)
  }

  /// The former name of ``pictureSize(inElementOf:)``.
  @available(*, deprecated, renamed: "pictureSize(inElementOf:)")
  public func pictureSize(inCellOf size: Size) -> (width: Int, height: Int)? { pictureSize(inElementOf: size) }

  /// Whether the border is drawn in `frame` (one needs two rows and two columns).
  func drawsBorder(in frame: CellRect) -> Bool {
    border != nil && frame.width >= 2 && frame.height >= 2
  }

  /// The picture's area and the text's in `inner` (the cell inside its border).
  func split(_ inner: CellRect, for placement: CellPicture.Placement) -> (picture: CellRect, text: CellRect) {
    switch placement {
    case .fill:
      return (inner, CellRect(x: inner.x, y: inner.maxY, width: inner.width, height: 0))
    case .top:
      let titleRows = title.isEmpty ? 0 : max(1, titleLineLimit)
      let textRows = min(inner.height, titleRows + lines.count + (detail == nil ? 0 : 1))
      let pictureRows = inner.height - textRows
      return (
        CellRect(x: inner.x, y: inner.y, width: inner.width, height: pictureRows),
        CellRect(x: inner.x, y: inner.y + pictureRows, width: inner.width, height: textRows)
      )
    case .leading(let width):
      let w = min(max(0, width), inner.width)
      return (
        CellRect(x: inner.x, y: inner.y, width: w, height: inner.height),
        CellRect(x: inner.x + w, y: inner.y, width: inner.width - w, height: inner.height)
      )
    }
  }
}
