import GridLayout
import GridRender

extension CollectionView {
  /// Performs a bound action as the person does (the delegate is asked
  /// and told). Returns true when the action applied.
  @discardableResult
  public func perform(_ action: CollectionAction) -> Bool {
    if isMovingItem { return performWhileMoving(action) }
    if updates.interactiveTransition != nil { return performWhileTransitioning(action) }
    switch action {
    case .toggleSelection, .extendSelection: break  // they set the range's anchor themselves
    default: if selection.anchor != nil { selection.setAnchor(nil) }
    }
    switch action {
    case .moveFocus(let d):
      // The outline is asked first only when the data source can show one.
      return (data.mayShowOutline && performOutlineMove(d)) || moveFocus(d)
    case .focusNextItem: moveFocusInOrder(forward: true)
    case .focusPreviousItem: moveFocusInOrder(forward: false)
    case .pageUp: moveFocusByPage(down: false)
    case .pageDown: moveFocusByPage(down: true)
    case .first:
      focusItem(at: firstHighlightable(forward: true))
      scrollToContentEdge(start: true)
    case .last:
      focusItem(at: firstHighlightable(forward: false))
      scrollToContentEdge(start: false)
    case .nextSection: moveFocusToSection(forward: true)
    case .previousSection: moveFocusToSection(forward: false)
    case .activate:
      guard let f = focusedIndexPath else { return false }
      delegate?.collectionView(self, didActivateItemAt: f)
    case .toggleSelection:
      guard let f = focusedIndexPath else { return false }
      return toggleSelectionByUser(f)
    case .clearSelection: return clearSelectionByUser()
    case .beginMovement:
      guard let f = focusedIndexPath else { return false }
      return beginInteractiveMovementForItem(at: f)
    case .extendSelection(let d): return extendSelection(d)
    }
    return true
  }

  /// Home and End go to the very start or end of the content, not just to
  /// the first or last item: the header of an empty first section, or the
  /// footer of an empty last one, comes into view too, as long as the
  /// focused item stays fully visible.
  private func scrollToContentEdge(start: Bool) {
    layoutIfNeeded()
    let content = collectionViewLayout.contentSize
    let size = scrolling.viewport.size
    var target = contentOffset
    if collectionViewLayout.scrollsHorizontally {
      target.x = start ? 0 : max(0, content.width - size.width)
    } else {
      target.y = start ? 0 : max(0, content.height - size.height)
    }
    if let f = focusedIndexPath, let frame = collectionViewLayout.layoutAttributesForItem(at: f)?.frame {
      let visible = Rect(origin: target, size: size)
      guard frame.minY >= visible.minY, frame.maxY <= visible.maxY, frame.minX >= visible.minX, frame.maxX <= visible.maxX
      else { return }
    }
    setContentOffset(target)
  }

  /// While an item is lifted: directions move it, Enter (activate) drops
  /// it, Esc (clear selection) and m put it down as well (Esc where it came from).
  private func performWhileMoving(_ action: CollectionAction) -> Bool {
    switch action {
    case .moveFocus(let d), .extendSelection(let d): return moveInteractiveItem(d)
    case .activate, .beginMovement: endInteractiveMovement()
    case .clearSelection: cancelInteractiveMovement()
    default: return false
    }
    return true
  }

