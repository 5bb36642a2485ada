/// An element on its way to the surface: what it shows, where, and how opaque.
package struct PlacedElement {
  /// What it draws.
  package var drawing: ElementDrawing
  /// Its frame in surface cells (snapped, scaled).
  package var frame: CellRect
  /// Its alpha (1: opaque), drawn as ``AlphaBlend`` says.
  package var alpha: Double
  /// Whether the result says where its text starts (the focused item's).
  package var findsTextStart: Bool

  /// Places an element.
  package init(_ drawing: ElementDrawing, in frame: CellRect, alpha: Double = 1, findsTextStart: Bool = false) {
    self.drawing = drawing
    self.frame = frame
    self.alpha = alpha
    self.findsTextStart = findsTextStart
  }
}

extension Surface {
  /// Draws `elements` in their order, each clipped to its frame and to
  /// `viewport`, changing only the cells in `clip` (an element is laid out
  /// in its whole frame): the whole of a collection view's drawing of its
  /// elements in one call. An element below full alpha is drawn in its
  /// cells (pixels cannot fade) and faded as `blend` says. Returns what
  /// each drawing gave back, in the order given (nothing for an element
  /// outside the clip). With `clearingFirst`, the cells of `clip` (in the
  /// viewport) are blanked before the elements are drawn over them.
  package mutating func drawElements(
    _ elements: [PlacedElement], in viewport: CellRect, changing clip: CellRect, clearingFirst: Bool = false,
    blend: AlphaBlend
  ) -> [ElementDrawn?] {
    var results = [ElementDrawn?](repeating: nil, count: elements.count)
    withClip(viewport) { surface in
      surface.withChangesConfined(to: clip) { surface in
        if clearingFirst { surface.fill(clip) }
        for (index, element) in elements.enumerated() {
          let frame = element.frame
          guard !frame.intersection(surface.clip).isEmpty else { continue }
          surface.withClip(frame) { surface in
            if element.alpha < 1 {
              surface.withoutPixels {
                results[index] = element.drawing.draw(in: frame, on: &$0, findingTextStart: element.findsTextStart)
              }
              surface.fade(frame, alpha: element.alpha, blend: blend)
            } else {
              results[index] = element.drawing.draw(in: frame, on: &surface, findingTextStart: element.findsTextStart)
            }
          }
        }
      }
    }
    return results
  }
}
