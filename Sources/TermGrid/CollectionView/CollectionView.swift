import GridLayout
import GridRender

/// Errors a collection view reports instead of crashing.
public enum CollectionViewError: Error, Equatable, CustomStringConvertible {
  /// An index path outside the data.
  case indexPathOutOfRange(IndexPath, numberOfSections: Int, numberOfItems: Int?)
  /// A readable form, for messages and tests.
  public var description: String {
    switch self {
    case .indexPathOutOfRange(let p, let sections, let items):
      if let items {
        return "index path \(p) is out of range: section \(p.section) has \(items) items"
      }
      return "index path \(p) is out of range: there are \(sections) sections"
    }
  }
}

/// Where ``CollectionView/scrollToItem(at:position:)`` puts an item.
public enum ScrollPosition: Hashable, Sendable {
  /// At the top (leading) edge.
  case top
  /// In the middle.
  case centered
  /// At the bottom (trailing) edge.
  case bottom
  /// Scroll as little as possible to make the item fully visible.
  case minimal
}

/// A grid of items in sections drawn in a terminal: the collection-view
/// model of UIKit. A data source supplies counts and content, a
/// <doc:/GridLayout/CollectionLayout> computes frames, and the view keeps the scroll offset,
/// the focus and the selection, turns keys into focus moves, and draws only
/// what is visible.
public final class CollectionView {
  /// Supplies counts and content. The view keeps it (a strong reference):
  /// a data source made in a helper function and assigned here lives as
  /// long as the view. (UIKit holds it weakly; a data source that
  /// disappears leaves an empty view and no error, the worse failure.)
  /// An object that owns the view and is its data source too makes a
  /// reference cycle; ``CollectionViewController`` avoids it for itself.
  public var dataSource: (any CollectionViewDataSource)? {
    get { data.dataSource }
    set { data.dataSource = newValue }
  }
  /// Told of activation, focus and selection. Kept as ``dataSource`` is.
  public var delegate: (any CollectionViewDelegate)? {
    get { data.delegate }
    set { data.delegate = newValue }
  }
  /// The data part: the data source, the delegate and the counts; the prefetch data source and what it was told.
  let data = DataConnection()

