/// The state of a collection's data as identifiers, as
/// NSDiffableDataSourceSnapshot: sections in order, each with its items in
/// order. Build one, change it, and apply it; the difference from the state
/// shown becomes one animated batch update (see ``batchUpdate(from:)``).
///
/// Identifiers must be unique across the snapshot; a duplicate is reported
/// by ``validate()`` (and so by applying) with an error naming it.
public struct DiffableSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The sections, in order.
  public private(set) var sectionIdentifiers: [SectionID] = []
  /// `items[s]` holds the items of section `s`, in order.
  private var items: [[ItemID]] = []
  /// Items whose content changed but whose identity did not: redrawn in place.
  public private(set) var reconfiguredItemIdentifiers: [ItemID] = []
  /// Items to be reloaded (redrawn, counted as reloads in the batch).
  public private(set) var reloadedItemIdentifiers: [ItemID] = []

  /// An empty snapshot.
  public init() {}

  /// The number of sections.
  public var numberOfSections: Int { sectionIdentifiers.count }
  /// The number of items in all sections.
  public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
  /// Every item, section by section.
  public var itemIdentifiers: [ItemID] { items.flatMap { $0 } }
  /// The items of the section at `index` (empty when out of range).
  public func itemIdentifiers(inSectionAt index: Int) -> [ItemID] {
    index >= 0 && index < items.count ? items[index] : []
  }
  /// The items of a section (empty when there is no such section).
  public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    indexOfSection(section).map { items[$0] } ?? []
  }
  /// The number of items in a section (0 when there is no such section).
  public func numberOfItems(inSection section: SectionID) -> Int { itemIdentifiers(inSection: section).count }
  /// The index of a section, or nil.
  public func indexOfSection(_ section: SectionID) -> Int? { sectionIdentifiers.firstIndex(of: section) }
  /// Where an item is, or nil.
  public func indexPath(of item: ItemID) -> IndexPath? {
    for (s, list) in items.enumerated() {
      if let i = list.firstIndex(of: item) { return IndexPath(item: i, section: s) }
    }
    return nil
  }
  /// The item at an index path, or nil when out of range.
  public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
    guard indexPath.section >= 0, indexPath.section < items.count, indexPath.item >= 0,
      indexPath.item < items[indexPath.section].count
    else { return nil }
    return items[indexPath.section][indexPath.item]
  }
  /// The section holding an item, or nil.
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    indexPath(of: item).map { sectionIdentifiers[$0.section] }
  }

  // MARK: sections

  /// Adds sections at the end.
  public mutating func appendSections(_ sections: [SectionID]) {
    sectionIdentifiers.append(contentsOf: sections)
    items.append(contentsOf: sections.map { _ in [] })
  }

  /// Inserts sections before `section`.
  public mutating func insertSections(_ sections: [SectionID], beforeSection section: SectionID) throws(SnapshotError) {
    insertSections(sections, at: try sectionIndex(section))
  }

  /// Inserts sections after `section`.
  public mutating func insertSections(_ sections: [SectionID], afterSection section: SectionID) throws(SnapshotError) {
    insertSections(sections, at: try sectionIndex(section) + 1)
  }

  private mutating func insertSections(_ sections: [SectionID], at i: Int) {
    sectionIdentifiers.insert(contentsOf: sections, at: i)
    items.insert(contentsOf: sections.map { _ in [] }, at: i)
  }

  /// Removes sections and their items; identifiers not present are ignored.
  public mutating func deleteSections(_ sections: [SectionID]) {
    let gone = Set(sections)
    for i in sectionIdentifiers.indices.reversed() where gone.contains(sectionIdentifiers[i]) {
      sectionIdentifiers.remove(at: i)
      items.remove(at: i)
    }
  }

  /// Moves a section to just before another.
  public mutating func moveSection(_ section: SectionID, beforeSection target: SectionID) throws(SnapshotError) {
    try moveSection(section, nextTo: target, after: false)
  }

  /// Moves a section to just after another.
  public mutating func moveSection(_ section: SectionID, afterSection target: SectionID) throws(SnapshotError) {
    try moveSection(section, nextTo: target, after: true)
  }

  private mutating func moveSection(_ section: SectionID, nextTo target: SectionID, after: Bool) throws(SnapshotError) {
    let from = try sectionIndex(section)
    _ = try sectionIndex(target)
    let list = items.remove(at: from)
    sectionIdentifiers.remove(at: from)
    let to = try sectionIndex(target) + (after ? 1 : 0)
    sectionIdentifiers.insert(section, at: to)
    items.insert(list, at: to)
  }

  // MARK: items

  /// Adds items at the end of `section` (the last section when nil).
  public mutating func appendItems(_ newItems: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
    let s: Int
    if let section {
      s = try sectionIndex(section)
    } else {
      guard !items.isEmpty else { throw .noSection }
      s = items.count - 1
    }
    items[s].append(contentsOf: newItems)
  }

  /// Inserts items just before `item`.
  public mutating func insertItems(_ newItems: [ItemID], beforeItem item: ItemID) throws(SnapshotError) {
    let p = try position(of: item)
    items[p.section].insert(contentsOf: newItems, at: p.item)
  }

  /// Inserts items just after `item`.
  public mutating func insertItems(_ newItems: [ItemID], afterItem item: ItemID) throws(SnapshotError) {
    let p = try position(of: item)
    items[p.section].insert(contentsOf: newItems, at: p.item + 1)
  }

  /// Makes `newItems` the items of `section`, in order, in place of those
  /// it had: what applying a section snapshot does to the section's rows,
  /// in O(the items), not O(all items).
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` when there is no such section.
  public mutating func replaceItems(inSection section: SectionID, with newItems: [ItemID]) throws(SnapshotError) {
    items[try sectionIndex(section)] = newItems
  }

  /// Removes items; identifiers not present are ignored.
  public mutating func deleteItems(_ gone: [ItemID]) {
    let set = Set(gone)
    for s in items.indices { items[s].removeAll { set.contains($0) } }
  }

  /// Removes every item and section.
  public mutating func deleteAllItems() {
    sectionIdentifiers.removeAll()
    items.removeAll()
  }

  /// Moves an item to just before another (in any section).
  public mutating func moveItem(_ item: ItemID, beforeItem target: ItemID) throws(SnapshotError) {
    try moveItem(item, nextTo: target, after: false)
  }

  /// Moves an item to just after another (in any section).
  public mutating func moveItem(_ item: ItemID, afterItem target: ItemID) throws(SnapshotError) {
    try moveItem(item, nextTo: target, after: true)
  }

  private mutating func moveItem(_ item: ItemID, nextTo target: ItemID, after: Bool) throws(SnapshotError) {
    let from = try position(of: item)
    _ = try position(of: target)
    items[from.section].remove(at: from.item)
    let to = try position(of: target)
    items[to.section].insert(item, at: to.item + (after ? 1 : 0))
  }

  /// Marks items whose content changed: redrawn in place when the snapshot
  /// is applied, without being removed and inserted.
  public mutating func reconfigureItems(_ changed: [ItemID]) throws(SnapshotError) {
    for item in changed { _ = try position(of: item) }
    reconfiguredItemIdentifiers.append(contentsOf: changed)
  }

  /// Marks items to be reloaded when the snapshot is applied.
  public mutating func reloadItems(_ changed: [ItemID]) throws(SnapshotError) {
    for item in changed { _ = try position(of: item) }
    reloadedItemIdentifiers.append(contentsOf: changed)
  }

  /// Forgets the items marked for reloading and reconfiguring (done once applied).
  public mutating func clearMarks() {
    reconfiguredItemIdentifiers.removeAll()
    reloadedItemIdentifiers.removeAll()
  }

  /// Throws when an identifier appears twice, naming it.
  public func validate() throws(SnapshotError) {
    var seenSections = Set<SectionID>()
    for s in sectionIdentifiers where !seenSections.insert(s).inserted { throw .duplicateSection("\(s)") }
    var seenItems = Set<ItemID>()
    for list in items {
      for item in list where !seenItems.insert(item).inserted { throw .duplicateItem("\(item)") }
    }
  }

  private func sectionIndex(_ section: SectionID) throws(SnapshotError) -> Int {
    guard let i = indexOfSection(section) else { throw .sectionNotFound("\(section)") }
    return i
  }

  private func position(of item: ItemID) throws(SnapshotError) -> IndexPath {
    guard let p = indexPath(of: item) else { throw .itemNotFound("\(item)") }
    return p
  }
}
