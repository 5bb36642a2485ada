import GridRender

/// The title bar and the status line of a ``CollectionViewController``:
/// what the app said for them last, when to ask it again, and what they
/// show on the surface. A frame asks the app only after something the
/// text may depend on changed, and draws a bar only when what it shows changed.
struct ControllerBars {
  /// The title the app gave last (nil: no title bar).
  private(set) var title: String?
  /// The left part of the status line the app gave last.
  private(set) var status = ""
  /// The key hints the app gave last.
  private(set) var hints: [StatusHint] = []

  /// True when the title is to be asked at the next frame whatever the view did.
  private var titleIsStale = true
  /// True when the status and hints are to be asked at the next frame whatever the view did.
  private var statusIsStale = true
  /// The view's changes when the title was asked.
  private var titleStamp: ViewChangeStamp?
  /// The view's changes when the status was asked.
  private var statusStamp: ViewChangeStamp?
  /// What the title bar shows on the surface (nil: nothing known, drawn next).
  private var drawnTitle: Line?
  /// What the status line shows on the surface (nil: nothing known, drawn next).
  private var drawnStatus: Line?
  /// The view's whole changes when the bars were last drawn: when the view
  /// draws whole (into a new surface, say), so do they.
  private var drawnWholeChanges: Int?

  /// One bar as drawn: all that decides its cells.
  private struct Line: Equatable {
    var text: String
    var hints: [StatusHint]
    var y: Int
    var width: Int
    var minimumLeft: Int
    var style: Style
  }

  /// The title is asked again at the next frame.
  mutating func setNeedsTitleUpdate() { titleIsStale = true }
  /// The status and hints are asked again at the next frame.
  mutating func setNeedsStatusUpdate() { statusIsStale = true }
  /// The surface may no longer show the bars (an overlay covered them): they are drawn at the next frame.
  mutating func setNeedsDrawing() {
    drawnTitle = nil
    drawnStatus = nil
  }

  /// Whether the title is to be asked, the view being at `stamp`.
  func titleIsDue(at stamp: ViewChangeStamp) -> Bool {
    titleIsStale || titleStamp.map { $0.titleMayDiffer(from: stamp) } ?? true
  }

  /// Whether the status and hints are to be asked, the view being at `stamp`.
  func statusIsDue(at stamp: ViewChangeStamp) -> Bool { statusIsStale || statusStamp != stamp }

  /// Keeps the title the app gave with the view at `stamp`.
  mutating func keepTitle(_ title: String?, at stamp: ViewChangeStamp) {
    self.title = title
    titleIsStale = false
    titleStamp = stamp
  }

  /// Keeps the status and hints the app gave with the view at `stamp`.
  mutating func keepStatus(_ status: String, hints: [StatusHint], at stamp: ViewChangeStamp) {
    self.status = status
    self.hints = hints
    statusIsStale = false
    statusStamp = stamp
  }

  /// Remembers the view's changes made since the text was asked by the
  /// frame itself (a new frame, the app's ``CollectionViewController/viewDidLayout()``):
  /// they do not ask it again.
  mutating func frameDidDraw(at stamp: ViewChangeStamp) {
    if !titleIsStale { titleStamp = stamp }
    if !statusIsStale { statusStamp = stamp }
    drawnWholeChanges = stamp.wholeChanges
  }

  /// Before a frame, the view being at `stamp`: when it changed whole since
  /// the last frame (it draws everything), the bars are drawn again too.
  mutating func frameWillDraw(at stamp: ViewChangeStamp) {
    if stamp.wholeChanges != drawnWholeChanges { setNeedsDrawing() }
  }

  /// Draws the title bar across row 0 unless the surface shows it already; nil: no title bar this frame.
  mutating func drawTitle(_ text: String?, into surface: inout Surface, style: Style) {
    guard let text else {
      drawnTitle = nil
      return
    }
    let line = Line(text: " " + text, hints: [], y: 0, width: surface.width, minimumLeft: 0, style: style)
    guard line != drawnTitle else { return }
    surface.fill(CellRect(x: 0, y: 0, width: surface.width, height: 1), style: style)
    surface.draw(line.text, x: 0, y: 0, maxWidth: surface.width, style: style)
    drawnTitle = line
  }

  /// Draws the status line across row `y` unless the surface shows it
  /// already (see <doc:/GridRender/Surface/drawStatusLine(_:hints:y:minimumLeft:style:)>);
  /// nil `y`: no status line this frame.
  mutating func drawStatus(_ left: String, hints: [StatusHint], y: Int?, into surface: inout Surface, style: Style) {
    guard let y else {
      drawnStatus = nil
      return
    }
    let line = Line(text: left, hints: hints, y: y, width: surface.width, minimumLeft: DisplayWidth.of(left), style: style)
    guard line != drawnStatus else { return }
    surface.drawStatusLine(left, hints: hints, y: y, minimumLeft: line.minimumLeft, style: style)
    drawnStatus = line
  }
}
