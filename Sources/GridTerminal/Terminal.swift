import GridRender

/// What a terminal can show.
public struct TerminalCapabilities: Hashable, Sendable {
  /// How many colours the terminal shows (every style is degraded to them).
  public var colors: ColorSupport
  /// True when the terminal takes UTF-8 (line drawing, CJK); false means ASCII only.
  public var unicode: Bool
  /// True when mouse events are reported.
  public var mouse: Bool
  /// True when the terminal can scroll a band of rows: a ``Screen`` then
  /// passes a view's scrolls on, and only the rows that come into view are written.
  public var scrollsRegions: Bool
  /// How pictures are drawn. A curses terminal starts with ``PictureSupport/symbols``
  /// and changes it when the terminal's answers come (see ``TerminalProbe``).
  public var pictures: PictureSupport
  /// The size of a character cell in pixels, when the terminal said it
  /// (its window size, or its answer to `CSI 16 t`): what pixel pictures
  /// are made for, and whose shape pictures in symbols take. Nil: unknown
  /// (pictures in pixels then take <doc:/GridRender/PixelSize/assumedCell>).
  /// A size no terminal has (<doc:/GridRender/PixelSize/isPlausibleCell>)
  /// is not believed: pictures are then drawn in symbols.
  public var cellPixelSize: PixelSize?
  /// The colours the picture ids in kitty's placeholder cells travel in
  /// (nil: ``colors``): true colour where kitty reads the cells itself,
  /// since it takes a 24-bit colour whatever `TERM` says, so that ids run to
  /// 16,777,215; inside tmux only what tmux passes on (the palette's 256,
  /// unless tmux and `TERM` have RGB).
  public var placeholderColors: ColorSupport?
  /// True while the terminal has not yet said how it shows pictures
  /// (``pictures`` is then ``PictureSupport/symbols`` for the time being):
  /// it is asked when the first picture is drawn
  /// (``Terminal/requestPictureSupport()``), and until it answers pictures
  /// are drawn as their placeholders, never in symbols that pixels would
  /// replace a moment later. False for a terminal that cannot be asked or
  /// whose support was given.
  public var picturesPending: Bool
  /// Creates capabilities.
  public init(
    colors: ColorSupport, unicode: Bool = true, mouse: Bool = false, scrollsRegions: Bool = true,
    pictures: PictureSupport = .symbols, cellPixelSize: PixelSize? = nil, placeholderColors: ColorSupport? = nil,
    picturesPending: Bool = false
  ) {
    self.colors = colors
    self.unicode = unicode
    self.mouse = mouse
    self.scrollsRegions = scrollsRegions
    self.pictures = pictures
    self.cellPixelSize = cellPixelSize
    self.placeholderColors = placeholderColors
    self.picturesPending = picturesPending
  }

  /// Whether pictures are drawn at all now: not when the terminal shows
  /// none (``PictureSupport/off``), nor while it has not said how it shows
  /// them (``picturesPending``): their placeholders show instead.
  public var showsPictures: Bool { pictures != .off && !picturesPending }

  /// Whether pictures are drawn in pixels: sixel, kitty with classic
  /// placements, or kitty with placeholder cells where they can be written
  /// (UTF-8) and their colours carry the pictures' ids (256 colours or
  /// more, see ``placeholderColors``); never for a cell size no terminal has.
  public var drawsPixels: Bool {
    if let cell = cellPixelSize, !cell.isPlausibleCell { return false }
    switch pictures {
    case .sixel, .kittyPlacements: return true
    case .kitty:
      let ids = placeholderColors ?? colors
      return unicode && (ids == .trueColor || ids == .indexed256)
    case .off, .symbols: return false
    }
  }

  /// The colours picture ids are written in, for a table of pixel pictures
  /// (<doc:/GridRender/PixelImageTable/colors>): with kitty's placeholder
  /// cells, ``placeholderColors`` or ``colors``; otherwise the ids never
  /// reach the terminal as colours (sixel, classic placements), and true
  /// colour gives the most.
  public var pictureIDColors: ColorSupport {
    pictures == .kitty ? placeholderColors ?? colors : .trueColor
  }

  /// The cell size pictures in pixels are made for (the terminal's, or
  /// <doc:/GridRender/PixelSize/assumedCell> when it did not say), or nil
  /// when pictures are not drawn in pixels (``drawsPixels`` is false): the
  /// very `cellPixels` drawing asks picture sources for, so what to prefetch
  /// pictures for.
  public var pixelPictureCellSize: PixelSize? {
    drawsPixels ? cellPixelSize ?? .assumedCell : nil
  }
}

/// A terminal the run loop draws to and reads from.
public protocol Terminal: AnyObject {
  /// The size in cells (columns, rows).
  var width: Int { get }
  var height: Int { get }
  /// What the terminal can show.
  var capabilities: TerminalCapabilities { get }
  /// The next input event: waits at most `timeout` (forever when nil; a zero
  /// timeout only polls). Returns nil when the time ran out or the wait was
  /// woken (``wakeUpHandler``), and ``InputEvent/endOfInput`` once the
  /// input is closed (never nil from a wait without a timeout that was not
  /// woken).
  func nextEvent(timeout: Duration?) throws -> InputEvent?
  /// Makes the screen show the next frame: clears the screen when the
  /// update says so, replays its scrolls, then writes its changes (cells
  /// outside the terminal's size are left out). The terminal keeps no copy
  /// of the screen: the ``Screen`` that made the update does.
  func present(_ update: FrameUpdate) throws
  /// What happened to the screen since this was last asked, besides the
  /// updates presented (nil: nothing): ``ScreenReset/lost`` when the
  /// terminal no longer knows what it shows (it was suspended and
  /// resumed), ``ScreenReset/cleared`` when it cleared it itself. The one
  /// who draws asks before each frame and gives it to ``Screen/reset(_:)``,
  /// which keeps the screen's state; the terminal keeps none. A run loop
  /// looks at a frame only when something is due, so a terminal that loses
  /// its screen between frames also sends a resize event (with its size, as
  /// after a resume). The default says nothing.
  func takeScreenReset() -> ScreenReset?
  /// Gives the terminal back as it was found (cursor, echo, main screen). Idempotent.
  func restore()
  /// Asks the terminal how it shows pictures, if that is still to be found
  /// out (``TerminalCapabilities/picturesPending``): a run loop calls it
  /// once, after the first frame that drew a picture, so that a program
  /// that shows none sends no query. The answers arrive with the input;
  /// ``capabilities`` changes when they have. The default does nothing.
  func requestPictureSupport()
  /// A function that, called from any thread, ends the terminal's wait for
  /// input (the one under way, or else the next) with no event: what a
  /// run loop gives work running on other threads, so that it draws their
  /// results as soon as they are ready and sleeps meanwhile. Nil, the
  /// default, when the terminal cannot be woken (a run loop then looks for
  /// results every frame interval).
  var wakeUpHandler: (@Sendable () -> Void)? { get }
}

extension Terminal {
  /// Default: nothing to ask.
  public func requestPictureSupport() {}
  /// Default: nothing happens to the screen but the updates.
  public func takeScreenReset() -> ScreenReset? { nil }
  /// Whether the terminal lost its screen: the ``Screen`` keeps that now.
  @available(*, unavailable, message: "the Screen keeps the screen's state: Terminal.takeScreenReset() and Screen.reset(_:)")
  public var needsFullRepaint: Bool { fatalError("unavailable") }
  /// Default: none.
  public var wakeUpHandler: (@Sendable () -> Void)? { nil }
}
