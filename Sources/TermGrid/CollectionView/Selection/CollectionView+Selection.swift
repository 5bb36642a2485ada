import GridLayout

extension CollectionView {
  /// The selected items, sorted (empty when none).
  public var indexPathsForSelectedItems: [IndexPath] { selection.items.sorted() }

  /// The selected items, or the focused item when none is selected (empty
  /// when there is neither), sorted: what a command on "these items" acts
  /// on, as a delete key does.
  public var indexPathsForSelectedOrFocusedItems: [IndexPath] {
    if !selection.items.isEmpty { return selection.items.sorted() }
    return focusedIndexPath.map { [$0] } ?? []
  }

  /// True when the item is selected.
  public func isSelected(_ indexPath: IndexPath) -> Bool { selection.items.contains(indexPath) }

  /// Selects an item in code, as UIKit: no delegate method is called. Where
  /// only one item may be selected, the others are deselected. Nil
  /// deselects every item. An index path out of range, or selection turned
  /// off, does nothing.
  ///
  /// - Parameters:
  ///   - indexPath: the item to select; nil deselects every item.
  ///   - animated: accepted for UIKit's signature; a selection is drawn in the next frame either way.
  ///   - scrollPosition: scroll the item there (nil: do not scroll).
  public func selectItem(at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition? = nil) {
    guard let indexPath else {
      for p in selection.items { setNeedsDisplay(forItemAt: p) }
      selection.removeAll()
      return
    }
    guard allowsSelection, isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for old in selection.items where old != indexPath { setNeedsDisplay(forItemAt: old) }
      selection.removeAll()
    }
    selection.insert(indexPath)
    setNeedsDisplay(forItemAt: indexPath)
    if let scrollPosition { scrollToItem(at: indexPath, position: scrollPosition) }
  }

  /// Deselects an item in code (no delegate method is called).
  ///
  /// - Parameters:
  ///   - indexPath: the item to deselect.
  ///   - animated: accepted for UIKit's signature; drawn in the next frame either way.
  public func deselectItem(at indexPath: IndexPath, animated: Bool = false) {
    if selection.remove(indexPath) { setNeedsDisplay(forItemAt: indexPath) }
  }

  /// Deselects every item in code (no delegate method is called), as
  /// `selectItem(at: nil)` does.
  ///
  /// - Parameter animated: accepted for UIKit's signature; drawn in the next frame either way.
  public func deselectAllItems(animated: Bool = false) { selectItem(at: nil, animated: animated) }

  // MARK: what the person does

  /// Selects the item as the person does: the delegate is asked and told;
  /// where only one item may be selected, the one selected before is
  /// deselected (and the delegate told). Returns true when it was selected.
  @discardableResult
  func selectByUser(_ indexPath: IndexPath) -> Bool {
    guard allowsSelection, isValid(indexPath), !selection.items.contains(indexPath) else { return false }
    guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return false }
    if !allowsMultipleSelection {
      for old in selection.items.sorted() {
        selection.remove(old)
        setNeedsDisplay(forItemAt: old)
        delegate?.collectionView(self, didDeselectItemAt: old)
      }
    }
    selection.insert(indexPath)
    setNeedsDisplay(forItemAt: indexPath)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
    announceIfReading("selected: \(accessibilityLabel(ofItemAt: indexPath)), \(selection.items.count) selected")
    return true
  }

  /// Deselects the item as the person does (the delegate asked and told).
  @discardableResult
  func deselectByUser(_ indexPath: IndexPath) -> Bool {
    guard selection.items.contains(indexPath) else { return false }
    guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return false }
    selection.remove(indexPath)
    setNeedsDisplay(forItemAt: indexPath)
    delegate?.collectionView(self, didDeselectItemAt: indexPath)
    announceIfReading("deselected: \(accessibilityLabel(ofItemAt: indexPath)), \(selection.items.count) selected")
    return true
  }

  /// Space or a click: selects the item, or deselects it when selected. The
  /// item becomes the anchor of a later Shift+arrow range.
  @discardableResult
  func toggleSelectionByUser(_ indexPath: IndexPath) -> Bool {
    guard allowsSelection else { return false }
    let changed = selection.items.contains(indexPath) ? deselectByUser(indexPath) : selectByUser(indexPath)
    selection.setAnchor((indexPath, selection.items.subtracting([indexPath])))
    return changed
  }

  /// Esc: deselects every item the delegate lets go. Returns true when there was a selection.
  @discardableResult
  func clearSelectionByUser() -> Bool {
    guard !selection.items.isEmpty else { return false }
    for p in selection.items.sorted() { deselectByUser(p) }
    selection.setAnchor(nil)
    return true
  }

  /// Shift+arrow: moves the focus, and selects every item from the anchor
  /// (where the range began: the focused item, or the last one toggled) to
  /// the focus in index order, across sections; what was selected outside
  /// the range stays, and items the range leaves again are deselected.
  @discardableResult
  func extendSelection(_ direction: FocusDirection) -> Bool {
    guard allowsSelection, allowsMultipleSelection, let start = focusedIndexPath,
      let target = nearestItem(from: start, direction)
    else { return false }
    return extendSelection(to: target)
  }

  /// Focuses `target` and selects every item from the anchor to it (Shift+arrows, Shift+click).
  @discardableResult
  func extendSelection(to target: IndexPath) -> Bool {
    guard allowsSelection, allowsMultipleSelection, isValid(target) else { return false }
    let (wanted, anchor) = selection.rangeSelection(
      from: focusedIndexPath ?? target, to: target, itemCounts: itemCounts)
    focusItem(at: target)
    for p in selection.items.subtracting(wanted).sorted() { deselectByUser(p) }
    for p in wanted.subtracting(selection.items).sorted() { selectByUser(p) }
    selection.setAnchor(anchor)
    return true
  }
}
