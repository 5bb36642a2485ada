import GridLayout

extension CollectionView {
  // MARK: accessibility

  /// What a screen reader says for the item: its section's name (the
  /// delegate's ``CollectionViewDelegate/collectionView(_:accessibilityLabelForSection:)``,
  /// else its header's title, or "section 2" when there are several
  /// sections and no header), its place in the section, and its label (the
  /// delegate's ``CollectionViewDelegate/collectionView(_:accessibilityLabelForItemAt:)``,
  /// else what its content shows): "Jane Austen, 2 of 6: Emma, 1815".
  /// Empty for an index path out of range.
  public func accessibilityDescription(ofItemAt indexPath: IndexPath) -> String {
    guard isValid(indexPath) else { return "" }
    return AccessibilityState.spokenDescription(
      item: indexPath.item, of: numberOfItems(inSection: indexPath.section), label: accessibilityLabel(ofItemAt: indexPath),
      section: accessibilityName(ofSection: indexPath.section))
  }

  /// The item's label: the delegate's, else what a sighted reader sees of
  /// its content (``AccessibilityState/label(of:)``).
  func accessibilityLabel(ofItemAt indexPath: IndexPath) -> String {
    if let label = delegate?.collectionView(self, accessibilityLabelForItemAt: indexPath) { return label }
    guard let a = layoutAttributesForItem(at: indexPath), let content = content(for: a) else { return "" }
    return AccessibilityState.label(of: content)
  }

  /// A section's name: the delegate's label (nil when it gives an empty
  /// one), else its header's title, else "section N" when there are
  /// several sections, else nil.
  func accessibilityName(ofSection section: Int) -> String? {
    if let label = delegate?.collectionView(self, accessibilityLabelForSection: section) {
      let name = AccessibilityState.trimmed(label)
      return name.isEmpty ? nil : name
    }
    if let header = collectionViewLayout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: section)),
      let content = content(for: header), !AccessibilityState.trimmed(content.title).isEmpty
    {
      return AccessibilityState.trimmed(content.title)
    }
    return numberOfSections > 1 ? "section \(section + 1)" : nil
  }

  /// Posts a line for a screen reader (UIKit's
  /// `UIAccessibility.post(notification: .announcement, argument:)`): it
  /// becomes ``accessibilityAnnouncement`` and the delegate is told
  /// (``CollectionViewDelegate/collectionView(_:didPostAccessibilityAnnouncement:)``).
  /// In screen-reader mode the view posts its own for focus changes,
  /// selections and updates; an app posts what else happened ("saved 3 books").
  public func postAccessibilityAnnouncement(_ announcement: String) {
    accessibilityState.post(announcement)
    delegate?.collectionView(self, didPostAccessibilityAnnouncement: announcement)
  }

  /// In screen-reader mode, posts `announcement` (made only then).
  func announceIfReading(_ announcement: @autoclosure () -> String) {
    guard accessibilityState.isReading else { return }
    postAccessibilityAnnouncement(announcement())
  }
}
