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
  /// How many row scrolls were replayed (see ``Surface/scrollHints``).
  public private(set) var scrolls = 0
  /// True after ``restore()``.
  public private(set) var isRestored = false
  /// True once ``closeInput()`` was called: when the script runs out,
  /// ``nextEvent(timeout:)`` says ``InputEvent/endOfInput``.
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
  /// are read, every read says ``InputEvent/endOfInput``.
  public func closeInput() { isInputClosed = true }

  /// The next scripted event. When the script is empty: ``InputEvent/endOfInput``
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

  /// Keeps the surface as the screen and counts the cells that changed.
  public func present(_ surface: Surface) throws {
    presentCount += 1
    if surface.width == screen.width, surface.height == screen.height {
      // The same diff as the curses backend's: the rows drawn into, cell by
      // cell, into this terminal's own copy (no copy of the whole surface).
      for hint in surface.scrollHints { screen.scrollRows(hint.rows, by: hint.by) }
      scrolls += surface.scrollHints.count
      var changed = 0
      screen.updateCells(from: surface) { cell, _, _ in changed += max(1, Int(cell.width)) }
      lastChangedCells = changed
    } else {
      lastChangedCells = surface.width * surface.height
      screen = Surface(width: surface.width, height: surface.height)
      screen.updateCells(from: surface, allRows: true) { _, _, _ in }
    }
    screen.markPresented()
  }

  /// Records that the terminal was restored.
  public func restore() { isRestored = true }

  /// The screen as text (lines without trailing spaces).
  public var text: String { screen.text }
}