  /// Makes `owner` (an object that keeps this view) the data source and
  /// delegate without the view keeping it, so the two make no cycle.
  func setOwner(_ owner: some CollectionViewDataSource & CollectionViewDelegate) { data.setOwner(owner) }
  /// The layout, any `CollectionLayout`; set it and the data is laid out
  /// again. To change a stock layout's settings, keep your own reference to
  /// it (or cast: `collectionViewLayout as? FlowLayout`): layouts are
  /// classes, and a setting changed on the one the view shows tells the view
  /// (``layoutDidInvalidate(_:)``), which lays out again before its next use.
  /// To animate a change of layout, use ``setLayout(_:animated:completion:)``.
  public var collectionViewLayout: any CollectionLayout {
    didSet {
      if oldValue.invalidationTarget === self { oldValue.invalidationTarget = nil }
      collectionViewLayout.invalidationTarget = self
      measureItems(of: collectionViewLayout)
      scrolling.adopt(collectionViewLayout)
      setNeedsLayout()
    }
  }
  /// The scrolling part: the viewport, the sections that scroll sideways, the layout's preparation.
  let scrolling = Scrolling()
  /// The layout as a ``SectionScrollingLayout``, if it is one (cast once, not per key).
  var sectionScrollingLayout: (any SectionScrollingLayout)? { scrolling.sectionScrollingLayout }
  /// Where the view sits on the surface it is drawn into.
  public var frame: CellRect { scrolling.viewport.frame }
  /// The content point at the top-left of the view.
  public internal(set) var contentOffset: Point {
    get { scrolling.viewport.contentOffset }
    set { scrolling.setContentOffset(newValue) }
  }
  /// The item with the keyboard focus; ``focusItem(at:)`` moves it in code.
  public var focusedIndexPath: IndexPath? { focus.focusedIndexPath }
  /// The focus part: the focused and the remembered item, and the searches for the next.
  let focus = FocusEngine()
  /// Whether the focus goes back to the item that last had it when the view
  /// gets the focus again (UIKit's `remembersLastFocusedIndexPath`; false by
  /// default): after ``focusItem(at:)`` with nil took it away (an app with
  /// two views moving the focus to the other), the next key that moves the
  /// focus, and ``reloadData()``, land on that item (followed through batch
  /// updates) rather than the first.
  public var remembersLastFocusedIndexPath = false
  /// Whether a scroll bar is drawn in the rightmost column (the bottom row
  /// when the layout scrolls sideways). True by default. While true the
  /// column is kept out of ``viewport`` even when everything fits (it stays
  /// blank until the content is taller than the view), so the layout does
  /// not change width when the content grows. Set it to false to give the
  /// layout the whole frame.
  public var showsScrollIndicator: Bool {
    get { scrolling.viewport.showsScrollIndicator }
    set {
      scrolling.setShowsScrollIndicator(newValue)
      setNeedsLayout()
    }
  }
  /// What is drawn behind all the content, as UIKit's `backgroundView`:
  /// under every element (whatever its `zIndex`), in the gaps between
  /// them and where there is no content, clipped to ``viewport``. nil (the
  /// default) leaves blank cells. See ``CollectionBackground``.
  public var backgroundView: CollectionBackground? {
    didSet { setNeedsDisplay() }
  }
  /// How focus and selection look.
  public var theme = Theme() {
    didSet { setNeedsDisplay() }
  }
  /// Which key does what.
  public var keyBindings = KeyBindings.standard
  /// Whether Space and clicks select items.
  public var allowsSelection = true
  /// Whether more than one item can be selected at once.
  public var allowsMultipleSelection = true
  /// How much taller than wide a cell looks; focus navigation measures
  /// distances and cones with it, so "down" means down to the eye.
  public var cellAspectRatio = 2.0
  /// Where an item lifted with the keys (`m`, ``beginInteractiveMovementForItem(at:)``)
  /// is drawn, from its place, in cells: one column right and one row up by
  /// default, so it looks raised; `.zero` keeps it in place, marked by the
  /// theme's ``Theme/lifted`` style and ``Theme/liftedBorder`` alone. An item
  /// dragged with the mouse follows the pointer instead. The offset never
  /// takes the item over a header or footer (a pinned header where it
  /// floats): raised from the first row under a header, it stays in its row
  /// and moves only sideways. And the lifted item is drawn above the other
  /// items and beneath headers and footers, so one scrolled under a pinned
  /// header, or dragged into one, slips beneath it.
  public var liftedItemOffset = Point(x: 1, y: -1) {
    didSet { if movement != nil { setNeedsDisplay() } }
  }
  /// True when something changed since the last ``draw(into:)``, or an
  /// animation is running (each frame of it is a new picture).
  /// (An interactive transition held by the app is a new picture only when
  /// its progress changes.)
  public var needsDisplay: Bool { drawing.redraw.isPending || updates.isRunningOnClock }
  /// How long animated updates and layout changes take, in seconds (0: not
  /// animated). Reduced motion and screen-reader mode (``accessibility``)
  /// make every change immediate whatever it says.
  public var animationDuration = 0.25
  /// Screen-reader mode and reduced motion; read from the environment
  /// (`TERMGRID_SCREEN_READER`, `TERMGRID_REDUCE_MOTION`) by default.
  public var accessibility: AccessibilitySettings {
    get { accessibilityState.settings }
    set { if accessibilityState.setSettings(newValue) { setNeedsDisplay() } }
  }
  /// The last line announced in screen-reader mode (a focus change, a
  /// selection, an update), nil before any. See ``postAccessibilityAnnouncement(_:)``.
  public var accessibilityAnnouncement: String? { accessibilityState.announcement }
  /// The accessibility part: the settings, the last announcement, where the cursor rests on the focused item.
  let accessibilityState = AccessibilityState(settings: .fromProcessEnvironment)
  /// How long animations run: ``animationDuration``, or 0 when ``accessibility``
  /// asks for no motion, or while keys come faster than frames (see ``completeAnimationForInput()``).
  var motionDuration: Double { accessibility.animates && !updates.holdsAnimationsUntilNextFrame ? animationDuration : 0 }
  /// How animated updates and layout changes run over their duration.
  public var animationCurve = TimingCurve.easeOut
  /// Where animations read the time; inject a [ManualAnimationClock](/documentation/termgridtesting/manualanimationclock) (TermGridTesting) to step them.
  public var clock: any AnimationClock = SystemAnimationClock()
  /// True while an update or layout change is animating (an interactive
  /// transition included, held or finishing).
  public var isAnimating: Bool { updates.transition != nil }

