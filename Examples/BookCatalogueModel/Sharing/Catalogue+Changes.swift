import Foundation
import GridLayout
import NameOrdering

extension Catalogue {
  /// Takes a shared catalogue's changes in (``SharedCatalogue/changes(from:to:)``):
  /// each book removed from its group, and put in its group (made when new)
  /// at its place in the order, found by binary search, when `filter`
  /// keeps it; a group emptied goes. The work is the changes' (a search
  /// over the groups and one within the book's group each), not the
  /// catalogue's.
  ///
  /// Forget a changed book's search text before (`filter` is asked about
  /// the books as they are now).
  ///
  /// - Parameters:
  ///   - changes: The changes, in the order they were made; the catalogue
  ///     must show the books as they were before the first.
  ///   - books: Every book after the changes, in the file's order, when
  ///     the caller has them (the shared catalogue's); nil keeps
  ///     ``books`` in step with the changes (a filtered copy).
  ///   - filter: Whether a book is in this catalogue (every book: `{ _ in true }`).
  /// - Returns: The batch update from the groups before to the groups after
  ///   (UIKit's semantics: a book whose content changed in its place is
  ///   reloaded, one that changed place is moved), or nil when the changes
  ///   cannot be placed without grouping every book again (a new group
  ///   whose name sorts the same as another's; the file not in id order):
  ///   the catalogue is then half changed, and must be made anew.
  public mutating func takeIn(
    _ changes: [CatalogueChange], books newBooks: [Book]? = nil, filter: (Book) -> Bool
  ) -> BatchUpdate? {
    // Each book touched: where it was, found before anything changes.
    var order: [Int] = []
    var before: [Int: (book: Book?, path: GridLayout.IndexPath?)] = [:]
    // Every group a book of the changes was or goes in: where it was, and
    // where it sorts (to find it again afterwards).
    var sectionsBefore: [String: Int?] = [:]
    var groupKeys: [String: GroupKey] = [:]
    for change in changes {
      let (id, old): (Int, Book?)
      let values: [Book]
      switch change {
      case .inserted(let b): (id, old, values) = (b.id, nil, [b])
      case .removed(let b), .moved(let b): (id, old, values) = (b.id, b, [b])
      case .updated(let b, let was): (id, old, values) = (b.id, was, [was, b])
      }
      for value in values {
        let key = groupKey(of: value)
        if sectionsBefore[key.name] == nil {
          guard let section = section(of: key) else { return nil }
          sectionsBefore[key.name] = .some(section)
          groupKeys[key.name] = key
        }
      }
      guard before[id] == nil else { continue }
      order.append(id)
      var path: GridLayout.IndexPath?
      if let old, let section = sectionsBefore[Self.group(of: old, by: grouping).name] ?? nil,
        let item = item(old, inSection: section)
      {
        path = GridLayout.IndexPath(item: item, section: section)
      }
      before[id] = (old, path)
    }
    // The changes, one after the other.
    var final: [Int: Book?] = [:]
    var repositioned: Set<Int> = []
    for change in changes {
      switch change {
      case .inserted(let b):
        final[b.id] = b
        repositioned.insert(b.id)
        guard insert(b, filter: filter, books: newBooks == nil) else { return nil }
      case .removed(let b):
        final[b.id] = .some(nil)
        repositioned.insert(b.id)
        guard remove(b, books: newBooks == nil) else { return nil }
      case .moved(let b):
        final[b.id] = b
        repositioned.insert(b.id)
        guard remove(b, books: newBooks == nil), insert(b, filter: filter, books: newBooks == nil) else { return nil }
      case .updated(let b, let was):
        final[b.id] = b
        guard let replaced = replace(was, with: b, filter: filter, books: newBooks == nil) else { return nil }
        if !replaced {
          repositioned.insert(b.id)
          guard remove(was, books: newBooks == nil), insert(b, filter: filter, books: newBooks == nil) else { return nil }
        }
      }
    }
    if let newBooks { books = newBooks }
    // Where each touched group and book is now, and the batch between.
    var sectionsAfter: [String: Int?] = [:]
    for (name, key) in groupKeys {
      guard let section = section(of: key) else { return nil }
      sectionsAfter[name] = .some(section)
    }
    var after: [Int: GridLayout.IndexPath] = [:]
    for id in order {
      guard let book = final[id] ?? nil, let section = sectionsAfter[Self.group(of: book, by: grouping).name] ?? nil,
        let item = item(book, inSection: section)
      else { continue }
      after[id] = GridLayout.IndexPath(item: item, section: section)
    }
    var batch = BatchUpdate()
    var deletedSections: Set<Int> = []
    var insertedSections: Set<Int> = []
    for (name, old) in sectionsBefore {
      let new = sectionsAfter[name] ?? nil
      if let old, new == nil { deletedSections.insert(old) }
      if old == nil, let new { insertedSections.insert(new) }
    }
    batch.deletedSections = deletedSections
    batch.insertedSections = insertedSections
    for id in order {
      let from = before[id]?.path
      let to = after[id]
      let fromStays = from.map { !deletedSections.contains($0.section) } ?? false
      let toStays = to.map { !insertedSections.contains($0.section) } ?? false
      switch (from, to) {
      case (let from?, let to?) where fromStays && toStays:
        if repositioned.contains(id) { batch.movedItems[from] = to } else { batch.reloadedItems.insert(from) }
      case (let from?, _) where fromStays:
        batch.deletedItems.insert(from)
      case (_, let to?) where toStays:
        batch.insertedItems.insert(to)
      default:
        break  // it comes or goes with its section
      }
    }
    return batch
  }

