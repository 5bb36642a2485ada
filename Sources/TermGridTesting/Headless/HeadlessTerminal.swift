import GridRender
import GridTerminal

/// A terminal in memory for tests: presented surfaces can be read back as
/// text, and input comes from a script of events.
public final class HeadlessTerminal: Terminal {
  /// The width in cells.
  public private(set) var width: Int
  /// The height in cells.
  public private(set) var height: Int
  /// What the terminal reports it can show.
  public var capabilities: TerminalCapabilities
  /// What is on the "screen": the last surface presented.
  public private(set) var screen: Surface
  /// Events still to be delivered, in order.
  public var pendingEvents: [InputEvent] = []
  /// Where the cursor rests: the last position an update gave (nil: none yet).
  public private(set) var cursor: CellPoint?
  /// Whether the last update showed the cursor.
  public private(set) var isCursorVisible = false
  /// How many times ``present(_:)`` was called.
  public private(set) var presentCount = 0
  /// How many cells differed from the screen at the last present.
  public private(set) var lastChangedCells = 0
  /// How often ``nextEvent(timeout:)`` found nothing pending when asked to
  /// wait without a timeout, or not to wait at all right after the loop
  /// took nothing (the run loop going idle; in `untilIdle` mode it looks
  /// without waiting).
  public private(set) var idleWaits = 0
  /// Whether the last read gave an event.
  private var justGaveAnEvent = false
  /// How many row scrolls were replayed (see <doc:/GridRender/Surface/scrollHints>).
  public private(set) var scrolls = 0
  /// True after ``restore()``.
  public private(set) var isRestored = false
  /// True once ``closeInput()`` was called: when the script runs out,
  /// ``nextEvent(timeout:)`` says <doc:/GridTerminal/InputEvent/endOfInput>.
  public private(set) var isInputClosed = false
  /// Called with the time a wait would have taken when ``nextEvent(timeout:)``
  /// is asked to wait a finite time and nothing is pending: a test advances
  /// its animation clock here, so a run loop that ticks an animation sees
  /// time pass (`terminal.onWait = clock.advance(by:)` with a `ManualAnimationClock`).
  public var onWait: ((Duration) -> Void)?
  /// How many finite waits ran out with nothing pending (animation ticks).
  public private(set) var timedWaits = 0

  /// Creates a headless terminal of `width` x `height` cells.
  public init(width: Int, height: Int, capabilities: TerminalCapabilities = TerminalCapabilities(colors: .indexed256)) {
    self.width = width
    self.height = height
    self.capabilities = capabilities
    screen = Surface(width: width, height: height)
  }

  /// Queues events, and for a resize changes the size as a real terminal would when it is read.
  public func send(_ events: InputEvent...) { pendingEvents.append(contentsOf: events) }
  /// Queues key presses.
  public func send(keys: Key...) { pendingEvents.append(contentsOf: keys.map { .key($0) }) }
  /// Closes the input, as a closed standard input: once the queued events
  /// are read, every read says <doc:/GridTerminal/InputEvent/endOfInput>.
  public func closeInput() { isInputClosed = true }

  /// The next scripted event. When the script is empty: <doc:/GridTerminal/InputEvent/endOfInput>
  /// if the input was closed, else nil (a wait that ran out; a test's run
  /// loop in `untilIdle` mode then returns).
  public func nextEvent(timeout: Duration?) throws -> InputEvent? {
    guard !pendingEvents.isEmpty else {
      if isInputClosed { return .endOfInput }
      if let timeout, timeout > .zero {
        timedWaits += 1
        onWait?(timeout)
      } else if timeout == nil || !justGaveAnEvent {
        // (A look with no wait right after an event is the run loop reading the rest of a burst, not going idle.)
        idleWaits += 1
      }
      justGaveAnEvent = false
      return nil
    }
    let e = pendingEvents.removeFirst()
    justGaveAnEvent = true
    if case .resize(let w, let h) = e {
      width = w
      height = h
    }
    return e
  }

  /// Applies the update to its screen as a terminal does (clear, scrolls,
  /// then the changed cells, wide graphemes covering the next cell) and
  /// counts the cells written. The screen is built from the changes alone,
  /// never copied from the update's frame, so a test sees what a real
  /// terminal would show.
  public func present(_ update: FrameUpdate) throws {
    presentCount += 1
    if update.clearsScreen { screen = Surface(width: update.width, height: update.height) }
    for hint in update.scrolls { screen.scrollRows(hint.rows, by: hint.by) }
    scrolls += update.scrolls.count
    for change in update.changes where change.x < screen.width && change.y < screen.height {
      screen.setCell(change.cell, x: change.x, y: change.y)
    }
    lastChangedCells = update.changedCellCount
    if let rest = update.cursor { cursor = rest }
    isCursorVisible = update.showsCursor
    screen.markPresented()
    switch capabilities.pictures {
    case .kitty: pictureOutput += pixels.kittyCommands(for: update, insideTmux: false)
    case .sixel: pictureOutput += pixels.sixels(for: update)
    case .kittyPlacements:
      let (before, after) = pixels.kittyPlacements(for: update)
      pictureOutput += before + after
    case .off, .symbols: break
    }
  }

  /// What a terminal with ``capabilities``' `pictures` set to kitty or
  /// sixel would have been sent for pictures so far, besides the cells (see
  /// <doc:/GridTerminal/PixelPictureWriter>): kitty transmissions and
  /// deletions, or sixel images. A test may empty it.
  public var pictureOutput: [UInt8] = []
  private var pixels = PixelPictureWriter()

  /// What ``takeScreenReset()`` gives next.
  private var screenReset: ScreenReset?

  /// What happened to the screen since last asked: lost after ``simulateResume()``.
  public func takeScreenReset() -> ScreenReset? {
    defer { screenReset = nil }
    return screenReset
  }

  /// Acts as a terminal brought back after a suspend (Ctrl-Z, `fg`): what
  /// it showed is forgotten, so the next frame must clear it (``takeScreenReset()``
  /// says <doc:/GridTerminal/ScreenReset/lost>).
  public func simulateResume() {
    screenReset = .lost
    screen = Surface(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width { screen.setCell(Cell(grapheme: "?", style: .plain, width: 1), x: x, y: y) }
    }
  }

  /// Records that the terminal was restored.
  public func restore() { isRestored = true }

  /// How many times the run loop asked how the terminal shows pictures
  /// (see <doc:/GridTerminal/Terminal/requestPictureSupport()>). A test that starts with
  /// ``capabilities``' `picturesPending` answers by setting ``capabilities``
  /// (in ``onWait``, say).
  public private(set) var pictureSupportRequests = 0

  /// Counts the request (see ``pictureSupportRequests``).
  public func requestPictureSupport() { pictureSupportRequests += 1 }

  /// The screen as text (lines without trailing spaces).
  public var text: String { screen.text }
}
