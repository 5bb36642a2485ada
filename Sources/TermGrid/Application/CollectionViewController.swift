import GridLayout
import GridRender

/// A screen built around one collection view, as UICollectionViewController:
/// it owns the view, is its data source and delegate (override the methods
/// you need), and does what every app would otherwise write.
///
/// - The view fills the screen, less a title bar when ``titleText`` is not
///   nil and a status line when ``showsStatusLine`` (the default). The
///   status line shows the ``status``: its text, the last ``message`` and
///   its key hints (the least important left out when the rest needs the
///   room).
/// - A frame is drawn only when something changed, and frame after frame
///   while anything animates: an animation started anywhere runs to its end.
///   A key that changes nothing (Right with the focus last in its row)
///   draws nothing and asks the app for nothing.
/// - What the app says (``keyCommands``, ``titleText``, ``status``) is
///   asked only when it may have changed, once per frame, and a bar is
///   drawn only when its text changed: see <doc:WhenTheControllerAsks>.
/// - Keys go to the overlay on top (a panel, the help screen, a prompt, a
///   text input, a form), else to the ``keyCommands``, else to the quit and
///   help keys (`q` and `?`), else to the view's bindings (arrows, paging,
///   Enter, Space, Esc, m). While an item is being moved, keys move it.
/// - Ctrl-C cancels the overlay on top (as Esc) or an item being moved,
///   else asks ``shouldQuit()`` like `q`; a second Ctrl-C in a row quits
///   whatever it says. The end of input quits.
/// - Resizes, the terminal's colours and UTF-8 (``CollectionView/adapt(to:)``)
///   and redrawing what an overlay covered are handled.
///
/// It is an `open` class, made to be subclassed in your app's module; the
/// data-source, delegate and "what subclasses say" members are `open` too.
/// It is bound to no actor: use it from one thread at a time (the main
/// thread in an app; a plain `@Test` function in a test).
///
/// Run it with ``Application/run(_:name:terminal:)``. The engine does not
/// need it: a ``Scene`` of your own can drive a ``CollectionView`` directly.
open class CollectionViewController: Scene, CollectionViewDataSource, CollectionViewDelegate {
  /// The collection view, drawing incrementally.
  public let collectionView: CollectionView
  /// The overlays shown, the last on top (it takes the keys).
  public private(set) var overlays: [any Overlay] = []
  /// A short note in the status line (what the last key did); cleared by the next key.
  public var message: String? {
    didSet {
      needsRedraw = true
      bars.setNeedsStatusUpdate()
    }
  }
  /// Whether the bottom row is a status line (default true).
  public var showsStatusLine = true {
    didSet { setNeedsDisplay() }
  }
  /// The keys that quit (after ``shouldQuit()``); `q` by default.
  public var quitKeys: [Key] = ["q"]
  /// The keys that show the help screen; `?` by default.
  public var helpKeys: [Key] = ["?"]
  /// What the terminal can show, once the controller is on screen.
  public private(set) var capabilities: TerminalCapabilities?
  /// How the view, the bars and the overlays look (the collection view's theme).
  public var theme: Theme {
    get { collectionView.theme }
    set {
      collectionView.theme = newValue
      needsRedraw = true
    }
  }

  private var needsRedraw = true
  /// The title and status the app gave last, and what the bars show.
  private var bars = ControllerBars()
  /// The key commands the app gave last.
  private var keyCommandCache = KeyCommandCache()
  /// Answers the data-source and delegate questions with the protocols'
  /// defaults, for the `open` methods below (made with the controller: it
  /// has no state, and no instance is shared).
  private let defaults = CollectionViewDefaults()
  private var quitRequested = false
  private var lastKeyWasInterrupt = false
  /// Ctrl-C, which every key is compared with (kept, not made for each key).
  private let interruptKey = Key.control("c")
  /// Whether overlays covered the view in the last frame.
  private var overlaysCoveredView = false
  private var hasLaidOut = false