  /// Handles an input event: bound keys (while an item is lifted, arrows
  /// move it, Enter drops it, Esc puts it back); the mouse: a press
  /// focuses, a click selects (Shift: a range), a double click activates,
  /// a press and drag moves the item where the delegate allows it, the
  /// wheel scrolls. Returns true when the event was used.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key):
      completeAnimationForInput()
      // While an item is lifted, unbound keys are used up too (they do nothing).
      guard let action = keyBindings[key] else { return movement != nil }
      perform(action)
      return true
    case .mouse(let m): return handleMouse(m)
    case .paste, .resize, .endOfInput: return false
    }
  }

  private func handleMouse(_ m: MouseEvent) -> Bool {
    if updates.interactiveTransition != nil { return handleMouseWhileTransitioning(m) }
    switch m.kind {
    case .scrollLeft, .scrollRight:
      // Sideways where the layout scrolls sideways, or the section under
      // the pointer does; nothing elsewhere.
      guard frame.contains(x: m.x, y: m.y) else { return false }
      guard collectionViewLayout.scrollsHorizontally else {
        return scrollSection(atSurfaceY: m.y, right: m.kind == .scrollRight)
      }
      let step = m.kind == .scrollLeft ? -6.0 : 6.0
      setContentOffset(Point(x: contentOffset.x + step, y: contentOffset.y))
      return true
    case .scrollUp, .scrollDown:
      guard frame.contains(x: m.x, y: m.y) else { return false }
      let step = m.kind == .scrollUp ? -3.0 : 3.0
      if collectionViewLayout.scrollsHorizontally {
        setContentOffset(Point(x: contentOffset.x + 2 * step, y: contentOffset.y))
      } else {
        setContentOffset(Point(x: contentOffset.x, y: contentOffset.y + step))
      }
      if interaction.mouse.isDragging { updateInteractiveMovementTargetPosition(contentPoint(x: m.x, y: m.y)) }
      return true
    case .press:
      interaction.releaseMouse()
      guard movement == nil, let path = indexPathForItem(atSurfaceX: m.x, y: m.y) else { return false }
      if canHighlight(path) { focusItem(at: path) }
      interaction.press(path, x: m.x, y: m.y)
      return true
    case .drag, .move:
      guard let pressed = interaction.mouse.pressed else { return false }
      if !interaction.mouse.isDragging {
        guard pressed.x != m.x || pressed.y != m.y, beginInteractiveMovementForItem(at: pressed.indexPath) else {
          return false
        }
        interaction.startDragging()
      }
      autoscroll(towards: m.y)
      updateInteractiveMovementTargetPosition(contentPoint(x: m.x, y: m.y))
      return true
    case .release:
      defer {
        interaction.releaseMouse()
      }
      if interaction.mouse.isDragging {
        endInteractiveMovement()
        return true
      }
      guard let pressed = interaction.mouse.pressed, indexPathForItem(atSurfaceX: m.x, y: m.y) == pressed.indexPath else {
        return false
      }
      if clickOutlineDisclosure(ofItemAt: pressed.indexPath, x: m.x, y: m.y) {
        interaction.forgetClick()
        return true
      }
      click(pressed.indexPath, modifiers: m.modifiers)
      return true
    case .click, .doubleClick:
      guard movement == nil, let path = indexPathForItem(atSurfaceX: m.x, y: m.y) else { return false }
      if clickOutlineDisclosure(ofItemAt: path, x: m.x, y: m.y) {
        interaction.forgetClick()
        return true
      }
      if m.kind == .doubleClick {
        if canHighlight(path) { focusItem(at: path) }
        delegate?.collectionView(self, didActivateItemAt: path)
        interaction.forgetClick()
      } else {
        click(path, modifiers: m.modifiers)
      }
      return true
    }
  }

  /// A click on an item: focuses it and selects or deselects it (with
  /// Shift, selects from the anchor to it); a second click on the same item
  /// soon after is a double click, which activates it.
  private func click(_ path: IndexPath, modifiers: Key.Modifiers) {
    let now = clock.now
    if let last = interaction.mouse.lastClick, last.indexPath == path, now - last.time <= MouseTracking.doubleClickInterval {
      interaction.forgetClick()
      delegate?.collectionView(self, didActivateItemAt: path)
      return
    }
    interaction.click(path, at: now)
    if modifiers.contains(.shift), allowsMultipleSelection {
      extendSelection(to: path)
      return
    }
    guard canHighlight(path) else { return }
    focusItem(at: path)
    if allowsSelection { toggleSelectionByUser(path) }
  }

  /// The content point at the centre of a surface cell.
  func contentPoint(x: Int, y: Int) -> Point {
    Point(x: contentOffset.x + Double(x - viewport.x) + 0.5, y: contentOffset.y + Double(y - viewport.y) + 0.5)
  }

  /// Dragging on the first or last row of the view scrolls it a row that way.
  private func autoscroll(towards y: Int) {
    let view = viewport
    if y <= view.y {
      setContentOffset(Point(x: contentOffset.x, y: contentOffset.y - 1))
    } else if y >= view.maxY - 1 {
      setContentOffset(Point(x: contentOffset.x, y: contentOffset.y + 1))
    }
  }
}
