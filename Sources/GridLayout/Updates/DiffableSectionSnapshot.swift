/// The items of one section as an outline, as UIKit's
/// NSDiffableDataSourceSectionSnapshot: a tree of items, each with its
/// children in order, where a parent is expanded or collapsed. The section
/// shows its ``visibleItems``: the root items, and the children of every
/// expanded parent whose own parents are expanded, depth first.
///
/// Identifiers are unique in the snapshot: adding one it holds throws
/// ``SnapshotError/duplicateItem(_:)``, and naming one it does not hold
/// throws ``SnapshotError/itemNotFound(_:)``; nothing changes when either
/// is thrown. Adding, expanding, collapsing and the queries by item cost
/// O(1) per item (inserting next to an item, O(its siblings);
/// ``isVisible(_:)``, O(its depth)), so a parent of 10,000 children is no
/// slower to change than a parent of ten, and an item 1,000 levels deep no
/// slower than one at the top. ``visibleItems(under:)`` costs the rows it
/// returns, whatever the size of the rest of the tree.
public struct DiffableSectionSnapshot<ItemID: Hashable & Sendable>: Sendable, Equatable {
  /// The items without a parent, in order.
  public private(set) var rootItems: [ItemID] = []
  /// Each parent's children, in order (absent: no children).
  private var childrenOf: [ItemID: [ItemID]] = [:]
  /// Each child's parent (absent: a root item).
  private var parentOf: [ItemID: ItemID] = [:]
  /// Each child's depth (absent: a root item, at depth 0), kept as items
  /// are added, so that asking costs one look-up however deep the item is.
  private var levelOf: [ItemID: Int] = [:]
  /// Every item.
  private var members: Set<ItemID> = []
  /// The items expanded, in no order (an item may be expanded before it has children).
  public private(set) var expandedItems: Set<ItemID> = []
  /// Items collapsed with ``collapse(_:)``: applying keeps them collapsed
  /// where the snapshot shown had them expanded.
  private var collapsedItems: Set<ItemID> = []

  /// An empty snapshot.
  public init() {}

  // MARK: queries

  /// Every item, depth first: each parent followed by its children, expanded or not.
  public var items: [ItemID] {
    var all: [ItemID] = []
    all.reserveCapacity(members.count)
    walk(rootItems, visibleOnly: false) { all.append($0) }
    return all
  }

  /// The items the section shows, depth first: the root items and the
  /// children of expanded parents that are themselves shown.
  public var visibleItems: [ItemID] {
    var shown: [ItemID] = []
    walk(rootItems, visibleOnly: true) { shown.append($0) }
    return shown
  }

  /// Whether the snapshot holds `item`.
  public func contains(_ item: ItemID) -> Bool { members.contains(item) }

  /// Where `item` is in ``items``, or nil when the snapshot does not hold it. O(n).
  public func index(of item: ItemID) -> Int? {
    guard members.contains(item) else { return nil }
    return items.firstIndex(of: item)
  }

  /// The parent of `item`; nil for a root item or one the snapshot does not hold.
  public func parent(of item: ItemID) -> ItemID? { parentOf[item] }

  /// The children of `item`, in order (empty for a leaf or an item the snapshot does not hold).
  public func children(of item: ItemID) -> [ItemID] { childrenOf[item] ?? [] }

  /// How deep `item` is: 0 for a root item, 1 for its children and so on;
  /// nil when the snapshot does not hold it. O(1), however deep.
  public func level(of item: ItemID) -> Int? {
    if let level = levelOf[item] { return level }
    return members.contains(item) ? 0 : nil
  }

  /// Whether `item` is expanded (whether or not it has children yet).
  public func isExpanded(_ item: ItemID) -> Bool { expandedItems.contains(item) }

  /// Whether `item` is among the ``visibleItems``: a root item, or one whose parents are all expanded.
  public func isVisible(_ item: ItemID) -> Bool {
    guard members.contains(item) else { return false }
    var current = item
    while let p = parentOf[current] {
      guard expandedItems.contains(p) else { return false }
      current = p
    }
    return true
  }

  /// The rows `parent` shows under it while it is expanded: its children,
  /// and under each expanded child its own, depth first (whether or not
  /// `parent` itself is expanded now). They follow `parent` in
  /// ``visibleItems`` when it and its ancestors are expanded: what expanding
  /// it inserts there, and collapsing it deletes. Costs the rows returned,
  /// not the rest of the tree. Empty for a leaf or an item not held.
  public func visibleItems(under parent: ItemID) -> [ItemID] {
    guard let kids = childrenOf[parent] else { return [] }
    var shown: [ItemID] = []
    shown.reserveCapacity(kids.count)
    walk(kids, visibleOnly: true) { shown.append($0) }
    return shown
  }

