extension Double {
  /// The value `fraction` of the way from `self` to `end`.
  @inlinable func lerp(to end: Double, _ fraction: Double) -> Double {
    self + (end - self) * fraction
  }
}

extension Rect {
  /// The rectangle `fraction` of the way from this one to `end` (each edge moves linearly).
  @inlinable public func interpolated(to end: Rect, fraction: Double) -> Rect {
    Rect(
      x: minX.lerp(to: end.minX, fraction), y: minY.lerp(to: end.minY, fraction),
      width: width.lerp(to: end.width, fraction), height: height.lerp(to: end.height, fraction))
  }
}

extension LayoutAttributes {
  /// The attributes `fraction` of the way from these to `end`: frame, alpha
  /// and scale move linearly; the identity, `zIndex` and `isHidden` are the
  /// end's once the animation ends (`fraction >= 1`). While it runs, an
  /// element keeps the higher of the two zIndex values, so an element that
  /// rises above the others does so from the start and one that sinks does
  /// so at the end.
  public func interpolated(to end: LayoutAttributes, fraction: Double) -> LayoutAttributes {
    if fraction >= 1 { return end }
    var a = end
    a.frame = frame.interpolated(to: end.frame, fraction: fraction)
    a.alpha = alpha.lerp(to: end.alpha, fraction)
    a.scale = Scale(x: scale.x.lerp(to: end.scale.x, fraction), y: scale.y.lerp(to: end.scale.y, fraction))
    a.zIndex = Swift.max(zIndex, end.zIndex)
    a.isHidden = isHidden && end.isHidden
    return a
  }
}