  /// The drawing part: what is to be drawn next, what the surface holds, the decorations' drawers.
  let drawing = ViewDrawing()
  /// The number of items in each section, as of the last reload or update.
  var itemCounts: [Int] { data.itemCounts }
  /// True once ``reloadData()`` has read the data source's counts.
  public var hasLoadedData: Bool { data.hasLoadedData }
  /// The selected items and where a Shift+arrow range starts.
  var selection = SelectionState()
  /// The interaction part: the item being moved, the mouse button's state.
  let interaction = ItemInteraction()
  /// The item being moved interactively, if any.
  var movement: InteractiveMovement? { interaction.movement }
  /// The updates part: batches being collected, the running animation, the interactive transition.
  let updates = UpdateCoordinator()
  /// Draws alpha for the terminal's colours: set `rasterizer.blend.colors` from the terminal's capabilities.
  public var rasterizer = Rasterizer()
  /// Whether elements' pictures are drawn (false on a terminal whose
  /// <doc:/GridTerminal/TerminalCapabilities/pictures> is `off`: their
  /// placeholders show, and no picture is asked for). Set by ``adapt(to:)``.
  public var showsPictures = true {
    didSet { setNeedsDisplay() }
  }
  /// Work off the main thread that makes pictures for cells (a
  /// `PictureLoader` of `TermGridImages`): when a picture is ready, the
  /// items waiting for it are redrawn. The run loop looks for results
  /// while any are pending.
  public var backgroundWork: [any BackgroundWork] = []
  /// Told of the items one screen ahead of the scrolling (kept weakly, as
  /// UIKit does: it is usually the object that owns the view).
  public var prefetchDataSource: (any CollectionViewDataSourcePrefetching)? {
    get { data.prefetchDataSource }
    set { data.prefetchDataSource = newValue }
  }
  /// Whether ``prefetchDataSource`` is told of items ahead (default true).
  public var isPrefetchingEnabled = true
  /// What was announced to the prefetch data source (the data part's).
  var prefetch: PrefetchState { data.prefetch }
  /// When true, ``draw(into:)`` assumes the surface still holds the frame it
  /// drew last (the host reuses it and draws nothing else over the view), and
  /// redraws only what changed: the items whose focus or selection changed,
  /// and after a vertical scroll only the rows that scrolled into view (the
  /// rest is shifted, and the terminal is told to scroll). Off by default.
  public var drawsIncrementally = false

  /// Creates a collection view with a layout.
  public init(layout: any CollectionLayout) {
    collectionViewLayout = layout
    layout.invalidationTarget = self
    measureItems(of: layout)
    scrolling.adopt(layout)
  }

  // MARK: data

  /// Reads the counts from the data source again and lays everything out;
  /// focus stays on the same index path when it still exists.
  public func reloadData() {
    finishTransition(finished: false)
    cancelMovementWithoutAnimation()
    data.setItemCounts(dataSourceCounts())
    resetPrefetching()
    selection.keep(where: isValid)
    setNeedsLayout()
    layoutIfNeeded()
    if let f = focusedIndexPath, !isValid(f) { focus.focus(nil) }
    if focusedIndexPath == nil { focus.focus(rememberedFocusIfValid ?? firstIndexPath) }
    clampContentOffset()
  }