  /// The subtree under `parent` as a snapshot of its own: its children as
  /// root items (with `parent` as the only root when `includingParent`),
  /// with their expansion. Empty when the snapshot does not hold `parent`.
  public func snapshot(of parent: ItemID, includingParent: Bool = false) -> DiffableSectionSnapshot {
    var sub = DiffableSectionSnapshot()
    guard members.contains(parent) else { return sub }
    sub.rootItems = includingParent ? [parent] : children(of: parent)
    var all: [ItemID] = []
    walk(sub.rootItems, visibleOnly: false) { all.append($0) }
    sub.members = Set(all)
    // Levels counted from the new root items.
    let base = (levelOf[parent] ?? 0) + (includingParent ? 0 : 1)
    for item in all {
      if let level = levelOf[item], level > base { sub.levelOf[item] = level - base }
      if let kids = childrenOf[item] {
        sub.childrenOf[item] = kids
        for k in kids { sub.parentOf[k] = item }
      }
      if expandedItems.contains(item) { sub.expandedItems.insert(item) }
      if collapsedItems.contains(item) { sub.collapsedItems.insert(item) }
    }
    return sub
  }

  // MARK: adding

  /// Adds `newItems` after the children of `parent`, or after the root items when `parent` is nil.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` when the snapshot does not
  ///   hold `parent`; ``SnapshotError/duplicateItem(_:)`` when it holds one
  ///   of `newItems` already, or one appears twice.
  public mutating func append(_ newItems: [ItemID], to parent: ItemID? = nil) throws(SnapshotError) {
    if let parent { try require(parent) }
    try requireNew(newItems)
    attach(newItems, after: parent)
  }

  /// Adds the items of `snapshot`, with their children and expansion,
  /// after the children of `parent` (after the root items when nil).
  ///
  /// - Throws: As appending items (`append(_:to:)`).
  public mutating func append(_ snapshot: DiffableSectionSnapshot, to parent: ItemID? = nil) throws(SnapshotError) {
    if let parent { try require(parent) }
    // A snapshot's items are distinct already: only those this one holds are duplicates.
    guard members.isDisjoint(with: snapshot.members) else {
      let duplicate = snapshot.items.first { members.contains($0) }
      throw .duplicateItem(duplicate.map { "\($0)" } ?? "")
    }
    graft(snapshot, under: parent)
    attach(snapshot.rootItems, after: parent)
  }

  /// Inserts `newItems` just before `item`, as its siblings.
  ///
  /// - Throws: As appending items (`append(_:to:)`), naming `item` when it is not held.
  public mutating func insert(_ newItems: [ItemID], before item: ItemID) throws(SnapshotError) {
    try insert(newItems, nextTo: item, after: false)
  }

  /// Inserts `newItems` just after `item`, as its siblings.
  ///
  /// - Throws: As appending items (`append(_:to:)`), naming `item` when it is not held.
  public mutating func insert(_ newItems: [ItemID], after item: ItemID) throws(SnapshotError) {
    try insert(newItems, nextTo: item, after: true)
  }

  private mutating func insert(_ newItems: [ItemID], nextTo item: ItemID, after: Bool) throws(SnapshotError) {
    try require(item)
    try requireNew(newItems)
    let parent = parentOf[item]
    place(newItems, under: parent)
    if let parent {
      let i = childrenOf[parent]?.firstIndex(of: item) ?? 0
      childrenOf[parent]?.insert(contentsOf: newItems, at: i + (after ? 1 : 0))
    } else {
      let i = rootItems.firstIndex(of: item) ?? 0
      rootItems.insert(contentsOf: newItems, at: i + (after ? 1 : 0))
    }
  }

  /// Replaces the children of `parent` (and theirs) with the items of
  /// `snapshot`, as UIKit's `replace(childrenOf:using:)`.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` when `parent` is not
  ///   held; ``SnapshotError/duplicateItem(_:)`` when `snapshot` holds an
  ///   item this snapshot holds outside the children replaced.
  public mutating func replace(childrenOf parent: ItemID, using snapshot: DiffableSectionSnapshot) throws(SnapshotError) {
    try require(parent)
    var replaced = Set<ItemID>()
    walk(children(of: parent), visibleOnly: false) { replaced.insert($0) }
    for item in snapshot.items where item == parent || (members.contains(item) && !replaced.contains(item)) {
      throw .duplicateItem("\(item)")
    }
    delete(children(of: parent))
    try append(snapshot, to: parent)
  }

  // MARK: removing

  /// Removes `gone` and everything under them; identifiers not held are ignored.
  public mutating func delete(_ gone: [ItemID]) {
    var doomed = Set<ItemID>()
    let held = gone.filter { members.contains($0) }
    walk(held, visibleOnly: false) { doomed.insert($0) }
    guard !doomed.isEmpty else { return }
    // Each list that loses items is filtered once.
    var parents = Set<ItemID>()
    var fromRoot = false
    for item in held {
      if let p = parentOf[item] {
        if !doomed.contains(p) { parents.insert(p) }
      } else {
        fromRoot = true
      }
    }
    if fromRoot { rootItems.removeAll { doomed.contains($0) } }
    for p in parents {
      childrenOf[p]?.removeAll { doomed.contains($0) }
      if childrenOf[p]?.isEmpty == true { childrenOf[p] = nil }
    }
    for item in doomed {
      childrenOf[item] = nil
      parentOf[item] = nil
      levelOf[item] = nil
      members.remove(item)
      expandedItems.remove(item)
      collapsedItems.remove(item)
    }
  }

