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

  /// The picture's area and the text's in `inner` (the cell inside its
  /// border): GridRender's split, which drawing uses, of the rows the text needs.
  func split(_ inner: CellRect, for placement: CellPicture.Placement) -> (picture: CellRect, text: CellRect) {
    var text = ElementDrawing()
    text.title = title
    text.titleLineLimit = titleLineLimit
    text.lines = lines
    text.detail = detail
    switch placement {
    case .fill: return text.split(inner, for: .fill)
    case .top: return text.split(inner, for: .top)
    case .leading(let width): return text.split(inner, for: .leading(width: width))
    }
  }
}
