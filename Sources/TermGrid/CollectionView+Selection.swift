import GridLayout

extension CollectionView {
  /// The selected items, sorted (empty when none).
  public var indexPathsForSelectedItems: [IndexPath] { selected.sorted() }

  /// True when the item is selected.
  public func isSelected(_ indexPath: IndexPath) -> Bool { selected.contains(indexPath) }

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
      for p in selected { setNeedsDisplay(forItemAt: p) }
      selected.removeAll()
      return
    }
    guard allowsSelection, isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for old in selected where old != indexPath { setNeedsDisplay(forItemAt: old) }
      selected.removeAll()
    }
    selected.insert(indexPath)
    setNeedsDisplay(forItemAt: indexPath)
    if let scrollPosition { scrollToItem(at: indexPath, position: scrollPosition) }
  }

  /// Deselects an item in code (no delegate method is called).
  ///
  /// - Parameters:
  ///   - indexPath: the item to deselect.
  ///   - animated: accepted for UIKit's signature; drawn in the next frame either way.
  public func deselectItem(at indexPath: IndexPath, animated: Bool = false) {
    if selected.remove(indexPath) != nil { setNeedsDisplay(forItemAt: indexPath) }
  }

  // MARK: what the person does

  /// Selects the item as the person does: the delegate is asked and told;
  /// where only one item may be selected, the one selected before is
  /// deselected (and the delegate told). Returns true when it was selected.
  @discardableResult
  func selectByUser(_ indexPath: IndexPath) -> Bool {
    guard allowsSelection, isValid(indexPath), !selected.contains(indexPath) else { return false }
    guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return false }
    if !allowsMultipleSelection {
      for old in selected.sorted() {
        selected.remove(old)
        setNeedsDisplay(forItemAt: old)
        delegate?.collectionView(self, didDeselectItemAt: old)
      }
    }
    selected.insert(indexPath)
    setNeedsDisplay(forItemAt: indexPath)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
    return true
  }

  /// Deselects the item as the person does (the delegate asked and told).
  @discardableResult
  func deselectByUser(_ indexPath: IndexPath) -> Bool {
    guard selected.contains(indexPath) else { return false }
    guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return false }
    selected.remove(indexPath)
    setNeedsDisplay(forItemAt: indexPath)
    delegate?.collectionView(self, didDeselectItemAt: indexPath)
    return true
  }

  /// Space or a click: selects the item, or deselects it when selected. The
  /// item becomes the anchor of a later Shift+arrow range.
  @discardableResult
  func toggleSelectionByUser(_ indexPath: IndexPath) -> Bool {
    guard allowsSelection else { return false }
    let changed = selected.contains(indexPath) ? deselectByUser(indexPath) : selectByUser(indexPath)
    selectionAnchor = (indexPath, selected.subtracting([indexPath]))
    return changed
  }

  /// Esc: deselects every item the delegate lets go. Returns true when there was a selection.
  @discardableResult
  func clearSelectionByUser() -> Bool {
    guard !selected.isEmpty else { return false }
    for p in selected.sorted() { deselectByUser(p) }
    selectionAnchor = nil
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
    let anchor = selectionAnchor ?? (focusedIndexPath ?? target, selected)
    focusItem(at: target)
    let wanted = anchor.base.union(indexPaths(from: anchor.indexPath, to: target))
    for p in selected.subtracting(wanted).sorted() { deselectByUser(p) }
    for p in wanted.subtracting(selected).sorted() { selectByUser(p) }
    selectionAnchor = anchor
    return true
  }

  /// Every item from `a` to `b` (either order) in index order, across sections.
  func indexPaths(from a: IndexPath, to b: IndexPath) -> [IndexPath] {
    let (low, high) = a < b ? (a, b) : (b, a)
    var result: [IndexPath] = []
    for s in low.section...high.section {
      let first = s == low.section ? low.item : 0
      let last = s == high.section ? high.item : numberOfItems(inSection: s) - 1
      if first <= last { result += (first...last).map { IndexPath(item: $0, section: s) } }
    }
    return result
  }
}
