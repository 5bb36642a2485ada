import GridLayout
import GridRender

extension CollectionView {
  // MARK: drawing

  /// Draws the visible elements and the scroll bar into `surface` within ``frame``.
  /// Only the visible elements are asked for content; with
  /// ``drawsIncrementally``, only what changed since the last draw.
  /// The terminal's cursor is left on the focused item's text (``focusedItemTextCell``).
  public func draw(into surface: inout Surface) {
    updates.didDrawFrame()
    layoutIfNeeded()
    defer {
      updatePrefetching()
      placeCursor(on: &surface)
    }
    // An animation that ends now leaves what its elements showed: the final
    // frame draws it rather than asking the data source again.
    var held: [ElementKey: ElementContent]?
    if updates.transition != nil, drawTransition(into: &surface, endedHolding: &held) { return }
    let view = viewport
    let plan = drawing.redraw.plan(
      at: contentOffset, frame: frame, area: view, surfaceWidth: surface.width, surfaceHeight: surface.height,
      incrementally: drawsIncrementally && movement == nil)
    defer { drawing.didDraw(at: contentOffset, surfaceWidth: surface.width, surfaceHeight: surface.height) }
    // A fixed background does not move with the rows: a scroll draws everything.
    guard case .incremental(let dy) = plan, dy == 0 || backgroundScrollsWithRows else {
      drawAll(into: &surface, holding: held)
      return
    }
    if dy != 0 {
      // Shift what is on screen and draw only the rows that came into view.
      surface.scrollRows(view.y..<view.maxY, by: dy)
      let band =
        dy > 0
        ? CellRect(x: view.x, y: view.maxY - dy, width: view.width, height: dy)
        : CellRect(x: view.x, y: view.y, width: view.width, height: -dy)
      redrawCells(band, on: &surface)
      // Elements that float above the others (pinned headers) do not scroll
      // with the content: redraw where they were (now shifted) and where they are.
      let stale = drawing.redraw.floatingRects.map { $0.offsetBy(dx: 0, dy: -dy).intersection(view) }
      drawing.setFloatingRects(floatingFrames(collectionViewLayout.layoutAttributesForElements(in: visibleRect)))
      for rect in stale + drawing.redraw.floatingRects where !rect.isEmpty { redrawCells(rect, on: &surface) }
      drawScrollIndicator(on: &surface)
    }
    for path in drawing.redraw.dirtyItems {
      guard let f = collectionViewLayout.layoutAttributesForItem(at: path)?.frame else { continue }
      let rect = scrolling.viewport.surfaceRect(ofContent: f)
      if !rect.isEmpty { redrawCells(rect, on: &surface) }
    }
  }

  /// Where the elements drawn above the others (zIndex above 0, such as
  /// pinned headers) among `attributes` sit on the surface.
  func floatingFrames(_ attributes: [LayoutAttributes]) -> [CellRect] {
    attributes.compactMap { a in
      guard a.zIndex > 0, !a.isHidden else { return nil }
      let r = scrolling.viewport.surfaceRect(ofContent: a.frame)
      return r.isEmpty ? nil : r
    }
  }

  /// Draws everything; an element `held` has content for shows it, without asking the data source.
  func drawAll(into surface: inout Surface, holding held: [ElementKey: ElementContent]? = nil) {
    surface.fill(frame)
    let view = viewport
    guard !view.isEmpty else { return }
    drawBackground(in: view, on: &surface)
    var attributes = collectionViewLayout.layoutAttributesForElements(in: visibleRect)
    drawing.setFloatingRects(floatingFrames(attributes))
    if let lifted = liftedAttributes() {
      attributes.removeAll { $0.category == .item && $0.indexPath == lifted.indexPath }
      let sorted = attributes.sorted(by: LayoutAttributes.drawingOrder).map {
        DrawnElement(attributes: $0, content: $0.category == .decoration ? nil : held?[ElementKey($0)])
      }
      let elements = Self.placingLifted(DrawnElement(attributes: lifted), in: sorted)
      rasterize(elements, inDrawingOrder: true, clip: view, on: &surface)
    } else if let held {
      let elements = attributes.map {
        DrawnElement(attributes: $0, content: $0.category == .decoration ? nil : held[ElementKey($0)])
      }
      rasterize(elements, clip: view, on: &surface)
    } else {
      rasterize(attributes, clip: view, on: &surface)
    }
    drawScrollIndicator(on: &surface)
  }

