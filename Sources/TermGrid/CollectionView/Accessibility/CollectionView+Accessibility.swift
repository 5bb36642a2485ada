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
    let place = "\(indexPath.item + 1) of \(numberOfItems(inSection: indexPath.section))"
    let label = accessibilityLabel(ofItemAt: indexPath)
    let spoken = label.isEmpty ? place : "\(place): \(label)"
    guard let section = accessibilityName(ofSection: indexPath.section) else { return spoken }
    return "\(section), \(spoken)"
  }

  /// The item's label: the delegate's, else what a sighted reader sees of
  /// its content: its title, its lines, its detail and its badge, then its
  /// accessories in reading order (leading, then trailing): a label's text
  /// (a list row's count), "checked" for a checkmark, "expanded" or
  /// "collapsed" for an outline disclosure; last "level 2" for a row
  /// indented a level (as a tree view's rows are read).
  func accessibilityLabel(ofItemAt indexPath: IndexPath) -> String {
    if let label = delegate?.collectionView(self, accessibilityLabelForItemAt: indexPath) { return label }
    guard let a = layoutAttributesForItem(at: indexPath), let content = content(for: a) else { return "" }
    var parts = [content.title] + content.lines.map(\.plainText) + [content.detail ?? "", content.badge?.text.plainText ?? ""]
    let accessories = content.accessories.filter { $0.placement == .leading } + content.accessories.filter { $0.placement != .leading }
    for accessory in accessories {
      switch accessory.kind {
      case .label(let text): parts.append(text)
      case .checkmark: parts.append("checked")
      case .outlineDisclosure(let isExpanded): parts.append(isExpanded ? "expanded" : "collapsed")
      case .disclosureIndicator, .reorder: break
      }
    }
    if content.indentationLevel > 0 { parts.append("level \(content.indentationLevel + 1)") }
    return parts.map(Self.trimmed).filter { !$0.isEmpty }.joined(separator: ", ")
  }

  /// A section's name: the delegate's label (nil when it gives an empty
  /// one), else its header's title, else "section N" when there are
  /// several sections, else nil.
  func accessibilityName(ofSection section: Int) -> String? {
    if let label = delegate?.collectionView(self, accessibilityLabelForSection: section) {
      let name = Self.trimmed(label)
      return name.isEmpty ? nil : name
    }
    if let header = collectionViewLayout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: section)),
      let content = content(for: header), !Self.trimmed(content.title).isEmpty
    {
      return Self.trimmed(content.title)
    }
    return numberOfSections > 1 ? "section \(section + 1)" : nil
  }

  /// Text without the spaces that pad it on screen.
  static func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  /// Posts a line for a screen reader (UIKit's
  /// `UIAccessibility.post(notification: .announcement, argument:)`): it
  /// becomes ``accessibilityAnnouncement`` and the delegate is told
  /// (``CollectionViewDelegate/collectionView(_:didPostAccessibilityAnnouncement:)``).
  /// In screen-reader mode the view posts its own for focus changes,
  /// selections and updates; an app posts what else happened ("saved 3 books").
  public func postAccessibilityAnnouncement(_ announcement: String) {
    accessibilityAnnouncement = announcement
    delegate?.collectionView(self, didPostAccessibilityAnnouncement: announcement)
  }

  /// In screen-reader mode, posts `announcement` (made only then).
  func announceIfReading(_ announcement: @autoclosure () -> String) {
    guard accessibility.isScreenReaderModeOn else { return }
    postAccessibilityAnnouncement(announcement())
  }

  /// "3 added, 1 removed" for a batch whose plan is `plan` (empty when
  /// nothing was added or removed: moves and reloads say nothing); "7
  /// items" when the view was empty before (its first data).
  static func accessibilitySummary(of plan: BatchUpdatePlan, oldTotal: Int, newTotal: Int) -> String {
    if oldTotal == 0 && newTotal > 0 { return newTotal == 1 ? "1 item" : "\(newTotal) items" }
    let kept = plan.keptItemCount
    var parts: [String] = []
    if newTotal > kept { parts.append("\(newTotal - kept) added") }
    if oldTotal > kept { parts.append("\(oldTotal - kept) removed") }
    return parts.joined(separator: ", ")
  }
}
