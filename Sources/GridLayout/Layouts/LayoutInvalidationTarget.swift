/// What shows a layout and prepares it again when told it is no longer
/// valid: the collection view, as UIKit's layout knows its `collectionView`
/// and tells it through `invalidateLayout()`.
///
/// A collection view sets itself as the ``CollectionLayout/invalidationTarget``
/// of the layout it is given. A layout then calls
/// ``CollectionLayout/invalidateLayout()`` when a setting that changes its
/// geometry (its axis included) changes, and the view prepares it again
/// before its next use, so the view asks nothing of the layout on a key
/// that changes nothing.
public protocol LayoutInvalidationTarget: AnyObject {
  /// Told that `layout` is to be prepared again before its next use.
  func layoutDidInvalidate(_ layout: any CollectionLayout)
}
