import GridLayout
import GridRender

/// The collection view's data part: who supplies the data and is told of
/// what happens (the data source and the delegate, kept strongly, or weakly
/// for an owner), the number of items in each section as of the last
/// reload or update, and who is told of the items ahead (the prefetch data
/// source, kept weakly) with what it was told (``PrefetchState``). Its
/// state is written only here.
final class DataConnection {
  private var retainedDataSource: (any CollectionViewDataSource)?
  private weak var unretainedDataSource: (any CollectionViewDataSource)?
  private var retainedDelegate: (any CollectionViewDelegate)?
  private weak var unretainedDelegate: (any CollectionViewDelegate)?
  /// The number of items in each section, as of the last reload or update.
  private(set) var itemCounts: [Int] = []
  /// True once the counts were read from the data source.
  private(set) var hasLoadedData = false
  /// Told of the items ahead (kept weakly: it is usually the view's owner).
  weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
  /// What was announced to the prefetch data source, where it looked from, the cell sizes pictures were asked for.
  private(set) var prefetch = PrefetchState()
  /// Whether the data source was set to one that shows an outline
  /// (``CollectionViewOutlineDataSource``): Left and Right ask it first only then.
  private(set) var mayShowOutline = false

  /// The data source (kept strongly when set, weakly when it is the owner).
  var dataSource: (any CollectionViewDataSource)? {
    get { retainedDataSource ?? unretainedDataSource }
    set {
      retainedDataSource = newValue
      unretainedDataSource = nil
      mayShowOutline = newValue is any CollectionViewOutlineDataSource
    }
  }

  /// The delegate, kept as the data source is.
  var delegate: (any CollectionViewDelegate)? {
    get { retainedDelegate ?? unretainedDelegate }
    set {
      retainedDelegate = newValue
      unretainedDelegate = nil
    }
  }

  /// Makes `owner` the data source and delegate, kept weakly (it keeps the view).
  func setOwner(_ owner: some CollectionViewDataSource & CollectionViewDelegate) {
    retainedDataSource = nil
    retainedDelegate = nil
    unretainedDataSource = owner
    unretainedDelegate = owner
    mayShowOutline = owner is any CollectionViewOutlineDataSource
  }

  /// The counts read from the data source (a reload) or made by a batch update.
  func setItemCounts(_ counts: [Int]) {
    itemCounts = counts
    hasLoadedData = true
  }

  /// The number of sections, as of the last reload.
  var numberOfSections: Int { itemCounts.count }

  /// The number of items in `section` (0 when out of range).
  func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
  }

  /// True when `indexPath` names an item.
  func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
  }

  /// The first item of the first section that has one.
  var firstIndexPath: IndexPath? {
    itemCounts.firstIndex { $0 > 0 }.map { IndexPath(item: 0, section: $0) }
  }

  /// The last item of the last section that has one.
  var lastIndexPath: IndexPath? {
    itemCounts.lastIndex { $0 > 0 }.map { IndexPath(item: itemCounts[$0] - 1, section: $0) }
  }

  // MARK: prefetching

  /// Forgets what was announced ahead (the index paths no longer name the same items).
  func resetPrefetching() { prefetch.reset() }

  /// Looks ahead again after the next frame, even at the same offset.
  func prefetchLookAgain() { prefetch.lookAgain() }

  /// The view is at `offset` after a frame: false when it looked ahead from there already.
  func prefetchScrolled(to offset: Point) -> Bool { prefetch.scrolled(to: offset) }

  /// The items now announced ahead.
  func prefetchAnnounce(_ items: Set<IndexPath>) { prefetch.announce(items) }

  /// The cell sizes pictures are now asked for.
  func setPrefetchCellSizes(picture: PixelSize?, symbol: PixelSize?) { prefetch.setCellSizes(picture: picture, symbol: symbol) }
}