  /// The number of items in each section as the data source says now.
  func dataSourceCounts() -> [Int] {
    let sections = max(0, dataSource?.numberOfSections(in: self) ?? 0)
    return (0..<sections).map { max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0) }
  }

  /// The number of sections, as of the last reload.
  public var numberOfSections: Int { data.numberOfSections }
  /// The number of items in `section`, as of the last reload (0 when out of range).
  public func numberOfItems(inSection section: Int) -> Int { data.numberOfItems(inSection: section) }
  /// True when `indexPath` names an item.
  public func isValid(_ indexPath: IndexPath) -> Bool { data.isValid(indexPath) }
  /// Throws ``CollectionViewError/indexPathOutOfRange(_:numberOfSections:numberOfItems:)`` unless `indexPath` names an item.
  public func validate(_ indexPath: IndexPath) throws(CollectionViewError) {
    guard isValid(indexPath) else {
      let inRange = indexPath.section >= 0 && indexPath.section < itemCounts.count
      throw CollectionViewError.indexPathOutOfRange(
        indexPath, numberOfSections: itemCounts.count, numberOfItems: inRange ? itemCounts[indexPath.section] : nil)
    }
  }

  var firstIndexPath: IndexPath? { data.firstIndexPath }
  var lastIndexPath: IndexPath? { data.lastIndexPath }

  // MARK: geometry

  /// Places the view on the surface; a new size lays the content out again
  /// and keeps the focused item in view.
  public func setFrame(_ newFrame: CellRect) {
    guard newFrame != frame else { return }
    let sizeChanged = newFrame.width != frame.width || newFrame.height != frame.height
    scrolling.setFrame(newFrame)
    setNeedsDisplay()
    if sizeChanged {
      finishTransition(finished: true)
      setNeedsLayout()
      layoutIfNeeded()
      clampContentOffset()
      if let f = focusedIndexPath { scrollToItem(at: f, position: .minimal) }
    }
  }

  /// The part of the frame that shows content (the frame less the scroll bar column).
  /// (The scroll bar runs along the bottom row instead when the layout
  /// <doc:/GridLayout/CollectionLayout/scrollsHorizontally>.)
  public var viewport: CellRect { scrolling.viewport.contentArea }

  /// The visible part of the content, in content coordinates.
  public var visibleRect: Rect { scrolling.viewport.visibleRect }

  /// The size of all the content.
  public var contentSize: Size {
    layoutIfNeeded()
    return collectionViewLayout.contentSize
  }

  /// Asks for the layout to be prepared again before the next use.
  public func setNeedsLayout() {
    scrolling.setNeedsLayout()
    setNeedsDisplay()
  }

  /// Prepares the layout now if the data or the size changed, or the layout
  /// said it changed (``layoutDidInvalidate(_:)``).
  public func layoutIfNeeded() {
    guard scrolling.takeLayoutNeed() else { return }
    // The axis is read only here: a layout that changes it says so.
    scrolling.setScrollsHorizontally(collectionViewLayout.scrollsHorizontally)
    let size = scrolling.viewport.size
    let moved = movement.map { MovedItem(source: $0.source, target: $0.target) }
    collectionViewLayout.prepare(for: LayoutContext(itemCounts: itemCounts, boundsSize: size, movedItem: moved))
    tellLayoutBounds(force: true)
  }

  func tellLayoutBounds(force: Bool = false) {
    let bounds = visibleRect
    if force || collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
      collectionViewLayout.invalidateLayout(forBoundsChange: bounds)
    }
  }

  /// Marks the view for redrawing: every element is asked for its content
  /// again (a running animation's frames too).
  public func setNeedsDisplay() {
    updates.forgetHeldContents()
    drawing.invalidateAll()
  }

  /// Marks one item for redrawing (its state changed, its place did not).
  func setNeedsDisplay(forItemAt indexPath: IndexPath?) {
    if let indexPath { drawing.invalidateItem(indexPath) }
  }

  /// The layout attributes of an item (its frame in content coordinates,
  /// zIndex, alpha, scale, hidden), as the layout computes them now; nil
  /// when the layout has no item at `indexPath`.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The topmost visible item under `point` (content coordinates); never a
  /// header, footer or decoration.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    layoutIfNeeded()
    let probe = Rect(x: point.x, y: point.y, width: 1e-6, height: 1e-6)
    let hits = collectionViewLayout.layoutAttributesForElements(in: probe)
      .filter { $0.category == .item && !$0.isHidden && $0.alpha > 0 && $0.frame.contains(point) }
    return hits.max { LayoutAttributes.drawingOrder($0, $1) }?.indexPath
  }

  /// The item under a cell of the surface the view draws into (for mouse clicks), if any.
  public func indexPathForItem(atSurfaceX x: Int, y: Int) -> IndexPath? {
    scrolling.viewport.contentPoint(atSurfaceX: x, y: y).flatMap(indexPathForItem(at:))
  }

  /// The items that intersect the visible rectangle, sorted.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForElements(in: visibleRect)
      .filter { $0.category == .item && !$0.isHidden }
      .map(\.indexPath).sorted()
  }
}

extension CollectionView: LayoutInvalidationTarget {
  /// Told by the layout that one of its settings changed (UIKit's
  /// `invalidateLayout()`): the layout is prepared again before its next use
  /// and the view redrawn, as after ``setNeedsLayout()``. A layout the view
  /// no longer shows is ignored.
  public func layoutDidInvalidate(_ layout: any CollectionLayout) {
    guard layout === collectionViewLayout else { return }
    setNeedsLayout()
  }
}