  /// Creates a controller whose collection view uses `layout`. The data is
  /// loaded (``CollectionView/reloadData()``) before the first frame, or
  /// earlier if you call it.
  public init(layout: any CollectionLayout) {
    collectionView = CollectionView(layout: layout)
    collectionView.drawsIncrementally = true
    collectionView.setOwner(self)
  }

  // MARK: what subclasses say

  /// The title bar's text; nil (the default) shows no title bar. The bar
  /// keeps one blank column before the text, so give it without a leading
  /// space.
  ///
  /// Asked before a frame when it may have changed: after one of your
  /// ``keyCommands`` ran, a click, a paste, an overlay opened or closed,
  /// the view's data, layout or size changed, an item was picked up or put
  /// down, or you called ``setNeedsTitleUpdate()`` or ``setNeedsDisplay()``;
  /// not after a key that only moved the focus. A title that shows the
  /// focused item calls ``setNeedsTitleUpdate()`` in
  /// ``collectionView(_:didHighlightItemAt:)``. See <doc:WhenTheControllerAsks>.
  open var titleText: String? { nil }
  /// What the status line says, its text and its key hints together: the
  /// one thing a frame asks the app for its status line. Default: the
  /// ``statusText`` and the ``statusHints``, so an app may override those
  /// two instead; an app that overrides this one says both at once (and
  /// its ``statusText`` and ``statusHints`` are not asked).
  ///
  /// ```swift
  /// override var status: Status {
  ///   Status(text: focusStatusText { shelves[$0].name }, hints: ["Enter info"] + super.statusHints)
  /// }
  /// ```
  ///
  /// Asked once before a frame in which anything may have changed: whatever
  /// asks for the ``titleText``, and the view's focus, selection, scrolling
  /// or pictures, the ``message``, or your call of
  /// ``setNeedsStatusUpdate()``. Not after a key that changed nothing.
  /// State of your own that changes outside a key (a file read, a timer)
  /// calls ``setNeedsStatusUpdate()`` or ``setNeedsDisplay()``. While an
  /// item is being moved, the line shows how to drop it instead of the hints.
  open var status: Status { Status(text: statusText, hints: statusHints) }
  /// The left part of the status line (counts, the focused item's name).
  /// Default: empty. ``focusStatusText(sectionName:)`` makes the usual one.
  ///
  /// Asked by the default ``status``, with ``statusHints``, when the
  /// status line may have changed (see ``status``).
  open var statusText: String { "" }
  /// The usual left part of a status line: the focused item's section (by
  /// name when `sectionName` gives one), its place in the section, and how
  /// many items are selected when any are: "Rocky 2/4 · 2 selected". Empty
  /// when nothing has the focus.
  ///
  /// ```swift
  /// override var statusText: String { focusStatusText { shelves[$0].name } }
  /// ```
  ///
  /// - Parameter sectionName: Given a section's index, its name, or nil to
  ///   leave the section unnamed. Optional: `focusStatusText()` names no
  ///   section ("2/4").
  public func focusStatusText(sectionName: (Int) -> String? = { _ in nil }) -> String {
    guard let f = collectionView.focusedIndexPath else { return "" }
    let name = sectionName(f.section) ?? "section \(f.section + 1)"
    var text = "\(name) \(f.item + 1)/\(collectionView.numberOfItems(inSection: f.section))"
    let selected = collectionView.indexPathsForSelectedItems.count
    if selected > 0 { text += " · \(selected) selected" }
    return text
  }
  /// The right part of the status line: key hints, in the order they
  /// matter. When they do not all fit beside ``statusText`` and the
  /// ``message``, the lowest <doc:/GridRender/StatusHint/visibilityPriority>
  /// goes first and, of equal priority, the last in the list, so plain
  /// hints go from the last on and the first stay longest. Default: the
  /// first help and quit keys, `["? help", "q quit"]`, of standard
  /// priority; put yours before them (`["Enter details"] + super.statusHints`)
  /// and quit, then help, go before them. Mark a hint `.high` to keep it
  /// longer than its place says, `.low` to let it go first:
  ///
  /// ```swift
  /// override var statusHints: [StatusHint] {
  ///   ["Enter info", StatusHint("/ find", visibilityPriority: .low)] + super.statusHints
  /// }
  /// ```
  ///
  /// While an item is being moved, the line shows how to drop it instead.
  open var statusHints: [StatusHint] {
    var hints: [StatusHint] = []
    if let help = helpKeys.first { hints.append(StatusHint("\(help.displayName) help")) }
    if let quit = quitKeys.first { hints.append(StatusHint("\(quit.displayName) quit")) }
    return hints
  }
  /// The app's own keys, listed first in the help screen. Default: none.
  ///
  /// Not asked for each key: the controller keeps which keys they bind,
  /// and asks again when one of those keys is pressed (to run its command)
  /// and when they may have changed (as UIKit rebuilds its menus after
  /// `setNeedsRebuild()`): after one of them ran, a click or a paste, an
  /// overlay opened or closed, the view's data, layout or size changed, the
  /// selection grew or shrank, an item was picked up or put down, or you
  /// called ``setNeedsKeyCommandsUpdate()`` or ``setNeedsDisplay()``. Not
  /// after a focus move or a scroll: commands that depend on the focused
  /// item look at it when they run (`collectionView.focusedIndexPath`),
  /// or call ``setNeedsKeyCommandsUpdate()`` from
  /// ``collectionView(_:didHighlightItemAt:)``. See <doc:WhenTheControllerAsks>.
  open var keyCommands: [KeyCommand] { [] }
  /// Asked before quitting by a quit key or Ctrl-C; return false to stay
  /// (and, say, present a prompt about unsaved work). Default: true.
  open func shouldQuit() -> Bool { true }
  /// Called when the collection view got a new frame (the first frame, a
  /// resize), before it draws: scroll to where the app opens, or fit the
  /// layout to the width. Default: nothing.
  open func viewDidLayout() {}

