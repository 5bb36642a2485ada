import GridLayout

extension CollectionView {
  /// Applies changes to the data as one animated batch, as UIKit's
  /// `performBatchUpdates(_:completion:)`: in `updates`, change the data
  /// source's model and say what changed with ``insertItems(at:)``,
  /// ``deleteItems(at:)``, ``moveItem(at:to:)``, ``reloadItems(at:)`` and
  /// their section counterparts (or ``apply(_:)`` with a whole
  /// <doc:/GridLayout/BatchUpdate>). Deletes and reloads name index paths before the
  /// update, inserts name them after, moves go from before to after; the
  /// order of the calls does not matter, and batches nested in `updates`
  /// merge into this one.
  ///
  /// The batch is checked against the data source's counts before anything
  /// changes: counts that do not add up, an index path out of range or an
  /// item both deleted and moved throw a <doc:/GridLayout/BatchUpdateError> that reads
  /// like UIKit's message, and the view, its selection and its focus stay
  /// exactly as they were (undoing the model's change is the caller's, as
  /// the view cannot know it). Otherwise focus and selection follow their
  /// items; a deleted focused item hands the focus to its neighbour in the
  /// same section (the next, else the previous), else to the nearest section.
  ///
  /// - Parameters:
  ///   - updates: changes the model and records the changes (``insertItems(at:)``
  ///     and the others, called inside it, record instead of applying).
  ///   - animated: animate from what is on screen now to the new layout over
  ///     ``animationDuration`` (a running animation continues from where it is).
  ///   - completion: called with true when the animation ends (at once when
  ///     not animated), false when it was cut short by another.
  /// - Throws: A <doc:/GridLayout/BatchUpdateError> when the batch does not
  ///   fit the data, or what `updates` throws (then nothing changed in the
  ///   view). The single changes (``insertItems(at:)`` and the others)
  ///   throw only `BatchUpdateError`.
  public func performBatchUpdates(
    _ updates: () throws -> Void, animated: Bool = true, completion: ((Bool) -> Void)? = nil
  ) throws {
    if self.updates.isCollectingBatch {  // nested: merge into the batch being collected
      try updates()
      self.updates.addNestedCompletion(completion)
      return
    }
    // An interactive transition held by the app is completed first (an
    // animated batch does it when it starts, from what is on screen).
    if self.updates.interactiveTransition != nil, !animated || motionDuration <= 0 { finishTransition(finished: false) }
    // An item being moved goes back where it came from first (its room-making
    // animation ended): the batch's index paths are the data's, not the movement's.
    if isMovingItem {
      finishTransition(finished: false)
      cancelMovementWithoutAnimation()
    }
    // Counts never read yet (a batch before the first frame): read them now,
    // before the model changes, so the batch is checked against them.
    if !hasLoadedData { reloadData() }
    layoutIfNeeded()
    let before = animated && motionDuration > 0 ? capturePresentation() : nil
    self.updates.beginBatch(completion: completion)
    do {
      try updates()
    } catch {
      self.updates.endBatch()
      throw error
    }
    let (update, completions) = self.updates.endBatch()
    let after = dataSourceCounts()
    let plan = try BatchUpdatePlan.plan(update, before: itemCounts, after: after)
    // An empty batch moves nothing: no animation, only a drawing.redraw.
    commit(plan, counts: after, presentation: update.isEmpty ? nil : before, completions: completions)
  }

  /// Inserts items in one animated batch: `updateModel` adds them to the
  /// data source's model, and the view animates them in. The same as
  /// ``performBatchUpdates(_:animated:completion:)`` with the model change
  /// and ``insertItems(at:)`` inside; it throws what that throws.
  ///
  /// ```swift
  /// try collectionView.insertItems(at: [p]) { names[p.section].insert("Moon", at: p.item) }
  /// ```
  public func insertItems(at indexPaths: [IndexPath], updatingModel updateModel: () throws -> Void) throws {
    try performBatchUpdates {
      try updateModel()
      try insertItems(at: indexPaths)
    }
  }

  /// Deletes items in one animated batch: `updateModel` removes them from
  /// the data source's model, and the view animates them out.
  ///
  /// The index paths are those before the update, in any order. To remove several items
  /// from an array, remove them from the last to the first, so a removal
  /// does not shift the index paths still to come:
  ///
  /// ```swift
  /// let doomed = collectionView.indexPathsForSelectedOrFocusedItems
  /// try collectionView.deleteItems(at: doomed) {
  ///   for p in doomed.sorted(by: >) { names[p.section].remove(at: p.item) }
  /// }
  /// ```
  public func deleteItems(at indexPaths: [IndexPath], updatingModel updateModel: () throws -> Void) throws {
    try performBatchUpdates {
      try updateModel()
      try deleteItems(at: indexPaths)
    }
  }

