import GridLayout

extension CollectionView {
  /// True while an item is being moved interactively.
  public var isMovingItem: Bool { interaction.movement != nil }

  /// Where the moving item would go now (an index path after the move), or nil.
  public var indexPathForMovingItem: IndexPath? { movement?.target }

  /// Where the moving item came from (an index path of the data), or nil.
  public var indexPathForMovingItemSource: IndexPath? { movement?.source }

  /// Picks the item up to move it, as UIKit's method of the same name: it
  /// is drawn above the others, and each new target position lets the
  /// others make room through the layout, animated. Returns false (and
  /// nothing changes) when the index path is out of range, the delegate's
  /// ``CollectionViewDelegate/collectionView(_:canMoveItemAt:)`` says no,
  /// or a movement is already under way.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard movement == nil, isValid(indexPath) else { return false }
    guard delegate?.collectionView(self, canMoveItemAt: indexPath) ?? false else { return false }
    layoutIfNeeded()
    finishTransition(finished: true)
    focusItem(at: indexPath)
    // Lifted with an animation, as every later step is: from where it lies to where it is raised.
    let presentation = motionDuration > 0 ? capturePresentation() : nil
    interaction.beginMovement(InteractiveMovement(source: indexPath, target: indexPath, counts: itemCounts, position: nil))
    settle(from: presentation)
    return true
  }

  /// Moves the lifted item so its centre is at `position` (content
  /// coordinates; the pointer, while dragging): the item under that point
  /// becomes the proposed target, which the delegate's
  /// ``CollectionViewDelegate/collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)``
  /// may redirect. Over no item, only the lifted item moves.
  public func updateInteractiveMovementTargetPosition(_ position: Point) {
    guard movement != nil else { return }
    interaction.moveLifted(to: position)
    setNeedsDisplay()
    if let proposed = indexPathForItem(at: position) { propose(proposed) }
  }

  /// Moves the lifted item to its neighbour's place in `direction` (arrow
  /// keys while moving), by the same geometry as the focus. Returns true when it moved.
  @discardableResult
  public func moveInteractiveItem(_ direction: FocusDirection) -> Bool {
    guard let m = movement, let next = nearestItem(from: m.target, direction, highlightableOnly: false) else {
      return false
    }
    return propose(next)
  }

  /// Drops the item where it is: the data source's
  /// ``CollectionViewDataSource/collectionView(_:moveItemAt:to:)`` is called
  /// once, with the index path it came from and the one it went to (not at
  /// all when they are the same), and the item settles into its place, animated.
  public func endInteractiveMovement() {
    guard let m = movement else { return }
    let presentation = motionDuration > 0 ? capturePresentation() : nil
    interaction.endMovement()
    if m.source != m.target {
      dataSource?.collectionView(self, moveItemAt: m.source, to: m.target)
    }
    settle(from: presentation)
  }

  /// Puts the item back where it came from, animated; the data source is not called.
  public func cancelInteractiveMovement() {
    guard let m = movement else { return }
    let presentation = motionDuration > 0 ? capturePresentation() : nil
    interaction.endMovement()
    putBack(m, presentation: presentation)
  }

  /// Ends a movement at once, the item back where it came from (before a
  /// reload or a batch update, whose counts are the data's).
  func cancelMovementWithoutAnimation() {
    guard let m = movement else { return }
    interaction.endMovement()
    putBack(m, presentation: nil)
  }

  private func putBack(_ m: InteractiveMovement, presentation: Presentation?) {
    if m.target == m.source {
      settle(from: presentation)
    } else {
      shift(from: m.target, to: m.source, counts: m.counts, presentation: presentation)
    }
  }

  /// The items settle into their places: animated from `presentation` to
  /// the layout as it is (the lifted item, if one is lifted, to its raised
  /// place), when there is one.
  private func settle(from presentation: Presentation?) {
    setNeedsDisplay()
    guard let presentation else { return }
    beginTransition(
      from: presentation, newKey: { $0 }, isInserted: { _ in false },
      oldLayout: nil, completions: [])
  }

  /// Takes a proposed target, as the delegate redirects it; true when the target changed.
  @discardableResult
  private func propose(_ proposed: IndexPath) -> Bool {
    guard let m = movement else { return false }
    let target =
      delegate?.collectionView(self, targetIndexPathForMoveFromItemAt: m.source, toProposedIndexPath: proposed)
      ?? proposed
    guard target != m.target, m.isValidTarget(target) else { return false }
    let presentation = motionDuration > 0 ? capturePresentation() : nil
    interaction.retarget(target)
    shift(from: m.target, to: target, counts: m.presentedCounts(target: target), presentation: presentation)
    return true
  }

  /// Shows the lifted item moved from one place to another: the others make
  /// room, animated when there is a presentation to start from.
  private func shift(from: IndexPath, to: IndexPath, counts: [Int], presentation: Presentation?) {
    var update = BatchUpdate()
    update.movedItems[from] = to
    guard let plan = try? BatchUpdatePlan.plan(update, before: itemCounts, after: counts) else { return }
    commit(plan, counts: counts, presentation: presentation, completions: [])
  }

  /// The data's index path for an item the view shows (they differ while an item is moving).
  func dataIndexPath(forPresented indexPath: IndexPath) -> IndexPath {
    movement?.dataIndexPath(forPresented: indexPath) ?? indexPath
  }

  /// The lifted item's attributes: over its target's place, moved by
  /// ``liftedItemOffset`` as far as ``liftedFrame(from:)`` allows (keys),
  /// or centred on the pointer (mouse); nil when nothing is moving. Its
  /// zIndex is its own: where it is drawn among the others is
  /// ``placingLifted(_:in:)``'s.
  func liftedAttributes() -> LayoutAttributes? {
    guard let m = movement, var a = collectionViewLayout.layoutAttributesForItem(at: m.target) else { return nil }
    if let p = m.position {
      a.frame.origin = Point(x: (p.x - a.frame.width / 2).rounded(), y: (p.y - a.frame.height / 2).rounded())
    } else {
      a.frame = liftedFrame(from: a.frame)
    }
    a.alpha = 1
    a.isHidden = false
    return a
  }

  /// `place` moved by ``liftedItemOffset``, brought back toward `place` a
  /// cell at a time, rows first, while it would overlap a header or footer
  /// (a pinned header where it floats) that `place` itself does not: raised
  /// from the first row under a header, the item stays in its row, whole,
  /// and the header whole above it.
  func liftedFrame(from place: Rect) -> Rect {
    var dx = liftedItemOffset.x
    var dy = liftedItemOffset.y
    func overlapsAHeaderOrFooter() -> Bool {
      let frame = place.offsetBy(dx: dx, dy: dy)
      return collectionViewLayout.layoutAttributesForElements(in: frame).contains { s in
        s.category == .supplementary && !s.isHidden && s.frame.intersects(frame) && !s.frame.intersects(place)
      }
    }
    /// A cell nearer zero; zero after `maximumSteps` (an offset of thousands costs no more).
    func step(_ d: Double, _ steps: inout Int) -> Double {
      steps += 1
      return steps >= Self.maximumLiftSteps || abs(d) <= 1 ? 0 : d - (d > 0 ? 1 : -1)
    }
    var steps = 0
    while dy != 0, overlapsAHeaderOrFooter() { dy = step(dy, &steps) }
    steps = 0
    while dx != 0, overlapsAHeaderOrFooter() { dx = step(dx, &steps) }
    return place.offsetBy(dx: dx, dy: dy)
  }

  /// How many cells ``liftedFrame(from:)`` brings an offset back, along
  /// each axis, before it drops that part of it.
  static let maximumLiftSteps = 16

  /// `sorted` (elements in drawing order) with the lifted item put where it
  /// is drawn: above every item and decoration, beneath the supplementary
  /// elements drawn above them all (headers and footers, a pinned header
  /// too), so the header of the section it would drop into stays readable.
  static func placingLifted(_ lifted: DrawnElement, in sorted: [DrawnElement]) -> [DrawnElement] {
    var elements = sorted
    let above = elements.lastIndex { $0.attributes.category != .supplementary }.map { $0 + 1 } ?? 0
    elements.insert(lifted, at: above)
    return elements
  }
}