  /// Removes every item.
  public mutating func deleteAll() { self = DiffableSectionSnapshot() }

  // MARK: expanding

  /// Expands `items`: their children become visible where they are.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming an item not held; nothing changes then.
  public mutating func expand(_ items: [ItemID]) throws(SnapshotError) {
    for item in items { try require(item) }
    for item in items {
      expandedItems.insert(item)
      collapsedItems.remove(item)
    }
  }

  /// Collapses `items`: their descendants are hidden (and keep their own expansion).
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming an item not held; nothing changes then.
  public mutating func collapse(_ items: [ItemID]) throws(SnapshotError) {
    for item in items { try require(item) }
    for item in items {
      expandedItems.remove(item)
      collapsedItems.insert(item)
    }
  }

  /// Expands the items expanded in `shown` that this snapshot holds and
  /// neither expanded nor collapsed itself: what applying a section
  /// snapshot does, so that a new snapshot of the same items keeps the
  /// expansion on screen.
  public mutating func mergeExpansionState(from shown: DiffableSectionSnapshot) {
    for item in shown.expandedItems where members.contains(item) && !collapsedItems.contains(item) {
      expandedItems.insert(item)
    }
  }

  // MARK: Equatable

  /// Two snapshots are equal when they hold the same trees with the same items expanded.
  public static func == (a: DiffableSectionSnapshot, b: DiffableSectionSnapshot) -> Bool {
    a.rootItems == b.rootItems && a.childrenOf == b.childrenOf && a.expandedItems == b.expandedItems
  }

  // MARK: helpers

  /// Calls `body` for each item of `start` and its descendants, depth first
  /// (only under expanded items when `visibleOnly`), without recursion.
  private func walk(_ start: [ItemID], visibleOnly: Bool, _ body: (ItemID) -> Void) {
    // Two stacks of plain values (no iterators or tuples of the generic
    // type, each of which costs a metadata look-up in unspecialized code).
    var lists = [start]
    var positions = [0]
    while let top = lists.last {
      let i = positions[positions.count - 1]
      guard i < top.count else {
        lists.removeLast()
        positions.removeLast()
        continue
      }
      positions[positions.count - 1] = i + 1
      let next = top[i]
      body(next)
      // (The expansion first: a leaf is rarely expanded, and the set's
      // answer is cheaper than the dictionary's optional list.)
      if !visibleOnly || expandedItems.contains(next), let kids = childrenOf[next] {
        lists.append(kids)
        positions.append(0)
      }
    }
  }

  /// Records new items as members under `parent` and appends them to its
  /// children (to the root items when nil).
  private mutating func attach(_ newItems: [ItemID], after parent: ItemID?) {
    place(newItems, under: parent)
    if let parent {
      childrenOf[parent, default: []].append(contentsOf: newItems)
    } else {
      rootItems.append(contentsOf: newItems)
    }
  }

  /// Records new items as members under `parent` (the lists are the caller's).
  private mutating func place(_ newItems: [ItemID], under parent: ItemID?) {
    members.reserveCapacity(members.count + newItems.count)
    guard let parent else {
      for item in newItems { members.insert(item) }
      return
    }
    parentOf.reserveCapacity(parentOf.count + newItems.count)
    levelOf.reserveCapacity(levelOf.count + newItems.count)
    let level = (levelOf[parent] ?? 0) + 1
    for item in newItems {
      members.insert(item)
      parentOf[item] = parent
      levelOf[item] = level
    }
  }

  /// Copies the structure and expansion of `other`, its items' levels
  /// counted from `parent` (its root items are placed by the caller).
  private mutating func graft(_ other: DiffableSectionSnapshot, under parent: ItemID?) {
    members.reserveCapacity(members.count + other.members.count)
    let base = parent.map { (levelOf[$0] ?? 0) + 1 } ?? 0
    for (parent, kids) in other.childrenOf {
      childrenOf[parent] = kids
      for k in kids {
        parentOf[k] = parent
        members.insert(k)
        levelOf[k] = (other.levelOf[k] ?? 0) + base
      }
    }
    expandedItems.formUnion(other.expandedItems)
    collapsedItems.formUnion(other.collapsedItems)
  }

  private func require(_ item: ItemID) throws(SnapshotError) {
    guard members.contains(item) else { throw .itemNotFound("\(item)") }
  }

  private func requireNew(_ newItems: [ItemID]) throws(SnapshotError) {
    var seen = Set<ItemID>(minimumCapacity: newItems.count)
    for item in newItems where members.contains(item) || !seen.insert(item).inserted {
      throw .duplicateItem("\(item)")
    }
  }
}
