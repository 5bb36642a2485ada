import GridLayout

/// Told what the person does in a ``CollectionView``, and asked what they
/// may do, as UICollectionViewDelegate. Every method has a default: the
/// `should` methods allow, ``collectionView(_:canMoveItemAt:)`` refuses
/// (moving needs the data source's `moveItemAt`), the rest do nothing.
///
/// Only what the person does asks and tells the delegate: selecting or
/// deselecting in code (``CollectionView/selectItem(at:animated:scrollPosition:)``)
/// calls no delegate method, as in UIKit. The focus is the exception:
/// ``collectionView(_:didHighlightItemAt:)`` follows it however it moves,
/// so a status line can name the focused item.
public protocol CollectionViewDelegate: AnyObject {
  /// Whether the focus may land on the item (by key or mouse).
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
  /// The focus moved to the item.
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The focus left the item.
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether the person may select the item (Space, Shift+arrows, a click).
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  /// The person selected the item.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// Whether the person may deselect the item.
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
  /// The person deselected the item (or selected another where only one may be selected).
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// Enter (or a double click) on the item.
  func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath)
  /// Whether the item may be picked up and moved (default false).
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// Where a moving item goes when the person proposes `proposedIndexPath`
  /// (an index path after the move); return another to redirect it, for
  /// example to keep items in their section. Default: the proposal.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath
  /// What a screen reader calls the item (UIKit's `accessibilityLabel`):
  /// nil, the default, says what a sighted reader sees of its content: its
  /// title, lines, detail and badge ("Emma, 1815"), then its accessories:
  /// a label's text (a list row's count), "checked" for a checkmark,
  /// "expanded" or "collapsed" for an outline row that can expand; and
  /// "level 2" for a row indented a level ("Inbox, 12"; "Buy paint,
  /// checked, level 3").
  func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: IndexPath) -> String?
  /// What a screen reader calls the section, said before the place of an
  /// item in it ("Basic Latin, 34 of 95: …"), as UIKit's `accessibilityLabel`
  /// of its header: give a name where the header shows symbols, ranges or
  /// counts ("U+0000–U+007F", "★"). nil, the default, says the header's
  /// title, or "section 2" when there are several sections and no header;
  /// an empty label says nothing of the section.
  func collectionView(_ collectionView: CollectionView, accessibilityLabelForSection section: Int) -> String?
  /// The view posted a line for a screen reader
  /// (``CollectionView/postAccessibilityAnnouncement(_:)``): in screen-reader
  /// mode, a focus change, a selection or an update. Default: nothing
  /// (``CollectionViewController`` redraws its status line, which shows it).
  func collectionView(_ collectionView: CollectionView, didPostAccessibilityAnnouncement announcement: String)
}

extension CollectionViewDelegate {
  /// Default: true.
  public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// Default: does nothing.
  public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
  /// Default: does nothing.
  public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  /// Default: true.
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// Default: does nothing.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// Default: true.
  public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// Default: does nothing.
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  /// Default: does nothing.
  public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {}
  /// Default: false.
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
  /// Default: the proposal.
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }
  /// Default: nil (what the content shows: its title, lines, detail, badge and accessories, then its level).
  public func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: IndexPath) -> String? {
    nil
  }
  /// Default: nil (the header's title, or "section 2" when there are several sections).
  public func collectionView(_ collectionView: CollectionView, accessibilityLabelForSection section: Int) -> String? {
    nil
  }
  /// Default: does nothing.
  public func collectionView(_ collectionView: CollectionView, didPostAccessibilityAnnouncement announcement: String) {}
}
