extension DiffableSnapshot {
  /// The batch update that turns `old` into this snapshot, with UIKit's
  /// semantics (deletes name old index paths, inserts new ones, moves go from
  /// old to new), computed with the standard library's `CollectionDifference`
  /// and `inferringMoves()`:
  ///
  /// - sections: removed ones are deleted, added ones inserted, and those
  ///   whose order changed are moved;
  /// - items: within a section that stays, the difference of its items; an
  ///   item that leaves one staying section for another is a move; items of
  ///   deleted and inserted sections come and go with their section;
  /// - items marked with ``reloadItems(_:)`` that stay where they are are reloaded.
  ///
  /// Both snapshots are validated first: a duplicate identifier throws.
  public func batchUpdate(from old: DiffableSnapshot) throws(SnapshotError) -> BatchUpdate {
    try old.validate()
    try validate()
    var update = BatchUpdate()

    // Sections.
    let sectionDiff = sectionIdentifiers.difference(from: old.sectionIdentifiers).inferringMoves()
    var sectionMap = [Int?](repeating: nil, count: old.numberOfSections)  // old index -> new index
    for change in sectionDiff {
      switch change {
      case .remove(let offset, _, let to):
        if let to { update.movedSections[offset] = to } else { update.deletedSections.insert(offset) }
      case .insert(let offset, _, let from):
        if from == nil { update.insertedSections.insert(offset) }
      }
    }
    var newIndexOfSection: [SectionID: Int] = [:]
    for (i, s) in sectionIdentifiers.enumerated() { newIndexOfSection[s] = i }
    for (i, s) in old.sectionIdentifiers.enumerated() { sectionMap[i] = newIndexOfSection[s] }

    // Where every item is, old and new.
    var oldPath: [ItemID: IndexPath] = [:]
    for s in 0..<old.numberOfSections {
      for (i, id) in old.itemIdentifiers(inSectionAt: s).enumerated() { oldPath[id] = IndexPath(item: i, section: s) }
    }
    var newPath: [ItemID: IndexPath] = [:]
    for s in 0..<numberOfSections {
      for (i, id) in itemIdentifiers(inSectionAt: s).enumerated() { newPath[id] = IndexPath(item: i, section: s) }
    }
    let insertedSections = update.insertedSections

    // Items, section by section among the sections that stay.
    for (oldSection, mapped) in sectionMap.enumerated() {
      guard let newSection = mapped else { continue }
      let before = old.itemIdentifiers(inSectionAt: oldSection)
      let after = itemIdentifiers(inSectionAt: newSection)
      for change in after.difference(from: before).inferringMoves() {
        switch change {
        case .remove(let offset, let id, let to):
          let from = IndexPath(item: offset, section: oldSection)
          if to != nil {
            update.movedItems[from] = IndexPath(item: to!, section: newSection)
          } else if let target = newPath[id], !insertedSections.contains(target.section) {
            update.movedItems[from] = target  // to another section that stays
          } else {
            update.deletedItems.insert(from)  // gone, or into a new section (which brings its items)
          }
        case .insert(let offset, let id, let from):
          guard from == nil else { continue }
          if let source = oldPath[id], sectionMap[source.section] != nil, source.section != oldSection {
            continue  // the move was recorded where it left
          }
          update.insertedItems.insert(IndexPath(item: offset, section: newSection))
        }
      }
    }
    // Reloads of items that stay put.
    for id in reloadedItemIdentifiers {
      guard let from = oldPath[id], update.movedItems[from] == nil, !update.deletedItems.contains(from),
        sectionMap[from.section] != nil
      else { continue }
      update.reloadedItems.insert(from)
    }
    return update
  }
}
