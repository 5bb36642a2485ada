import GridPlatform
import GridRender
import GridTerminal

/// Drives a ``Scene`` on a <doc:/GridTerminal/Terminal>: waits for input without spinning,
/// handles every pending event before drawing once, and presents a frame
/// only when something changed.
///
/// After the events it asks once whether anything is due (the scene's
/// ``Scene/needsDisplay``, Ctrl-L, a resize, what the terminal can show):
/// events that changed nothing (a key that moved nothing) end there, with
/// no frame looked at, nothing asked of the terminal and nothing written.
/// The scene's finished work is taken in (``Scene/takeFinishedWork()``)
/// then only when it says work is pending (``Scene/hasPendingWork``) or a
/// frame follows; work that says nothing calls ``wakeUp`` when it has results.
///
/// After each frame it asks the scene ``Scene/needsDisplay`` again: while
/// that stays true (an animation is running) it waits at most
/// ``frameInterval`` for input and then draws the next frame; otherwise it
/// blocks on input, using no CPU. It ends when the scene says
/// ``EventResult/quit``, when the input ends (<doc:/GridTerminal/InputEvent/endOfInput>:
/// standard input closed), or when the scene throws; the terminal is
/// restored however it ends (signals are the curses backend's handlers').
///
/// It reads the input ahead of its handling, asking the scene what each
/// event may do to those before it (``Scene/role(ofQueued:)``): when keys
/// come faster than the scene takes them, a key that cancels the keys
/// before it (`q`, Ctrl-C, Esc in a ``CollectionViewController``) is
/// found behind thousands of them and handled at once, the keys before it
/// that only move around dropped, as a terminal drops what was typed ahead
/// when Ctrl-C interrupts a program. It looks no further than an event the
/// scene calls ``QueuedInputRole/ordinary`` until that one is handled, and
/// at most 65,536 events ahead. A resize and the end of input are never dropped.
///
/// Most apps run through ``Application/run(_:name:terminal:)``, which opens the
/// terminal and reports errors; tests run a loop on a [HeadlessTerminal](/documentation/termgridtesting/headlessterminal) of TermGridTesting.
public final class TerminalRunLoop {
  /// The terminal drawn to.
  public let terminal: any Terminal
  /// The scene shown.
  public let scene: any Scene
  /// The surface reused for every frame.
  public private(set) var surface: Surface
  /// What the terminal shows: each frame is diffed against it once, and
  /// the terminal is handed only the changes.
  public private(set) var screen = Screen()
  /// How many frames were presented.
  public private(set) var framesPresented = 0
  /// The time between animation frames (60 a second).
  public var frameInterval: Duration = .milliseconds(16)
  /// What the scene was last told the terminal can show (nil: not yet).
  private var toldCapabilities: TerminalCapabilities?
  /// The size the surface was made or last resized to: a frame compares
  /// the terminal's size with it without asking the surface.
  private var surfaceSize: (width: Int, height: Int)

  /// Creates a run loop.
  public init(terminal: any Terminal, scene: any Scene) {
    self.terminal = terminal
    self.scene = scene
    surface = Surface(width: terminal.width, height: terminal.height)
    surfaceSize = (terminal.width, terminal.height)
  }

  /// Resizes the surface to `width` x `height` unless it has that size.
  private func resizeSurface(width: Int, height: Int) {
    guard width != surfaceSize.width || height != surfaceSize.height else { return }
    surface.resize(width: width, height: height)
    surfaceSize = (width, height)
  }

  /// Runs until the scene quits or the input ends.
  ///
  /// - Parameter untilIdle: Also return as soon as no input is pending,
  ///   nothing animates and no background work is due (for tests; a
  ///   headless terminal's `onWait` can advance a
  ///   [ManualAnimationClock](/documentation/termgridtesting/manualanimationclock) so animations run to their end). Without
  ///   it the loop waits for input when idle; a terminal that has no input
  ///   left (a headless one whose keys are all handled) ends it too.
  /// - Throws: What the scene's handling or drawing throws, or the terminal's errors.
  public func run(untilIdle: Bool = false) throws {
    defer { terminal.restore() }
    if !started {
      started = true
      scene.willStart(wakeUp: wakeUp)
    }
    tellCapabilitiesIfChanged()
    try drawFrame(force: true)
    while true {
      if input.count == 0 {
        let animating = scene.needsDisplay
        // Results expected from background work (pictures), or the terminal's
        // answers to the picture queries (or what they changed, not yet told):
        // look every frame interval.
        let now = terminal.capabilities
        let awaiting =
          !animating && (scene.hasPendingWork || (requestedPictureSupport && now.picturesPending) || now != toldCapabilities)
        let wait: Duration? = animating || awaiting ? frameInterval : untilIdle ? .zero : nil
        guard let first = try terminal.nextEvent(timeout: wait) else {
          // A frame interval passed, or work on another thread woke the loop with results.
          if animating || awaiting || takeWakeRequest() {
            scene.takeFinishedWork()
            try drawFrame(force: tellCapabilitiesIfChanged())
            continue
          }
          // Nothing pending and nothing to draw. A terminal returns nil from a
          // wait without a timeout only when it has no input left (a test's
          // script) or was woken: stop rather than spin.
          return
        }
        input.append(first)
      }
      // Every event pending, before one frame; those a later one cancels are dropped.
      var resized = false
      while let next = try input.next(role: role(ofQueued:), readMore: { try terminal.nextEvent(timeout: .zero) }) {
        let e = next.event
        if next.dropped.contains(.key(redrawKey)) { repaintWhole() }
        switch e {
        case .endOfInput: return
        case .resize(let w, let h):
          // (A resume after a suspend comes as one too: the terminal lost its screen.)
          resized = true
          resizeSurface(width: w, height: h)
        case .key(redrawKey):
          repaintWhole()
          continue
        default: break
        }
        if case .quit = try scene.handle(e) { return }
      }
      // Finished work is taken in when the scene says work is pending, and
      // before a frame: work that says nothing wakes the loop (``wakeUp``),
      // which takes it at once.
      let pending = scene.hasPendingWork
      if pending { scene.takeFinishedWork() }
      // One look at whether anything is due: events that changed nothing
      // (a key that moved nothing) end here, with no frame looked at and nothing taken.
      if repaintsWhole || resized || terminal.capabilities != toldCapabilities || scene.needsDisplay {
        if !pending { scene.takeFinishedWork() }
        try drawFrame(force: tellCapabilitiesIfChanged() || repaintsWhole)
      }
      repaintsWhole = false
    }
  }