  // MARK: actions

  /// Ends the run loop after the current event.
  public func quit() { quitRequested = true }

  /// Shows `overlay` over everything else; it takes the keys until it closes.
  public func present(_ overlay: any Overlay) {
    if let capabilities { overlay.adapt(to: capabilities) }
    overlays.append(overlay)
    setNeedsDisplay()
  }

  /// Closes `overlay` (wherever it is in the stack); what it covered is drawn again.
  public func dismiss(_ overlay: any Overlay) {
    overlays.removeAll { $0 === overlay }
    setNeedsDisplay()
  }

  /// Asks for a new frame in which everything the controller asks the app
  /// is asked again (``titleText``, ``status``, and
  /// ``keyCommands`` at the next key): for changes made outside a key press
  /// (a timer, a file read). Key presses redraw by themselves. When you
  /// know what changed, ``setNeedsStatusUpdate()``,
  /// ``setNeedsTitleUpdate()`` and ``setNeedsKeyCommandsUpdate()`` ask for
  /// that alone.
  public func setNeedsDisplay() {
    needsRedraw = true
    bars.setNeedsTitleUpdate()
    bars.setNeedsStatusUpdate()
    keyCommandCache.invalidate()
  }

  /// Says that the ``status`` (its text or hints) may have changed for a
  /// reason the controller cannot see (state of your own that a key did not
  /// change): they are asked again for a new frame, and the line drawn
  /// again if its text changed. As UIKit's `setNeedsStatusBarAppearanceUpdate()`.
  public func setNeedsStatusUpdate() {
    needsRedraw = true
    bars.setNeedsStatusUpdate()
  }

  /// Says that ``titleText`` may have changed for a reason the controller
  /// cannot see (a title that shows the focused item, after a focus move):
  /// it is asked again for a new frame, and the bar drawn again if its text changed.
  public func setNeedsTitleUpdate() {
    needsRedraw = true
    bars.setNeedsTitleUpdate()
  }

