import GridLayout

extension CollectionViewDiffableDataSource {
  /// Changes the outline of `section` where only the rows under `parent`
  /// change (it expands or collapses, or its children come), in place: the
  /// rows it showed under it before and after are the one run that follows
  /// its row, so the batch update is their difference, shifted there, and
  /// the section's rows are spliced. What a key costs is then the rows it
  /// opens or closes, not the rows shown (no walk of the whole tree, no
  /// difference of every row, no copy of the outline or the rows).
  ///
  /// `change` runs inside the batch, after the view took what it shows (so
  /// a row that leaves fades out as it was drawn, indented).
  ///
  /// - Parameters:
  ///   - row: where `parent` is shown in the section, if the caller knows
  ///     (it is checked); otherwise it is looked for when `parent` is visible.
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``; ``SnapshotError/duplicateItem(_:)``
  ///   when a row it would show is another section's. Nothing changes then.
  func changeRows(
    under parent: ItemID, shownAt row: Int?, in section: SectionID, animated: Bool,
    _ change: (inout DiffableSectionSnapshot<ItemID>) -> Void
  ) throws(SnapshotError) {
    guard let index = current.indexOfSection(section) else { throw .sectionNotFound("\(section)") }
    guard sectionSnapshots[section] != nil else { return }
    let parentRow = self.row(of: parent, inSectionAt: index, hint: row, section: section)
    let oldRows = parentRow == nil ? [] : rows(under: parent, in: section)
    if parentRow != nil, current.numberOfSections > 1 {
      // A row new to the section must not be another section's (a trial copy: outlines of one section never pay it).
      var trial = sectionSnapshots[section]!
      change(&trial)
      let newRows = trial.isExpanded(parent) ? trial.visibleItems(under: parent) : []
      try requireNotInOtherSections(Set(newRows).subtracting(oldRows), except: index)
    }
    guard let view = collectionView, let parentRow else {
      change(&sectionSnapshots[section]!)
      if let parentRow { splice(rows(under: parent, in: section), replacing: oldRows.count, after: parentRow, inSectionAt: index) }
      collectionView?.setNeedsDisplay()
      return
    }
    do {
      try view.performBatchUpdates(
        {
          change(&sectionSnapshots[section]!)
          let newRows = rows(under: parent, in: section)
          splice(newRows, replacing: oldRows.count, after: parentRow, inSectionAt: index)
          try view.apply(BatchUpdate(section: index, from: oldRows, to: newRows).shifted(by: parentRow + 1))
        }, animated: animated)
    } catch {
      // The view's counts were not this source's (something else changed
      // them): it reads them again, and shows what the outline now holds.
      if let outline = sectionSnapshots[section] {
        splice(outline.visibleItems, replacing: current.itemIdentifiers(inSectionAt: index).count, after: -1, inSectionAt: index)
      }
      view.reloadData()
      view.setNeedsDisplay()
      return
    }
    // The parent's disclosure changed: it is drawn again, alone (its row did not move).
    try? view.reconfigureItems(at: [IndexPath(item: parentRow, section: index)])
  }

  /// The rows `parent` shows under it in the outline of `section` now (none when it is collapsed).
  private func rows(under parent: ItemID, in section: SectionID) -> [ItemID] {
    guard let outline = sectionSnapshots[section], outline.isExpanded(parent) else { return [] }
    return outline.visibleItems(under: parent)
  }

  /// Where `parent` is shown in the section at `index`: `hint` when it is
  /// there, else looked for when the outline shows it; nil when not shown.
  private func row(of parent: ItemID, inSectionAt index: Int, hint: Int?, section: SectionID) -> Int? {
    if let hint, current.itemIdentifier(at: IndexPath(item: hint, section: index)) == parent { return hint }
    guard sectionSnapshots[section]?.isVisible(parent) == true else { return nil }
    return current.itemIdentifiers(inSectionAt: index).firstIndex(of: parent)
  }

  /// Throws ``SnapshotError/duplicateItem(_:)`` naming one of `added` that a
  /// section other than the one at `index` shows.
  func requireNotInOtherSections(_ added: Set<ItemID>, except index: Int) throws(SnapshotError) {
    guard !added.isEmpty else { return }
    for s in 0..<current.numberOfSections where s != index {
      if let twice = current.itemIdentifiers(inSectionAt: s).first(where: added.contains) { throw .duplicateItem("\(twice)") }
    }
  }
}

extension BatchUpdate {
  /// This batch of one section's items with every index path `offset` items further.
  fileprivate func shifted(by offset: Int) -> BatchUpdate {
    func moved(_ p: IndexPath) -> IndexPath { IndexPath(item: p.item + offset, section: p.section) }
    var update = BatchUpdate()
    update.insertedItems = Set(insertedItems.map(moved))
    update.deletedItems = Set(deletedItems.map(moved))
    update.reloadedItems = Set(reloadedItems.map(moved))
    for (from, to) in movedItems { update.movedItems[moved(from)] = moved(to) }
    return update
  }
}
