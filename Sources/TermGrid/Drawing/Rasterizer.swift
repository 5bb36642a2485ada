import GridLayout
import GridRender

/// Draws layout attributes onto a <doc:/GridRender/Surface>: in drawing order (zIndex, then
/// decoration, item, supplementary, then index path), each element clipped
/// to its snapped frame and to the viewport, hidden ones skipped.
///
/// Alpha follows ``blend``: on 256-colour and true-colour terminals an
/// element's colours are blended toward the backdrop; with 8 colours or none
/// an element below 0.5 is dim and one below 0.15 is not drawn; 0 is
/// invisible everywhere. A scale draws the element into its frame scaled
/// about the centre (so content is clipped and a border is kept while there
/// is room for one); a scale of 0 draws nothing.
public struct Rasterizer: Sendable {
  /// How alpha is drawn on this terminal.
  public var blend: AlphaBlend

  /// Creates a rasterizer.
  public init(blend: AlphaBlend = AlphaBlend()) { self.blend = blend }

  /// Draws `attributes`, whose frames are in content coordinates, with the
  /// content point `contentOffset` at the top-left of `viewport`. `draw` is
  /// called once per drawn element with its attributes and its frame in
  /// surface cells; the surface's clip is the frame within the viewport.
  ///
  /// With `clip`, only the cells inside it (and the viewport) are touched.
  public func rasterize(
    _ attributes: [LayoutAttributes], contentOffset: Point, viewport: CellRect, clip: CellRect? = nil,
    into surface: inout Surface, draw: (LayoutAttributes, CellRect, inout Surface) -> Void
  ) {
    rasterize(
      attributes, attributes: { $0 }, contentOffset: contentOffset, viewport: viewport, clip: clip, into: &surface,
      draw: { element, frame, surface in draw(element, frame, &surface) })
  }

  /// Draws elements of any type that carry layout attributes (an element
  /// and the content it keeps, say), as ``rasterize(_:contentOffset:viewport:clip:into:draw:)``.
  /// With `inDrawingOrder`, the caller has put them in the order to draw.
  public func rasterize<Element>(
    _ elements: [Element], attributes: (Element) -> LayoutAttributes, inDrawingOrder: Bool = false,
    contentOffset: Point, viewport: CellRect, clip: CellRect? = nil, into surface: inout Surface,
    draw: (Element, CellRect, inout Surface) -> Void
  ) {
    let ordered =
      inDrawingOrder || isSorted(elements, attributes)
      ? elements
      : elements.sorted {
        LayoutAttributes.drawingOrder(attributes($0), attributes($1))
      }
    let dx = Double(viewport.x) - contentOffset.x
    let dy = Double(viewport.y) - contentOffset.y
    surface.withClip(viewport) { surface in
      // Each element is laid out in its whole frame (within the viewport) and changes only the cells in `clip`.
      surface.withChangesConfined(to: clip ?? viewport) { surface in
        for element in ordered {
          let a = attributes(element)
          guard !a.isHidden, blend.isVisible(a.alpha), a.scale.x > 0, a.scale.y > 0 else { continue }
          let frame = CellRect(snapping: Self.scaled(a.frame, a.scale).offsetBy(dx: dx, dy: dy))
          guard !frame.intersection(surface.clip).isEmpty else { continue }
          surface.withClip(frame) { surface in
            if a.alpha < 1 {
              // Pixels cannot fade: a fading picture is drawn in its cells, and lands as pixels.
              surface.withoutPixels { draw(element, frame, &$0) }
              surface.fade(frame, alpha: a.alpha, blend: blend)
            } else {
              draw(element, frame, &surface)
            }
          }
        }
      }
    }
  }

  /// `frame` scaled by `scale` about its centre.
  public static func scaled(_ frame: Rect, _ scale: Scale) -> Rect {
    guard scale != .identity else { return frame }
    let w = frame.width * scale.x
    let h = frame.height * scale.y
    return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
  }

  func isSorted<Element>(_ a: [Element], _ attributes: (Element) -> LayoutAttributes) -> Bool {
    var i = 1
    while i < a.count {
      if LayoutAttributes.drawingOrder(attributes(a[i]), attributes(a[i - 1])) { return false }
      i += 1
    }
    return true
  }
}
