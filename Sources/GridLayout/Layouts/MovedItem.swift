/// An item shown at another place than the data's while it is moved.
public struct MovedItem: Hashable, Sendable {
  /// Where it is in the data.
  public var source: IndexPath
  /// Where it is shown (an index path after the move).
  public var target: IndexPath
  /// Creates a moved item.
  public init(source: IndexPath, target: IndexPath) {
    self.source = source
    self.target = target
  }
  /// The data's index path of the item shown at `presented`.
  public func dataIndexPath(forPresented presented: IndexPath) -> IndexPath {
    if presented == target { return source }
    var item = presented.item
    if presented.section == target.section && item > target.item { item -= 1 }
    if presented.section == source.section && item >= source.item { item += 1 }
    return IndexPath(item: item, section: presented.section)
  }
}
