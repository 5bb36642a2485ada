import BookCatalogueModel
import Foundation
import TermGrid

/// Changes to the library while it is shown: Calibre adding, changing or
/// removing books, holding the database locked while it writes, or leaving
/// it so that it must be opened again.
extension CalibreController {
  /// How long reads may find the library locked before it is read from a
  /// private copy instead (the library as it was before the change being written).
  static let longestWaitForLock: Duration = .seconds(2)

  /// How soon a read that found the library locked is tried again.
  static let lockRetryDelay: Duration = .milliseconds(250)

  /// A read failed: when the library was locked, nothing is read until it
  /// is looked at again (soon); when opening it again may mend it, it is
  /// looked at at once.
  func readFailed(_ error: any Error) {
    guard let error = error as? SQLiteError else { return }
    if error.isLocked {
      isWaitingForLock = true
      lockedSince = lockedSince ?? .now
      watcher.look(after: Self.lockRetryDelay)
    } else if error.needsReopen {
      needsReopen = true
      watcher.look(after: .zero)
    }
  }

  /// Reads the library again after its files changed (or a read asked):
  /// opened again first when it is not read in place, when a read said it
  /// must be, or when it has stayed locked too long; then, if anything was
  /// committed since it was last read, the difference animated in.
  func lookAtTheLibrary() {
    let lockedTooLong = lockedSince.map { ContinuousClock.now - $0 > Self.longestWaitForLock } ?? false
    var next = library
    if library.readMode != .shared || needsReopen || lockedTooLong {
      // From a private copy, only in place (a copy is made again only for
      // another reason), without waiting for a lock; otherwise a read waits
      // as reads do, unless the library is known to be locked.
      let copying: Bool
      if case .privateCopy = library.readMode { copying = false } else { copying = true }
      let wait = copying && !lockedTooLong ? CalibreLibrary.readingWait : 0
      do {
        next = try CalibreLibrary(folder: library.folder, copying: copying, wait: wait)
      } catch .needsCopy(let reason) {
        guard case .privateCopy(let current) = library.readMode, current != reason,
          let copied = try? CalibreLibrary(folder: library.folder, copying: true, wait: 0)
        else {
          // Still to be read from the copy shown: it stays.
          isWaitingForLock = false
          lockedSince = nil
          return
        }
        next = copied
      } catch {
        message = "cannot read the library again: \(error)"
        watcher.look(after: Self.longestWaitForLock)
        return
      }
      needsReopen = false
    } else if !isWaitingForLock {
      do {
        // The files changed, and nothing was committed (a checkpoint, a reader): nothing to read.
        if try library.dataVersion() == shownDataVersion { return }
      } catch {
        readFailed(error)
        if isWaitingForLock { return }
      }
    }
    isWaitingForLock = false
    refresh(from: next)
  }