  /// Whether ``wakeUp`` was called since the last look (and no longer).
  private func takeWakeRequest() -> Bool {
    wakeRequests.withLock { requested in
      defer { requested = false }
      return requested
    }
  }

  /// The input read and not yet handled (read ahead, see ``Scene/role(ofQueued:)``).
  private var input = InputQueue()

  /// What `event`, read and not yet handled, may do to the events before
  /// it: the loop's own (the end of input, a resize, Ctrl-L), else what the scene says.
  private func role(ofQueued event: InputEvent) -> QueuedInputRole {
    switch event {
    case .endOfInput, .resize: .ordinary
    case .key(redrawKey): .droppable
    default: scene.role(ofQueued: event)
    }
  }

  /// The whole screen is written anew (after another program wrote to it), as in every terminal program.
  private func repaintWhole() {
    screen.invalidate()
    repaintsWhole = true
  }

  /// The key that writes the whole screen anew: Ctrl-L, which the scene never sees.
  public static let redrawKey = Key.control("l")
  /// ``redrawKey``, kept by the loop (compared with every event).
  private let redrawKey = TerminalRunLoop.redrawKey
  /// Ctrl-L was pressed: the next frame is written whole.
  private var repaintsWhole = false
  /// Whether ``wakeUp`` was called since the loop last looked.
  private let wakeRequests = Locked(false)
  /// Whether the scene was told ``wakeUp`` (once per run loop).
  private var started = false

  /// Wakes the loop from any thread: it takes the scene's finished work
  /// (``Scene/takeFinishedWork()``) and draws, at once, even while it
  /// waits for input with nothing else to do. The scene is given it before
  /// the first frame (``Scene/willStart(wakeUp:)``). On a terminal that
  /// cannot be woken (<doc:/GridTerminal/Terminal/wakeUpHandler> is nil) it
  /// takes effect at the next input or frame.
  public var wakeUp: @Sendable () -> Void {
    let requests = wakeRequests
    let handler = terminal.wakeUpHandler
    return {
      requests.withLock { $0 = true }
      handler?()
    }
  }

  /// The terminal was asked how it shows pictures (after the first frame that drew one).
  private var requestedPictureSupport = false

  /// Tells the scene what the terminal can show, the first time and again
  /// whenever it changes (a terminal's answers to its picture queries arrive
  /// with the input); true when the scene was told.
  @discardableResult
  private func tellCapabilitiesIfChanged() -> Bool {
    let now = terminal.capabilities
    guard now != toldCapabilities else { return false }
    toldCapabilities = now
    surface.pixelImages = Self.pixelImages(for: now, keeping: surface.pixelImages)
    scene.willAppear(on: now)
    return true
  }

  /// The table of pixel pictures for a terminal with `capabilities` (the
  /// one kept while it still fits), or nil when it shows no pixels.
  static func pixelImages(for capabilities: TerminalCapabilities, keeping table: PixelImageTable?) -> PixelImageTable? {
    guard let cell = capabilities.pixelPictureCellSize else { return nil }
    // (Sixel's and classic placements' ids never reach the terminal: as many as true colour numbers.)
    let colors = capabilities.pictureIDColors
    // (Written as blanks under the pictures, placeholders can show a focused card's reverse video; kitty's cannot.)
    let attributes = capabilities.pictures != .kitty
    if let table, table.cellSize == cell, table.colors == colors, table.placeholdersTakeAttributes == attributes { return table }
    return PixelImageTable(cellSize: cell, colors: colors, placeholdersTakeAttributes: attributes)
  }

  /// Draws and presents a frame if the scene needs one (or `force`).
  public func drawFrame(force: Bool) throws {
    // The size compared with the one kept, not asked of the surface: the
    // frame's start asks the terminal alone (its size, a lost screen).
    resizeSurface(width: terminal.width, height: terminal.height)
    // A terminal that lost its screen (resumed after a suspend) is drawn whole even when nothing changed.
    if let reset = terminal.takeScreenReset() { screen.reset(reset) }
    guard force || scene.needsDisplay || screen.needsFullRepaint else { return }
    // The cursor is placed anew by whoever owns it this frame (the focused item, a text field).
    surface.cursor = nil
    surface.showsCursor = false
    scene.draw(into: &surface)
    try terminal.present(screen.update(to: surface, scrollsRegions: terminal.capabilities.scrollsRegions))
    surface.markPresented()
    framesPresented += 1
    if surface.hasDrawnPictures, !requestedPictureSupport {
      // Only a program that shows pictures asks the terminal about them.
      requestedPictureSupport = true
      terminal.requestPictureSupport()
    }
  }
}