  /// Adds a whole batch to the one being collected (it then throws
  /// nothing), or performs it on its own.
  ///
  /// - Throws: <doc:/GridLayout/BatchUpdateError> when performed on its own
  ///   and it does not fit the data; nothing changed then.
  public func apply(_ update: BatchUpdate) throws(BatchUpdateError) {
    guard updates.isCollectingBatch else {
      do {
        try performBatchUpdates { updates.record(update) }
      } catch let error as BatchUpdateError {
        throw error
      } catch {
        // (The updates above throw nothing: only the plan's errors can come.)
        preconditionFailure("a batch whose updates cannot throw threw \(error)")
      }
      return
    }
    updates.record(update)
  }

  /// Items inserted (index paths after the update).
  public func insertItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) { try record { $0.insertedItems.formUnion(indexPaths) } }

  /// Items deleted (index paths before the update).
  public func deleteItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) { try record { $0.deletedItems.formUnion(indexPaths) } }

  /// Items whose content changed (index paths before the update), redrawn
  /// in place as part of a batch update. Called inside
  /// ``performBatchUpdates(_:animated:completion:)`` it joins that batch; called on
  /// its own it is a batch of its own, performed at once and animated as a
  /// batch is (over ``animationDuration``). For a change to what an item
  /// shows that should appear at once, without a batch, use
  /// ``reconfigureItems(at:)``.
  public func reloadItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) { try record { $0.reloadedItems.formUnion(indexPaths) } }

  /// Redraws the items at `indexPaths` in the next frame with what the data
  /// source gives for them then, in place and without an animation (UIKit's
  /// `reconfigureItems(at:)`): for a change to what an item shows (a mark, a
  /// badge, a title) that moves nothing and changes no count. The layout is
  /// not asked again, so an item whose size follows its content (a layout
  /// that sizes items to fit) needs ``reloadItems(at:)`` instead.
  ///
  /// Throws ``CollectionViewError/indexPathOutOfRange(_:numberOfSections:numberOfItems:)``
  /// for an index path that names no item, before marking any.
  public func reconfigureItems(at indexPaths: [IndexPath]) throws(CollectionViewError) {
    for indexPath in indexPaths { try validate(indexPath) }
    updates.forgetHeldContent(ofItemsAt: indexPaths)  // a running animation asks for them again
    for indexPath in indexPaths { setNeedsDisplay(forItemAt: indexPath) }
  }

  /// An item moved from `indexPath` (before) to `newIndexPath` (after).
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
    try record { $0.movedItems[indexPath] = newIndexPath }
  }

  /// Sections inserted (indexes after the update).
  public func insertSections(_ sections: [Int]) throws(BatchUpdateError) { try record { $0.insertedSections.formUnion(sections) } }

  /// Sections deleted, with their items (indexes before the update).
  public func deleteSections(_ sections: [Int]) throws(BatchUpdateError) { try record { $0.deletedSections.formUnion(sections) } }

  /// Sections whose content changed (indexes before the update), replaced
  /// whole: the number of their items may change (items keep their
  /// positions where they still exist); nothing else in the batch may touch them.
  public func reloadSections(_ sections: [Int]) throws(BatchUpdateError) { try record { $0.reloadedSections.formUnion(sections) } }

  /// A section moved from `section` (before) to `newSection` (after).
  public func moveSection(_ section: Int, toSection newSection: Int) throws(BatchUpdateError) {
    try record { $0.movedSections[section] = newSection }
  }

  /// One change, added to the batch being collected or performed on its own.
  private func record(_ change: (inout BatchUpdate) -> Void) throws(BatchUpdateError) {
    var update = BatchUpdate()
    change(&update)
    try apply(update)
  }

  /// Makes a validated plan the view's state: counts, focus, selection,
  /// layout, scroll offset, and the animation when there is a presentation to start from.
  func commit(_ plan: BatchUpdatePlan, counts: [Int], presentation: Presentation?, completions: [(Bool) -> Void]) {
    let oldFocus = focusedIndexPath
    let oldCounts = itemCounts
    data.setItemCounts(counts)
    resetPrefetching()
    selection.follow { plan.newIndexPath(forOld: $0) }
    if let f = oldFocus {
      focus.focus(plan.newIndexPath(forOld: f) ?? neighbour(ofDeleted: f, oldCounts: oldCounts, plan: plan))
    }
    focus.followRemembered { plan.newIndexPath(forOld: $0) }
    if focusedIndexPath == nil { focus.focus(rememberedFocusIfValid ?? firstIndexPath) }
    // Sections that scroll sideways keep their offsets where sections were
    // inserted, deleted or moved before them (an inserted one starts at 0).
    let movesSections = plan.sectionMap.enumerated().contains { $0.offset != $0.element } || counts.count != oldCounts.count
    let oldOffsets = movesSections ? sectionScrollingLayout.map { l in oldCounts.indices.map { l.horizontalOffset(ofSection: $0) } } : nil
    scrolling.setNeedsLayout()
    layoutIfNeeded()
    if let oldOffsets, let layout = sectionScrollingLayout {
      var newOffsets = [Double](repeating: 0, count: counts.count)
      for (old, new) in plan.sectionMap.enumerated() { if let new, new < newOffsets.count { newOffsets[new] = oldOffsets[old] } }
      for (s, offset) in newOffsets.enumerated() { layout.setHorizontalOffset(offset, ofSection: s) }
    }
    clampContentOffset()
    if let f = focusedIndexPath { scrollToItem(at: f, position: .minimal) }
    setNeedsDisplay()
    if let presentation {
      beginTransition(
        from: presentation,
        newKey: { key in
          switch key.category {
          case .item: return plan.newIndexPath(forOld: key.indexPath).map { ElementKey(category: .item, kind: key.kind, indexPath: $0) }
          default:
            guard key.indexPath.section < plan.sectionMap.count, let s = plan.sectionMap[key.indexPath.section] else { return nil }
            return ElementKey(category: key.category, kind: key.kind, indexPath: IndexPath(item: key.indexPath.item, section: s))
          }
        },
        isInserted: { key in
          plan.update.insertedSections.contains(key.indexPath.section)
            || (key.category == .item && plan.update.insertedItems.contains(key.indexPath))
        },
        keepsContent: { old in
          // An item the batch did not reload keeps what it showed (UIKit keeps its cell).
          old.category == .item && !plan.update.reloadedItems.contains(old.indexPath)
            && !plan.update.reloadedSections.contains(old.indexPath.section)
        },
        oldLayout: nil, completions: completions)
    } else {
      for c in completions { c(true) }
    }
    tellFocusChanged(from: oldFocus, announces: false)
    if accessibilityState.isReading {
      // One line: what the batch did, and where the focus is when it left its item (deleted).
      var line = AccessibilityState.summary(of: plan, oldTotal: oldCounts.reduce(0, +), newTotal: counts.reduce(0, +))
      if let f = focusedIndexPath, oldFocus.flatMap({ plan.newIndexPath(forOld: $0) }) != f {
        line += (line.isEmpty ? "" : "; ") + accessibilityDescription(ofItemAt: f)
      }
      if !line.isEmpty { postAccessibilityAnnouncement(line) }
    }
  }

  /// Where the focus goes when its item is deleted: the next surviving item
  /// of its section, else the previous, else the nearest surviving section's
  /// nearest item.
  private func neighbour(ofDeleted f: IndexPath, oldCounts: [Int], plan: BatchUpdatePlan) -> IndexPath? {
    guard f.section < oldCounts.count else { return nil }
    for i in (f.item + 1)..<max(f.item + 1, oldCounts[f.section]) {
      if let p = plan.newIndexPath(forOld: IndexPath(item: i, section: f.section)) { return p }
    }
    for i in stride(from: f.item - 1, through: 0, by: -1) {
      if let p = plan.newIndexPath(forOld: IndexPath(item: i, section: f.section)) { return p }
    }
    // The nearest section: after first (the reading direction), then before.
    for distance in 1..<max(1, oldCounts.count) {
      for s in [f.section + distance, f.section - distance] where s >= 0 && s < oldCounts.count {
        let items = s > f.section ? Array(0..<oldCounts[s]) : Array((0..<oldCounts[s]).reversed())
        for i in items {
          if let p = plan.newIndexPath(forOld: IndexPath(item: i, section: s)) { return p }
        }
      }
    }
    return nil
  }
}