  /// Reads the groups, the lists shown and the books on screen from
  /// `next` (the library, or the library opened again) in one read
  /// transaction, and animates the difference: sections and books come
  /// and go and move, cards whose books changed are drawn again, and the
  /// focus stays on its book.
  func refresh(from next: CalibreLibrary) {
    // What the cards on screen show now.
    let visible = collectionView.indexPathsForVisibleItems
    var shown: [IndexPath: (id: Int64, book: CalibreBook?)] = [:]
    for p in visible {
      guard let ids = idsBySection[p.section], p.item < ids.count else { continue }
      shown[p] = (ids[p.item], library.cachedBook(ids[p.item]))
    }
    var newGroups: [CalibreGroup] = []
    var newLists: [Int: [Int64]] = [:]
    var version: Int64?
    var fresh: [Int64: CalibreBook] = [:]
    do {
      try next.reading {
        newGroups = try next.groups(by: grouping)
        let newIndex = Dictionary(newGroups.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        for s in idsBySection.keys {
          guard let t = newIndex[groups[s].key] else { continue }
          newLists[t] = try next.bookIDs(in: newGroups[t], by: grouping)
        }
        for (id, _) in shown.values where fresh[id] == nil { fresh[id] = try? next.readBook(id) }
        version = try next.dataVersion()
      }
    } catch let error as SQLiteError where error.isLocked || error.needsReopen {
      readFailed(error)
      return
    } catch {
      // The grouping itself can no longer be read (its table gone): the next that can.
      if next !== library { library = next }
      regroup(startingAt: grouping)
      return
    }
    // The books kept are those read just now (the rest are read again when shown).
    next.forgetBooks(keeping: Array(fresh.values))
    var update = Self.batchUpdate(from: groups, idsBySection, to: newGroups, newLists)
    // Cards that stay where they are and whose books changed: drawn again.
    for (p, was) in shown where update.isKept(p) && fresh[was.id] != was.book { update.reloadedItems.insert(p) }
    if next.readMode != library.readMode {
      // The title says how the library is read (the batch below may change nothing the controller sees).
      setNeedsTitleUpdate()
      if let explanation = next.readMode.explanation {
        message = explanation
      } else if case .privateCopy = library.readMode {
        message = "the library is read in place again"
      }
    }
    library = next
    shownDataVersion = version
    lockedSince = nil
    do {
      try collectionView.performBatchUpdates {
        groups = newGroups
        idsBySection = newLists
        try collectionView.apply(update)
      }
    } catch {
      // (Counts that did not add up, as a list read between two changes can give: the view reloaded.)
      let focused = collectionView.focusedIndexPath.flatMap { shown[$0]?.id }
      groups = newGroups
      idsBySection = newLists
      collectionView.reloadData()
      if let focused, let p = indexPath(ofBook: focused) { collectionView.focusItem(at: p) }
    }
  }

  /// Where the book `id` is among the sections listed, if it is.
  func indexPath(ofBook id: Int64) -> IndexPath? {
    for (s, ids) in idsBySection.sorted(by: { $0.key < $1.key }) {
      if let i = ids.firstIndex(of: id) { return IndexPath(item: i, section: s) }
    }
    return nil
  }

  /// The batch that turns the sections `oldGroups` (with the lists
  /// `oldLists` of those listed) into `newGroups` (`newLists`): sections
  /// matched by their key, deleted, inserted and moved; in a section
  /// listed before and after, the books deleted, inserted and moved (the
  /// fewest); in one never listed (never shown), the count's difference at
  /// its end.
  static func batchUpdate(
    from oldGroups: [CalibreGroup], _ oldLists: [Int: [Int64]], to newGroups: [CalibreGroup], _ newLists: [Int: [Int64]]
  ) -> BatchUpdate {
    var update = BatchUpdate()
    let oldKeys = oldGroups.map(\.key)
    let newKeys = newGroups.map(\.key)
    for change in newKeys.difference(from: oldKeys).inferringMoves() {
      switch change {
      case .remove(let offset, _, let to):
        if let to { update.movedSections[offset] = to } else { update.deletedSections.insert(offset) }
      case .insert(let offset, _, let from):
        if from == nil { update.insertedSections.insert(offset) }
      }
    }
    let newIndex = Dictionary(newKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    for (s, group) in oldGroups.enumerated() {
      guard let t = newIndex[group.key] else { continue }
      if let old = oldLists[s], old.count == group.count, let new = newLists[t], new.count == newGroups[t].count {
        let items = BatchUpdate(section: 0, from: old, to: new)
        for p in items.deletedItems { update.deletedItems.insert(IndexPath(item: p.item, section: s)) }
        for p in items.insertedItems { update.insertedItems.insert(IndexPath(item: p.item, section: t)) }
        for (from, to) in items.movedItems {
          update.movedItems[IndexPath(item: from.item, section: s)] = IndexPath(item: to.item, section: t)
        }
      } else {
        let (before, after) = (group.count, newGroups[t].count)
        for i in after..<max(after, before) { update.deletedItems.insert(IndexPath(item: i, section: s)) }
        for i in before..<max(before, after) { update.insertedItems.insert(IndexPath(item: i, section: t)) }
      }
    }
    return update
  }
}

extension BatchUpdate {
  /// Whether the item at `p` (before the update) stays where it is: not
  /// deleted, not moved, in a section neither deleted nor moved.
  func isKept(_ p: IndexPath) -> Bool {
    !deletedItems.contains(p) && movedItems[p] == nil && !deletedSections.contains(p.section)
      && movedSections[p.section] == nil
  }
}