  /// Redraws every element under `rect` (surface cells within the viewport).
  func redrawCells(_ rect: CellRect, on surface: inout Surface) {
    surface.fill(rect)
    drawBackground(in: rect, on: &surface)
    let content = scrolling.viewport.contentRect(ofSurface: rect)
    rasterize(collectionViewLayout.layoutAttributesForElements(in: content), clip: rect, on: &surface)
  }

  /// Draws the layout's elements with what the data source says, clipped to `clip`.
  func rasterize(_ attributes: [LayoutAttributes], clip: CellRect, on surface: inout Surface) {
    // The data source read once (it may be held weakly), not per element.
    guard let source = dataSource else { return }
    let renderer = ElementRenderer(theme: theme, colors: rasterizer.blend.colors, showsPictures: showsPictures)
    rasterizer.rasterize(attributes, contentOffset: contentOffset, viewport: viewport, clip: clip, into: &surface) {
      attrs, cellFrame, surface in
      drawElement(attrs, content: nil, isDetached: false, in: cellFrame, from: source, with: renderer, on: &surface)
    }
  }

  /// Draws elements, each with the content it keeps or else what the data
  /// source says, clipped to `clip`.
  func rasterize(_ elements: [DrawnElement], inDrawingOrder: Bool = false, clip: CellRect, on surface: inout Surface) {
    guard let source = dataSource else { return }
    let renderer = ElementRenderer(theme: theme, colors: rasterizer.blend.colors, showsPictures: showsPictures)
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
  func drawElement(
    _ attrs: LayoutAttributes, content: ElementContent?, isDetached: Bool, in cellFrame: CellRect,
    from source: any CollectionViewDataSource, with renderer: ElementRenderer, on surface: inout Surface
  ) {
    guard let content = content ?? self.content(for: attrs, from: source) else { return }
    var state = ElementState()
    if attrs.category == .item, !isDetached {
      state = ElementState(
        isFocused: attrs.indexPath == focusedIndexPath, isSelected: selection.contains(attrs.indexPath),
        isLifted: attrs.indexPath == movement?.target)
    }
    if state.isFocused {
      let start = renderer.textStart(of: content, in: cellFrame)
      focusedTextWasDrawn(at: attrs.indexPath, start: start, in: cellFrame)
    }
    if let awaited = renderer.draw(content, in: cellFrame, state: state, on: &surface) {
      drawing.awaitPicture(from: ObjectIdentifier(awaited), for: attrs.category == .item && !isDetached ? attrs.indexPath : nil)
    }
  }

  /// Redraws the whole view (and what is drawn over it) when `source`'s
  /// picture is ready: for pictures drawn outside the items (an overlay's).
  func setNeedsDisplay(whenPictureIsReady source: any PictureSource) {
    drawing.awaitPicture(from: ObjectIdentifier(source), for: nil)
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
      for source in work.takeFinishedSources() where drawing.pictureArrived(from: source) { changed = true }
    }
    return changed
  }

  /// What the data source says an element shows (nil without a data
  /// source); a decoration shows what its registered drawer says (nil, not
  /// drawn, when none is registered for its kind).
  func content(for attrs: LayoutAttributes) -> ElementContent? {
    guard let dataSource else { return nil }
    return content(for: attrs, from: dataSource)
  }

  /// What `dataSource` says an element shows (a decoration: its drawer).
  func content(for attrs: LayoutAttributes, from dataSource: any CollectionViewDataSource) -> ElementContent? {
    if attrs.category == .decoration {
      return (drawing.decorationDrawers[attrs.kind] ?? Self.listDecorationDrawer(ofKind: attrs.kind))?(attrs)
    }
    if attrs.category == .item {
      return dataSource.collectionView(self, cellForItemAt: dataIndexPath(forPresented: attrs.indexPath))
    }
    return dataSource.collectionView(self, contentForSupplementaryElementOfKind: attrs.kind, at: attrs.indexPath)
  }

  /// Draws the scroll bar for the content at `extent` (the view's own
  /// offset and content size when nil: an animation may move it).
  func drawScrollIndicator(at extent: ScrollExtent? = nil, on surface: inout Surface) {
    guard showsScrollIndicator else { return }
    let content = extent?.contentSize ?? collectionViewLayout.contentSize
    let contentOffset = extent?.offset ?? contentOffset
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
