/// Maps the scroll axis ("along") and the line axis ("across") to x and y, so
/// one set of line-breaking code serves both scroll directions.
struct Axis: Sendable {
  let isVertical: Bool

  @inline(__always) func along(_ s: Size) -> Double { isVertical ? s.height : s.width }
  @inline(__always) func across(_ s: Size) -> Double { isVertical ? s.width : s.height }
  @inline(__always) func alongMin(_ r: Rect) -> Double { isVertical ? r.minY : r.minX }
  @inline(__always) func alongMax(_ r: Rect) -> Double { isVertical ? r.maxY : r.maxX }
  @inline(__always) func acrossMin(_ r: Rect) -> Double { isVertical ? r.minX : r.minY }
  @inline(__always) func acrossMax(_ r: Rect) -> Double { isVertical ? r.maxX : r.maxY }
  @inline(__always) func alongLeading(_ i: EdgeInsets) -> Double { isVertical ? i.top : i.left }
  @inline(__always) func alongTrailing(_ i: EdgeInsets) -> Double { isVertical ? i.bottom : i.right }
  @inline(__always) func acrossLeading(_ i: EdgeInsets) -> Double { isVertical ? i.left : i.top }
  @inline(__always) func acrossTrailing(_ i: EdgeInsets) -> Double { isVertical ? i.right : i.bottom }

  @inline(__always) func rect(along: Double, across: Double, alongLength: Double, acrossLength: Double)
    -> Rect
  {
    isVertical
      ? Rect(x: across, y: along, width: acrossLength, height: alongLength)
      : Rect(x: along, y: across, width: alongLength, height: acrossLength)
  }
  @inline(__always) func size(along: Double, across: Double) -> Size {
    isVertical ? Size(width: across, height: along) : Size(width: along, height: across)
  }
}