  /// Says that ``keyCommands`` may have changed for a reason the controller
  /// cannot see: they are asked again before the next key is handled (and
  /// the help screen made). As UIKit's `UIMenuSystem.setNeedsRebuild()`.
  public func setNeedsKeyCommandsUpdate() { keyCommandCache.invalidate() }

  /// What the help says for the view's keys where the app means more than
  /// the default (`[.activate: "show the book's details"]`); a topic named
  /// here is listed even where it would be left out (``KeyBindings/HelpTopic/pickUp``
  /// while the focused item cannot move). Default: none.
  open var helpTitles: [KeyBindings.HelpTopic: String] { [:] }

  /// The help screen `?` shows: the key commands, then what the view's
  /// keys do (selection only where allowed, moving where the focused item
  /// may move or ``helpTitles`` names it, Right and Left in an outline
  /// while the view shows one), help and quit. Override to add
  /// rows (`rows.append`) to what `super` returns. It asks for the
  /// ``keyCommands`` anew.
  open func makeHelpOverlay() -> PanelOverlay {
    // Asked anew: the help is made seldom, and lists what the app says now.
    let commands = keyCommandCache.keep(keyCommands, at: collectionView.changeStamp)
    var rows = commands.map { (keys: $0.keys.map(\.displayName).joined(separator: " "), title: $0.title) }
    let titles = helpTitles
    var hidden: Set<KeyBindings.HelpTopic> = []
    if !collectionView.allowsSelection { hidden.formUnion([.select, .selectRange, .clearSelection]) }
    if !collectionView.allowsMultipleSelection { hidden.insert(.selectRange) }
    let canMove = collectionView.focusedIndexPath.map { collectionView(collectionView, canMoveItemAt: $0) } ?? false
    if !canMove && titles[.pickUp] == nil { hidden.insert(.pickUp) }
    if !collectionView.showsOutline { hidden.insert(.outline) }
    // The app's commands win over the view's bindings for the same keys: those bindings are not listed.
    var bindings = collectionView.keyBindings
    for command in commands { for key in command.keys { bindings[key] = nil } }
    rows += bindings.helpRows(titles: titles, hidden: hidden.subtracting(titles.keys))
    if !helpKeys.isEmpty { rows.append((helpKeys.map(\.displayName).joined(separator: " "), "this help")) }
    if !quitKeys.isEmpty { rows.append(((quitKeys + [.control("c")]).map(\.displayName).joined(separator: " "), "quit")) }
    return PanelOverlay.help(commands: rows)
  }

  // MARK: Scene

  /// True when a key changed something, an overlay opened or closed, or the view needs a frame (animating included).
  open var needsDisplay: Bool { needsRedraw || collectionView.needsDisplay }

  /// True while the collection view's ``CollectionView/backgroundWork`` may deliver pictures.
  open var hasPendingWork: Bool { collectionView.hasPendingBackgroundWork }

  /// Takes the collection view's finished pictures in.
  open func takeFinishedWork() { collectionView.takeBackgroundResults() }

  /// Wakes the run loop from any thread (a do-nothing function until the
  /// loop starts): call it when work on another thread has results, and
  /// ``takeFinishedWork()`` runs at once, on the main thread, and a frame is
  /// drawn. (Work that says so through ``hasPendingWork`` is looked for
  /// every frame interval instead; long-running work, such as watching a
  /// file, should call this rather than keep the loop looking.)
  public private(set) var wakeUp: @Sendable () -> Void = {}

  /// Keeps the run loop's ``wakeUp``, and draws everything on the loop's
  /// first frame: a run loop starts on a blank surface of its own, so a
  /// controller shown again by a second loop (a snapshot test's, say) is
  /// drawn whole, not only where it changed. An override calls `super`.
  open func willStart(wakeUp: @escaping @Sendable () -> Void) {
    self.wakeUp = wakeUp
    collectionView.setNeedsDisplay()
    bars.setNeedsDrawing()
  }

