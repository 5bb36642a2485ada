import GridLayout
import GridRender

/// What a ``CollectionView`` draws behind all its content: its
/// ``CollectionView/backgroundView``, as UIKit's `backgroundView` is.
///
/// The content is drawn as an element is (``ElementContent`` with its fill,
/// border, text or picture, or an app's own drawing with
/// ``ElementContent/custom(_:)``), in a frame that is either the view's
/// ``CollectionView/viewport`` (fixed: it stays put while the content
/// scrolls over it) or the whole content, at least as large as the
/// viewport (``scrollsWithContent``: it moves with the items).
///
/// ```swift
/// collectionView.backgroundView = .filled(with: "·", style: Style(foreground: .brightBlack))
/// ```
public struct CollectionBackground {
  /// What the background shows, drawn with no focus or selection.
  public var content: ElementContent
  /// Whether the background scrolls with the content (true) or stays where
  /// the view is (false, the default). A fixed background makes a scrolled
  /// view draw every cell again rather than shift the rows it has (the
  /// terminal is not told to scroll a region).
  public var scrollsWithContent: Bool

  /// Creates a background that shows `content`.
  public init(_ content: ElementContent, scrollsWithContent: Bool = false) {
    self.content = content
    self.scrollsWithContent = scrollsWithContent
  }

  /// A background of one character in one style in every cell.
  public static func filled(with grapheme: Grapheme, style: Style = .plain, scrollsWithContent: Bool = false)
    -> CollectionBackground
  {
    CollectionBackground(.filled(with: grapheme, style: style), scrollsWithContent: scrollsWithContent)
  }

  /// A background the app draws: `draw` gets the surface and the frame the
  /// background takes on it (the viewport, or, when it scrolls with the
  /// content, the whole content moved by the scroll offset, which may start
  /// above or left of the view). Only the cells being redrawn change,
  /// whatever it draws.
  public static func custom(scrollsWithContent: Bool = false, _ draw: @escaping (inout Surface, CellRect) -> Void)
    -> CollectionBackground
  {
    CollectionBackground(.custom { surface, frame, _ in draw(&surface, frame) }, scrollsWithContent: scrollsWithContent)
  }
}

extension CollectionView {
  /// Whether scrolling may shift the rows already drawn (false under a fixed background, which does not move).
  var backgroundScrollsWithRows: Bool { backgroundView?.scrollsWithContent ?? true }

  /// Draws the background, if any, into the cells of `clip` (within the
  /// viewport), for the content at `extent` (the view's own offset and
  /// content size when nil).
  func drawBackground(in clip: CellRect, at extent: ScrollExtent? = nil, on surface: inout Surface) {
    guard let background = backgroundView else { return }
    let view = viewport
    let area = clip.intersection(view)
    guard !area.isEmpty else { return }
    var frame = view
    if background.scrollsWithContent {
      let offset = extent?.offset ?? contentOffset
      let size = extent?.contentSize ?? collectionViewLayout.contentSize
      frame = CellRect(
        snapping: Rect(
          x: Double(view.x) - offset.x, y: Double(view.y) - offset.y, width: max(size.width, Double(view.width)),
          height: max(size.height, Double(view.height))))
    }
    let renderer = ElementRenderer(theme: theme, colors: rasterizer.blend.colors, showsPictures: showsPictures)
    let awaited = surface.withClip(view) { surface in
      surface.withChangesConfined(to: area) { surface in
        surface.withClip(frame) { surface in
          renderer.draw(background.content, in: frame, state: ElementState(), on: &surface)
        }
      }
    }
    if let awaited { drawing.awaitPicture(from: ObjectIdentifier(awaited), for: nil) }
  }
}
