import GridLayout

/// An item the person is moving: where it came from, where it would go
/// now, and where it is drawn.
struct InteractiveMovement {
  /// Where the item was when the movement began (an index path of the data).
  var source: IndexPath
  /// Where it would go now (an index path after the move); the view shows
  /// the items as if it had already moved there.
  var target: IndexPath
  /// The number of items in each section when the movement began.
  var counts: [Int]
  /// Where the item's centre is drawn (content coordinates), following the
  /// pointer; nil to draw it lifted over its target's place.
  var position: Point?

  /// The data's index path of the item the view shows at `presented`.
  func dataIndexPath(forPresented presented: IndexPath) -> IndexPath {
    MovedItem(source: source, target: target).dataIndexPath(forPresented: presented)
  }

  /// The number of items in each section with the item at `target`.
  func presentedCounts(target: IndexPath) -> [Int] {
    var c = counts
    c[source.section] -= 1
    c[target.section] += 1
    return c
  }

  /// True when `target` is a place the item can go.
  func isValidTarget(_ target: IndexPath) -> Bool {
    guard target.section >= 0, target.section < counts.count, target.item >= 0 else { return false }
    return target.item < presentedCounts(target: target)[target.section]
  }
}
