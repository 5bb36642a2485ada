import GridRender

/// A colour as red, green and blue, 0-255.
public struct RGB: Hashable, Sendable {
  /// The red.
  public var r: Int
  /// The green.
  public var g: Int
  /// The blue.
  public var b: Int
  /// Creates a colour.
  public init(_ c: (r: Int, g: Int, b: Int)) {
    r = c.r
    g = c.g
    b = c.b
  }
  /// The colour darkened (or lightened) by `factor`.
  public func scaled(by factor: Double) -> RGB {
    RGB((Int(Double(r) * factor), Int(Double(g) * factor), Int(Double(b) * factor)))
  }
  /// How far apart two colours look: the largest of the differences in
  /// luminance and in any one channel.
  public func distance(to o: RGB) -> Int {
    let luminance = { (c: RGB) in (2126 * c.r + 7152 * c.g + 722 * c.b) / 10_000 }
    return max(abs(luminance(self) - luminance(o)), abs(r - o.r), abs(g - o.g), abs(b - o.b))
  }
}