  /// The group `book` goes in, and where that group sorts.
  private func groupKey(of book: Book) -> GroupKey {
    let (name, order) = Self.group(of: book, by: grouping)
    return GroupKey(name: name, order: order, grouping: grouping)
  }

  /// The index of the group `key`: nil inside when there is none; nil
  /// outside when its place cannot be told without the file (a name that
  /// sorts the same as another's).
  private func section(of key: GroupKey) -> Int?? {
    guard let at = groupPlace(of: key) else { return nil }
    return at < groups.count && groups[at].name == key.name ? .some(at) : .some(nil)
  }

  /// Where the group `key` is or would go among the groups (the first not
  /// before it); nil when a name on the way sorts the same as its name.
  private func groupPlace(of key: GroupKey) -> Int? {
    let name = key.name
    var lo = 0
    var hi = groups.count
    while lo < hi {
      let mid = (lo + hi) / 2
      let other = GroupKey(group: groups[mid], grouping: grouping)
      if other.name == name { return mid }
      guard let o = GroupKey.compare(other, key) else { return nil }
      if o == .orderedAscending { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The position of `book` (matched by id) in the group at `section`, by
  /// binary search in the group's order; nil when it is not there.
  private func item(_ book: Book, inSection section: Int) -> Int? {
    let list = groups[section].books
    let at = place(of: book, in: list)
    return at < list.count && list[at].id == book.id ? at : nil
  }

  /// The first position of `list` whose book does not come before `book`.
  private func place(of book: Book, in list: BookList) -> Int {
    let key = SortKey(book, file: book.id, sort: sort)
    var lo = 0
    var hi = list.count
    while lo < hi {
      let mid = (lo + hi) / 2
      let other = list[mid]
      if Self.precedes(SortKey(other, file: other.id, sort: sort), key, by: sort) { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Puts `book` in its group at its place, when `filter` keeps it; false
  /// when its group's place cannot be told.
  private mutating func insert(_ book: Book, filter: (Book) -> Bool, books keepingBooks: Bool) -> Bool {
    guard filter(book) else { return true }
    let key = groupKey(of: book)
    let name = key.name
    guard let at = groupPlace(of: key) else { return false }
    if at < groups.count && groups[at].name == name {
      groups[at].books.insert(book, at: place(of: book, in: groups[at].books))
    } else {
      groups.insert(BookGroup(name: name, books: BookList([book])), at: at)
    }
    if keepingBooks { books.insert(book, at: filePlace(of: book.id)) }
    return true
  }

  /// Takes `book` (matched by id, placed as it was) out of its group, the
  /// group too when emptied; true when it was not there (filtered out), false
  /// when its group's place cannot be told.
  private mutating func remove(_ book: Book, books keepingBooks: Bool) -> Bool {
    guard let found = section(of: groupKey(of: book)) else { return false }
    guard let section = found, let item = item(book, inSection: section) else { return true }
    if groups[section].books.count == 1 {
      groups.remove(at: section)
    } else {
      groups[section].books.remove(at: item)
    }
    if keepingBooks {
      let at = filePlace(of: book.id)
      if at < books.count && books[at].id == book.id { books.remove(at: at) }
    }
    return true
  }

  /// Puts `book` in the place of `was` when that is still its place (the
  /// same group, between the same neighbours, kept by the filter): true;
  /// false when it must be moved; nil when a group's place cannot be told.
  private mutating func replace(_ was: Book, with book: Book, filter: (Book) -> Bool, books keepingBooks: Bool) -> Bool? {
    let group = groupKey(of: was)
    guard group.name == Self.group(of: book, by: grouping).name else { return false }
    guard let found = section(of: group) else { return nil }
    guard let section = found, let item = item(was, inSection: section), filter(book) else { return false }
    let list = groups[section].books
    let key = SortKey(book, file: book.id, sort: sort)
    if item > 0, !Self.precedes(SortKey(list[item - 1], file: list[item - 1].id, sort: sort), key, by: sort) { return false }
    if item + 1 < list.count, !Self.precedes(key, SortKey(list[item + 1], file: list[item + 1].id, sort: sort), by: sort) {
      return false
    }
    groups[section].books.remove(at: item)
    groups[section].books.insert(book, at: item)
    if keepingBooks {
      let at = filePlace(of: book.id)
      if at < books.count && books[at].id == book.id { books[at] = book }
    }
    return true
  }

  /// Where the book `id` is or would go in ``books`` (in id order, as the
  /// file is while changes are taken in).
  private func filePlace(of id: Int) -> Int {
    var lo = 0
    var hi = books.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if books[mid].id < id { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}

/// A group's name and where it sorts, compared as ``Catalogue`` orders its groups.
private struct GroupKey {
  var name: String
  var order: Double
  var grouping: Grouping

  init(name: String, order: Double, grouping: Grouping) {
    self.name = name
    self.order = order
    self.grouping = grouping
  }

  /// The key of a group (its first book says where it sorts).
  init(group: BookGroup, grouping: Grouping) {
    let (name, order) = group.books.isEmpty ? (group.name, 0) : Catalogue.group(of: group.books[0], by: grouping)
    self.init(name: name, order: order, grouping: grouping)
  }

  /// The order of two different names (ascending: `a` first); nil when
  /// they sort the same (the grouping of every book then decides, by the file).
  static func compare(_ a: GroupKey, _ b: GroupKey) -> ComparisonResult? {
    switch a.grouping {
    case .decade:
      return a.order == b.order ? nil : a.order < b.order ? .orderedAscending : .orderedDescending
    case .status where a.order != b.order:
      return a.order < b.order ? .orderedAscending : .orderedDescending
    default:
      let o: ComparisonResult
      if NameOrder.keysAgreeWithTheLocale, let known = NameOrder.order(NameOrder.key(a.name), NameOrder.key(b.name)) {
        o = known
      } else {
        o = a.name.localizedStandardCompare(b.name)
      }
      return o == .orderedSame ? nil : o
    }
  }
}

extension Catalogue {
  /// Where the book `id` is shown, looking at every group (for the rare
  /// place found without its group: a new book, a catalogue shown anew).
  public func indexPath(ofBookWithID id: Int) -> GridLayout.IndexPath? {
    for (s, group) in groups.enumerated() {
      if let i = group.books.firstIndex(where: { $0.id == id }) { return GridLayout.IndexPath(item: i, section: s) }
    }
    return nil
  }
}
