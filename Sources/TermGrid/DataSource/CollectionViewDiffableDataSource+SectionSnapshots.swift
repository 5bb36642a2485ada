import GridLayout

extension CollectionViewDiffableDataSource {
  /// The items of `section` as an outline: the section snapshot last
  /// applied to it, with its expansion as shown; a section applied only
  /// with a flat snapshot gives its items as root items. Empty when there
  /// is no such section.
  public func snapshot(for section: SectionID) -> DiffableSectionSnapshot<ItemID> {
    if let outline = sectionSnapshots[section] { return outline }
    var flat = DiffableSectionSnapshot<ItemID>()
    try? flat.append(current.itemIdentifiers(inSection: section))  // (unique: the snapshot shown was validated)
    return flat
  }

  /// Shows `sectionSnapshot` as the items of `section`, as UIKit's
  /// `apply(_:to:animatingDifferences:completion:)`: the section's rows
  /// become the snapshot's <doc:/GridLayout/DiffableSectionSnapshot/visibleItems>,
  /// and the difference from the rows shown (inserts, deletes and moves,
  /// found in O(n log n)) is one batch update, animated when
  /// `animatingDifferences`. Focus and selection follow their items.
  ///
  /// Expansion survives: an item expanded on screen stays expanded when
  /// `sectionSnapshot` holds it and did not collapse it (see
  /// <doc:/GridLayout/DiffableSectionSnapshot/mergeExpansionState(from:)>),
  /// so a snapshot rebuilt from the model keeps what the person opened.
  /// Other sections are not touched.
  ///
  /// - Throws: <doc:/GridLayout/SnapshotError/sectionNotFound(_:)> when the snapshot
  ///   shown has no `section`; <doc:/GridLayout/SnapshotError/duplicateItem(_:)> when a
  ///   row would be shown twice (another section shows it);
  ///   <doc:/GridLayout/SnapshotError/viewOutOfStep(_:)> as for a whole snapshot.
  ///   Nothing changes then.
  public func apply(
    _ sectionSnapshot: DiffableSectionSnapshot<ItemID>, to section: SectionID, animatingDifferences: Bool = true,
    completion: ((Bool) -> Void)? = nil
  ) throws(SnapshotError) {
    var outline = sectionSnapshot
    if let shown = sectionSnapshots[section] { outline.mergeExpansionState(from: shown) }
    try show(outline, as: section, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Makes `outline` the section's, its visible items the section's rows.
  func show(
    _ outline: DiffableSectionSnapshot<ItemID>, as section: SectionID, animatingDifferences: Bool,
    completion: ((Bool) -> Void)? = nil
  ) throws(SnapshotError) {
    guard let index = current.indexOfSection(section) else { throw .sectionNotFound("\(section)") }
    let old = current.itemIdentifiers(inSectionAt: index)
    let rows = outline.visibleItems
    // The rows are unique (a section snapshot's items are); a row new to the
    // section must not be another section's.
    if current.numberOfSections > 1 {
      let before = Set(old)
      try requireNotInOtherSections(Set(rows.filter { !before.contains($0) }), except: index)
    }
    var next = current
    try next.replaceItems(inSection: section, with: rows)
    let previous = sectionSnapshots[section]
    do {
      // (The outline changes inside the batch, after the view took what it
      // shows: a row that leaves fades out as it was drawn, indented.)
      try show(
        next, update: BatchUpdate(section: index, from: old, to: rows), animatingDifferences: animatingDifferences,
        completion: completion, alsoChanging: { sectionSnapshots[section] = outline })
    } catch {
      sectionSnapshots[section] = previous
      throw error
    }
    collectionView?.setNeedsDisplay()  // parents whose expansion changed show it
  }

  // MARK: rows

  /// An outline's row as UIKit's list cells show it: indented by the
  /// item's level (unless the content sets an indentation of its own), its
  /// ``CellAccessory/outlineDisclosure(isExpanded:tintColor:)`` showing whether it is
  /// expanded; an item with nothing to expand keeps the disclosure's column
  /// blank, so titles line up. A row the cell provider gave no outline
  /// disclosure is given one at its leading edge.
  func outlineContent(_ content: ElementContent, for item: ItemID, in outline: DiffableSectionSnapshot<ItemID>) -> ElementContent {
    var row = content
    if row.indentationLevel == 0 { row.indentationLevel = outline.level(of: item) ?? 0 }
    if !row.accessories.contains(where: \.isOutlineDisclosure) {
      row.accessories.insert(.outlineDisclosure(isExpanded: false), at: 0)
    }
    let handlers = sectionSnapshotHandlers
    let expandable =
      !outline.children(of: item).isEmpty
      || (handlers.loadChildren != nil && handlers.placeholderForLoadingChildren?(item) != nil)
    let expanded = outline.isExpanded(item)
    row.accessories = row.accessories.map { accessory in
      guard accessory.isOutlineDisclosure else { return accessory }
      guard expandable else { return CellAccessory(.label(" "), placement: accessory.placement) }
      var disclosure = accessory
      disclosure.kind = .outlineDisclosure(isExpanded: expanded)
      return disclosure
    }
    return row
  }

  // MARK: expanding and collapsing as the person does

  /// Expands `item` of the outline `section` as the person does: the
  /// handlers are asked and told, its children replaced by
  /// ``SectionSnapshotHandlers/snapshotForExpandingParent``, loaded when
  /// it has none and a placeholder is given. Returns false when `item` is
  /// not a collapsed parent there. `row`: where it is shown, if known.
  ///
  /// Only the rows it opens are worked on (see ``changeRows(under:shownAt:in:animated:_:)``).
  @discardableResult
  func expandByUser(_ item: ItemID, inSection section: SectionID, shownAt row: Int? = nil) -> Bool {
    // (The outline is read through the dictionary, never held in a
    // variable: a copy held while it changes would copy the whole tree.)
    guard sectionSnapshots[section]?.contains(item) == true, sectionSnapshots[section]?.isExpanded(item) == false else {
      return false
    }
    let handlers = sectionSnapshotHandlers
    let hasChildren = sectionSnapshots[section]?.children(of: item).isEmpty == false
    let placeholder =
      hasChildren || handlers.loadChildren == nil || loadingParents.contains(item)
      ? nil : handlers.placeholderForLoadingChildren?(item)
    guard hasChildren || placeholder != nil || loadingParents.contains(item) else { return false }
    if handlers.shouldExpandItem?(item) == false { return true }
    handlers.willExpandItem?(item)
    var replacement: DiffableSectionSnapshot<ItemID>?
    if hasChildren, let replace = handlers.snapshotForExpandingParent, let outline = sectionSnapshots[section] {
      let children = replace(item, outline.snapshot(of: item))
      // (Children that would repeat an item held elsewhere are not taken: the old ones stay.)
      var trial = outline
      if (try? trial.replace(childrenOf: item, using: children)) != nil { replacement = children }
    }
    if let placeholder, sectionSnapshots[section]?.contains(placeholder) == true {
      handlers.didFailToLoadChildren?(item, .invalidChildren(parent: "\(item)", .duplicateItem("\(placeholder)")))
      return true
    }
    do {
      try changeRows(under: item, shownAt: row, in: section, animated: true) { outline in
        if let replacement { try? outline.replace(childrenOf: item, using: replacement) }
        if let placeholder { try? outline.append([placeholder], to: item) }
        try? outline.expand([item])
      }
    } catch {
      if placeholder != nil { handlers.didFailToLoadChildren?(item, .invalidChildren(parent: "\(item)", error)) }
      return true
    }
    if let placeholder, let load = handlers.loadChildren { startLoadingChildren(of: item, in: section, placeholder: placeholder, load) }
    announceExpansion(of: item, in: section)
    return true
  }

  /// Collapses `item` of the outline `section` as the person does (the
  /// handlers asked and told). Returns false when it is not expanded there.
  /// `row`: where it is shown, if known. Only the rows it closes are worked on.
  @discardableResult
  func collapseByUser(_ item: ItemID, inSection section: SectionID, shownAt row: Int? = nil) -> Bool {
    guard sectionSnapshots[section]?.isExpanded(item) == true else { return false }
    if sectionSnapshotHandlers.shouldCollapseItem?(item) == false { return true }
    sectionSnapshotHandlers.willCollapseItem?(item)
    try? changeRows(under: item, shownAt: row, in: section, animated: true) { outline in try? outline.collapse([item]) }
    announceExpansion(of: item, in: section)
    return true
  }

  /// In screen-reader mode, says what became of `parent` as the person
  /// expanded or collapsed it, or its children came: its description
  /// (whose label says expanded or collapsed), and when expanded how many
  /// rows it holds, or that they are loading. Said after the batch's own
  /// line ("2 added"), in its place.
  private func announceExpansion(of parent: ItemID, in section: SectionID) {
    guard let view = collectionView, view.accessibility.isScreenReaderModeOn, let path = indexPath(for: parent),
      let outline = sectionSnapshots[section]
    else { return }
    var line = view.accessibilityDescription(ofItemAt: path)
    if outline.isExpanded(parent) {
      let count = outline.children(of: parent).count
      line += loadingParents.contains(parent) ? "; loading" : count == 1 ? "; 1 item" : "; \(count) items"
    }
    view.postAccessibilityAnnouncement(line)
  }

  /// After `parent`'s children came: the focus on the first of them when
  /// `focusingFirst` (the placeholder had it; the move is announced), else
  /// the parent's news announced.
  private func showLoaded(childrenOf parent: ItemID, in section: SectionID, focusingFirst: Bool) {
    if focusingFirst, let first = sectionSnapshots[section]?.children(of: parent).first, let path = indexPath(for: first) {
      collectionView?.focusItem(at: path)
    } else {
      announceExpansion(of: parent, in: section)
    }
  }

  // MARK: children loaded off the main thread

  private func startLoadingChildren(
    of parent: ItemID, in section: SectionID, placeholder: ItemID,
    _ load: @escaping @Sendable (ItemID) throws -> DiffableSectionSnapshot<ItemID>
  ) {
    loadingParents.insert(parent)
    if let collectionView, !collectionView.backgroundWork.contains(where: { $0 === childLoadingTasks }) {
      collectionView.backgroundWork.append(childLoadingTasks)
    }
    childLoadingTasks.run { () -> Result<DiffableSectionSnapshot<ItemID>, ChildrenLoadingError> in
      do {
        return .success(try load(parent))
      } catch {
        return .failure(.loaderFailed(parent: "\(parent)", reason: "\(error)"))
      }
    } then: { [weak self] result in
      self?.finishLoadingChildren(of: parent, in: section, placeholder: placeholder, result)
    }
  }

  /// Puts the children loaded in the placeholder's place, in the outline
  /// as it is now (what changed meanwhile stays), the focus on the first
  /// of them when the placeholder had it; on failure takes the placeholder
  /// away, collapses the parent and tells the app. Only the rows under the
  /// parent are worked on.
  private func finishLoadingChildren(
    of parent: ItemID, in section: SectionID, placeholder: ItemID,
    _ result: Result<DiffableSectionSnapshot<ItemID>, ChildrenLoadingError>
  ) {
    loadingParents.remove(parent)
    // The parent went meanwhile (or the section is no longer an outline): nothing to show.
    guard sectionSnapshots[section]?.contains(parent) == true else { return }
    let placeholderHadFocus = collectionView?.focusedIndexPath.flatMap { itemIdentifier(for: $0) } == placeholder
    var failure: ChildrenLoadingError?
    switch result {
    case .success(let children):
      // Children the app gave meanwhile win over those loaded.
      let hasOwn = sectionSnapshots[section]?.children(of: parent).contains { $0 != placeholder } == true
      do throws(SnapshotError) {
        if !hasOwn, let twice = children.items.first(where: { $0 != placeholder && sectionSnapshots[section]?.contains($0) == true }) {
          throw .duplicateItem("\(twice)")
        }
        try changeRows(under: parent, shownAt: nil, in: section, animated: true) { outline in
          outline.delete([placeholder])
          if !hasOwn { try? outline.append(children, to: parent) }
        }
        showLoaded(childrenOf: parent, in: section, focusingFirst: placeholderHadFocus)
        return
      } catch {
        failure = hasOwn ? nil : .invalidChildren(parent: "\(parent)", error)
      }
    case .failure(let error): failure = error
    }
    try? changeRows(under: parent, shownAt: nil, in: section, animated: true) { outline in
      outline.delete([placeholder])
      if outline.children(of: parent).isEmpty { try? outline.collapse([parent]) }
    }
    announceExpansion(of: parent, in: section)
    if let failure { sectionSnapshotHandlers.didFailToLoadChildren?(parent, failure) }
  }
}

extension CollectionViewDiffableDataSource: CollectionViewOutlineDataSource {
  /// Whether a section is applied as a <doc:/GridLayout/DiffableSectionSnapshot>.
  public func showsOutline(in collectionView: CollectionView) -> Bool { !sectionSnapshots.isEmpty }

  /// In a section applied as a <doc:/GridLayout/DiffableSectionSnapshot>:
  /// Right expands a collapsed parent (one with children, or children to
  /// load) and moves the focus from an expanded one to its first child;
  /// Left collapses an expanded parent and moves the focus from a child to
  /// its parent. Returns false elsewhere, so the keys move by geometry.
  public func collectionView(
    _ collectionView: CollectionView, performOutlineMove direction: FocusDirection, fromItemAt indexPath: IndexPath
  ) -> Bool {
    // (The outline is read through the dictionary, not held: expanding changes it in place.)
    guard let section = sectionIdentifier(for: indexPath.section), sectionSnapshots[section] != nil,
      let item = itemIdentifier(for: indexPath)
    else { return false }
    let isExpanded = sectionSnapshots[section]?.isExpanded(item) == true
    switch direction {
    case .right:
      guard isExpanded else { return expandByUser(item, inSection: section, shownAt: indexPath.item) }
      let next = IndexPath(item: indexPath.item + 1, section: indexPath.section)
      guard let first = sectionSnapshots[section]?.children(of: item).first, itemIdentifier(for: next) == first else { return false }
      collectionView.focusItem(at: next)
      return true
    case .left:
      if isExpanded, sectionSnapshots[section]?.children(of: item).isEmpty == false {
        return collapseByUser(item, inSection: section, shownAt: indexPath.item)
      }
      guard let parent = sectionSnapshots[section]?.parent(of: item) else { return false }
      // The parent is above, the nearer the shallower the outline.
      for row in stride(from: indexPath.item - 1, through: 0, by: -1) {
        let p = IndexPath(item: row, section: indexPath.section)
        if itemIdentifier(for: p) == parent {
          collectionView.focusItem(at: p)
          return true
        }
      }
      return false
    case .up, .down: return false
    }
  }
}

extension CellAccessory {
  /// Whether it is an outline disclosure.
  fileprivate var isOutlineDisclosure: Bool {
    if case .outlineDisclosure = kind { return true }
    return false
  }
}
