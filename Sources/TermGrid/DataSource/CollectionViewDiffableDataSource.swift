import GridLayout

/// A data source driven by snapshots of identifiers, as
/// UICollectionViewDiffableDataSource: build a <doc:/GridLayout/DiffableSnapshot> of
/// sections and items, ``apply(_:animatingDifferences:completion:)`` it, and
/// the collection view animates from what it showed to the new state in one
/// batch (inserts, deletes and moves found with `CollectionDifference`).
///
/// The collection view keeps its data source, so this object lives as long
/// as the view; it refers to the view weakly.
public final class CollectionViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  CollectionViewDataSource
{
  /// Makes the content of an item.
  public typealias CellProvider = (CollectionView, IndexPath, ItemID) -> ElementContent
  /// Makes the content of a header, footer or other supplementary element.
  public typealias SupplementaryProvider = (CollectionView, ElementKind, IndexPath) -> ElementContent

  /// The view this data source feeds.
  public private(set) weak var collectionView: CollectionView?
  private let cellProvider: CellProvider
  /// Makes supplementary content; nil shows nothing.
  public var supplementaryProvider: SupplementaryProvider?
  private(set) var current = DiffableSnapshot<SectionID, ItemID>()
  /// The sections applied as outlines, by section (see ``apply(_:to:animatingDifferences:completion:)``).
  var sectionSnapshots: [SectionID: DiffableSectionSnapshot<ItemID>] = [:]
  /// Asked and told when items of outline sections expand and collapse,
  /// and how children not there yet are loaded.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemID>()
  /// Where ``SectionSnapshotHandlers/loadChildren`` runs: added to the
  /// collection view's ``CollectionView/backgroundWork`` when a load first starts.
  public let childLoadingTasks = BackgroundTasks()
  /// Parents whose children are loading.
  var loadingParents: Set<ItemID> = []

  /// Creates the data source and makes it `collectionView`'s.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  /// The state shown (a copy to change and apply).
  public func snapshot() -> DiffableSnapshot<SectionID, ItemID> { current }

  /// Shows `snapshot`: the difference from the current one becomes one batch
  /// update, animated when `animatingDifferences`; focus and selection follow
  /// their items. Items marked with <doc:/GridLayout/DiffableSnapshot/reconfigureItems(_:)>
  /// are redrawn in place, alone: the cell provider is asked for them and
  /// for nothing else, and the terminal receives their cells only (as
  /// ``CollectionView/reconfigureItems(at:)``). A snapshot with the same
  /// sections and items as the one shown changes nothing else: nothing is
  /// asked or drawn, and `completion` is told true at once. A snapshot with
  /// a duplicate identifier throws a <doc:/GridLayout/SnapshotError> naming
  /// it, and nothing changes.
  public func apply(
    _ snapshot: DiffableSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
    completion: ((Bool) -> Void)? = nil
  ) throws(SnapshotError) {
    let update = try snapshot.batchUpdate(from: current)
    var next = snapshot
    next.clearMarks()
    if update.isEmpty {
      // The same sections and items: nothing moves, no batch, no relayout, no redraw.
      current = next
      completion?(true)
    } else {
      try show(next, update: update, animatingDifferences: animatingDifferences, completion: completion)
    }
    // An outline section whose rows were changed by a flat snapshot is flat from now on.
    for (section, outline) in sectionSnapshots where next.itemIdentifiers(inSection: section) != outline.visibleItems {
      sectionSnapshots[section] = nil
    }
    redrawReconfigured(snapshot.reconfiguredItemIdentifiers)
  }

  /// Marks the items `ids` names (those still shown) to be drawn again in the next frame, alone.
  private func redrawReconfigured(_ ids: [ItemID]) {
    guard !ids.isEmpty, let collectionView else { return }
    let wanted = Set(ids)
    var paths: [IndexPath] = []
    paths.reserveCapacity(wanted.count)
    for s in 0..<current.numberOfSections where paths.count < wanted.count {
      for (i, id) in current.itemIdentifiers(inSectionAt: s).enumerated() where wanted.contains(id) {
        paths.append(IndexPath(item: i, section: s))
      }
    }
    // (Every path names an item of the snapshot the view now shows.)
    try? collectionView.reconfigureItems(at: paths)
  }

  /// Makes `next` the state shown, with `update` (the difference from the
  /// current state) as one batch; the view's refusal is a
  /// <doc:/GridLayout/SnapshotError/viewOutOfStep(_:)> and nothing changes then
  /// (but what `alsoChanging` changed, which runs with the model's change,
  /// after the view took what it shows).
  func show(
    _ next: DiffableSnapshot<SectionID, ItemID>, update: BatchUpdate, animatingDifferences: Bool,
    completion: ((Bool) -> Void)?, alsoChanging: () -> Void = {}
  ) throws(SnapshotError) {
    guard let collectionView else {
      current = next
      alsoChanging()
      return
    }
    let previous = current
    do {
      try collectionView.performBatchUpdates(
        {
          current = next
          alsoChanging()
          try collectionView.apply(update)
        }, animated: animatingDifferences, completion: completion)
    } catch {
      // The view's counts were not this source's (something else changed
      // them): the data stays as the view shows it.
      current = previous
      guard let refusal = error as? BatchUpdateError else { preconditionFailure("applying a difference threw \(error)") }
      throw .viewOutOfStep(refusal)
    }
  }

  /// Puts `newRows` in place of the `count` rows after `row` (-1: from the
  /// first) in the section at `index`, in place: the rows are not copied
  /// when nothing else holds them, so the rows after are moved, not retained again.
  func splice(_ newRows: [ItemID], replacing count: Int, after row: Int, inSectionAt index: Int) {
    let section = current.sectionIdentifiers[index]
    var rows = current.itemIdentifiers(inSectionAt: index)
    try? current.replaceItems(inSection: section, with: [])  // (so that `rows` is the only holder)
    rows.replaceSubrange((row + 1)..<(row + 1 + count), with: newRows)
    try? current.replaceItems(inSection: section, with: rows)
  }

  /// The item shown at `indexPath`, or nil.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { current.itemIdentifier(at: indexPath) }
  /// Where an item is shown, or nil.
  public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { current.indexPath(of: itemIdentifier) }
  /// The section shown at `index`, or nil.
  public func sectionIdentifier(for index: Int) -> SectionID? {
    index >= 0 && index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
  }

  // MARK: CollectionViewDataSource

  /// The number of sections of the current snapshot.
  public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }
  /// The number of items of a section of the current snapshot.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    current.itemIdentifiers(inSectionAt: section).count
  }
  /// The cell provider's content for the item at `indexPath` (in an outline
  /// section, indented by the item's level and its outline disclosure set
  /// from its expansion; see ``apply(_:to:animatingDifferences:completion:)``).
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent {
    guard let id = current.itemIdentifier(at: indexPath) else { return .empty }
    let content = cellProvider(collectionView, indexPath, id)
    guard !sectionSnapshots.isEmpty, let section = sectionIdentifier(for: indexPath.section),
      let outline = sectionSnapshots[section]
    else { return content }
    return outlineContent(content, for: id, in: outline)
  }
  /// The supplementary provider's content.
  public func collectionView(
    _ collectionView: CollectionView, contentForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> ElementContent {
    supplementaryProvider?(collectionView, kind, indexPath) ?? .empty
  }
}