  /// Adapts the view to the terminal and loads the data if nobody has yet.
  open func willAppear(on capabilities: TerminalCapabilities) {
    self.capabilities = capabilities
    setNeedsDisplay()
    collectionView.adapt(to: capabilities)
    for overlay in overlays { overlay.adapt(to: capabilities) }
    if !collectionView.hasLoadedData { collectionView.reloadData() }
  }

  /// The hints while an item is being moved: as the line narrows, "arrows
  /// move" goes first, then "Enter drops"; "Esc puts back" stays longest.
  private static let movingHints: [StatusHint] = [
    StatusHint("arrows move", visibilityPriority: .low), "Enter drops",
    StatusHint("Esc puts back", visibilityPriority: .high),
  ]

  /// Draws the view in the frame the bars leave, the bars, then the
  /// overlays. The bars' text is asked only when it may have changed, and a
  /// bar is drawn only when what it shows changed: the surface is taken to
  /// hold the last frame drawn (as the run loop's does).
  open func draw(into surface: inout Surface) {
    needsRedraw = false
    if !collectionView.hasLoadedData { collectionView.reloadData() }
    let width = surface.width
    let height = surface.height
    let stamp = collectionView.changeStamp
    bars.frameWillDraw(at: stamp)
    if bars.titleIsDue(at: stamp) { bars.keepTitle(titleText, at: stamp) }
    let title = bars.title
    let top = title != nil && height >= 3 ? 1 : 0
    let bottom = showsStatusLine && height - top >= 2 ? 1 : 0
    // What overlays covered in the last frame is drawn again in full.
    if overlaysCoveredView {
      collectionView.setNeedsDisplay()
      bars.setNeedsDrawing()
    }
    overlaysCoveredView = !overlays.isEmpty
    let frame = CellRect(x: 0, y: top, width: width, height: height - top - bottom)
    if frame != collectionView.frame || !hasLaidOut {
      collectionView.setFrame(frame)
      hasLaidOut = true
      viewDidLayout()
    }
    collectionView.draw(into: &surface)
    // A status line not shown is asked for when it shows again.
    if bottom == 0 { bars.setNeedsStatusUpdate() }
    bars.drawTitle(top == 1 ? title : nil, into: &surface, style: theme.titleBar)
    if bottom == 1, bars.statusIsDue(at: collectionView.changeStamp) {
      // Asked once, after the view drew (the focus where the frame shows it).
      var said = status
      if collectionView.isMovingItem { said.hints = Self.movingHints }
      bars.keepStatus(said.text, hints: said.hints, at: collectionView.changeStamp)
    }
    // The view's changes noted before the line is drawn (drawing it changes none):
    // the status line is the frame's last drawing before the diff.
    bars.frameDidDraw(at: collectionView.changeStamp)
    if bottom == 1, collectionView.accessibility.isScreenReaderModeOn {
      // One plain line: what was last announced, and what the last key did.
      let said = [collectionView.accessibilityAnnouncement, message].compactMap { $0 }.filter { !$0.isEmpty }
      let line = " " + (said.isEmpty ? bars.status : said.joined(separator: " · "))
      bars.drawStatus(line, hints: [], y: height - 1, into: &surface, style: theme.statusBar)
    } else if bottom == 1 {
      var left = bars.status
      if let message { left += left.isEmpty ? message : " · \(message)" }
      // The left part whole; the hints in what room is left, the least important going first.
      bars.drawStatus(" " + left, hints: bars.hints, y: height - 1, into: &surface, style: theme.statusBar)
    } else {
      bars.drawStatus("", hints: [], y: nil, into: &surface, style: theme.statusBar)
    }
    // An overlay owns the cursor (the focused item under it is not what is read).
    if !overlays.isEmpty { surface.cursor = nil }
    for overlay in overlays {
      overlay.draw(into: &surface, theme: theme)
      for source in overlay.awaitedPictures { collectionView.setNeedsDisplay(whenPictureIsReady: source) }
    }
  }

