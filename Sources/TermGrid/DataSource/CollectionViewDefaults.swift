import GridLayout

/// A data source and delegate that answers nothing of its own: every
/// answer it gives is the protocols' extension default, and it is where
/// the two required data-source answers have their defaults (no items,
/// empty content).
///
/// ``CollectionViewController`` restates none of the defaults: its `open`
/// methods (needed so that a subclass's override is what a
/// ``CollectionView`` calls, which a protocol extension alone cannot give)
/// ask this instead, so the defaults are written once, in the protocol
/// extensions (`CollectionViewDataSource.swift`, `CollectionViewDelegate.swift`).
///
/// It has no state. A controller makes its own with itself (the protocols
/// are for classes, so a value cannot answer them, and an object made per
/// question would be an allocation on every question): there is no shared
/// instance.
final class CollectionViewDefaults: CollectionViewDataSource, CollectionViewDelegate {
  /// A data source and delegate with the protocols' defaults.
  init() {}

  /// No items.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

  /// Nothing: the element stays blank.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ElementContent { .empty }
}
