import GridLayout
import GridRender

/// What a key does in a ``CollectionView``.
public enum CollectionAction: Hashable, Sendable {
  /// Move the focus to the next item in a direction, as the layout's
  /// <doc:/GridLayout/CollectionLayout/focusNavigation> says (``CollectionView/moveFocus(_:)``).
  case moveFocus(FocusDirection)
  /// Move the focus to the next or previous item in index order.
  case focusNextItem, focusPreviousItem
  /// Move a page up or down.
  case pageUp, pageDown
  /// The first or the last item.
  case first, last
  /// The first item of the next or previous section.
  case nextSection, previousSection
  /// Tell the delegate the focused item was activated (Enter).
  case activate
  /// Select or deselect the focused item (Space).
  case toggleSelection
  /// Move the focus and select from the anchor to it (Shift+arrows).
  case extendSelection(FocusDirection)
  /// Deselect every item (Esc).
  case clearSelection
  /// Pick the focused item up to move it (m); arrows then move it, Enter
  /// drops it and Esc puts it back.
  case beginMovement
}