  /// Routes an event: see the type's description.
  open func handle(_ event: InputEvent) throws -> EventResult {
    switch event {
    case .key(let key): try handleKey(key)
    case .mouse:
      // A click may do anything the app's delegate methods do: everything is asked again.
      if overlays.isEmpty, collectionView.handle(event) { setNeedsDisplay() }
    case .paste(let text): try handlePaste(text)
    case .resize:
      // A new size lays out again; the same size (a resume after Ctrl-Z) redraws.
      setNeedsDisplay()
      bars.setNeedsDrawing()
      collectionView.setNeedsDisplay()
    case .endOfInput: quit()
    }
    guard quitRequested else { return .continue }
    quitRequested = false
    return .quit
  }

  /// What a key waiting behind others may do to them (see
  /// ``QueuedInputRole``), as it would be handled now: a quit key and Ctrl-C
  /// (which quit, or ask ``shouldQuit()``) cancel the keys before them; on
  /// an overlay, what ``Overlay/role(ofQueued:)`` says (Ctrl-C as Esc);
  /// while an item is lifted, Esc and Ctrl-C (it goes back) cancel the
  /// arrows that moved it. The keys that only move around (the view's focus
  /// moves, paging, jumps and section changes, Right and Left in an
  /// outline) are droppable; the app's ``keyCommands``, the help keys,
  /// Enter, Space, Esc, `m`, keys bound to nothing (a subclass may handle
  /// them), the mouse and pastes are ordinary, and so is any key right
  /// after Ctrl-C (it decides what a second one does).
  ///
  /// So a `q` pressed while a storm of arrows is still being taken quits
  /// without them; `q` typed into a filter that `/` opened is still text.
  /// A subclass whose ``handle(_:)`` gives the view's movement keys another
  /// meaning says so here (`.ordinary` keeps a key in its turn); one that
  /// handles a storm of its own keys may call them droppable.
  open func role(ofQueued event: InputEvent) -> QueuedInputRole {
    guard case .key(let key) = event else { return .ordinary }
    let interrupt = key == interruptKey
    if lastKeyWasInterrupt { return interrupt ? .cancelling : .ordinary }
    switch route(of: key, interrupt: interrupt) {
    case .overlay(let top): return top.role(ofQueued: interrupt ? Key(.escape) : key)
    case .movingItem:
      // Arrows move the lifted item, Esc puts it back where it came from; Enter and m drop it.
      switch interrupt ? .clearSelection : collectionView.keyBindings[key] {
      case .clearSelection: return .cancelling
      case .activate, .beginMovement: return .ordinary
      default: return .droppable
      }
    case .interrupt, .quit: return .cancelling
    case .command, .help, .unbound: return .ordinary
    case .action(let action):
      switch action {
      case .moveFocus, .focusNextItem, .focusPreviousItem, .pageUp, .pageDown, .first, .last, .nextSection,
        .previousSection:
        return .droppable
      case .activate, .toggleSelection, .extendSelection, .clearSelection, .beginMovement: return .ordinary
      }
    }
  }

  /// Where a key goes, as it would be handled now: decided here, once, for
  /// both ``role(ofQueued:)`` and ``handle(_:)``, in the order keys are
  /// taken in (an overlay, an item being moved, Ctrl-C, the app's
  /// commands, the quit and help keys, the view's bindings). A second
  /// Ctrl-C, which quits, is the caller's to see first.
  private enum KeyRoute {
    case overlay(any Overlay)
    case movingItem
    case interrupt
    case command
    case quit
    case help
    case action(CollectionAction)
    case unbound
  }

