/// A set of changes to a collection's data with UIKit's semantics: deletes
/// and reloads name index paths of the state before the update, inserts name
/// the state after, moves go from before to after, and the order in which
/// changes were added does not matter.
public struct BatchUpdate: Hashable, Sendable {
  /// Sections inserted (indexes after the update).
  public var insertedSections: Set<Int> = []
  /// Sections deleted with their items (indexes before the update).
  public var deletedSections: Set<Int> = []
  /// Sections replaced whole (indexes before the update).
  public var reloadedSections: Set<Int> = []
  /// Section moves, old index to new index.
  public var movedSections: [Int: Int] = [:]
  /// Items inserted (index paths after the update).
  public var insertedItems: Set<IndexPath> = []
  /// Items deleted (index paths before the update).
  public var deletedItems: Set<IndexPath> = []
  /// Items redrawn in place (index paths before the update).
  public var reloadedItems: Set<IndexPath> = []
  /// Item moves, old index path to new index path.
  public var movedItems: [IndexPath: IndexPath] = [:]

  /// An empty batch.
  public init() {}

  /// Adds every change of `other` (batches nest and merge).
  public mutating func merge(_ other: BatchUpdate) {
    insertedSections.formUnion(other.insertedSections)
    deletedSections.formUnion(other.deletedSections)
    reloadedSections.formUnion(other.reloadedSections)
    movedSections.merge(other.movedSections) { _, new in new }
    insertedItems.formUnion(other.insertedItems)
    deletedItems.formUnion(other.deletedItems)
    reloadedItems.formUnion(other.reloadedItems)
    movedItems.merge(other.movedItems) { _, new in new }
  }

  /// True when the batch changes nothing.
  public var isEmpty: Bool {
    insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
      && insertedItems.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
  }
}
