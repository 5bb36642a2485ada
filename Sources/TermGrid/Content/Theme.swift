import GridRender

/// How a collection view marks state. Focus, selection and a moving item
/// stay visible with no colour at all: focus is reverse video, selection is
/// bold with a heavy border and a check mark, a lifted item is bold with a
/// double border, drawn a cell up and right of its place above the others.
public struct Theme: Sendable {
  /// Applied on top of a focused element's style.
  public var focused: TextAttributes = [.reverse]
  /// Applied on top of a selected element's style.
  public var selected: TextAttributes = [.bold]
  /// The border of a selected element that has one.
  public var selectedBorder: Border = .heavy
  /// The mark drawn at the top-left of a selected element.
  public var selectionMark: Grapheme = "✓"
  /// Applied on top of a lifted (moving) element's style.
  public var lifted: TextAttributes = [.bold]
  /// The border of a lifted element that has one.
  public var liftedBorder: Border = .double
  /// The scroll indicator's track and thumb.
  public var scrollTrack = Style(foreground: .brightBlack)
  /// The scroll thumb.
  public var scrollThumb = Style.plain
  /// Use ASCII instead of line drawing (set from the terminal's capabilities).
  public var asciiOnly = false
  /// The title bar a ``CollectionViewController`` draws across the top.
  public var titleBar = Style(attributes: [.bold, .reverse])
  /// The status line across the bottom, and the prompts and text inputs drawn there.
  public var statusBar = Style(attributes: [.reverse])
  /// The border of panels, help and forms (ASCII when ``asciiOnly``).
  public var overlayBorder: Border = .double
  /// Overlay titles and their border.
  public var overlayTitle = Style(attributes: [.bold])
  /// Labels, hints and other secondary text in overlays.
  public var secondaryText = Style(attributes: [.dim])

  /// The border overlays draw: ``overlayBorder``, or ASCII.
  public var overlayBorderForTerminal: Border { asciiOnly ? .asciiDouble : overlayBorder }

  /// The default theme.
  public init() {}
}