  private func route(of key: Key, interrupt: Bool, commands: Bool = true) -> KeyRoute {
    if let top = overlays.last { return .overlay(top) }
    if collectionView.isMovingItem { return .movingItem }
    if interrupt { return .interrupt }
    if commands, keyCommandCache.isCommandKey(key, in: collectionView, make: { keyCommands }) {
      return .command
    }
    if quitKeys.contains(key) { return .quit }
    if helpKeys.contains(key) { return .help }
    if let action = collectionView.keyBindings[key] { return .action(action) }
    return .unbound
  }

  /// A paste goes to the overlay on top (a text field takes it in); with
  /// none, to ``paste(_:)``. Never as keys.
  private func handlePaste(_ text: String) throws {
    lastKeyWasInterrupt = false
    if let top = overlays.last {
      setNeedsDisplay()
      if try top.paste(text) == .dismiss { dismiss(top) }
      return
    }
    guard !collectionView.isMovingItem else { return }
    // A subclass's paste may change anything: everything is asked again.
    setNeedsDisplay()
    try paste(text)
  }

  /// Text pasted while no overlay is open (see <doc:/GridTerminal/InputEvent/paste(_:)>).
  /// The default ignores it, saying so on the status line ("nothing here
  /// takes a paste"): a paste is never run as keys, so a line break in it
  /// is not Enter and its letters are not commands. Override to take
  /// pastes in (a list of names, say).
  open func paste(_ text: String) throws {
    message = "nothing here takes a paste"
  }

  /// Handles a key: the route it takes is found once (`route(of:interrupt:commands:)`)
  /// and followed here.
  private func handleKey(_ key: Key) throws {
    // A key completes an animation still running (and, coming before its
    // first frame, holds animations until the next): keys are never queued behind one.
    collectionView.completeAnimationForInput()
    let interrupt = key == interruptKey
    // (Noted for the next key at once: nothing this one does reads it.)
    let secondInterrupt = interrupt && lastKeyWasInterrupt
    lastKeyWasInterrupt = interrupt
    if secondInterrupt {
      quit()
      return
    }
    var chosen = route(of: key, interrupt: interrupt)
    switch chosen {
    case .overlay, .movingItem: break
    default: if message != nil { message = nil }
    }
    while true {
      switch chosen {
      case .overlay(let top):
        // Ctrl-C cancels an overlay as Esc does (a second one quits). What
        // the overlay does (a filter typed into) may change anything the app says.
        setNeedsDisplay()
        if try top.handle(interrupt ? Key(.escape) : key) == .dismiss { dismiss(top) }
      case .movingItem:
        // Ctrl-C puts the item back; arrows, Enter and Esc move, drop and
        // cancel. The view says what changed (a drop, moving the app's model, changes its data).
        collectionView.handle(.key(interrupt ? Key(.escape) : key))
      case .interrupt, .quit:
        setNeedsDisplay()
        if shouldQuit() { quit() }
      case .command:
        // A command may change anything the app says. (Its action is the
        // one the app gives now: the commands are asked again for it.)
        guard let command = keyCommandCache.command(for: key, in: collectionView, make: { keyCommands }) else {
          // The app's commands changed without saying so and no longer have it: the key goes on.
          chosen = route(of: key, interrupt: interrupt, commands: false)
          continue
        }
        setNeedsDisplay()
        try command.action()
      case .help:
        present(makeHelpOverlay())
      case .action(let action):
        // A move is drawn as far as the view changed (not at all when the
        // focus stayed); the other actions tell the app's delegate, which may change anything.
        let applied = collectionView.perform(action)
        if applied, !action.onlyMovesTheFocus { setNeedsDisplay() }
        if !applied, action == .beginMovement, let focused = collectionView.focusedIndexPath {
          message = collectionView(collectionView, messageForRefusedMoveOfItemAt: focused)
        }
      case .unbound: break
      }
      return
    }
  }

