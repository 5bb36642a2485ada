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
    get { retainedDataSource ?? unretainedDataSource }
    set {
      retainedDataSource = newValue
      unretainedDataSource = nil
    }
  }
  /// Told of activation, focus and selection. Kept as ``dataSource`` is.
  public var delegate: (any CollectionViewDelegate)? {
    get { retainedDelegate ?? unretainedDelegate }
    set {
      retainedDelegate = newValue
      unretainedDelegate = nil
    }
  }
  private var retainedDataSource: (any CollectionViewDataSource)?
  private weak var unretainedDataSource: (any CollectionViewDataSource)?
  private var retainedDelegate: (any CollectionViewDelegate)?
  private weak var unretainedDelegate: (any CollectionViewDelegate)?

  /// Makes `owner` (an object that keeps this view) the data source and
  /// delegate without the view keeping it, so the two make no cycle.
  func setOwner(_ owner: some CollectionViewDataSource & CollectionViewDelegate) {
    retainedDataSource = nil
    retainedDelegate = nil
    unretainedDataSource = owner
    unretainedDelegate = owner
  }
  /// The layout; set it and the data is laid out again.
  public var collectionViewLayout: any CollectionLayout {
    didSet {
      sectionScrollingLayout = collectionViewLayout as? any SectionScrollingLayout
      setNeedsLayout()
    }
  }
  /// The layout as a ``SectionScrollingLayout``, if it is one (cast once, not per key).
  private var sectionScrollingLayout: (any SectionScrollingLayout)?
  /// Where the view sits on the surface it is drawn into.
  public private(set) var frame = CellRect(x: 0, y: 0, width: 0, height: 0)
  /// The content point at the top-left of the view.
  public internal(set) var contentOffset = Point.zero
  /// The item with the keyboard focus; ``focusItem(at:)`` moves it in code.
  public internal(set) var focusedIndexPath: IndexPath?
  /// Whether a scroll bar is drawn in the rightmost column (reserved when true).
  public var showsScrollIndicator = true {
    didSet { setNeedsLayout() }
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
  /// True when something changed since the last ``draw(into:)``, or an
  /// animation is running (each frame of it is a new picture).
  public var needsDisplay: Bool { displayPending || transition != nil }
  /// How long animated updates and layout changes take, in seconds (0: not animated).
  public var animationDuration = 0.25
  /// How animated updates and layout changes run over their duration.
  public var animationCurve = TimingCurve.easeOut
  /// Where animations read the time; inject a ``ManualAnimationClock`` to step them.
  public var clock: any AnimationClock = SystemAnimationClock()
  /// True while an update or layout change is animating.
  public var isAnimating: Bool { transition != nil }

  var displayPending = true
  var itemCounts: [Int] = []
  /// True once ``reloadData()`` has read the data source's counts.
  public private(set) var hasLoadedData = false
  var selected: Set<IndexPath> = []
  /// Where a Shift+arrow range starts, and the selection outside the range then.
  var selectionAnchor: (indexPath: IndexPath, base: Set<IndexPath>)?
  /// The item being moved interactively, if any.
  var movement: InteractiveMovement?
  /// The mouse button's state: where it went down, and whether it is dragging.
  var mouseTracking = MouseTracking()
  var needsLayout = true
  /// The animation running, if any.
  var transition: LayoutTransition?
  /// The batch being collected by ``performBatchUpdates(_:animated:completion:)``, while its updates run.
  var pendingBatch: BatchUpdate?
  /// Completions of batches nested in the one being collected.
  var pendingCompletions: [(Bool) -> Void] = []
  private var preparedSize = Size(width: -1, height: -1)
  /// Draws alpha for the terminal's colours: set `rasterizer.blend.colors` from the terminal's capabilities.
  public var rasterizer = Rasterizer()
  /// What draws each kind of decoration (see ``register(_:forDecorationViewOfKind:)``).
  var decorationDrawers: [ElementKind: DecorationDrawer] = [:]
  /// Set by anything that can change what every cell shows.
  var needsFullRedraw = true
  /// Items whose state (focus, selection) changed since the last draw.
  /// (An array: a frame has a few, usually the focus's old and new items,
  /// and a look through them costs less than hashing.)
  private var dirtyItems: [IndexPath] = []
  /// The elements that showed a placeholder, by the picture source they
  /// wait for (nil: an element other than an item, redrawn with the whole view).
  private var waitingForPictures: [ObjectIdentifier: Set<IndexPath?>] = [:]
  /// Work off the main thread that makes pictures for cells (a
  /// `PictureLoader` of `TermGridImages`): when a picture is ready, the
  /// items waiting for it are redrawn. The run loop looks for results
  /// while any are pending.
  public var backgroundWork: [any BackgroundWork] = []
  /// Told of the items one screen ahead of the scrolling (kept weakly, as
  /// UIKit does: it is usually the object that owns the view).
  public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
  /// Whether ``prefetchDataSource`` is told of items ahead (default true).
  public var isPrefetchingEnabled = true
  /// What was announced to the prefetch data source.
  var prefetch = PrefetchState()
  /// What the surface held after the last draw: the offset and the surface size.
  private var lastDrawnOffset: Point?
  private var lastDrawnSurfaceSize: (Int, Int)?
  /// Where elements above the others (pinned headers) were drawn last.
  var floatingRects: [CellRect] = []
  /// When true, ``draw(into:)`` assumes the surface still holds the frame it
  /// drew last (the host reuses it and draws nothing else over the view), and
  /// redraws only what changed: the items whose focus or selection changed,
  /// and after a vertical scroll only the rows that scrolled into view (the
  /// rest is shifted, and the terminal is told to scroll). Off by default.
  public var drawsIncrementally = false

  /// Creates a collection view with a layout.
  public init(layout: any CollectionLayout) {
    collectionViewLayout = layout
    sectionScrollingLayout = layout as? any SectionScrollingLayout
  }

  // MARK: data

  /// Reads the counts from the data source again and lays everything out;
  /// focus stays on the same index path when it still exists.
  public func reloadData() {
    finishTransition(finished: false)
    cancelMovementWithoutAnimation()
    itemCounts = dataSourceCounts()
    hasLoadedData = true
    resetPrefetching()
    selected = selected.filter(isValid)
    selectionAnchor = nil
    setNeedsLayout()
    layoutIfNeeded()
    if let f = focusedIndexPath, !isValid(f) { focusedIndexPath = nil }
    if focusedIndexPath == nil { focusedIndexPath = firstIndexPath }
    clampContentOffset()
  }

  /// The number of items in each section as the data source says now.
  func dataSourceCounts() -> [Int] {
    let sections = max(0, dataSource?.numberOfSections(in: self) ?? 0)
    return (0..<sections).map { max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0) }
  }

  /// The number of sections, as of the last reload.
  public var numberOfSections: Int { itemCounts.count }
  /// The number of items in `section`, as of the last reload (0 when out of range).
  public func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
  }
  /// True when `indexPath` names an item.
  public func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
  }
  /// Throws ``CollectionViewError/indexPathOutOfRange(_:numberOfSections:numberOfItems:)`` unless `indexPath` names an item.
  public func validate(_ indexPath: IndexPath) throws(CollectionViewError) {
    guard isValid(indexPath) else {
      let inRange = indexPath.section >= 0 && indexPath.section < itemCounts.count
      throw CollectionViewError.indexPathOutOfRange(
        indexPath, numberOfSections: itemCounts.count, numberOfItems: inRange ? itemCounts[indexPath.section] : nil)
    }
  }

  var firstIndexPath: IndexPath? {
    itemCounts.firstIndex { $0 > 0 }.map { IndexPath(item: 0, section: $0) }
  }
  var lastIndexPath: IndexPath? {
    itemCounts.lastIndex { $0 > 0 }.map { IndexPath(item: itemCounts[$0] - 1, section: $0) }
  }

  // MARK: geometry

  /// Places the view on the surface; a new size lays the content out again
  /// and keeps the focused item in view.
  public func setFrame(_ newFrame: CellRect) {
    guard newFrame != frame else { return }
    let sizeChanged = newFrame.width != frame.width || newFrame.height != frame.height
    frame = newFrame
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
  public var viewport: CellRect {
    if collectionViewLayout.scrollsHorizontally {
      let bar = showsScrollIndicator && frame.height > 1 ? 1 : 0
      return CellRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height - bar)
    }
    let bar = showsScrollIndicator && frame.width > 1 ? 1 : 0
    return CellRect(x: frame.x, y: frame.y, width: frame.width - bar, height: frame.height)
  }

  /// The visible part of the content, in content coordinates.
  public var visibleRect: Rect {
    Rect(origin: contentOffset, size: Size(width: Double(viewport.width), height: Double(viewport.height)))
  }

  /// The size of all the content.
  public var contentSize: Size {
    layoutIfNeeded()
    return collectionViewLayout.contentSize
  }

  /// Asks for the layout to be prepared again before the next use.
  public func setNeedsLayout() {
    needsLayout = true
    setNeedsDisplay()
  }

  /// Prepares the layout now if the data or the size changed.
  public func layoutIfNeeded() {
    let size = Size(width: Double(viewport.width), height: Double(viewport.height))
    guard needsLayout || size != preparedSize else { return }
    needsLayout = false
    preparedSize = size
    let moved = movement.map { MovedItem(source: $0.source, target: $0.target) }
    collectionViewLayout.prepare(for: LayoutContext(itemCounts: itemCounts, boundsSize: size, movedItem: moved))
    tellLayoutBounds(force: true)
  }

  private func tellLayoutBounds(force: Bool = false) {
    let bounds = visibleRect
    if force || collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
      collectionViewLayout.invalidateLayout(forBoundsChange: bounds)
    }
  }

  /// Marks the view for redrawing.
  public func setNeedsDisplay() {
    displayPending = true
    needsFullRedraw = true
  }

  /// Marks one item for redrawing (its state changed, its place did not).
  func setNeedsDisplay(forItemAt indexPath: IndexPath?) {
    guard let indexPath else { return }
    displayPending = true
    if !dirtyItems.contains(indexPath) { dirtyItems.append(indexPath) }
  }

  /// The frame of an item in content coordinates.
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
    guard viewport.contains(x: x, y: y) else { return nil }
    return indexPathForItem(
      at: Point(x: contentOffset.x + Double(x - viewport.x) + 0.5, y: contentOffset.y + Double(y - viewport.y) + 0.5))
  }

  /// The items that intersect the visible rectangle, sorted.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return collectionViewLayout.layoutAttributesForElements(in: visibleRect)
      .filter { $0.category == .item && !$0.isHidden }
      .map(\.indexPath).sorted()
  }

  // MARK: scrolling

  /// Scrolls so the content point `offset` is at the top-left, clamped to the content.
  public func setContentOffset(_ offset: Point) {
    layoutIfNeeded()
    let clamped = clamp(offset)
    guard clamped != contentOffset else { return }
    contentOffset = clamped
    displayPending = true
    tellLayoutBounds()
  }

  private func clamp(_ p: Point) -> Point {
    let content = collectionViewLayout.contentSize
    let maxX = max(0, content.width - Double(viewport.width))
    let maxY = max(0, content.height - Double(viewport.height))
    return Point(x: min(max(0, p.x), maxX).rounded(), y: min(max(0, p.y), maxY).rounded())
  }

  func clampContentOffset() { setContentOffset(contentOffset) }

  /// Scrolls so the item at `indexPath` is visible at `position`. An index
  /// path out of range does nothing.
  public func scrollToItem(at indexPath: IndexPath, position: ScrollPosition) {
    revealInSection(indexPath, position: position)
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
    let vw = Double(viewport.width)
    let vh = Double(viewport.height)
    var offset = contentOffset
    // An item in the first line of its section brings the section's header with it.
    var top = frame.minY
    if let header = collectionViewLayout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: indexPath.section))?.frame,
      header.maxY <= frame.minY, frame.minY - header.maxY < frame.height, frame.maxY - header.minY <= vh
    {
      top = header.minY
    }
    // And an item in the last line brings the footer.
    var bottom = frame.maxY
    if let footer = collectionViewLayout.layoutAttributesForSupplementaryElement(
      ofKind: .footer, at: IndexPath(item: 0, section: indexPath.section))?.frame,
      footer.minY >= frame.maxY, footer.minY - frame.maxY < frame.height, footer.maxY - top <= vh
    {
      bottom = footer.maxY
    }
    switch position {
    case .top: offset.y = top
    case .bottom: offset.y = bottom - vh
    case .centered: offset.y = frame.midY - vh / 2
    case .minimal:
      if bottom > offset.y + vh { offset.y = bottom - vh }
      if top < offset.y { offset.y = top }
      if frame.maxX > offset.x + vw { offset.x = frame.maxX - vw }
      if frame.minX < offset.x { offset.x = frame.minX }
    }
    if position != .minimal {
      offset.x = min(max(offset.x, frame.maxX - vw), frame.minX)
    }
    let before = contentOffset
    setContentOffset(offset)
    // A pinned header (a supplementary element floating above the items,
    // such as a flow layout's header or a calendar's day headers) may now
    // cover the item's top: scroll up by the overlap. (Not asked when the
    // view did not move and the screen is as last drawn, with nothing
    // floating over the item: a focus move within the screen asks nothing.)
    let screenIsCurrent = contentOffset == before && lastDrawnOffset == contentOffset && !needsFullRedraw
    if position != .bottom,
      !screenIsCurrent || floatingRects.contains(where: { !$0.intersection(viewportRect(of: frame)).isEmpty })
    {
      let band = Rect(x: frame.minX, y: frame.minY, width: max(1, frame.width), height: 1)
      let overlap =
        collectionViewLayout.layoutAttributesForElements(in: band)
        .filter { $0.category == .supplementary && $0.zIndex > 0 && $0.frame.minY <= frame.minY }
        .map { $0.frame.maxY - frame.minY }.max() ?? 0
      if overlap > 0 { setContentOffset(Point(x: contentOffset.x, y: contentOffset.y - overlap)) }
    }
  }

  /// With a ``SectionScrollingLayout``, scrolls the item's section sideways
  /// (the least that shows it all, or centred) and redraws.
  private func revealInSection(_ indexPath: IndexPath, position: ScrollPosition) {
    guard let shelves = sectionScrollingLayout,
      let frame = layoutAttributesForItem(at: indexPath)?.frame
    else { return }
    let old = shelves.horizontalOffset(ofSection: indexPath.section)
    let width = Double(viewport.width)
    // A cell of margin either side, so the gap to the next item shows.
    let minX = frame.minX - 1
    let maxX = frame.maxX + 1
    var offset = old
    if position == .centered {
      offset += frame.midX - width / 2
    } else {
      if maxX > width { offset += maxX - width }
      if minX - (offset - old) < 0 { offset = old + minX }
    }
    shelves.setHorizontalOffset(offset, ofSection: indexPath.section)
    if shelves.horizontalOffset(ofSection: indexPath.section) != old {
      needsFullRedraw = true
      displayPending = true
    }
  }

  // MARK: focus

  /// Moves the focus to `indexPath` and scrolls it into view (minimal
  /// scroll); nil takes the focus away. In code the delegate is not asked,
  /// but it is told (``CollectionViewDelegate/collectionView(_:didHighlightItemAt:)``).
  public func focusItem(at indexPath: IndexPath?) {
    if let indexPath {
      guard isValid(indexPath) else { return }
      scrollToItem(at: indexPath, position: .minimal)
    }
    guard indexPath != focusedIndexPath else { return }
    let old = focusedIndexPath
    setNeedsDisplay(forItemAt: old)
    focusedIndexPath = indexPath
    setNeedsDisplay(forItemAt: indexPath)
    tellFocusChanged(from: old)
  }

  /// Tells the delegate the focus moved from `old` (by ``focusItem(at:)``, or a batch update moving or removing it).
  func tellFocusChanged(from old: IndexPath?) {
    guard focusedIndexPath != old else { return }
    if let old { delegate?.collectionView(self, didUnhighlightItemAt: old) }
    if let f = focusedIndexPath { delegate?.collectionView(self, didHighlightItemAt: f) }
  }

  // MARK: drawing

  /// Draws the visible elements and the scroll bar into `surface` within ``frame``.
  /// Only the visible elements are asked for content; with
  /// ``drawsIncrementally``, only what changed since the last draw.
  public func draw(into surface: inout Surface) {
    layoutIfNeeded()
    defer { updatePrefetching() }
    if transition != nil, drawTransition(into: &surface) { return }
    defer {
      displayPending = false
      needsFullRedraw = false
      dirtyItems.removeAll(keepingCapacity: true)
      lastDrawnOffset = contentOffset
      lastDrawnSurfaceSize = (surface.width, surface.height)
    }
    let view = viewport
    guard drawsIncrementally, !needsFullRedraw, movement == nil, let last = lastDrawnOffset,
      let size = lastDrawnSurfaceSize, size == (surface.width, surface.height), !view.isEmpty
    else {
      drawAll(into: &surface)
      return
    }
    let dy = Int(contentOffset.y - last.y)
    if contentOffset.x != last.x || abs(dy) >= view.height
      || (dy != 0 && (frame.x != 0 || frame.width != surface.width))
    {
      drawAll(into: &surface)
      return
    }
    if dy != 0 {
      // Shift what is on screen and draw only the rows that came into view.
      surface.scrollRows(view.y..<view.maxY, by: dy)
      let band =
        dy > 0
        ? CellRect(x: view.x, y: view.maxY - dy, width: view.width, height: dy)
        : CellRect(x: view.x, y: view.y, width: view.width, height: -dy)
      redraw(band, on: &surface)
      // Elements that float above the others (pinned headers) do not scroll
      // with the content: redraw where they were (now shifted) and where they are.
      let stale = floatingRects.map { $0.offsetBy(dx: 0, dy: -dy).intersection(view) }
      floatingRects = floatingFrames(collectionViewLayout.layoutAttributesForElements(in: visibleRect))
      for rect in stale + floatingRects where !rect.isEmpty { redraw(rect, on: &surface) }
      drawScrollIndicator(on: &surface)
    }
    for path in dirtyItems {
      guard let f = collectionViewLayout.layoutAttributesForItem(at: path)?.frame else { continue }
      let rect = viewportRect(of: f)
      if !rect.isEmpty { redraw(rect, on: &surface) }
    }
  }

  /// A frame in content coordinates as surface cells, within the viewport.
  private func viewportRect(of frame: Rect) -> CellRect {
    let view = viewport
    return CellRect(snapping: frame.offsetBy(dx: Double(view.x) - contentOffset.x, dy: Double(view.y) - contentOffset.y))
      .intersection(view)
  }

  /// Where the elements drawn above the others (zIndex above 0, such as
  /// pinned headers) among `attributes` sit on the surface.
  private func floatingFrames(_ attributes: [LayoutAttributes]) -> [CellRect] {
    attributes.compactMap { a in
      guard a.zIndex > 0, !a.isHidden else { return nil }
      let r = viewportRect(of: a.frame)
      return r.isEmpty ? nil : r
    }
  }

  private func drawAll(into surface: inout Surface) {
    surface.fill(frame)
    let view = viewport
    guard !view.isEmpty else { return }
    var attributes = collectionViewLayout.layoutAttributesForElements(in: visibleRect)
    if let lifted = liftedAttributes() {
      attributes.removeAll { $0.category == .item && $0.indexPath == lifted.indexPath }
      attributes.append(lifted)
    }
    floatingRects = floatingFrames(attributes)
    rasterize(attributes, clip: view, on: &surface)
    drawScrollIndicator(on: &surface)
  }

  /// Redraws every element under `rect` (surface cells within the viewport).
  private func redraw(_ rect: CellRect, on surface: inout Surface) {
    surface.fill(rect)
    let view = viewport
    let content = Rect(
      x: contentOffset.x + Double(rect.x - view.x), y: contentOffset.y + Double(rect.y - view.y),
      width: Double(rect.width), height: Double(rect.height))
    rasterize(collectionViewLayout.layoutAttributesForElements(in: content), clip: rect, on: &surface)
  }

  /// Draws the layout's elements with what the data source says, clipped to `clip`.
  func rasterize(_ attributes: [LayoutAttributes], clip: CellRect, on surface: inout Surface) {
    // The data source read once (it may be held weakly), not per element.
    guard let source = dataSource else { return }
    let renderer = CellRenderer(theme: theme, colors: rasterizer.blend.colors)
    rasterizer.rasterize(attributes, contentOffset: contentOffset, viewport: viewport, clip: clip, into: &surface) {
      attrs, cellFrame, surface in
      drawElement(attrs, content: nil, isDetached: false, in: cellFrame, from: source, with: renderer, on: &surface)
    }
  }

  /// Draws elements, each with the content it keeps or else what the data
  /// source says, clipped to `clip`.
  func rasterize(_ elements: [DrawnElement], inDrawingOrder: Bool = false, clip: CellRect, on surface: inout Surface) {
    guard let source = dataSource else { return }
    let renderer = CellRenderer(theme: theme, colors: rasterizer.blend.colors)
    rasterizer.rasterize(
      elements, attributes: \.attributes, inDrawingOrder: inDrawingOrder, contentOffset: contentOffset,
      viewport: viewport, clip: clip, into: &surface
    ) { element, cellFrame, surface in
      drawElement(
        element.attributes, content: element.content, isDetached: element.isDetached, in: cellFrame, from: source,
        with: renderer, on: &surface)
    }
  }

  /// Draws one element into `cellFrame`: an item with its focus and
  /// selection (none when detached, as a leaving item is), anything else plainly.
  private func drawElement(
    _ attrs: LayoutAttributes, content: CellContent?, isDetached: Bool, in cellFrame: CellRect,
    from source: any CollectionViewDataSource, with renderer: CellRenderer, on surface: inout Surface
  ) {
    guard let content = content ?? self.content(for: attrs, from: source) else { return }
    var state = CellState()
    if attrs.category == .item, !isDetached {
      state = CellState(
        isFocused: attrs.indexPath == focusedIndexPath, isSelected: selected.contains(attrs.indexPath),
        isLifted: attrs.indexPath == movement?.target)
    }
    if let awaited = renderer.draw(content, in: cellFrame, state: state, on: &surface) {
      let key = ObjectIdentifier(awaited)
      waitingForPictures[key, default: []].insert(attrs.category == .item && !isDetached ? attrs.indexPath : nil)
    }
  }

  /// Redraws the whole view (and what is drawn over it) when `source`'s
  /// picture is ready: for pictures drawn outside the items (an overlay's).
  func setNeedsDisplay(whenPictureIsReady source: any PictureSource) {
    waitingForPictures[ObjectIdentifier(source), default: []].insert(nil)
  }

  /// Whether a picture being made in ``backgroundWork`` may still arrive.
  public var hasPendingBackgroundWork: Bool { backgroundWork.contains { $0.hasPendingResults } }

  /// Takes the results of ``backgroundWork`` in: the items that showed a
  /// placeholder for a picture now ready are redrawn, alone (the focus,
  /// the scroll position and any animation stay as they are). Returns true
  /// when something is to be redrawn. The run loop calls this.
  @discardableResult
  public func takeBackgroundResults() -> Bool {
    var changed = false
    for work in backgroundWork {
      for source in work.takeFinishedSources() {
        guard let waiting = waitingForPictures.removeValue(forKey: source) else { continue }
        changed = true
        for path in waiting {
          if let path { setNeedsDisplay(forItemAt: path) } else { setNeedsDisplay() }
        }
      }
    }
    return changed
  }

  /// What the data source says an element shows (nil without a data
  /// source); a decoration shows what its registered drawer says (nil, not
  /// drawn, when none is registered for its kind).
  func content(for attrs: LayoutAttributes) -> CellContent? {
    guard let dataSource else { return nil }
    return content(for: attrs, from: dataSource)
  }

  /// What `dataSource` says an element shows (a decoration: its drawer).
  func content(for attrs: LayoutAttributes, from dataSource: any CollectionViewDataSource) -> CellContent? {
    if attrs.category == .decoration { return decorationDrawers[attrs.kind]?(attrs) }
    if attrs.category == .item {
      return dataSource.collectionView(self, cellForItemAt: dataIndexPath(forPresented: attrs.indexPath))
    }
    return dataSource.collectionView(self, contentForSupplementaryElementOfKind: attrs.kind, at: attrs.indexPath)
  }

  func drawScrollIndicator(on surface: inout Surface) {
    guard showsScrollIndicator else { return }
    let content = collectionViewLayout.contentSize
    if collectionViewLayout.scrollsHorizontally {
      guard frame.height > 1 else { return }
      ScrollIndicator(theme: theme, isHorizontal: true).draw(
        on: &surface, at: frame.maxY - 1, start: frame.x, length: frame.width, contentLength: content.width,
        offset: contentOffset.x, visibleLength: Double(viewport.width))
    } else {
      guard frame.width > 1 else { return }
      ScrollIndicator(theme: theme, isHorizontal: false).draw(
        on: &surface, at: frame.maxX - 1, start: frame.y, length: frame.height, contentLength: content.height,
        offset: contentOffset.y, visibleLength: Double(viewport.height))
    }
  }
}
