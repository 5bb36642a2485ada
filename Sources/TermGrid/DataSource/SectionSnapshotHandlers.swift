import GridLayout

/// What a ``CollectionViewDiffableDataSource`` asks and tells the app when a
/// parent of an outline section expands or collapses, as UIKit's
/// `NSDiffableDataSourceSectionSnapshotHandlers`, and how it loads children
/// that are not there yet. Every closure runs on the main thread except
/// ``loadChildren``.
public struct SectionSnapshotHandlers<ItemID: Hashable & Sendable> {
  /// Whether the person may expand an item (nil: yes).
  public var shouldExpandItem: ((ItemID) -> Bool)?
  /// Told just before an item expands.
  public var willExpandItem: ((ItemID) -> Void)?
  /// Whether the person may collapse an item (nil: yes).
  public var shouldCollapseItem: ((ItemID) -> Bool)?
  /// Told just before an item collapses.
  public var willCollapseItem: ((ItemID) -> Void)?
  /// The children a parent shows when it expands: given the parent and its
  /// children as they are (a snapshot of them, see
  /// <doc:/GridLayout/DiffableSectionSnapshot/snapshot(of:includingParent:)>),
  /// returns the children to show instead (nil: they stay).
  public var snapshotForExpandingParent: ((ItemID, DiffableSectionSnapshot<ItemID>) -> DiffableSectionSnapshot<ItemID>)?

  /// The row shown under a parent while its children load, or nil when the
  /// parent has no children to load: an identifier the app chooses and its
  /// cell provider draws ("Loading…"). A parent without children for which
  /// this gives a row can be expanded; the first time it is, the
  /// placeholder shows under it and ``loadChildren`` runs.
  public var placeholderForLoadingChildren: ((_ parent: ItemID) -> ItemID?)?
  /// Makes a parent's children, off the main thread (on the data source's
  /// ``CollectionViewDiffableDataSource/childLoadingTasks``, which it adds to the
  /// collection view's ``CollectionView/backgroundWork``): a snapshot of
  /// them, nested as deep as it likes. It may be slow. When it returns,
  /// its children replace the placeholder, animated; when it throws, the
  /// placeholder goes, the parent collapses and stays without children
  /// (expanding it again loads again), and ``didFailToLoadChildren`` is told.
  public var loadChildren: (@Sendable (_ parent: ItemID) throws -> DiffableSectionSnapshot<ItemID>)?
  /// Told when ``loadChildren`` threw, or its children could not be shown.
  public var didFailToLoadChildren: ((_ parent: ItemID, ChildrenLoadingError) -> Void)?

  /// No handlers: every item may expand and collapse, and nothing loads.
  public init() {}
}