  /// What the status line says when the key that lifts an item (`m`) is
  /// pressed on one that ``collectionView(_:canMoveItemAt:)`` keeps in
  /// place: "this item cannot be moved" by default; nil says nothing.
  open func collectionView(_ collectionView: CollectionView, messageForRefusedMoveOfItemAt indexPath: IndexPath) -> String? {
    "this item cannot be moved"
  }

  // MARK: data source (override what you need)
  //
  // The defaults are the protocols' (`defaults`, a CollectionViewDefaults,
  // answers with them), not restated here: these methods exist so that a
  // subclass's override is the one the view calls.

  /// The number of sections. Default: 1.
  open func numberOfSections(in collectionView: CollectionView) -> Int {
    defaults.numberOfSections(in: collectionView)
  }
  /// The number of items in `section`. Default: 0.
  open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    defaults.collectionView(collectionView, numberOfItemsInSection: section)
  }
  /// What the item shows. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    defaults.collectionView(collectionView, cellForItemAt: indexPath)
  }
  /// What a header, footer or other supplementary element shows. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    defaults.collectionView(collectionView, contentForSupplementaryElementOfKind: kind, at: indexPath)
  }
  /// Moves an item in the model after the person moved it. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    defaults.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
  }

  // MARK: delegate (override what you need)

  /// Whether the focus may land on the item. Default: true.
  open func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    defaults.collectionView(collectionView, shouldHighlightItemAt: indexPath)
  }
  /// The focus moved to the item; the status line is drawn again. Default: nothing more.
  open func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    needsRedraw = true
    defaults.collectionView(collectionView, didHighlightItemAt: indexPath)
  }
  /// What a screen reader calls the item. Default: nil (what its content shows).
  open func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: IndexPath) -> String? {
    defaults.collectionView(collectionView, accessibilityLabelForItemAt: indexPath)
  }
  /// What a screen reader calls the section. Default: nil (its header's title).
  open func collectionView(_ collectionView: CollectionView, accessibilityLabelForSection section: Int) -> String? {
    defaults.collectionView(collectionView, accessibilityLabelForSection: section)
  }
  /// A line was posted for a screen reader; the status line, which shows
  /// it in screen-reader mode, is drawn again. Default: nothing more.
  open func collectionView(_ collectionView: CollectionView, didPostAccessibilityAnnouncement announcement: String) {
    needsRedraw = true
    defaults.collectionView(collectionView, didPostAccessibilityAnnouncement: announcement)
  }
  /// The focus left the item. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    defaults.collectionView(collectionView, didUnhighlightItemAt: indexPath)
  }
  /// Whether the item may be selected. Default: true.
  open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    defaults.collectionView(collectionView, shouldSelectItemAt: indexPath)
  }
  /// The person selected the item. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    defaults.collectionView(collectionView, didSelectItemAt: indexPath)
  }
  /// Whether the item may be deselected. Default: true.
  open func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    defaults.collectionView(collectionView, shouldDeselectItemAt: indexPath)
  }
  /// The person deselected the item. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    defaults.collectionView(collectionView, didDeselectItemAt: indexPath)
  }
  /// Enter or a double click on the item. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {
    defaults.collectionView(collectionView, didActivateItemAt: indexPath)
  }
  /// Whether the item may be moved. Default: false.
  open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    defaults.collectionView(collectionView, canMoveItemAt: indexPath)
  }
  /// Where a moving item goes for a proposed place. Default: the proposal.
  open func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    defaults.collectionView(
      collectionView, targetIndexPathForMoveFromItemAt: originalIndexPath, toProposedIndexPath: proposedIndexPath)
  }
}

extension CollectionAction {
  /// True for the actions that only move the focus (and scroll to it),
  /// telling the delegate nothing but the focus move.
  fileprivate var onlyMovesTheFocus: Bool {
    switch self {
    case .moveFocus, .focusNextItem, .focusPreviousItem, .pageUp, .pageDown, .first, .last, .nextSection, .previousSection:
      return true
    case .activate, .toggleSelection, .extendSelection, .clearSelection, .beginMovement: return false
    }
  }
}
