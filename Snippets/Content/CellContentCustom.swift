// Cells drawn by code: a progress bar over a stock card, and a cell drawn
// entirely by a closure. The collection view still draws the focus and
// selection over whatever a closure drew.
import TermGrid

// snippet.show
func progressCard(title: String, done: Double) -> ElementContent {
  .custom(drawingOver: ElementContent(title: title, border: .rounded)) { surface, frame, state in
    // The bottom row inside the border: as many blocks as are done.
    let width = max(0, frame.width - 2)
    let blocks = Int((done * Double(width)).rounded())
    surface.draw(
      String(repeating: "█", count: blocks), x: frame.x + 1, y: frame.maxY - 2, maxWidth: width,
      style: Style(foreground: state.isFocused ? .black : .green))
  }
}

let swatch = ElementContent.custom { surface, frame, _ in
  surface.fill(frame, with: " ", style: Style(background: .rgb(200, 60, 40)))
}
// snippet.hide
_ = (progressCard(title: "Copying", done: 0.5), swatch)
